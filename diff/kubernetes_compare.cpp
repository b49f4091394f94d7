#include "diff/kubernetes_compare.hpp"

#include "diff/value_compare.hpp"
#include "load/json_values.hpp"

#include <algorithm>
#include <map>
#include <string_view>

namespace kompat {
namespace json = boost::json;

namespace {

// An `atomic` list is what an absent x-kubernetes-list-type means.
std::string_view list_type_of(const Schema& schema) {
    if (!schema.list_type.empty()) return schema.list_type;
    return "atomic";
}

std::string normalized_rule(std::string_view rule) {
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

bool is_immutability_rule(const std::string& rule) { return rule == "self == oldSelf" || rule == "oldSelf == self"; }

}  // namespace

void compare_kubernetes_extensions(const DiffContext& context, const Schema& o, const Schema& n, Unit& unit,
                                   const std::string& path) {
    const bool is_array = std::find(n.type.begin(), n.type.end(), "array") != n.type.end() ||
                          std::find(o.type.begin(), o.type.end(), "array") != o.type.end();
    if (is_array) {
        const auto before = list_type_of(o);
        const auto after = list_type_of(n);
        if (before != after) {
            // atomic → set/map makes the list mergeable (server-side apply): its keys come with it.
            const auto kind = before == "atomic" ? ChangeKind::list_type_became_mergeable : ChangeKind::list_type_changed;
            auto change = context.make(kind, path, o, n);
            change.old_value = json::value(before);
            change.new_value = json::value(after);
            change.detail = std::string(before) + " -> " + std::string(after);
            add_change(unit, std::move(change));
        } else if (after == "map" && o.list_map_keys != n.list_map_keys) {
            context.emit(unit, ChangeKind::list_map_keys_changed, path, o, n, strings_json(o.list_map_keys), strings_json(n.list_map_keys));
        }
    }
    compare_text(context, o.map_type, n.map_type, ChangeKind::map_type_changed, unit, path, o, n);
    compare_flag(context, o.preserve_unknown_fields, n.preserve_unknown_fields, ChangeKind::preserve_unknown_fields_added,
                 ChangeKind::preserve_unknown_fields_removed, unit, path, o, n);
    if (o.int_or_string != n.int_or_string)
        context.emit(unit, ChangeKind::int_or_string_changed, path, o, n, o.int_or_string, n.int_or_string);
    if (o.embedded_resource != n.embedded_resource)
        context.emit(unit, ChangeKind::embedded_resource_changed, path, o, n, o.embedded_resource, n.embedded_resource);
    compare_text(context, o.patch_strategy, n.patch_strategy, ChangeKind::patch_strategy_changed, unit, path, o, n);
    compare_text(context, o.patch_merge_key, n.patch_merge_key, ChangeKind::patch_merge_key_changed, unit, path, o, n);
}

void compare_validations(const DiffContext& context, const Schema& o, const Schema& n, Unit& unit, const std::string& path) {
    std::map<std::string, const ValidationRule*> before;
    std::map<std::string, const ValidationRule*> after;
    for (const auto& rule : o.validations) before.emplace(normalized_rule(rule.rule), &rule);
    for (const auto& rule : n.validations) after.emplace(normalized_rule(rule.rule), &rule);
    for (const auto& [text, rule] : after) {
        const auto found = before.find(text);
        if (found == before.end()) {
            context.emit(unit, is_immutability_rule(text) ? ChangeKind::field_became_immutable : ChangeKind::cel_rules_tightened, path,
                         o, n, nullptr, json::value(rule->rule), text);
        } else if (found->second->message != rule->message || found->second->message_expression != rule->message_expression) {
            context.emit(unit, ChangeKind::description_changed, path, o, n, json::value(found->second->message),
                         json::value(rule->message), "x-kubernetes-validations message of " + text);
        }
    }
    for (const auto& [text, rule] : before)
        if (!after.contains(text)) context.emit(unit, ChangeKind::cel_rules_relaxed, path, o, n, json::value(rule->rule), nullptr, text);
}

void compare_lifecycle(const DiffContext& context, const Schema& o, const Schema& n, const Lifecycle& before, const Lifecycle& after,
                       Unit& unit, const std::string& path) {
    if (before.status == after.status && before.feature_gate == after.feature_gate) return;
    const auto status_json = [](const Lifecycle& l) {
        return l.status == LifecycleStatus::none ? json::value(nullptr) : json::value(to_string(l.status));
    };
    const auto rank = [](LifecycleStatus s) { return s == LifecycleStatus::alpha ? 0 : s == LifecycleStatus::beta ? 1 : 2; };
    if (after.status == LifecycleStatus::deprecated && before.status != LifecycleStatus::deprecated) {
        context.emit(unit, ChangeKind::lifecycle_deprecated, path, o, n, status_json(before), status_json(after));
    } else if (before.status != LifecycleStatus::deprecated && after.status != LifecycleStatus::deprecated &&
               before.status != after.status) {
        context.emit(unit, rank(after.status) > rank(before.status) ? ChangeKind::lifecycle_promoted : ChangeKind::lifecycle_demoted,
                     path, o, n, status_json(before), status_json(after));
    }
    if (!before.feature_gate.empty() && !after.feature_gate.empty() && before.feature_gate != after.feature_gate)
        context.emit(unit, ChangeKind::feature_gate_changed, path, o, n, json::value(before.feature_gate), json::value(after.feature_gate));
}

}  // namespace kompat
