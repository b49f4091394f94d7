#include "objects/structural_validation.hpp"

#include <boost/json/serialize.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "support/field_path.hpp"
#include "support/json_values.hpp"

namespace kompat {
namespace {

namespace json = boost::json;

// The fields the API server keeps at the root of every object and of every embedded
// resource (x-kubernetes-embedded-resource), whatever the schema lists.
bool object_meta_field(std::string_view key) { return key == "apiVersion" || key == "kind" || key == "metadata"; }

std::string shown_path(const std::string& path) { return path.empty() ? "." : path; }

// Kubernetes' Quantity is `type: string` in OpenAPI v2, but Go decodes a number into it as
// well (`cpu: 1`); OpenAPI v3 says so (`oneOf: [string, number]`).
bool decodes_number_as_string(const Schema& written) { return written.ref.ends_with(".pkg.api.resource.Quantity"); }

// Equal under the API server's deep equality (1 and 1.0 differ there too), as a hash key.
std::string identity_of(const json::value& value) { return json::serialize(with_sorted_keys(value)); }

class ObjectValidator {
public:
    ObjectValidator(const Snapshot& snapshot, const Kind& kind, CheckCache& cache, StepBudget& budget, ValidationOutcome& out)
        : snapshot_(snapshot),
          cache_(cache),
          budget_(budget),
          out_(out),
          crd_(kind.crd.has_value()),
          keeps_all_(kind.crd && kind.crd->keeps_unknown_fields),
          root_(kind.schema) {}

    void run(json::value& object, bool without_status) {
        if (without_status) out_.status_ignored = object.get_object().erase("status") > 0;
        std::string path;
        normalize(object, root_, path, true);
        validate(object, root_, path, out_.violations, true);
    }

private:
    void step(std::uint64_t steps = 1) {
        if (budget_.left < steps) throw StepBudgetExceeded();
        budget_.left -= steps;
    }

    // The object's violations stay within the report's limits, counted as they are found:
    // each costs memory before any report is written.
    void count_violations() {
        auto& found = out_.violations;
        for (; counted_ < found.size(); ++counted_) violation_bytes_ += found[counted_].path.size() + found[counted_].text.size() + 64;
        if (found.size() > budget_.max_violations || violation_bytes_ > budget_.max_violation_bytes) {
            StepBudgetExceeded many;
            many.too_many_findings = true;
            throw many;
        }
    }

    // A trial (a union's branch) only asks whether the value passes, and for anyOf the first
    // reason it fails: it stops at its first violation, so a failing branch costs no more.
    [[nodiscard]] bool trial_done(const std::vector<Violation>& out) const { return trials_ > 0 && !out.empty(); }

    // Takes the innermost (value, schema) pair off the list of those being validated.
    struct Popped {
        explicit Popped(std::vector<std::pair<const json::value*, const Schema*>>& active) : active_(active) {}
        Popped(const Popped&) = delete;
        Popped& operator=(const Popped&) = delete;
        ~Popped() { active_.pop_back(); }
        std::vector<std::pair<const json::value*, const Schema*>>& active_;
    };

    // Counts one level of validate() on the stack for as long as it lives.
    struct Nested {
        explicit Nested(std::uint32_t& depth, std::uint32_t max) : depth_(depth) {
            if (++depth_ > max) {
                --depth_;
                StepBudgetExceeded deep;
                deep.too_deep = true;
                throw deep;
            }
        }
        Nested(const Nested&) = delete;
        Nested& operator=(const Nested&) = delete;
        ~Nested() { --depth_; }
        std::uint32_t& depth_;
    };

    const Schema& resolved(const Schema& schema) const { return schema.ref.empty() ? schema : snapshot_.resolve(schema); }

    // Whether a field of this schema may hold null: said where it is written or where its `$ref` leads.
    bool nullable(const Schema& written) const { return written.nullable || resolved(written).nullable; }

    // A Kubernetes type with no fields listed (RawExtension, a free-form object) keeps what
    // it is given, as Go's decoding does; a CRD's schema prunes what it does not list.
    bool keeps_unknown(const Schema& written, const Schema& schema) const {
        return keeps_all_ || written.preserve_unknown_fields || schema.preserve_unknown_fields ||
               schema.additional_properties_allowed == true ||
               (!crd_ && schema.properties.empty() && !schema.additional_properties && !schema.additional_properties_allowed);
    }

    void apply_defaults(json::object& object, const Schema& schema, const std::string& path) {
        for (const auto& property : schema.properties) {
            const auto& target = resolved(property.schema);
            const auto* fallback = property.schema.default_value != nullptr ? property.schema.default_value : target.default_value;
            if (fallback == nullptr) continue;
            const auto* present = object.if_contains(property.name);
            if (present != nullptr && !(present->is_null() && !nullable(property.schema))) continue;
            // Copying a default costs its size for every object it fills: charged as steps.
            step(cache_.values_in(*fallback));
            object[property.name] = detached(*fallback);
            out_.defaults.push_back({path + field_step(property.name), fallback});
        }
    }

    // The first pass, as the server decodes a request: defaults filled in (also where a
    // non-nullable field is null), nulls of non-nullable fields without a default dropped,
    // unknown fields pruned.
    void normalize(json::value& value, const Schema& written, std::string& path, bool keeps_object_meta) {
        step();
        const auto& schema = resolved(written);
        if (auto* array = value.if_array()) {
            if (!schema.items) return;
            for (std::size_t i = 0; i < array->size(); ++i) {
                const auto size = path.size();
                path += fmt::format("[{}]", i);
                normalize((*array)[i], *schema.items, path, schema.items->embedded_resource);
                path.resize(size);
            }
            return;
        }
        auto* object = value.if_object();
        if (object == nullptr) return;
        // Kubernetes' own types are defaulted by Go code: their spec's defaults only describe
        // it (`default: {}` on a struct is its zero value, not a value to write).
        if (crd_) apply_defaults(*object, schema, path);
        const bool meta = keeps_object_meta || written.embedded_resource || schema.embedded_resource;
        const bool keep = keeps_unknown(written, schema);
        std::vector<std::string> dropped;
        for (auto& member : *object) {
            const std::string_view key = member.key();
            const auto size = path.size();
            path += field_step(key);
            if (const auto* property = schema.find_property(key)) {
                // A null where none is allowed reads as the field left out (Go decodes it to the
                // zero value; the server prunes it from a custom resource): dropped, not reported.
                if (member.value().is_null() && !nullable(property->schema) && !keeps_all_) {
                    dropped.emplace_back(key);
                } else if (!(meta && key == "metadata")) {
                    normalize(member.value(), property->schema, path, false);
                }
            } else if (meta && object_meta_field(key)) {
                // kept as it is: ObjectMeta is the server's own
            } else if (schema.additional_properties) {
                normalize(member.value(), *schema.additional_properties, path, schema.additional_properties->embedded_resource);
            } else if (!keep && schema.additional_properties_allowed != false) {
                dropped.emplace_back(key);
                out_.pruned.push_back(path);
            }
            path.resize(size);
        }
        // Erased after the walk: erasing moves the object's last member into the gap.
        for (const auto& key : dropped) object->erase(key);
    }

    // The second pass: every keyword of the schema on the value, and on what it holds.
    void validate(const json::value& value, const Schema& written, std::string& path, std::vector<Violation>& out, bool object_root) {
        if (trial_done(out)) return;
        step();
        if (&out == &out_.violations) count_violations();
        const Nested level(depth_, budget_.max_depth);
        const auto& schema = resolved(written);
        // A schema met again at the same value, through an allOf, anyOf or oneOf that leads
        // back to its own type, adds no constraint the first meeting does not check.
        for (auto i = active_.size(); i-- > 0 && active_[i].first == &value;)
            if (active_[i].second == &schema) return;
        active_.emplace_back(&value, &schema);
        const Popped pop(active_);
        if (value.is_null() && written.nullable) return;
        if (value.is_number() && decodes_number_as_string(written)) return;
        const auto at = shown_path(path);
        if (!check_type(value, schema, at, out)) return;
        check_keywords(value, schema, at, cache_, out);
        step(cache_.take_cost());
        if (&out == &out_.violations) out_.cel_rules += schema.kubernetes().validations.size();
        if (const auto* object = value.if_object()) validate_members(*object, written, schema, path, out, object_root);
        if (const auto* array = value.if_array()) validate_items(*array, schema, path, out);
        validate_composition(value, schema, path, out);
    }

    void validate_members(const json::object& object, const Schema& written, const Schema& schema, std::string& path,
                          std::vector<Violation>& out, bool object_root) {
        for (const auto name : schema.required)
            if (!object.contains(name))
                out.push_back({path + field_step(name), "required", fmt::format("`{}` is required", name), nullptr});
        const bool meta = object_root || written.embedded_resource || schema.embedded_resource;
        for (const auto& member : object) {
            const std::string_view key = member.key();
            const auto size = path.size();
            path += field_step(key);
            if (meta && key == "metadata") {
                // ObjectMeta is validated by the server's own rules, not by the schema.
            } else if (trial_done(out)) {
                path.resize(size);
                return;
            } else if (const auto* property = schema.find_property(key)) {
                validate(member.value(), property->schema, path, out, false);
            } else if (schema.additional_properties) {
                validate(member.value(), *schema.additional_properties, path, out, false);
            } else if (schema.additional_properties_allowed == false && !(meta && object_meta_field(key))) {
                out.push_back(
                    {path, "additionalProperties", fmt::format("`{}` is not allowed (additionalProperties: false)", key), nullptr});
            }
            path.resize(size);
        }
    }

    void validate_items(const json::array& array, const Schema& schema, std::string& path, std::vector<Violation>& out) {
        const auto& kubernetes = schema.kubernetes();
        const bool as_set = kubernetes.list_type == "set" || schema.value_bounds().unique_items;
        const bool as_map = kubernetes.list_type == "map" && !kubernetes.list_map_keys.empty();
        std::unordered_set<std::string> seen;
        for (std::size_t i = 0; i < array.size() && !trial_done(out); ++i) {
            const auto size = path.size();
            path += fmt::format("[{}]", i);
            if (schema.items) validate(array[i], *schema.items, path, out, false);
            if (as_set && !seen.insert(identity_of(array[i])).second)
                out.push_back({path, kubernetes.list_type == "set" ? "x-kubernetes-list-type" : "uniqueItems",
                               fmt::format("duplicate item `{}` ({})", value_text(array[i]),
                                           kubernetes.list_type == "set" ? "x-kubernetes-list-type: set" : "uniqueItems"),
                               bounded_copy(array[i])});
            if (as_map && array[i].is_object()) {
                std::string key;
                std::string shown;
                for (const auto name : kubernetes.list_map_keys) {
                    const auto* part = array[i].get_object().if_contains(name);
                    key += (part != nullptr ? identity_of(*part) : "null") + '\x1f';
                    shown += fmt::format("{}{}={}", shown.empty() ? "" : ", ", name, part != nullptr ? value_text(*part) : "null");
                }
                if (!seen.insert(key).second)
                    out.push_back({path, "x-kubernetes-list-map-keys",
                                   fmt::format("duplicate entry `{}` (x-kubernetes-list-map-keys)", shown), nullptr});
            }
            path.resize(size);
        }
    }

    // Violations of `value` against `branch`, kept apart from the object's.
    std::vector<Violation> trial(const json::value& value, const Schema& branch, std::string& path) {
        std::vector<Violation> found;
        ++trials_;
        validate(value, branch, path, found, false);
        --trials_;
        return found;
    }

    void validate_composition(const json::value& value, const Schema& schema, std::string& path, std::vector<Violation>& out) {
        const auto& parts = schema.subschemas();
        for (const auto& branch : parts.all_of) {
            if (trial_done(out)) return;
            validate(value, branch, path, out, false);
        }
        if (!parts.any_of.empty()) {
            std::vector<Violation> first;
            bool passed = false;
            for (const auto& branch : parts.any_of) {
                auto found = trial(value, branch, path);
                if (found.empty()) {
                    passed = true;
                    break;
                }
                if (first.empty()) first = std::move(found);
            }
            if (!passed)
                out.push_back({shown_path(path), "anyOf",
                               fmt::format("matches none of the {} anyOf schemas (the first: {})", parts.any_of.size(), first.front().text),
                               bounded_copy(value)});
        }
        if (!parts.one_of.empty()) {
            std::size_t passing = 0;
            for (const auto& branch : parts.one_of) passing += trial(value, branch, path).empty() ? 1 : 0;
            if (passing != 1)
                out.push_back(
                    {shown_path(path), "oneOf",
                     fmt::format("matches {} of the {} oneOf schemas, where exactly one must match", passing, parts.one_of.size()),
                     bounded_copy(value)});
        }
    }

    const Snapshot& snapshot_;
    CheckCache& cache_;
    StepBudget& budget_;
    std::uint32_t depth_ = 0;
    std::uint32_t trials_ = 0;                                          // union branches being tried, innermost last
    std::size_t counted_ = 0;                                           // violations of the object counted so far
    std::uint64_t violation_bytes_ = 0;                                 // and their size
    std::vector<std::pair<const json::value*, const Schema*>> active_;  // the (value, schema) pairs being validated, innermost last
    ValidationOutcome& out_;
    bool crd_;
    bool keeps_all_;
    const Schema& root_;
};

}  // namespace

bool ignores_status(const Kind& kind) {
    if (!kind.crd) return true;
    const auto& subresources = kind.crd->subresources;
    return std::find(subresources.begin(), subresources.end(), "status") != subresources.end();
}

ValidationOutcome validate_object(const Snapshot& snapshot, const Kind& kind, const json::object& object, CheckCache& cache,
                                  StepBudget& budget) {
    ValidationOutcome outcome;
    json::value copy = json::object(object, json::storage_ptr());
    ObjectValidator(snapshot, kind, cache, budget, outcome).run(copy, ignores_status(kind));
    return outcome;
}

}  // namespace kompat
