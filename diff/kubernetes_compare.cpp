#include "diff/kubernetes_compare.hpp"

#include <boost/json/serialize.hpp>

#include "diff/cel_text.hpp"
#include "diff/pattern_compare.hpp"

#include "diff/value_compare.hpp"
#include "support/json_values.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <vector>

namespace kompat {
namespace json = boost::json;

namespace {

// How server-side apply merges a list. An absent x-kubernetes-list-type falls back to the
// patch strategy, as kube-openapi's schemaconv does (getListElementRelationship): a
// strategy holding `merge` with a merge key K is a map keyed by [K], `merge` alone a set,
// anything else atomic.
struct ListSemantics {
    std::string_view type;
    std::vector<std::string_view> keys;  // for a map
    bool from_patch_strategy = false;
    bool operator==(const ListSemantics& other) const { return type == other.type && keys == other.keys; }
    [[nodiscard]] std::string text() const { return std::string(type) + (from_patch_strategy ? " (by x-kubernetes-patch-strategy)" : ""); }
};

bool merges_by_patch_strategy(std::string_view strategy) {
    while (!strategy.empty()) {
        const auto comma = strategy.find(',');
        if (strategy.substr(0, comma) == "merge") return true;
        if (comma == std::string_view::npos) break;
        strategy.remove_prefix(comma + 1);
    }
    return false;
}

ListSemantics list_semantics_of(const Schema& schema) {
    if (!schema.kubernetes().list_type.empty())
        return {schema.kubernetes().list_type,
                schema.kubernetes().list_type == "map" ? schema.kubernetes().list_map_keys : std::vector<std::string_view>{}, false};
    if (merges_by_patch_strategy(schema.kubernetes().patch_strategy)) {
        if (schema.kubernetes().patch_merge_key.empty()) return {"set", {}, true};
        return {"map", {schema.kubernetes().patch_merge_key}, true};
    }
    return {"atomic", {}, false};
}

}  // namespace

void compare_kubernetes_extensions(const SchemaSite& at) {
    const auto& context = at.context;
    const auto& o = at.o;
    const auto& n = at.n;
    auto& unit = at.unit;
    const auto& path = at.path;
    const bool is_array = std::find(n.type.begin(), n.type.end(), "array") != n.type.end() ||
                          std::find(o.type.begin(), o.type.end(), "array") != o.type.end();
    // A list whose semantics come from its patch strategy: one edit of the strategy (or
    // its merge key) changes strategic merge patch and server-side apply at once, and is
    // one finding that names both.
    bool said_with_list_type = false;
    if (is_array) {
        const auto before = list_semantics_of(o);
        const auto after = list_semantics_of(n);
        const auto& old_strategy = o.kubernetes().patch_strategy;
        const auto& new_strategy = n.kubernetes().patch_strategy;
        said_with_list_type = before != after && (before.from_patch_strategy || after.from_patch_strategy);
        const auto shown = [&](const ListSemantics& semantics, std::string_view strategy) {
            if (!said_with_list_type) return json::value(semantics.type);
            return json::value(std::string(semantics.type) +
                               " (x-kubernetes-patch-strategy: " + (strategy.empty() ? std::string("none") : std::string(strategy)) + ")");
        };
        if (before.type != after.type) {
            // atomic → set/map makes the list mergeable (server-side apply): its keys come with it.
            const auto kind = before.type == "atomic" ? ChangeKind::list_type_became_mergeable : ChangeKind::list_type_changed;
            auto change = context.make(kind, path, o, n);
            change.old_value = shown(before, old_strategy);
            change.new_value = shown(after, new_strategy);
            change.detail = before.text() + " -> " + after.text();
            add_change(unit, std::move(change));
        } else if (before != after) {
            at.emit(ChangeKind::list_map_keys_changed, strings_json(before.keys), strings_json(after.keys));
        }
    }
    compare_text(at, o.kubernetes().map_type, n.kubernetes().map_type, ChangeKind::map_type_changed);
    compare_flag(at, o.preserve_unknown_fields, n.preserve_unknown_fields, ChangeKind::preserve_unknown_fields_added,
                 ChangeKind::preserve_unknown_fields_removed);
    if (o.int_or_string != n.int_or_string) at.emit(ChangeKind::int_or_string_changed, o.int_or_string, n.int_or_string);
    if (o.embedded_resource != n.embedded_resource)
        at.emit(ChangeKind::embedded_resource_changed, o.embedded_resource, n.embedded_resource);
    // Strategic merge patch merges lists (and, with retainKeys, clears a struct's other
    // fields); on any other field a patch strategy does nothing (1.28 dropped one that
    // LabelSelectorRequirement.key had carried by mistake).
    const auto retains_keys = [](std::string_view strategy) { return strategy.find("retainKeys") != std::string_view::npos; };
    if (!said_with_list_type && (is_array || retains_keys(o.kubernetes().patch_strategy) || retains_keys(n.kubernetes().patch_strategy))) {
        compare_text(at, o.kubernetes().patch_strategy, n.kubernetes().patch_strategy, ChangeKind::patch_strategy_changed);
        compare_text(at, o.kubernetes().patch_merge_key, n.kubernetes().patch_merge_key, ChangeKind::patch_merge_key_changed);
    }
}

void compare_lifecycle(const SchemaSite& at, const Lifecycle& before, const Lifecycle& after) {
    if (before.status == after.status && before.feature_gate == after.feature_gate) return;
    // A copied core type's stages are Kubernetes' news, not the CRD's: say less rather than be wrong.
    if (before.copied || after.copied) return;
    // A field no marker holds back is GA: a marker that goes is a promotion to GA.
    const auto status_json = [](const Lifecycle& l) {
        return l.status == LifecycleStatus::none ? json::value("ga") : json::value(to_string(l.status));
    };
    const auto rank = [](LifecycleStatus s) { return s == LifecycleStatus::alpha ? 0 : s == LifecycleStatus::beta ? 1 : 2; };
    if (after.status == LifecycleStatus::deprecated && before.status != LifecycleStatus::deprecated) {
        at.emit(ChangeKind::lifecycle_deprecated, status_json(before), status_json(after));
    } else if (before.status != LifecycleStatus::deprecated && after.status != LifecycleStatus::deprecated &&
               before.status != after.status) {
        // A stage sentence gone from a description says no stage, not GA: Kubernetes drops
        // stale "(Beta feature)" text releases after the promotion (Volume.csi in 1.32).
        // A stage stated where none was is no demotion: no stage stated was never a promise
        // of GA (a field Kubernetes adds as alpha often says so a release later).
        const auto kind = before.status == LifecycleStatus::none                     ? ChangeKind::lifecycle_stage_stated
                          : rank(after.status) <= rank(before.status)                ? ChangeKind::lifecycle_demoted
                          : after.status == LifecycleStatus::none && before.inferred ? ChangeKind::lifecycle_stage_unstated
                                                                                     : ChangeKind::lifecycle_promoted;
        at.emit(kind, status_json(before), status_json(after));
    }
    if (!before.feature_gate.empty() && !after.feature_gate.empty() && before.feature_gate != after.feature_gate)
        at.emit(ChangeKind::feature_gate_changed, json::value(before.feature_gate), json::value(after.feature_gate));
}

}  // namespace kompat
