// Kinds, versions, CRD facts and named types: what exists on one side only, and the
// pairs whose schemas are compared.
#include "diff/surface_diff.hpp"

#include "diff/kubernetes_compare.hpp"
#include "diff/schema_summary.hpp"
#include "support/ascii_case.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <optional>
#include <string>

namespace kompat {
namespace json = boost::json;

namespace {

bool has_group_kind(const Snapshot& snapshot, const GroupVersionKind& gvk) {
    return std::any_of(snapshot.kinds.begin(), snapshot.kinds.end(),
                       [&](const Kind& k) { return k.gvk.group == gvk.group && k.gvk.kind == gvk.kind && !is_auxiliary_kind(k); });
}

// The kind a List kind lists (`v1 Pod` for `v1 PodList`), when the snapshot has it.
const Kind* item_kind_of(const Snapshot& snapshot, const Kind& kind) {
    if (!kind.gvk.kind.ends_with("List") || kind.crd) return nullptr;
    auto base = kind.gvk;
    base.kind.resize(base.kind.size() - 4);
    return snapshot.find_kind(base);
}

// A List kind: named …List, with `items` and list metadata.
bool is_list_kind(const Snapshot& snapshot, const Kind& kind) {
    if (!kind.gvk.kind.ends_with("List") || kind.crd) return false;
    const auto& schema = snapshot.resolve(kind.schema);
    return schema.find_property("items") != nullptr && schema.find_property("metadata") != nullptr;
}

// Where clients of a removed version go: the same group and kind in the new snapshot,
// served and not deprecated where one is, then the most stable and newest.
const Kind* replacement_of(const Snapshot& side, const GroupVersionKind& removed) {
    const Kind* best = nullptr;
    std::tuple<bool, bool, int, int, int> best_rank{};
    for (const auto& kind : side.kinds) {
        if (kind.gvk.group != removed.group || kind.gvk.kind != removed.kind || kind.gvk.version == removed.version) continue;
        const auto [major, minor] = version_numbers(kind.gvk.version);
        const std::tuple<bool, bool, int, int, int> rank{kind.is_served(), !kind.crd || !kind.crd->deprecated,
                                                         static_cast<int>(kind.stability), major, minor};
        if (best == nullptr || rank > best_rank) {
            best = &kind;
            best_rank = rank;
        }
    }
    return best;
}

// How a kind version's removal is said. A CRD version no one could use (not served) leaves
// no client behind, but the API server refuses the update while a cluster still stores
// objects in it: with the cluster's state known, a stored one is crd-stored-version-removed
// (and said there alone) and one not stored is info.
std::optional<ChangeKind> removal_of(const Snapshot& new_side, const Kind& kind) {
    if (kind.is_served()) return has_group_kind(new_side, kind.gvk) ? ChangeKind::version_removed : ChangeKind::kind_removed;
    const auto& stored = kind.crd->stored_versions;
    if (stored.empty()) return ChangeKind::unserved_version_removed;
    if (std::find(stored.begin(), stored.end(), kind.gvk.version) != stored.end()) return std::nullopt;
    return ChangeKind::unstored_version_removed;
}

// A CRD version removed while a cluster may still store objects in it: how to find out.
std::string may_be_stored_aside(const Kind& kind) {
    return fmt::format(
        "the API server refuses the update while status.storedVersions holds {}: kubectl get crd {} -o "
        "jsonpath='{{.status.storedVersions}}'",
        kind.gvk.version, kind.crd->name.empty() ? kind.crd->plural + "." + kind.gvk.group : kind.crd->name);
}

void surface_change(const DiffContext& context, DiffPlan& plan, ChangeKind kind, const Kind& k, bool removed, bool whole_gv) {
    Change change;
    change.kind = kind;
    change.type = k.type_name;
    change.stability = k.stability;
    change.whole_group_version = whole_gv;
    const auto& side = removed ? context.old_side : context.new_side;
    (removed ? change.old_position : change.new_position) = context.position(side, k.location);
    (removed ? change.old_value : change.new_value) = json::value(k.gvk.to_string());
    if (kind == ChangeKind::version_removed)
        if (const auto* instead = replacement_of(context.new_side, k.gvk)) change.new_value = json::value(instead->gvk.to_string());
    if (kind == ChangeKind::unstored_version_removed) change.detail = fmt::format("{}", fmt::join(k.crd->stored_versions, ", "));
    else if (removed && k.crd && k.crd->stored_versions.empty() && kind != ChangeKind::kind_removed) change.aside = may_be_stored_aside(k);
    change.reaches.push_back(whole_kind_reach(k));
    plan.surface.push_back(std::move(change));
}

void diff_kind_pair(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan, const Kind& old_kind,
                    const Kind& new_kind) {
    auto& unit = graph.new_unit(old_kind.type_name, "");
    if (old_kind.crd && new_kind.crd && old_kind.crd->served != new_kind.crd->served) {
        Change change;
        change.kind = old_kind.crd->served ? ChangeKind::crd_version_unserved : ChangeKind::crd_version_served;
        change.old_value = old_kind.crd->served;
        change.new_value = new_kind.crd->served;
        change.old_position = context.position(context.old_side, old_kind.location);
        change.new_position = context.position(context.new_side, new_kind.location);
        change.detail = new_kind.gvk.to_string();
        add_change(unit, std::move(change));
    }
    if (old_kind.crd && new_kind.crd && new_kind.crd->served && !old_kind.crd->deprecated && new_kind.crd->deprecated) {
        Change change;
        change.kind = ChangeKind::crd_version_deprecated;
        change.old_value = false;
        // The warning clients get, when the CRD writes one; else the API server's default words.
        change.new_value = new_kind.crd->deprecation_warning.empty()
                               ? json::value(new_kind.gvk.group + "/" + new_kind.gvk.version + " " + new_kind.gvk.kind + " is deprecated")
                               : json::value(new_kind.crd->deprecation_warning);
        change.old_position = context.position(context.old_side, old_kind.location);
        change.new_position = context.position(context.new_side, new_kind.location);
        change.detail = new_kind.gvk.to_string();
        add_change(unit, std::move(change));
    }
    plan.roots.push_back({new_kind.gvk.to_string(), true, new_kind.stability, &unit, is_list_kind(context.new_side, new_kind)});
    // A version no longer served is said once, by that change: what changed inside it
    // breaks no client.
    if (!new_kind.is_served()) return;
    plan.jobs.push_back([&comparer, &old_kind, &new_kind, &unit](Worker&) {
        std::string path;
        comparer.compare(old_kind.schema, new_kind.schema, {unit, path});
    });
}

// The versions a cluster stores a CRD's objects in (OLD's status.storedVersions) against
// NEW's versions: the API server refuses a CRD update whose spec.versions lacks a stored
// version, and a stored version no longer served holds objects only the others serve.
void diff_stored_versions(const DiffContext& context, const Kind& old_kind, const std::map<std::string, const Kind*>& new_versions,
                          const Kind& new_kind, DiffPlan& plan) {
    const auto& stored = old_kind.crd->stored_versions;
    if (stored.empty()) return;
    std::vector<std::string> served;
    for (const auto& [version, kind] : new_versions)
        if (kind->is_served()) served.push_back(version);
    const auto detail = fmt::format("storedVersions {}; NEW serves {}", fmt::join(stored, ", "),
                                    served.empty() ? "none" : fmt::format("{}", fmt::join(served, ", ")));
    for (const auto& version : stored) {
        const auto found = new_versions.find(version);
        if (found != new_versions.end() && found->second->is_served()) continue;
        Change change;
        change.kind = found == new_versions.end() ? ChangeKind::crd_stored_version_removed : ChangeKind::crd_stored_version_unserved;
        change.type = new_kind.type_name;
        change.detail = detail;
        change.old_value = json::value(version);
        change.old_position = context.position(context.old_side, old_kind.location);
        change.new_position = context.position(context.new_side, (found != new_versions.end() ? *found->second : new_kind).location);
        change.stability = new_kind.stability;
        change.reaches.push_back(whole_kind_reach(new_kind));
        plan.surface.push_back(std::move(change));
    }
}

// What a cluster's state says of a storage version change: whether objects are still
// stored in a version other than the new storage version (they must be migrated before
// that version can go). "" without cluster state.
std::string stored_objects_aside(const std::vector<std::string>& stored, const std::string& new_storage) {
    if (stored.empty()) return {};
    std::vector<std::string> to_migrate;
    for (const auto& version : stored)
        if (version != new_storage) to_migrate.push_back(version);
    if (to_migrate.empty()) return fmt::format("the cluster's status.storedVersions holds only {}: nothing to migrate", new_storage);
    return fmt::format("the cluster still stores objects as {} (status.storedVersions {}): migrate them before {} is removed",
                       fmt::join(to_migrate, " and "), fmt::join(stored, ", "), fmt::join(to_migrate, " and "));
}

// What a CRD (group + kind) says of all its versions, on one side.
struct CrdFacts {
    const Kind* any = nullptr;
    std::string storage;
    const Kind* storage_kind = nullptr;
    std::map<std::string, const Kind*> versions;

    // The version a CRD-wide change is said at: the storage version, else the first.
    [[nodiscard]] const Kind& said_at() const { return storage_kind != nullptr ? *storage_kind : *any; }
};

std::map<std::pair<std::string, std::string>, CrdFacts> crd_facts_of(const Snapshot& snapshot) {
    std::map<std::pair<std::string, std::string>, CrdFacts> out;
    for (const auto& kind : snapshot.kinds) {
        if (!kind.crd) continue;
        auto& facts = out[{kind.gvk.group, kind.gvk.kind}];
        if (facts.any == nullptr) facts.any = &kind;
        facts.versions.emplace(kind.gvk.version, &kind);
        if (kind.crd->storage) {
            facts.storage = kind.gvk.version;
            facts.storage_kind = &kind;
        }
    }
    return out;
}

// One change to a CRD as a whole (its scope, storage version, names), said at its kind.
struct CrdChange {
    ChangeKind kind;
    json::value old_value;
    json::value new_value;
    const Kind& old_kind;
    const Kind& new_kind;
    std::string aside;
};

void add_crd_change(const DiffContext& context, DiffPlan& plan, const std::pair<std::string, std::string>& key, CrdChange crd_change) {
    Change change;
    change.kind = crd_change.kind;
    change.type = crd_change.new_kind.type_name;
    change.detail = key.first + " " + key.second;
    change.aside = std::move(crd_change.aside);
    change.old_value = std::move(crd_change.old_value);
    change.new_value = std::move(crd_change.new_value);
    change.old_position = context.position(context.old_side, crd_change.old_kind.location);
    change.new_position = context.position(context.new_side, crd_change.new_kind.location);
    change.stability = crd_change.new_kind.stability;
    change.reaches.push_back(whole_kind_reach(crd_change.new_kind));
    plan.surface.push_back(std::move(change));
}

// The names kubectl finds a CRD by: a short name or category removed breaks `kubectl get
// SHORT` and `kubectl get CATEGORY` in scripts; listKind and singular renamed break
// clients that spell them. Unset listKind and singular default as the API server does.
// With the cluster's status.acceptedNames known, the cluster decides: a name it accepts
// breaks there when NEW drops it, also one OLD no longer lists; one it never accepted (it
// conflicted with another resource's) breaks nobody there.
void diff_crd_names(const DiffContext& context, DiffPlan& plan, const std::pair<std::string, std::string>& key, const Kind& old_kind,
                    const Kind& new_kind) {
    const auto& before = *old_kind.crd;
    const auto& after = *new_kind.crd;
    const auto has = [](const std::vector<std::string>& names, const std::string& name) {
        return std::find(names.begin(), names.end(), name) != names.end();
    };
    auto removed = [&](const std::vector<std::string>& old_names, const std::vector<std::string>* accepted,
                       const std::vector<std::string>& new_names, ChangeKind kind, ChangeKind unaccepted) {
        auto report = [&](ChangeKind as, const std::string& name, std::string aside) {
            add_crd_change(context, plan, key, {as, json::value(name), nullptr, old_kind, new_kind, std::move(aside)});
        };
        for (const auto& name : old_names)
            if (!has(new_names, name)) report(accepted != nullptr && !has(*accepted, name) ? unaccepted : kind, name, std::string());
        if (accepted == nullptr) return;
        for (const auto& name : *accepted)
            if (!has(old_names, name) && !has(new_names, name))
                report(kind, name, "OLD no longer lists it, but the cluster's status.acceptedNames holds it");
    };
    const auto* accepted = before.accepted_names ? &*before.accepted_names : nullptr;
    removed(before.short_names, accepted != nullptr ? &accepted->short_names : nullptr, after.short_names,
            ChangeKind::crd_short_name_removed, ChangeKind::crd_unaccepted_short_name_removed);
    removed(before.categories, accepted != nullptr ? &accepted->categories : nullptr, after.categories, ChangeKind::crd_category_removed,
            ChangeKind::crd_unaccepted_category_removed);
    const auto list_kind = [&](const CrdVersion& crd) { return crd.list_kind.empty() ? key.second + "List" : crd.list_kind; };
    const auto singular = [&](const CrdVersion& crd) { return crd.singular.empty() ? ascii_lowered(key.second) : crd.singular; };
    if (list_kind(before) != list_kind(after))
        add_crd_change(context, plan, key,
                       {ChangeKind::crd_list_kind_changed, json::value(list_kind(before)), json::value(list_kind(after)), old_kind,
                        new_kind, std::string()});
    if (singular(before) != singular(after))
        add_crd_change(context, plan, key,
                       {ChangeKind::crd_singular_changed, json::value(singular(before)), json::value(singular(after)), old_kind, new_kind,
                        std::string()});
}

// Scope, storage version and names belong to a CRD (group + kind), not to one version.
void diff_crd_group_kinds(const DiffContext& context, DiffPlan& plan) {
    const auto old_facts = crd_facts_of(context.old_side);
    const auto new_facts = crd_facts_of(context.new_side);
    for (const auto& [key, before] : old_facts) {
        const auto found = new_facts.find(key);
        if (found == new_facts.end()) continue;
        const auto& after = found->second;
        const auto& old_crd = *before.any->crd;
        if (old_crd.scope != after.any->crd->scope)
            add_crd_change(context, plan, key,
                           {ChangeKind::crd_scope_changed, json::value(old_crd.scope), json::value(after.any->crd->scope), *before.any,
                            *after.any, std::string()});
        if (!before.storage.empty() && !after.storage.empty() && before.storage != after.storage) {
            const auto& stored = old_crd.stored_versions;
            const bool nothing_stored = !stored.empty() && std::all_of(stored.begin(), stored.end(), [&](const std::string& version) {
                return version == after.storage;
            });
            add_crd_change(
                context, plan, key,
                {nothing_stored ? ChangeKind::crd_storage_version_changed_nothing_stored : ChangeKind::crd_storage_version_changed,
                 json::value(before.storage), json::value(after.storage), *before.storage_kind, *after.storage_kind,
                 stored_objects_aside(stored, after.storage)});
        }
        // Names belong to every version: said at the storage version, the most stable one as a rule.
        diff_crd_names(context, plan, key, before.said_at(), after.said_at());
        diff_stored_versions(context, *before.any, after.versions, after.said_at(), plan);
    }
}

// A named type of one side alone (types synthesised for other pointers, named with '#',
// are not the user's definitions).
void definition_surface(const DiffContext& context, DiffPlan& plan, const std::string& name, const Schema& schema, bool removed) {
    if (name.find('#') != std::string::npos) return;
    Change change;
    change.kind = removed ? ChangeKind::definition_removed : ChangeKind::definition_added;
    change.type = name;
    (removed ? change.old_value : change.new_value) = schema_summary(schema);
    (removed ? change.old_position : change.new_position) =
        context.position(removed ? context.old_side : context.new_side, schema.location);
    plan.surface.push_back(std::move(change));
}

}  // namespace

Reach whole_kind_reach(const Kind& kind) {
    Reach reach;
    reach.from = kind.gvk.to_string();
    reach.path = ".";
    reach.stability = kind.stability;
    reach.at_root = true;
    return reach;
}

void diff_kinds(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan) {
    const auto& old_side = context.old_side;
    const auto& new_side = context.new_side;
    for (const auto& kind : old_side.kinds) {
        if (is_auxiliary_kind(kind)) continue;
        const auto* other = new_side.find_kind(kind.gvk);
        if (other == nullptr) {
            const bool whole = !context.new_group_versions.contains(kind.gvk.group + "/" + kind.gvk.version);
            // A List goes with its item kind, and is said with it.
            if (const auto* item = item_kind_of(old_side, kind); item != nullptr && new_side.find_kind(item->gvk) == nullptr) continue;
            if (const auto removed = removal_of(new_side, kind)) surface_change(context, plan, *removed, kind, true, whole);
            continue;
        }
        diff_kind_pair(context, comparer, graph, plan, kind, *other);
    }
    for (const auto& kind : new_side.kinds) {
        if (is_auxiliary_kind(kind) || old_side.find_kind(kind.gvk) != nullptr) continue;
        const bool whole = !context.old_group_versions.contains(kind.gvk.group + "/" + kind.gvk.version);
        if (const auto* item = item_kind_of(new_side, kind); item != nullptr && old_side.find_kind(item->gvk) == nullptr) continue;
        surface_change(context, plan, has_group_kind(old_side, kind.gvk) ? ChangeKind::version_added : ChangeKind::kind_added, kind, false,
                       whole);
    }
    diff_crd_group_kinds(context, plan);
}

void diff_definitions(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan) {
    merge_sorted(
        context.old_side.types, context.new_side.types, [](const auto& a, const auto& b) { return a.first.compare(b.first); },
        [&](const auto& only_old) { definition_surface(context, plan, only_old.first, only_old.second, true); },
        [&](const auto& only_new) { definition_surface(context, plan, only_new.first, only_new.second, false); },
        [&](const auto& before, const auto& after) {
            auto& unit = graph.new_unit(before.first, "");
            const auto* old_schema = &before.second;
            const auto* new_schema = &after.second;
            graph.type_units.emplace(std::pair(old_schema, new_schema), &unit);
            plan.jobs.push_back([&context, &comparer, old_schema, new_schema, &unit](Worker&) {
                std::string path;
                // A type's own stage ("Deprecated: This API is deprecated in v1.33+" on
                // Endpoints): its fields' stages are compared field by field.
                compare_lifecycle({context, *old_schema, *new_schema, unit, path}, context.lifecycle(*old_schema),
                                  context.lifecycle(*new_schema));
                comparer.compare(*old_schema, *new_schema, {unit, path});
            });
        });
}

}  // namespace kompat
