// CustomResourceDefinitions, apiextensions.k8s.io/v1 and v1beta1: every version a kind.
#include <algorithm>

#include "load/load_state.hpp"
#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

class CrdLoader {
public:
    CrdLoader(LoadState& state, std::uint32_t file_index, const json::object& crd)
        : state_(state), file_index_(file_index), file_(state.file(file_index)), crd_(crd) {}

    void load() {
        const auto& spec = object_at(crd_, "spec");
        const auto& names = object_at(spec, "names");
        const auto group = string_at(spec, "group");
        const auto kind_name = string_at(names, "kind");
        const auto common = common_of(spec, names);
        const auto shared = shared_schema_of(spec);
        const auto* versions = member(spec, "versions");
        if (versions == nullptr) {
            const auto* version = member(spec, "version");
            if (version == nullptr)
                fail(file_.position_of(spec), "CustomResourceDefinition spec needs \"versions\" (or \"version\" in v1beta1)");
            auto entry = common;
            entry.served = true;
            entry.storage = true;
            add_kind(group, string_value(*version), kind_name, std::move(entry), shared.schema, shared.position, shared.subresources,
                     file_.position_of(*version));
            return;
        }
        const auto* list = versions->value().if_array();
        if (list == nullptr) fail(file_.position_of(*versions), "\"versions\" must be a list");
        if (list->empty()) fail(file_.position_of(*versions), "\"versions\" must not be empty");
        for (const auto& element : *list) {
            const auto* version = element.if_object();
            if (version == nullptr) fail(file_.position_of(*versions), "each entry of \"versions\" must be an object");
            load_version(group, kind_name, common, shared, *version);
        }
    }

private:
    // v1beta1: one schema (and subresources) for every version at spec.validation, versions optional.
    struct SharedSchema {
        const json::value* schema = nullptr;
        TextPosition position;
        const json::key_value_pair* subresources = nullptr;
    };

    // What every version of the CRD shares: its names, scope and pruning.
    CrdVersion common_of(const json::object& spec, const json::object& names) const {
        CrdVersion common;
        if (const auto* metadata = crd_.if_contains("metadata"); metadata != nullptr && metadata->is_object())
            if (const auto* name = metadata->get_object().if_contains("name"); name != nullptr && name->is_string())
                common.name = std::string(name->get_string());
        common.scope = std::string(optional_string(spec, "scope").value_or("Namespaced"));
        common.plural = std::string(string_at(names, "plural"));
        common.singular = std::string(optional_string(names, "singular").value_or(""));
        common.list_kind = std::string(optional_string(names, "listKind").value_or(""));
        common.short_names = strings_at(names, "shortNames");
        common.categories = strings_at(names, "categories");
        // v1beta1 keeps unknown fields unless told not to (preserveUnknownFields defaults to true there).
        const auto* preserve = spec.if_contains("preserveUnknownFields");
        common.keeps_unknown_fields = preserve != nullptr && preserve->is_bool()
                                          ? preserve->get_bool()
                                          : string_member(crd_, "apiVersion") == "apiextensions.k8s.io/v1beta1";
        // A cluster's CRD (`kubectl get crd -o yaml`) says which versions its objects are stored in.
        if (const auto* status = member(crd_, "status")) {
            const auto& status_object = as_object(*status, "status");
            common.stored_versions = strings_at(status_object, "storedVersions");
            // controller-gen writes an empty placeholder (kind: "", plural: ""): no cluster accepted anything yet.
            if (const auto* accepted = member(status_object, "acceptedNames")) {
                const auto& accepted_object = as_object(*accepted, "acceptedNames");
                if (!string_member(accepted_object, "plural").empty())
                    common.accepted_names =
                        AcceptedNames{strings_at(accepted_object, "shortNames"), strings_at(accepted_object, "categories")};
            }
        }
        return common;
    }

    SharedSchema shared_schema_of(const json::object& spec) const {
        SharedSchema shared;
        if (const auto* validation = member(spec, "validation")) {
            const auto& validation_object = as_object(*validation, "validation");
            if (const auto* schema = member(validation_object, "openAPIV3Schema")) {
                shared.schema = &schema->value();
                shared.position = file_.position_of(*schema);
            }
        }
        shared.subresources = member(spec, "subresources");
        return shared;
    }

    // One entry of spec.versions: its own schema and subresources, else the shared ones.
    void load_version(std::string_view group, std::string_view kind_name, const CrdVersion& common, const SharedSchema& shared,
                      const json::object& version) {
        auto entry = common;
        entry.served = bool_at(version, "served");
        entry.storage = bool_at(version, "storage");
        if (const auto* deprecated = version.if_contains("deprecated"); deprecated != nullptr && deprecated->is_bool())
            entry.deprecated = deprecated->get_bool();
        entry.deprecation_warning = optional_string(version, "deprecationWarning").value_or("");
        const json::value* schema = shared.schema;
        auto schema_position = shared.position;
        if (const auto* own = member(version, "schema")) {
            const auto& schema_object = as_object(*own, "schema");
            if (const auto* v3 = member(schema_object, "openAPIV3Schema")) {
                schema = &v3->value();
                schema_position = file_.position_of(*v3);
            }
        }
        const auto* subresources = member(version, "subresources");
        add_kind(group, string_at(version, "name"), kind_name, std::move(entry), schema, schema_position,
                 subresources != nullptr ? subresources : shared.subresources, file_.position_of(version));
    }

    [[noreturn]] void fail(TextPosition position, const std::string& message) const { state_.fail(file_index_, position, message); }

    const json::key_value_pair* member(const json::object& object, std::string_view key) const {
        const auto found = object.find(key);
        return found != object.end() ? &*found : nullptr;
    }

    const json::object& as_object(const json::key_value_pair& m, std::string_view key) const {
        const auto* object = m.value().if_object();
        if (object == nullptr) fail(file_.position_of(m), "\"" + std::string(key) + "\" must be an object");
        return *object;
    }

    const json::object& object_at(const json::object& owner, std::string_view key) const {
        const auto* m = member(owner, key);
        if (m == nullptr) fail(file_.position_of(owner), "CustomResourceDefinition needs \"" + std::string(key) + "\"");
        return as_object(*m, key);
    }

    std::string_view string_value(const json::key_value_pair& m) const {
        const auto* s = m.value().if_string();
        if (s == nullptr || s->empty()) fail(file_.position_of(m), "\"" + std::string(m.key()) + "\" must be a non-empty string");
        return {s->data(), s->size()};
    }

    std::string_view string_at(const json::object& owner, std::string_view key) const {
        const auto* m = member(owner, key);
        if (m == nullptr) fail(file_.position_of(owner), "CustomResourceDefinition needs \"" + std::string(key) + "\"");
        return string_value(*m);
    }

    std::optional<std::string_view> optional_string(const json::object& owner, std::string_view key) const {
        const auto* m = member(owner, key);
        if (m == nullptr || m->value().is_null()) return std::nullopt;
        return string_value(*m);
    }

    bool bool_at(const json::object& owner, std::string_view key) const {
        const auto* m = member(owner, key);
        if (m == nullptr) return false;
        if (!m->value().is_bool()) fail(file_.position_of(*m), "\"" + std::string(key) + "\" must be true or false");
        return m->value().get_bool();
    }

    std::vector<std::string> strings_at(const json::object& owner, std::string_view key) const {
        std::vector<std::string> out;
        const auto* m = member(owner, key);
        if (m == nullptr || m->value().is_null()) return out;
        const auto* array = m->value().if_array();
        if (array == nullptr) fail(file_.position_of(*m), "\"" + std::string(key) + "\" must be a list of strings");
        for (const auto& element : *array) {
            if (!element.is_string()) fail(file_.position_of(*m), "\"" + std::string(key) + "\" must be a list of strings");
            out.emplace_back(element.get_string());
        }
        return out;
    }

    void add_kind(std::string_view group, std::string_view version, std::string_view kind_name, CrdVersion info, const json::value* schema,
                  TextPosition schema_position, const json::key_value_pair* subresources, TextPosition position) {
        Kind kind;
        kind.gvk = {std::string(group), std::string(version), std::string(kind_name)};
        kind.stability = stability_of_version(version);
        kind.type_name = std::string(kind_name);
        kind.location = {file_index_, position};
        if (subresources != nullptr)
            if (const auto* object = subresources->value().if_object())
                for (const auto& sub : *object) info.subresources.emplace_back(sub.key());
        kind.crd = std::move(info);
        if (schema != nullptr) state_.build(kind.schema, file_index_, *schema, schema_position);
        else kind.schema.location = kind.location;
        const auto [existing, inserted] = state_.crd_kinds.emplace(kind.gvk, kind.location);
        if (!inserted)
            fail(position, "kind " + kind.gvk.to_string() + " is defined twice (first at " + state_.where(existing->second) +
                               "); a snapshot holds each CRD version once");
        state_.snapshot.kinds.push_back(std::move(kind));
    }

    LoadState& state_;
    std::uint32_t file_index_;
    const ParsedFile& file_;
    const json::object& crd_;
};

}  // namespace

void load_crd(LoadState& state, std::uint32_t file_index, const json::object& crd) { CrdLoader(state, file_index, crd).load(); }

}  // namespace kompat
