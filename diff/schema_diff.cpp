#include "diff/schema_diff.hpp"

#include "diff/json_values.hpp"
#include "diff/sort_large.hpp"
#include "diff/stack_thread.hpp"

#include <dtl/dtl.hpp>

#include <boost/container_hash/hash.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace kompat {
namespace json = boost::json;

std::string_view to_string(ChangeKind kind) {
    switch (kind) {
#define KOMPAT_CASE(name, text) \
    case ChangeKind::name: return text;
        KOMPAT_CHANGE_KINDS(KOMPAT_CASE)
#undef KOMPAT_CASE
    }
    return "unclassified-change";
}

std::optional<ChangeKind> change_kind_from(std::string_view name) {
#define KOMPAT_FROM(id, text) \
    if (name == (text)) return ChangeKind::id;
    KOMPAT_CHANGE_KINDS(KOMPAT_FROM)
#undef KOMPAT_FROM
    return std::nullopt;
}

namespace {

// A bound as JSON: integral values as integers (5, not 5E0), as specs write them.
json::value number_json(double value) {
    if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) < 9.0e15) return static_cast<std::int64_t>(value);
    return value;
}
json::value number_json(std::uint64_t value) { return value; }

}  // namespace

json::value schema_summary(const Schema& schema) {
    json::object out;
    if (!schema.ref.empty()) out["$ref"] = schema.ref;
    if (schema.type.size() == 1) out["type"] = schema.type.front();
    else if (!schema.type.empty()) out["type"] = strings_json(schema.type);
    if (!schema.format.empty()) out["format"] = schema.format;
    if (schema.enum_values != nullptr) out["enum"] = *schema.enum_values;
    if (schema.default_value != nullptr) out["default"] = *schema.default_value;
    if (schema.nullable) out["nullable"] = true;
    if (schema.items) out["items"] = schema_summary(*schema.items);
    if (schema.additional_properties) out["additionalProperties"] = schema_summary(*schema.additional_properties);
    if (schema.additional_properties_allowed) out["additionalProperties"] = *schema.additional_properties_allowed;
    // Sorted: the order a document writes its keys in means nothing, and must not change a report.
    if (!schema.properties.empty()) {
        std::vector<std::string_view> names;
        for (const auto& property : schema.properties) names.push_back(property.name);
        std::sort(names.begin(), names.end());
        out["properties"] = strings_json(names);
    }
    if (!schema.required.empty()) {
        auto required = schema.required;
        std::sort(required.begin(), required.end());
        out["required"] = strings_json(required);
    }
    if (schema.int_or_string) out["x-kubernetes-int-or-string"] = true;
    if (schema.preserve_unknown_fields) out["x-kubernetes-preserve-unknown-fields"] = true;
    if (!schema.list_type.empty()) out["x-kubernetes-list-type"] = schema.list_type;
    return out;
}

namespace {

// The changes found inside one pair of named types (or one kind's inline schema, or one
// operation), with paths relative to it, and the places where it refers on to other pairs.
struct Unit {
    struct Edge {
        std::string path;
        Unit* target = nullptr;
        bool alpha = false;
        unsigned roles = 0;  // for operation units: request or response
    };
    // A reference to a pair of named types that had no unit yet when this unit was
    // compared (a field now refers to another type); made an edge once compared.
    struct LaterEdge {
        std::string path;
        const Schema* old_type = nullptr;
        const Schema* new_type = nullptr;
        std::string_view new_name;
        bool alpha = false;
        unsigned roles = 0;
    };
    std::size_t index = 0;  // in Differ::units_
    std::string type;
    std::string operation;
    std::vector<Change> changes;
    std::vector<Edge> edges;
    std::vector<LaterEdge> later_edges;
};

// Appends a child's part to the path being walked and takes it off again at the end of
// the scope: one buffer for a whole walk instead of a new string per field.
class PathScope {
public:
    PathScope(std::string& path, std::string_view part, std::string_view more = {}) : path_(path), size_(path.size()) {
        path_ += part;
        path_ += more;
    }
    ~PathScope() { path_.resize(size_); }
    PathScope(const PathScope&) = delete;
    PathScope& operator=(const PathScope&) = delete;

private:
    std::string& path_;
    std::size_t size_;
};
std::string_view shown_path(std::string_view path) { return path.empty() ? "." : path; }

std::string json_text(const json::value& value) { return json::serialize(value); }

bool is_alpha(const Lifecycle& lifecycle) { return lifecycle.status == LifecycleStatus::alpha; }

// An `atomic` list is what an absent x-kubernetes-list-type means.
std::string_view list_type_of(const Schema& schema) {
    if (!schema.list_type.empty()) return schema.list_type;
    return "atomic";
}

// A snapshot's named types by name, hashed: the diff looks a type up at every `$ref`.
class TypeIndex {
public:
    explicit TypeIndex(const Snapshot& snapshot) {
        by_name_.reserve(snapshot.types.size());
        for (const auto& [name, schema] : snapshot.types) by_name_.emplace(name, &schema);
    }
    [[nodiscard]] const Schema* find(std::string_view name) const {
        const auto found = by_name_.find(name);
        return found == by_name_.end() ? nullptr : found->second;
    }

private:
    std::unordered_map<std::string_view, const Schema*> by_name_;
};

// Walks two lists sorted by `order` side by side: `only_old` for an element of `before`
// alone, `only_new` for one of `after` alone, `both` for a pair. After the first of
// equal neighbours, the others are skipped (a spec may repeat a name; the first counts).
template <typename List, typename Order, typename OnlyOld, typename OnlyNew, typename Both>
void merge_sorted(const List& before, const List& after, Order order, OnlyOld only_old, OnlyNew only_new, Both both) {
    auto o = before.begin();
    auto n = after.begin();
    const auto next = [&](auto& it, const List& list) {
        const auto current = it;
        while (++it != list.end() && order(*current, *it) == 0) {}
    };
    while (o != before.end() || n != after.end()) {
        if (n == after.end() || (o != before.end() && order(*o, *n) < 0)) {
            only_old(*o);
            next(o, before);
        } else if (o == before.end() || order(*o, *n) > 0) {
            only_new(*n);
            next(n, after);
        } else {
            both(*o, *n);
            next(o, before);
            next(n, after);
        }
    }
}

// What one compare thread keeps for itself. Operations share parameters (the loader
// keeps one Parameter per definition), so one pair of parameters comes up in hundreds of
// operations; what a pair adds to an operation depends on the pair alone, and a pair
// that added nothing is not compared again by the thread that compared it.
using ParameterPair = std::pair<const Parameter*, const Parameter*>;
struct Worker {
    std::unordered_set<ParameterPair, boost::hash<ParameterPair>> clean_parameters;
};

class Differ {
public:
    Differ(const Snapshot& old_snapshot, const Snapshot& new_snapshot)
        : old_(old_snapshot),
          new_(new_snapshot),
          old_gvs_(group_versions(old_snapshot)),
          new_gvs_(group_versions(new_snapshot)),
          old_types_(old_snapshot),
          new_types_(new_snapshot) {
        lossy_ = (old_.format == SnapshotFormat::openapi_v2) != (new_.format == SnapshotFormat::openapi_v2) &&
                 old_.format != SnapshotFormat::crd && new_.format != SnapshotFormat::crd;
    }

    DiffResult run() {
        DiffResult result;
        if (lossy_)
            result.notes.push_back(
                "comparing OpenAPI v2 with v3: default, nullable, oneOf and anyOf are not compared, since v2 cannot carry them "
                "(KEP-2896)");
        // Every unit known up front is made first, then compared (on two threads when
        // there are many), then the units their references lead to, one at a time.
        diff_definitions();
        diff_kinds();
        diff_operations();
        compare_all(jobs_);
        // make_later_edges appends units (compared next, from pending_): walk only those
        // made so far, by index, since appending may move the vector.
        for (std::size_t i = 0, made = units_.size(); i < made; ++i) make_later_edges(*units_[i]);
        compare_pending();
        propagate();
        for (auto& unit : units_)
            for (auto& change : unit->changes) result.changes.push_back(std::move(change));
        for (auto& change : surface_) result.changes.push_back(std::move(change));
        sort_large(result.changes, [](const Change& a, const Change& b) {
            return std::tie(a.type, a.operation, a.path, a.kind, a.detail) < std::tie(b.type, b.operation, b.path, b.kind, b.detail);
        });
        return result;
    }

private:
    // ---- surface: kinds, operations, definitions -------------------------------

    static bool auxiliary(const Kind& kind) {
        // meta.v1 types (DeleteOptions, WatchEvent, …) carry a GVK for every group-version.
        if (kind.crd) return false;
        const std::string_view name = kind.type_name;
        const std::string_view version = kind.gvk.version;
        for (auto at = name.find(version); at != std::string_view::npos; at = name.find(version, at + 1))
            if (at > 0 && name[at - 1] == '.' && at + version.size() < name.size() && name[at + version.size()] == '.') return false;
        return true;
    }

    static std::set<std::string> group_versions(const Snapshot& snapshot) {
        std::set<std::string> out;
        for (const auto& kind : snapshot.kinds)
            if (!auxiliary(kind)) out.insert(kind.gvk.group + "/" + kind.gvk.version);
        return out;
    }

    static bool has_group_kind(const Snapshot& snapshot, const GroupVersionKind& gvk) {
        return std::any_of(snapshot.kinds.begin(), snapshot.kinds.end(), [&](const Kind& k) {
            return k.gvk.group == gvk.group && k.gvk.kind == gvk.kind && !auxiliary(k);
        });
    }

    static bool is_list_of_other(const Snapshot& snapshot, const Kind& kind) {
        if (!kind.gvk.kind.ends_with("List")) return false;
        auto base = kind.gvk;
        base.kind.resize(base.kind.size() - 4);
        return snapshot.find_kind(base) != nullptr;
    }

    SourcePosition position(const Snapshot& snapshot, const Location& location) const {
        if (location.position.line == 0) return {};
        return {std::string(snapshot.file_of(location)), location.position};
    }

    void surface_change(ChangeKind kind, const Kind& k, const Snapshot& side, bool whole_gv) {
        Change change;
        change.kind = kind;
        change.type = k.type_name;
        change.stability = k.stability;
        change.whole_group_version = whole_gv;
        const bool removed = &side == &old_;
        (removed ? change.old_position : change.new_position) = position(side, k.location);
        (removed ? change.old_value : change.new_value) = json::value(k.gvk.to_string());
        Reach reach;
        reach.path = ".";
        reach.from = k.gvk.to_string();
        reach.stability = k.stability;
        change.reaches.push_back(reach);
        surface_.push_back(std::move(change));
    }

    void diff_kinds() {
        const auto& old_gvs = old_gvs_;
        const auto& new_gvs = new_gvs_;
        for (const auto& kind : old_.kinds) {
            if (auxiliary(kind)) continue;
            const auto* other = new_.find_kind(kind.gvk);
            if (other == nullptr) {
                const bool whole = !new_gvs.contains(kind.gvk.group + "/" + kind.gvk.version);
                if (whole && is_list_of_other(old_, kind)) continue;  // said with its item kind
                surface_change(has_group_kind(new_, kind.gvk) ? ChangeKind::version_removed : ChangeKind::kind_removed, kind, old_, whole);
                continue;
            }
            diff_kind_pair(kind, *other);
        }
        for (const auto& kind : new_.kinds) {
            if (auxiliary(kind) || old_.find_kind(kind.gvk) != nullptr) continue;
            const bool whole = !old_gvs.contains(kind.gvk.group + "/" + kind.gvk.version);
            if (whole && is_list_of_other(new_, kind)) continue;
            surface_change(has_group_kind(old_, kind.gvk) ? ChangeKind::version_added : ChangeKind::kind_added, kind, new_, whole);
        }
        diff_crd_group_kinds();
    }

    void diff_kind_pair(const Kind& old_kind, const Kind& new_kind) {
        auto& unit = new_unit(old_kind.type_name, "");
        if (old_kind.crd && new_kind.crd && old_kind.crd->served != new_kind.crd->served) {
            Change change;
            change.kind = old_kind.crd->served ? ChangeKind::crd_version_unserved : ChangeKind::crd_version_served;
            change.old_value = old_kind.crd->served;
            change.new_value = new_kind.crd->served;
            change.old_position = position(old_, old_kind.location);
            change.new_position = position(new_, new_kind.location);
            change.detail = new_kind.gvk.to_string();
            add(unit, std::move(change));
        }
        jobs_.push_back([this, &old_kind, &new_kind, &unit](Worker&) {
            std::string path;
            compare(old_kind.schema, new_kind.schema, unit, path, false, 0);
        });
        roots_.push_back({new_kind.gvk.to_string(), true, new_kind.stability, &unit, 0});
    }

    // Scope and storage version belong to a CRD (group + kind), not to one version.
    void diff_crd_group_kinds() {
        struct Facts {
            const Kind* any = nullptr;
            std::string storage;
            const Kind* storage_kind = nullptr;
        };
        auto collect = [](const Snapshot& snapshot) {
            std::map<std::pair<std::string, std::string>, Facts> out;
            for (const auto& kind : snapshot.kinds) {
                if (!kind.crd) continue;
                auto& facts = out[{kind.gvk.group, kind.gvk.kind}];
                if (facts.any == nullptr) facts.any = &kind;
                if (kind.crd->storage) {
                    facts.storage = kind.gvk.version;
                    facts.storage_kind = &kind;
                }
            }
            return out;
        };
        const auto old_facts = collect(old_);
        const auto new_facts = collect(new_);
        for (const auto& entry : old_facts) {
            const auto& key = entry.first;
            const auto& before = entry.second;
            const auto found = new_facts.find(key);
            if (found == new_facts.end()) continue;
            const auto& after = found->second;
            auto emit = [&](ChangeKind kind, json::value old_value, json::value new_value, const Kind& old_kind, const Kind& new_kind) {
                Change change;
                change.kind = kind;
                change.type = new_kind.type_name;
                change.detail = key.first + " " + key.second;
                change.old_value = std::move(old_value);
                change.new_value = std::move(new_value);
                change.old_position = position(old_, old_kind.location);
                change.new_position = position(new_, new_kind.location);
                change.stability = new_kind.stability;
                Reach reach;
                reach.from = new_kind.gvk.to_string();
                reach.path = ".";
                reach.stability = new_kind.stability;
                change.reaches.push_back(reach);
                surface_.push_back(std::move(change));
            };
            if (before.any->crd->scope != after.any->crd->scope)
                emit(ChangeKind::crd_scope_changed, json::value(before.any->crd->scope), json::value(after.any->crd->scope), *before.any, *after.any);
            if (!before.storage.empty() && !after.storage.empty() && before.storage != after.storage)
                emit(ChangeKind::crd_storage_version_changed, json::value(before.storage), json::value(after.storage),
                     *before.storage_kind, *after.storage_kind);
        }
    }

    // Both lists are sorted by path, then method (the loader's order): walked side by side.
    void diff_operations() {
        const auto order = [](const Operation& a, const Operation& b) { return std::tie(a.path, a.method) <=> std::tie(b.path, b.method); };
        merge_sorted(old_.operations, new_.operations, order,
                     [&](const Operation& gone) { operation_surface(ChangeKind::operation_removed, gone, true); },
                     [&](const Operation& fresh) { operation_surface(ChangeKind::operation_added, fresh, false); },
                     [&](const Operation& before, const Operation& after) {
                         auto& unit = new_unit("", after.key());
                         jobs_.push_back([this, &before, &after, &unit](Worker& worker) { diff_operation_pair(before, after, unit, worker); });
                         roots_.push_back({after.key(), false, stability_of_group_version(group_version_of_path(after.path)), &unit, 0});
                     });
    }

    // The group-version a Kubernetes API path serves (`/apis/apps/v1/…`, `/api/v1/…`), or "".
    static std::string group_version_of_path(std::string_view path) {
        const auto segments = [&](std::size_t count) {
            std::vector<std::string_view> out;
            std::size_t at = 0;
            while (out.size() < count && at < path.size()) {
                const auto start = path.find_first_not_of('/', at);
                if (start == std::string_view::npos) break;
                const auto end = path.find('/', start);
                out.push_back(path.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
                at = end == std::string_view::npos ? path.size() : end;
            }
            return out;
        };
        const auto parts = segments(3);
        if (parts.size() >= 2 && parts[0] == "api") return "/" + std::string(parts[1]);
        if (parts.size() >= 3 && parts[0] == "apis") return std::string(parts[1]) + "/" + std::string(parts[2]);
        return {};
    }

    // A Kubernetes path is as stable as the group-version it serves; a path of none is GA.
    static Stability stability_of_group_version(std::string_view gv) {
        return gv.empty() ? Stability::ga : stability_of_version(gv.substr(gv.find('/') + 1));
    }

    void operation_surface(ChangeKind kind, const Operation& operation, bool removed) {
        Change change;
        change.kind = kind;
        change.operation = operation.key();
        (removed ? change.old_value : change.new_value) = json::value(operation.key());
        (removed ? change.old_position : change.new_position) = position(removed ? old_ : new_, operation.location);
        Reach reach;
        reach.from = operation.key();
        reach.path = ".";
        reach.is_kind = false;
        if (const auto gv = group_version_of_path(operation.path); !gv.empty()) {
            reach.stability = stability_of_group_version(gv);
            change.whole_group_version = !(removed ? new_gvs_ : old_gvs_).contains(gv);
        }
        change.reaches.push_back(reach);
        surface_.push_back(std::move(change));
    }

    void diff_operation_pair(const Operation& before, const Operation& after, Unit& unit, Worker& worker) {
        std::string path;
        const auto parameter_path = [&](const Parameter& p) -> std::string& {
            path.assign("parameters.").append(p.in).append(".").append(p.name);
            return path;
        };
        const auto both = [&](const auto& q, const auto& p) {
            const ParameterPair pair{q.get(), p.get()};
            if (worker.clean_parameters.contains(pair)) return;
            const auto found = [&] { return std::tuple(unit.changes.size(), unit.edges.size(), unit.later_edges.size()); };
            const auto found_before = found();
            diff_parameter_pair(unit, *q, *p, parameter_path(*p));
            if (found() == found_before) worker.clean_parameters.insert(pair);
        };
        if (same_parameter_keys(before.parameters, after.parameters)) {
            for (std::size_t i = 0; i < before.parameters.size(); ++i) both(before.parameters[i], after.parameters[i]);
        } else {
            // The loader sorts parameters by (in, name).
            const auto parameter_order = [](const auto& a, const auto& b) { return std::tie(a->in, a->name) <=> std::tie(b->in, b->name); };
            merge_sorted(
                before.parameters, after.parameters, parameter_order,
                [&](const auto& q) {
                    Change change;
                    change.kind = ChangeKind::parameter_removed;
                    change.path = parameter_path(*q);
                    change.detail = parameter_key(*q);
                    change.old_value = schema_summary(q->schema);
                    change.old_position = position(old_, q->location);
                    add(unit, std::move(change));
                },
                [&](const auto& p) {
                    Change change;
                    change.kind = p->required ? ChangeKind::parameter_added_required : ChangeKind::parameter_added;
                    change.path = parameter_path(*p);
                    change.detail = parameter_key(*p);
                    change.new_value = schema_summary(p->schema);
                    change.new_position = position(new_, p->location);
                    add(unit, std::move(change));
                },
                both);
        }
        if (before.request_body && after.request_body) {
            path = "requestBody";
            compare(*before.request_body, *after.request_body, unit, path, false, 0, role_request);
        }
        const auto response_order = [](const Response& a, const Response& b) { return a.status <=> b.status; };
        const auto response_surface = [&](ChangeKind kind, const Response& r, bool removed) {
            Change change;
            change.kind = kind;
            change.path = "responses." + r.status;
            change.detail = r.status;
            (removed ? change.old_position : change.new_position) = position(removed ? old_ : new_, r.location);
            add(unit, std::move(change));
        };
        merge_sorted(
            before.responses, after.responses, response_order,
            [&](const Response& r) { response_surface(ChangeKind::response_removed, r, true); },
            [&](const Response& r) { response_surface(ChangeKind::response_added, r, false); },
            [&](const Response& o, const Response& r) {
                if (!o.schema || !r.schema) return;
                path = "responses." + r.status;
                compare(*o.schema, *r.schema, unit, path, false, 0, role_response);
            });
    }

    // Most operations keep their parameters: the same (in, name) at every place, none
    // repeated, so they pair in step with no merge (what merge_sorted would find).
    static bool same_parameter_keys(const std::vector<std::shared_ptr<const Parameter>>& before,
                                    const std::vector<std::shared_ptr<const Parameter>>& after) {
        if (before.size() != after.size()) return false;
        const auto same = [](const Parameter& a, const Parameter& b) { return a.name == b.name && a.in == b.in; };
        for (std::size_t i = 0; i < before.size(); ++i) {
            if (!same(*before[i], *after[i])) return false;
            if (i > 0 && same(*after[i - 1], *after[i])) return false;
        }
        return true;
    }

    static std::string parameter_key(const Parameter& p) { return std::string(p.in) + " " + std::string(p.name); }

    void diff_parameter_pair(Unit& unit, const Parameter& q, const Parameter& p, std::string& path) {
        if (q.required != p.required) {
            Change change;
            change.kind = p.required ? ChangeKind::parameter_became_required : ChangeKind::parameter_became_optional;
            change.path = path;
            change.detail = parameter_key(p);
            change.old_value = q.required;
            change.new_value = p.required;
            change.old_position = position(old_, q.location);
            change.new_position = position(new_, p.location);
            add(unit, std::move(change));
        }
        const auto& old_resolved = old_.resolve(q.schema);
        const auto& new_resolved = new_.resolve(p.schema);
        if (old_resolved.type != new_resolved.type || old_resolved.format != new_resolved.format) {
            Change change;
            change.kind = ChangeKind::parameter_type_changed;
            change.path = path;
            change.detail = parameter_key(p);
            change.old_value = schema_summary(q.schema);
            change.new_value = schema_summary(p.schema);
            change.old_position = position(old_, q.location);
            change.new_position = position(new_, p.location);
            add(unit, std::move(change));
        } else {
            compare(q.schema, p.schema, unit, path, false, 0, role_request);
        }
    }

    // A named type of `side` alone (types synthesised for other pointers, named with '#',
    // are not the user's definitions).
    void definition_surface(const std::string& name, const Schema& schema, const Snapshot& side, ChangeKind kind) {
        if (name.find('#') != std::string::npos) return;
        const bool removed = &side == &old_;
        Change change;
        change.kind = kind;
        change.type = name;
        (removed ? change.old_value : change.new_value) = schema_summary(schema);
        (removed ? change.old_position : change.new_position) = position(side, schema.location);
        surface_.push_back(std::move(change));
    }

    void diff_definitions() {
        // Fail-closed: types in both that nothing reached are still compared.
        merge_sorted(
            old_.types, new_.types, [](const auto& a, const auto& b) { return a.first.compare(b.first); },
            [&](const auto& only_old) { definition_surface(only_old.first, only_old.second, old_, ChangeKind::definition_removed); },
            [&](const auto& only_new) { definition_surface(only_new.first, only_new.second, new_, ChangeKind::definition_added); },
            [&](const auto& before, const auto& after) {
                auto& unit = new_unit(before.first, "");
                const auto* old_schema = &before.second;
                const auto* new_schema = &after.second;
                type_units_.emplace(std::pair(old_schema, new_schema), &unit);
                jobs_.push_back([this, old_schema, new_schema, &unit](Worker&) {
                    std::string path;
                    compare(*old_schema, *new_schema, unit, path, false, 0);
                });
            });
    }

    // ---- units -------------------------------------------------------------------

    Unit& new_unit(std::string type, std::string operation) {
        units_.push_back(std::make_unique<Unit>());
        auto& unit = *units_.back();
        unit.index = units_.size() - 1;
        unit.type = std::move(type);
        unit.operation = std::move(operation);
        return unit;
    }

    // Runs the comparisons; each writes only to its own unit and reads units that exist
    // already, so two threads can share them (which thread runs one changes nothing).
    static void compare_all(const std::vector<std::function<void(Worker&)>>& jobs) {
        std::atomic<std::size_t> next{0};
        const auto work = [&](Worker& worker) {
            for (auto index = next++; index < jobs.size(); index = next++) jobs[index](worker);
        };
        Worker main_worker;
        if (jobs.size() < jobs_worth_a_thread) {
            work(main_worker);
            return;
        }
        Worker helper_worker;
        std::exception_ptr helper_error;
        StackThread helper(
            [&] {
                try {
                    work(helper_worker);
                } catch (...) {
                    helper_error = std::current_exception();
                }
            },
            large_stack_bytes);
        work(main_worker);  // when this throws, helper's destructor waits for it first
        helper.join();
        if (helper_error) std::rethrow_exception(helper_error);
    }
    static constexpr std::size_t jobs_worth_a_thread = 256;

    // A reference from `unit` at `path` to the pair of named types old_name → new_name:
    // an edge to its unit, or, when the pair has none yet, a later edge.
    void refer(Unit& unit, std::string_view old_name, std::string_view new_name, const std::string& path, bool alpha, unsigned roles) const {
        const auto* old_schema = old_types_.find(old_name);
        const auto* new_schema = new_types_.find(new_name);
        if (old_schema == nullptr || new_schema == nullptr) return;
        if (const auto found = type_units_.find({old_schema, new_schema}); found != type_units_.end())
            unit.edges.push_back({path, found->second, alpha, roles});
        else
            unit.later_edges.push_back({path, old_schema, new_schema, new_name, alpha, roles});
    }

    // Later edges become edges to new units, which are compared from a worklist (so that
    // a long chain of references never deepens the stack).
    void make_later_edges(Unit& unit) {
        for (auto& later : unit.later_edges) {
            auto [found, inserted] = type_units_.try_emplace({later.old_type, later.new_type}, nullptr);
            if (inserted) {
                found->second = &new_unit(std::string(later.new_name), "");
                pending_.push_back({found->second, later.old_type, later.new_type});
            }
            unit.edges.push_back({std::move(later.path), found->second, later.alpha, later.roles});
        }
        unit.later_edges.clear();
    }

    void compare_pending() {
        while (!pending_.empty()) {
            const auto next = pending_.front();
            pending_.pop_front();
            std::string path;
            compare(*next.old_schema, *next.new_schema, *next.unit, path, false, 0);
            make_later_edges(*next.unit);
        }
    }

    void add(Unit& unit, Change change) {
        if (change.type.empty()) change.type = unit.type;
        if (change.operation.empty()) change.operation = unit.operation;
        unit.changes.push_back(std::move(change));
    }

    Change make(ChangeKind kind, const std::string& path, const Schema& o, const Schema& n) const {
        Change change;
        change.kind = kind;
        change.path = path;
        change.old_position = position(old_, o.location);
        change.new_position = position(new_, n.location);
        change.lifecycle = lifecycle_of(n);
        return change;
    }

    // ---- comparing two schemas -------------------------------------------------

    // `path` is where o and n stand inside the unit; it is extended for children and
    // given back as it came.
    void compare(const Schema& o, const Schema& n, Unit& unit, std::string& path, bool alpha, int depth,
                 unsigned roles = 0) {
        if (!o.ref.empty() && !n.ref.empty()) {
            compare_keywords(o, n, unit, path);
            refer(unit, o.ref, n.ref, path, alpha, roles);
            return;
        }
        if (!o.ref.empty() || !n.ref.empty()) {
            // One side refers, the other is inline: compare the target with the inline schema.
            if (depth > 64) return;
            const auto* old_target = o.ref.empty() ? &o : old_types_.find(o.ref);
            const auto* new_target = n.ref.empty() ? &n : new_types_.find(n.ref);
            if (old_target != nullptr && new_target != nullptr) compare(*old_target, *new_target, unit, path, alpha, depth + 1, roles);
            return;
        }
        compare_keywords(o, n, unit, path);
        compare_structure(o, n, unit, path, alpha, depth, roles);
    }

    void emit(Unit& unit, ChangeKind kind, const std::string& path, const Schema& o, const Schema& n, json::value old_value,
              json::value new_value, std::string detail = {}) {
        auto change = make(kind, path, o, n);
        change.old_value = std::move(old_value);
        change.new_value = std::move(new_value);
        change.detail = std::move(detail);
        add(unit, std::move(change));
    }

    // A default that cannot apply to its schema's type (`default: {}` on a reference to a
    // string type, as the Kubernetes generator once emitted) is no default.
    const json::value* effective_default(const Schema& schema, const Snapshot& snapshot) const {
        if (schema.default_value == nullptr) return nullptr;
        const auto& target = schema.ref.empty() ? schema : snapshot.resolve(*snapshot.find_type(schema.ref));
        const auto& value = *schema.default_value;
        const auto is_object_type = std::find(target.type.begin(), target.type.end(), "object") != target.type.end();
        // `{}` is the zero value the generator wrote for every named type; on one that is
        // not an object (Time, Quantity, IntOrString, JSON) it is no default.
        if (value.is_object() && value.get_object().empty() && !schema.ref.empty() && !is_object_type) return nullptr;
        if (target.int_or_string) return value.is_object() || value.is_array() ? nullptr : &value;
        if (target.type.empty()) return &value;
        const auto fits = [&](std::string_view type) {
            if (type == "object") return value.is_object();
            if (type == "array") return value.is_array();
            if (type == "string") return value.is_string();
            if (type == "integer" || type == "number") return value.is_number();
            if (type == "boolean") return value.is_bool();
            return true;
        };
        return std::any_of(target.type.begin(), target.type.end(), fits) || value.is_null() ? &value : nullptr;
    }

    void compare_keywords(const Schema& o, const Schema& n, Unit& unit, const std::string& path) {
        if (o.description != n.description)
            emit(unit, ChangeKind::description_changed, path, o, n, json::value(o.description), json::value(n.description));
        if (!lossy_) {
            const auto* od = effective_default(o, old_);
            const auto* nd = effective_default(n, new_);
            if (od == nullptr && nd != nullptr) emit(unit, ChangeKind::default_added, path, o, n, nullptr, detached(*nd));
            else if (od != nullptr && nd == nullptr) emit(unit, ChangeKind::default_removed, path, o, n, detached(*od), nullptr);
            else if (od != nullptr && !json_equal(*od, *nd)) emit(unit, ChangeKind::default_changed, path, o, n, detached(*od), detached(*nd));
            if (o.nullable != n.nullable)
                emit(unit, n.nullable ? ChangeKind::nullable_added : ChangeKind::nullable_removed, path, o, n, o.nullable, n.nullable);
        }
        compare_keyword_lists(o.extensions, n.extensions, unit, path, o, n);
        compare_keyword_lists(o.other_keywords, n.other_keywords, unit, path, o, n);
    }

    void compare_keyword_lists(const std::vector<Keyword>& before, const std::vector<Keyword>& after, Unit& unit,
                               const std::string& path, const Schema& o, const Schema& n) {
        for (const auto& keyword : before) {
            const auto found = std::find_if(after.begin(), after.end(), [&](const Keyword& k) { return k.name == keyword.name; });
            if (found == after.end())
                emit(unit, ChangeKind::unclassified_change, path, o, n, detached(*keyword.value), nullptr, std::string(keyword.name));
            else if (!json_equal(*found->value, *keyword.value))
                emit(unit, ChangeKind::unclassified_change, path, o, n, detached(*keyword.value), detached(*found->value),
                     std::string(keyword.name));
        }
        for (const auto& keyword : after)
            if (std::none_of(before.begin(), before.end(), [&](const Keyword& k) { return k.name == keyword.name; }))
                emit(unit, ChangeKind::unclassified_change, path, o, n, nullptr, detached(*keyword.value), std::string(keyword.name));
    }

    // An upper bound (maxLength, maximum, …) tightens when it appears or falls; a lower
    // bound (minLength, minimum, …) when it appears or rises.
    enum class Bound { upper, lower };

    template <typename T>
    void compare_bound(Bound bound, const std::optional<T>& before, const std::optional<T>& after, ChangeKind tightened,
                       ChangeKind relaxed, Unit& unit, const std::string& path, const Schema& o, const Schema& n) {
        if (before == after) return;
        const auto value = [](const std::optional<T>& v) { return v ? number_json(*v) : json::value(nullptr); };
        const bool tighter = !before || (after && (bound == Bound::upper ? *after < *before : *after > *before));
        emit(unit, tighter ? tightened : relaxed, path, o, n, value(before), value(after));
    }

    void compare_flag(bool before, bool after, ChangeKind on, ChangeKind off, Unit& unit, const std::string& path,
                      const Schema& o, const Schema& n) {
        if (before != after) emit(unit, after ? on : off, path, o, n, before, after);
    }

    void compare_text(std::string_view before, std::string_view after, ChangeKind kind, Unit& unit, const std::string& path,
                      const Schema& o, const Schema& n) {
        if (before != after)
            emit(unit, kind, path, o, n, before.empty() ? json::value(nullptr) : json::value(before),
                 after.empty() ? json::value(nullptr) : json::value(after));
    }

    // The values dtl finds only on one side; a value that merely moved is on both.
    static std::pair<std::vector<std::string>, std::vector<std::string>> edits(const std::vector<std::string>& before,
                                                                               const std::vector<std::string>& after) {
        dtl::Diff<std::string, std::vector<std::string>> diff(before, after);
        diff.compose();
        std::multiset<std::string> removed;
        std::multiset<std::string> added;
        for (const auto& [element, info] : diff.getSes().getSequence()) {
            if (info.type == dtl::SES_DELETE) removed.insert(element);
            else if (info.type == dtl::SES_ADD) added.insert(element);
        }
        std::vector<std::string> only_removed;
        std::vector<std::string> only_added;
        std::set_difference(removed.begin(), removed.end(), added.begin(), added.end(), std::back_inserter(only_removed));
        std::set_difference(added.begin(), added.end(), removed.begin(), removed.end(), std::back_inserter(only_added));
        return {only_removed, only_added};
    }

    void compare_enum(const Schema& o, const Schema& n, Unit& unit, const std::string& path) {
        if (o.enum_values == nullptr && n.enum_values == nullptr) return;
        if (o.enum_values == nullptr) {
            emit(unit, ChangeKind::enum_restriction_added, path, o, n, nullptr, detached(*n.enum_values));
            return;
        }
        if (n.enum_values == nullptr) {
            emit(unit, ChangeKind::enum_restriction_removed, path, o, n, detached(*o.enum_values), nullptr);
            return;
        }
        std::vector<std::string> before;
        std::vector<std::string> after;
        for (const auto& v : *o.enum_values) before.push_back(json_text(v));
        for (const auto& v : *n.enum_values) after.push_back(json_text(v));
        if (before == after) return;
        const auto [removed, added] = edits(before, after);
        for (const auto& value : removed)
            emit(unit, ChangeKind::enum_value_removed, path, o, n, json::parse(value), nullptr, value);
        for (const auto& value : added)
            emit(unit, ChangeKind::enum_value_added, path, o, n, nullptr, json::parse(value), value);
    }

    static std::string normalized_rule(std::string_view rule) {
        std::string out;
        bool space = false;
        for (const char c : rule) {
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                space = !out.empty();
                continue;
            }
            if (space) out += ' ';
            space = false;
            out += c;
        }
        return out;
    }

    static bool is_immutability_rule(const std::string& rule) {
        return rule == "self == oldSelf" || rule == "oldSelf == self";
    }

    void compare_validations(const Schema& o, const Schema& n, Unit& unit, const std::string& path) {
        std::map<std::string, const ValidationRule*> before;
        std::map<std::string, const ValidationRule*> after;
        for (const auto& rule : o.validations) before.emplace(normalized_rule(rule.rule), &rule);
        for (const auto& rule : n.validations) after.emplace(normalized_rule(rule.rule), &rule);
        for (const auto& [text, rule] : after) {
            const auto found = before.find(text);
            if (found == before.end()) {
                emit(unit, is_immutability_rule(text) ? ChangeKind::field_became_immutable : ChangeKind::cel_rules_tightened, path, o,
                     n, nullptr, json::value(rule->rule), text);
            } else if (found->second->message != rule->message || found->second->message_expression != rule->message_expression) {
                emit(unit, ChangeKind::description_changed, path, o, n, json::value(found->second->message), json::value(rule->message),
                     "x-kubernetes-validations message of " + text);
            }
        }
        for (const auto& [text, rule] : before)
            if (!after.contains(text)) emit(unit, ChangeKind::cel_rules_relaxed, path, o, n, json::value(rule->rule), nullptr, text);
    }

    void compare_lifecycle(const Schema& o, const Schema& n, const Lifecycle& before, const Lifecycle& after, Unit& unit,
                           const std::string& path) {
        if (before.status == after.status && before.feature_gate == after.feature_gate) return;
        const auto status_json = [](const Lifecycle& l) {
            return l.status == LifecycleStatus::none ? json::value(nullptr) : json::value(to_string(l.status));
        };
        const auto rank = [](LifecycleStatus s) {
            return s == LifecycleStatus::alpha ? 0 : s == LifecycleStatus::beta ? 1 : 2;
        };
        if (after.status == LifecycleStatus::deprecated && before.status != LifecycleStatus::deprecated) {
            emit(unit, ChangeKind::lifecycle_deprecated, path, o, n, status_json(before), status_json(after));
        } else if (before.status != LifecycleStatus::deprecated && after.status != LifecycleStatus::deprecated &&
                   before.status != after.status) {
            emit(unit, rank(after.status) > rank(before.status) ? ChangeKind::lifecycle_promoted : ChangeKind::lifecycle_demoted, path,
                 o, n, status_json(before), status_json(after));
        }
        if (!before.feature_gate.empty() && !after.feature_gate.empty() && before.feature_gate != after.feature_gate)
            emit(unit, ChangeKind::feature_gate_changed, path, o, n, json::value(before.feature_gate), json::value(after.feature_gate));
    }

    void compare_structure(const Schema& o, const Schema& n, Unit& unit, std::string& path, bool alpha, int depth,
                           unsigned roles) {
        // v2 writes a oneOf/anyOf of types (Quantity, IntOrString) as `type: string`.
        const auto flattened = [](const Schema& s) { return s.type.empty() && (!s.subschemas().one_of.empty() || !s.subschemas().any_of.empty()); };
        const bool type_comparable = !lossy_ || (!flattened(o) && !flattened(n));
        if (o.type != n.type && type_comparable)
            emit(unit, ChangeKind::type_changed, path, o, n, strings_json(o.type), strings_json(n.type));
        compare_text(o.format, n.format, ChangeKind::format_changed, unit, path, o, n);
        compare_enum(o, n, unit, path);

        if (o.bounds || n.bounds) compare_bounds(o, n, unit, path);
        compare_validations(o, n, unit, path);

        // Kubernetes extensions.
        const bool is_array = std::find(n.type.begin(), n.type.end(), "array") != n.type.end() ||
                              std::find(o.type.begin(), o.type.end(), "array") != o.type.end();
        if (is_array) {
            const auto before = list_type_of(o);
            const auto after = list_type_of(n);
            if (before != after) {
                // atomic → set/map makes the list mergeable (server-side apply): its keys come with it.
                const auto kind = before == "atomic" ? ChangeKind::list_type_became_mergeable : ChangeKind::list_type_changed;
                auto change = make(kind, path, o, n);
                change.old_value = json::value(before);
                change.new_value = json::value(after);
                change.detail = std::string(before) + " -> " + std::string(after);
                add(unit, std::move(change));
            } else if (after == "map" && o.list_map_keys != n.list_map_keys) {
                emit(unit, ChangeKind::list_map_keys_changed, path, o, n, strings_json(o.list_map_keys), strings_json(n.list_map_keys));
            }
        }
        compare_text(o.map_type, n.map_type, ChangeKind::map_type_changed, unit, path, o, n);
        compare_flag(o.preserve_unknown_fields, n.preserve_unknown_fields, ChangeKind::preserve_unknown_fields_added,
                     ChangeKind::preserve_unknown_fields_removed, unit, path, o, n);
        if (o.int_or_string != n.int_or_string)
            emit(unit, ChangeKind::int_or_string_changed, path, o, n, o.int_or_string, n.int_or_string);
        if (o.embedded_resource != n.embedded_resource)
            emit(unit, ChangeKind::embedded_resource_changed, path, o, n, o.embedded_resource, n.embedded_resource);
        compare_text(o.patch_strategy, n.patch_strategy, ChangeKind::patch_strategy_changed, unit, path, o, n);
        compare_text(o.patch_merge_key, n.patch_merge_key, ChangeKind::patch_merge_key_changed, unit, path, o, n);

        compare_properties(o, n, unit, path, alpha, depth, roles);

        if (o.items && n.items) {
            const PathScope items(path, "[*]");
            compare(*o.items, *n.items, unit, path, alpha, depth + 1, roles);
        } else if (o.items || n.items)
            emit(unit, ChangeKind::unclassified_change, path, o, n, o.items ? schema_summary(*o.items) : json::value(nullptr),
                 n.items ? schema_summary(*n.items) : json::value(nullptr), "items");

        compare_additional_properties(o, n, unit, path, alpha, depth, roles);
        if (o.composition || n.composition) compare_subschemas(o, n, unit, path, alpha, depth, roles);
    }

    void compare_subschemas(const Schema& o, const Schema& n, Unit& unit, std::string& path, bool alpha, int depth, unsigned roles) {
        const auto& before = o.subschemas();
        const auto& after = n.subschemas();
        compare_branches(before.all_of, after.all_of, "allOf", unit, path, o, n, alpha, depth, roles);
        if (!lossy_) {
            compare_branches(before.one_of, after.one_of, "oneOf", unit, path, o, n, alpha, depth, roles);
            compare_branches(before.any_of, after.any_of, "anyOf", unit, path, o, n, alpha, depth, roles);
        }
    }

    void compare_bounds(const Schema& o, const Schema& n, Unit& unit, const std::string& path) {
        const auto& before = o.value_bounds();
        const auto& after = n.value_bounds();
        compare_bound(Bound::upper, before.max_length, after.max_length, ChangeKind::max_length_tightened, ChangeKind::max_length_relaxed, unit, path, o, n);
        compare_bound(Bound::lower, before.min_length, after.min_length, ChangeKind::min_length_tightened, ChangeKind::min_length_relaxed, unit, path, o, n);
        compare_bound(Bound::upper, before.maximum, after.maximum, ChangeKind::maximum_tightened, ChangeKind::maximum_relaxed, unit, path, o, n);
        compare_bound(Bound::lower, before.minimum, after.minimum, ChangeKind::minimum_tightened, ChangeKind::minimum_relaxed, unit, path, o, n);
        compare_flag(before.exclusive_maximum, after.exclusive_maximum, ChangeKind::exclusive_maximum_tightened,
                     ChangeKind::exclusive_maximum_relaxed, unit, path, o, n);
        compare_flag(before.exclusive_minimum, after.exclusive_minimum, ChangeKind::exclusive_minimum_tightened,
                     ChangeKind::exclusive_minimum_relaxed, unit, path, o, n);
        compare_bound(Bound::upper, before.max_items, after.max_items, ChangeKind::max_items_tightened, ChangeKind::max_items_relaxed, unit, path, o, n);
        compare_bound(Bound::lower, before.min_items, after.min_items, ChangeKind::min_items_tightened, ChangeKind::min_items_relaxed, unit, path, o, n);
        compare_bound(Bound::upper, before.max_properties, after.max_properties, ChangeKind::max_properties_tightened,
                            ChangeKind::max_properties_relaxed, unit, path, o, n);
        compare_bound(Bound::lower, before.min_properties, after.min_properties, ChangeKind::min_properties_tightened,
                            ChangeKind::min_properties_relaxed, unit, path, o, n);
        compare_flag(before.unique_items, after.unique_items, ChangeKind::unique_items_tightened, ChangeKind::unique_items_relaxed, unit,
                     path, o, n);
        if (before.multiple_of != after.multiple_of) {
            const auto value = [](const std::optional<double>& v) { return v ? number_json(*v) : json::value(nullptr); };
            // A new step that is a multiple of the old one admits fewer values.
            const bool relaxed = !after.multiple_of || (before.multiple_of && std::fmod(*before.multiple_of, *after.multiple_of) == 0.0);
            emit(unit, relaxed ? ChangeKind::multiple_of_relaxed : ChangeKind::multiple_of_tightened, path, o, n, value(before.multiple_of),
                 value(after.multiple_of));
        }
        if (before.pattern != after.pattern) {
            const auto value = [](const std::optional<std::string_view>& v) { return v ? json::value(*v) : json::value(nullptr); };
            // A changed expression may both admit and refuse values: both are said.
            if (after.pattern) emit(unit, ChangeKind::pattern_tightened, path, o, n, value(before.pattern), value(after.pattern));
            if (before.pattern) emit(unit, ChangeKind::pattern_relaxed, path, o, n, value(before.pattern), value(after.pattern));
        }
    }

    void compare_additional_properties(const Schema& o, const Schema& n, Unit& unit, std::string& path, bool alpha, int depth,
                                       unsigned roles) {
        if (o.additional_properties && n.additional_properties) {
            const PathScope values(path, "{*}");
            compare(*o.additional_properties, *n.additional_properties, unit, path, alpha, depth + 1, roles);
            return;
        }
        // How open the map is: any value (absent or true) > a schema > nothing (false).
        const auto openness = [](const Schema& s) {
            if (s.additional_properties) return 1;
            return s.additional_properties_allowed == false ? 0 : 2;
        };
        const auto describe = [](const Schema& s) -> json::value {
            if (s.additional_properties) return schema_summary(*s.additional_properties);
            if (s.additional_properties_allowed) return *s.additional_properties_allowed;
            return nullptr;
        };
        const auto before = openness(o);
        const auto after = openness(n);
        if (before == after) return;
        emit(unit, after < before ? ChangeKind::additional_properties_tightened : ChangeKind::additional_properties_relaxed, path, o, n,
             describe(o), describe(n));
    }

    void compare_branches(const std::vector<Schema>& before, const std::vector<Schema>& after, std::string_view keyword, Unit& unit,
                          std::string& path, const Schema& o, const Schema& n, bool alpha, int depth, unsigned roles) {
        if (before.empty() && after.empty()) return;
        if (before.size() == after.size()) {
            for (std::size_t i = 0; i < before.size(); ++i) {
                const PathScope branch(path, "/" + std::string(keyword), "[" + std::to_string(i) + "]");
                compare(before[i], after[i], unit, path, alpha, depth + 1, roles);
            }
            return;
        }
        // Branches added or removed: said once, with the edit dtl finds.
        std::vector<std::string> old_text;
        std::vector<std::string> new_text;
        json::array old_json;
        json::array new_json;
        for (const auto& s : before) old_json.push_back(schema_summary(s));
        for (const auto& s : after) new_json.push_back(schema_summary(s));
        for (const auto& v : old_json) old_text.push_back(json_text(v));
        for (const auto& v : new_json) new_text.push_back(json_text(v));
        const auto [removed, added] = edits(old_text, new_text);
        std::string detail(keyword);
        for (const auto& r : removed) detail += " -" + r;
        for (const auto& a : added) detail += " +" + a;
        emit(unit, ChangeKind::unclassified_change, path, o, n, std::move(old_json), std::move(new_json), detail);
    }

    void compare_properties(const Schema& o, const Schema& n, Unit& unit, std::string& path, bool alpha, int depth,
                            unsigned roles) {
        const auto required_in = [](const Schema& s, std::string_view name) {
            return std::find(s.required.begin(), s.required.end(), name) != s.required.end();
        };
        std::vector<const Property*> removed;
        std::vector<const Property*> added;
        // Properties mostly keep their places: the same index is tried before a search.
        const auto counterpart = [](const Schema& in, std::size_t index, std::string_view name) {
            return index < in.properties.size() && in.properties[index].name == name ? &in.properties[index] : in.find_property(name);
        };
        for (std::size_t index = 0; index < o.properties.size(); ++index) {
            const auto& property = o.properties[index];
            const auto* other = counterpart(n, index, property.name);
            const PathScope field(path, ".", property.name);
            if (other == nullptr) {
                removed.push_back(&property);
                auto change = make(ChangeKind::field_removed, path, property.schema, property.schema);
                change.new_position = {};
                change.old_value = schema_summary(property.schema);
                change.lifecycle = lifecycle_of(property.schema);
                add(unit, std::move(change));
                continue;
            }
            const bool was_required = required_in(o, property.name);
            const bool is_required = required_in(n, property.name);
            if (was_required != is_required)
                emit(unit, is_required ? ChangeKind::field_became_required : ChangeKind::field_became_optional, path,
                     property.schema, other->schema, was_required, is_required);
            const auto before = lifecycle_of(property.schema);
            // The same description and no lifecycle extension on either side: the same lifecycle.
            const bool same_source = property.schema.description == other->schema.description && property.schema.lifecycle.empty() &&
                                     other->schema.lifecycle.empty();
            const auto after = same_source ? before : lifecycle_of(other->schema);
            compare_lifecycle(property.schema, other->schema, before, after, unit, path);
            const bool child_alpha = alpha || is_alpha(before) || is_alpha(after);
            compare(property.schema, other->schema, unit, path, child_alpha, depth + 1, roles);
        }
        for (std::size_t index = 0; index < n.properties.size(); ++index) {
            const auto& property = n.properties[index];
            if (counterpart(o, index, property.name) != nullptr) continue;
            added.push_back(&property);
            const auto child = path + "." + std::string(property.name);
            auto change = make(required_in(n, property.name) ? ChangeKind::field_added_required : ChangeKind::field_added, child,
                               property.schema, property.schema);
            change.old_position = {};
            change.new_value = schema_summary(property.schema);
            add(unit, std::move(change));
        }
        // A removed and an added field with the same schema in one object: perhaps a rename.
        if (removed.empty() || added.empty()) return;
        // By name, so which added field a removed one is matched with does not depend on key order.
        const auto by_name = [](const Property* a, const Property* b) { return a->name < b->name; };
        std::sort(removed.begin(), removed.end(), by_name);
        std::sort(added.begin(), added.end(), by_name);
        std::vector<json::value> added_summaries;
        for (const auto* fresh : added) added_summaries.push_back(schema_summary(fresh->schema));
        for (const auto* gone : removed) {
            const auto gone_summary = schema_summary(gone->schema);
            for (std::size_t i = 0; i < added.size(); ++i) {
                const auto* fresh = added[i];
                if (added_summaries[i] != gone_summary) continue;
                auto change = make(ChangeKind::field_possibly_renamed, path + "." + std::string(fresh->name), gone->schema, fresh->schema);
                change.old_value = json::value(gone->name);
                change.new_value = json::value(fresh->name);
                change.detail = std::string(gone->name) + " -> " + std::string(fresh->name);
                add(unit, std::move(change));
                break;
            }
        }
    }

    // ---- who reaches what --------------------------------------------------------

    struct Root {
        std::string from;
        bool is_kind = true;
        Stability stability = Stability::ga;
        Unit* unit = nullptr;
        unsigned roles = 0;
    };

    // Inside an operation: its parameters and request body are written by the client,
    // its responses by the server.
    static unsigned role_of_operation_path(const std::string& path) {
        if (path.starts_with("responses.")) return role_response;
        if (path.starts_with("parameters.") || path.starts_with("requestBody")) return role_request;
        return 0;
    }

    static unsigned role_of_kind_path(const std::string& path) {
        return path == ".status" || path.starts_with(".status.") || path.starts_with(".status[") ? role_status : role_spec;
    }

    // Units from which a change can be reached (by Unit::index); the walk from kinds and
    // operations enters no other, so an unchanged type graph costs nothing.
    std::vector<bool> units_leading_to_changes() const {
        std::vector<std::vector<std::size_t>> referrers(units_.size());
        for (const auto& unit : units_)
            for (const auto& edge : unit->edges) referrers[edge.target->index].push_back(unit->index);
        std::vector<bool> relevant(units_.size(), false);
        std::vector<std::size_t> stack;
        for (const auto& unit : units_)
            if (!unit->changes.empty()) {
                relevant[unit->index] = true;
                stack.push_back(unit->index);
            }
        while (!stack.empty()) {
            const auto index = stack.back();
            stack.pop_back();
            for (const auto referrer : referrers[index])
                if (!relevant[referrer]) {
                    relevant[referrer] = true;
                    stack.push_back(referrer);
                }
        }
        return relevant;
    }

    void propagate() {
        const auto relevant = units_leading_to_changes();
        // Only edges that lead to changes are walked. The walk's order decides which of
        // several paths to a change is shown; sorted edges make it the same whatever order
        // the documents write their keys in.
        for (auto& unit : units_) {
            if (!relevant[unit->index]) continue;
            std::erase_if(unit->edges, [&](const Unit::Edge& edge) { return !relevant[edge.target->index]; });
            std::sort(unit->edges.begin(), unit->edges.end(), [](const Unit::Edge& a, const Unit::Edge& b) {
                return std::tie(a.path, a.target->type, a.target->operation, a.alpha, a.roles) <
                       std::tie(b.path, b.target->type, b.target->operation, b.alpha, b.roles);
            });
        }
        // Kinds first: a type reached from a kind takes its roles from the kind; roles from
        // operations count only for types no kind reaches (generic OpenAPI). Then by name,
        // so that roots of one name, whose reaches merge, are walked one after another.
        std::vector<bool> reached_from_kind(units_.size(), false);
        std::stable_sort(roots_.begin(), roots_.end(),
                         [](const Root& a, const Root& b) { return std::tie(b.is_kind, a.from) < std::tie(a.is_kind, b.from); });
        // Which root (its number + 1) last entered a unit with each alpha and roles.
        constexpr std::size_t role_sets = 16;
        std::vector<std::uint32_t> entered(units_.size() * 2 * role_sets, 0);
        std::uint32_t root_number = 0;
        std::string prefix;  // the path from the root to the unit visited
        std::string full;    // a change's path from the root
        // A visit names the edge that led to it and the visit it came from: a path is
        // spelled out only for units with changes (most visits pass through).
        struct Visit {
            Unit* unit;
            std::uint32_t from_visit;
            const Unit::Edge* edge;  // null for the root
            bool alpha;
            unsigned roles;
        };
        std::vector<Visit> queue;  // breadth first: visits are taken from the front, in order
        std::vector<const Unit::Edge*> chain;
        const auto enter = [&](Unit* unit, bool alpha, unsigned roles) {
            // Marked when queued: breadth first, the first to queue a state is the first to take it.
            auto& mark = entered[(unit->index * 2 + (alpha ? 1 : 0)) * role_sets + (roles % role_sets)];
            if (mark == root_number) return false;
            mark = root_number;
            return true;
        };
        for (const auto& root : roots_) {
            if (!relevant[root.unit->index]) continue;  // it reaches no change
            ++root_number;
            queue.clear();
            enter(root.unit, false, 0);
            queue.push_back({root.unit, 0, nullptr, false, 0});
            for (std::size_t next = 0; next < queue.size(); ++next) {
                const auto visit = queue[next];
                if (root.is_kind) reached_from_kind[visit.unit->index] = true;
                const bool operation_only = !root.is_kind && reached_from_kind[visit.unit->index];
                if (!visit.unit->changes.empty()) {
                    chain.clear();
                    for (auto at = next; queue[at].edge != nullptr; at = queue[at].from_visit) chain.push_back(queue[at].edge);
                    prefix.clear();
                    for (auto edge = chain.rbegin(); edge != chain.rend(); ++edge) prefix += (*edge)->path;
                    for (auto& change : visit.unit->changes) {
                        full.assign(prefix).append(change.path);
                        const auto roles =
                            root.is_kind ? role_of_kind_path(full) : (visit.roles != 0 ? visit.roles : role_of_operation_path(full));
                        merge_reach(change, root, shown_path(full), roles, !operation_only, visit.alpha || is_alpha(change.lifecycle));
                    }
                }
                for (const auto& edge : visit.unit->edges) {
                    const auto roles = edge.roles != 0 ? edge.roles : visit.roles;
                    const bool alpha = visit.alpha || edge.alpha;
                    if (enter(edge.target, alpha, roles))
                        queue.push_back({edge.target, static_cast<std::uint32_t>(next), &edge, alpha, roles});
                }
            }
        }
        // Operation units' own changes (parameters, responses) are about the request or response.
        for (auto& unit : units_)
            for (auto& change : unit->changes)
                std::sort(change.reaches.begin(), change.reaches.end(),
                          [](const Reach& a, const Reach& b) { return std::tie(b.is_kind, a.from, a.path) < std::tie(a.is_kind, b.from, b.path); });
    }

    // One more way `root` reaches `change`: a new reach, or merged into the root's one.
    // Roots of one name are walked one after another, so a reach to merge with is the last.
    static void merge_reach(Change& change, const Root& root, std::string_view path, unsigned roles, bool judges, bool alpha_field) {
        if (change.reaches.empty() || change.reaches.back().from != root.from) {
            Reach reach;
            reach.from = root.from;
            reach.path = path;
            reach.is_kind = root.is_kind;
            reach.roles = roles;
            reach.judges = judges;
            reach.stability = root.stability;
            reach.alpha_field = alpha_field;
            change.reaches.push_back(std::move(reach));
            return;
        }
        auto& existing = change.reaches.back();
        existing.roles |= roles;
        existing.judges = existing.judges || judges;
        existing.alpha_field = existing.alpha_field && alpha_field;
        // The shortest path is shown (the first in text order among the shortest).
        if (std::pair(path.size(), path) < std::pair(existing.path.size(), std::string_view(existing.path))) existing.path = path;
    }

    const Snapshot& old_;
    const Snapshot& new_;
    const std::set<std::string> old_gvs_;  // group-versions with kinds, "group/version"
    const std::set<std::string> new_gvs_;
    bool lossy_ = false;
    std::vector<std::unique_ptr<Unit>> units_;
    const TypeIndex old_types_;
    const TypeIndex new_types_;
    using SchemaPair = std::pair<const Schema*, const Schema*>;
    std::unordered_map<SchemaPair, Unit*, boost::hash<SchemaPair>> type_units_;  // by the pair of named types
    struct Pending {
        Unit* unit;
        const Schema* old_schema;
        const Schema* new_schema;
    };
    std::deque<Pending> pending_;
    std::vector<std::function<void(Worker&)>> jobs_;  // comparisons of the units made up front
    std::vector<Root> roots_;
    std::vector<Change> surface_;
};

}  // namespace

DiffResult diff_snapshots(const Snapshot& old_snapshot, const Snapshot& new_snapshot, const Limits& limits) {
    auto result = Differ(old_snapshot, new_snapshot).run();
    if (result.changes.size() > limits.max_findings)
        throw InputError(new_snapshot.source, {},
                         "differs from " + old_snapshot.source + " in more than " + std::to_string(limits.max_findings) +
                             " places (" + limit_hint("max-findings") + ")");
    return result;
}

}  // namespace kompat
