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

// Of a rule without its layout (cel_normalised).
bool is_immutability_rule(const std::string& normalised) { return normalised == "self==oldSelf" || normalised == "oldSelf==self"; }

}  // namespace

void compare_kubernetes_extensions(const DiffContext& context, const Schema& o, const Schema& n, Unit& unit, const std::string& path) {
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
            context.emit(unit, ChangeKind::list_map_keys_changed, path, o, n, strings_json(before.keys), strings_json(after.keys));
        }
    }
    compare_text(context, o.kubernetes().map_type, n.kubernetes().map_type, ChangeKind::map_type_changed, unit, path, o, n);
    compare_flag(context, o.preserve_unknown_fields, n.preserve_unknown_fields, ChangeKind::preserve_unknown_fields_added,
                 ChangeKind::preserve_unknown_fields_removed, unit, path, o, n);
    if (o.int_or_string != n.int_or_string)
        context.emit(unit, ChangeKind::int_or_string_changed, path, o, n, o.int_or_string, n.int_or_string);
    if (o.embedded_resource != n.embedded_resource)
        context.emit(unit, ChangeKind::embedded_resource_changed, path, o, n, o.embedded_resource, n.embedded_resource);
    // Strategic merge patch merges lists (and, with retainKeys, clears a struct's other
    // fields); on any other field a patch strategy does nothing (1.28 dropped one that
    // LabelSelectorRequirement.key had carried by mistake).
    const auto retains_keys = [](std::string_view strategy) { return strategy.find("retainKeys") != std::string_view::npos; };
    if (!said_with_list_type && (is_array || retains_keys(o.kubernetes().patch_strategy) || retains_keys(n.kubernetes().patch_strategy))) {
        compare_text(context, o.kubernetes().patch_strategy, n.kubernetes().patch_strategy, ChangeKind::patch_strategy_changed, unit, path,
                     o, n);
        compare_text(context, o.kubernetes().patch_merge_key, n.kubernetes().patch_merge_key, ChangeKind::patch_merge_key_changed, unit,
                     path, o, n);
    }
}

namespace {

bool is_required_in(const Schema& schema, std::string_view field) {
    return std::find(schema.required.begin(), schema.required.end(), field) != schema.required.end();
}

bool stopped_being_required(const Schema& o, const Schema& n, std::string_view field) {
    return is_required_in(o, field) && !is_required_in(n, field);
}

// The field `n` has and `o` has not, or nullptr.
const Property* added_property(const Schema& o, const Schema& n, std::string_view field) {
    const auto* added = n.find_property(field);
    return added != nullptr && o.find_property(field) == nullptr ? added : nullptr;
}

bool rule_is_new(const Schema& o, std::string_view normalised) {
    return std::none_of(o.kubernetes().validations.begin(), o.kubernetes().validations.end(),
                        [&](const ValidationRule& old_rule) { return cel_normalised(old_rule.rule) == normalised; });
}

// The old schema's reason a rule added holds for every value it admitted, when the rule
// is simple facts only (sizes, presence) and the old bounds, pattern or required list
// state each: `self.size() <= 128` where maxItems was 64. Nothing when any fact is not so.
std::optional<std::string> implied_by_old_schema(const Schema& o, std::string_view rule) {
    const auto facts = cel_simple_facts(rule);
    if (!facts) return std::nullopt;
    std::string reasons;
    for (const auto& fact : *facts) {
        const Schema* at = &o;
        if (!fact.field.empty()) {
            // Only a field every stored object has: the rule reads it.
            const auto* property = o.find_property(fact.field);
            if (property == nullptr || !is_required_in(o, fact.field)) return std::nullopt;
            at = &property->schema;
        }
        std::string reason;
        if (fact.what == CelFact::What::present) {
            reason = fact.field + " is required";
        } else {
            const auto& bounds = at->value_bounds();
            const auto type = at->type.size() == 1 ? at->type.front() : std::string_view();
            const bool upper = fact.what == CelFact::What::size_at_most;
            std::optional<std::uint64_t> bound;
            std::string_view keyword;
            if (type == "array") {
                bound = upper ? bounds.max_items : bounds.min_items;
                keyword = upper ? "maxItems" : "minItems";
            } else if (type == "object") {
                bound = upper ? bounds.max_properties : bounds.min_properties;
                keyword = upper ? "maxProperties" : "minProperties";
            } else if (type == "string") {
                bound = upper ? bounds.max_length : bounds.min_length;
                keyword = upper ? "maxLength" : "minLength";
            }
            const auto name = fact.field.empty() ? std::string() : " of " + fact.field;
            if (bound && (upper ? *bound <= fact.bound : *bound >= fact.bound)) {
                reason = std::string(keyword) + name + " was " + std::to_string(*bound);
            } else if (const auto lengths = type == "string" && bounds.pattern ? pattern_lengths(*bounds.pattern) : std::nullopt;
                       lengths && (upper ? lengths->most && *lengths->most <= fact.bound : lengths->fewest >= fact.bound)) {
                const auto count = upper ? *lengths->most : lengths->fewest;
                reason = "the pattern" + name + " matched " + (upper ? "at most " : "at least ") + std::to_string(count) +
                         (count == 1 ? " character" : " characters");
            } else {
                return std::nullopt;
            }
        }
        reasons += (reasons.empty() ? "" : ", ") + reason;
    }
    return reasons;
}

// What a rule added to an object does to the values stored before it. It reads only
// fields added in this change, each tested with has() or given a default: no stored
// object has them, so none fails it. Or one of its alternatives is a new field equal to
// that field's default (`self.scope == 'Legacy' || ...`): every stored object gets the
// default, so that alternative holds for it. It reads a field that was required and no longer
// is: the requirement moved into the rule (often "one of these two"), whose effect the
// schema cannot tell. Otherwise, it may refuse values that were valid.
ChangeKind added_rule_kind(const Schema& o, const Schema& n, std::string_view rule) {
    const auto fields = cel_self_fields(rule);
    if (!fields || fields->empty()) return ChangeKind::cel_rules_tightened;
    const bool replaces_required =
        std::any_of(fields->begin(), fields->end(), [&](const std::string& f) { return stopped_being_required(o, n, f); });
    if (replaces_required) return ChangeKind::required_replaced_by_cel_rule;
    const bool only_new_fields = std::all_of(fields->begin(), fields->end(), [&](const std::string& f) {
        const auto* added = added_property(o, n, f);
        return added != nullptr && (cel_tests_presence(rule, f) || added->schema.default_value != nullptr);
    });
    if (only_new_fields) return ChangeKind::cel_rule_on_new_fields;
    const auto disjuncts = cel_disjuncts(rule);
    const bool defaulted_alternative = disjuncts.size() > 1 && std::any_of(disjuncts.begin(), disjuncts.end(), [&](const std::string& d) {
                                           const auto equals = cel_field_equals(d);
                                           if (!equals) return false;
                                           const auto* added = added_property(o, n, equals->first);
                                           return added != nullptr && added->schema.default_value != nullptr &&
                                                  json::serialize(*added->schema.default_value) == equals->second;
                                       });
    return defaulted_alternative ? ChangeKind::cel_rule_on_new_fields : ChangeKind::cel_rules_tightened;
}

}  // namespace

bool requirement_moved_into_rule(const Schema& o, const Schema& n, std::string_view field) {
    if (!stopped_being_required(o, n, field)) return false;
    return std::any_of(n.kubernetes().validations.begin(), n.kubernetes().validations.end(), [&](const ValidationRule& rule) {
        const auto fields = cel_self_fields(rule.rule);
        return fields && std::find(fields->begin(), fields->end(), field) != fields->end() && rule_is_new(o, cel_normalised(rule.rule));
    });
}

void compare_validations(const DiffContext& context, const Schema& o, const Schema& n, Unit& unit, const std::string& path) {
    if (o.kubernetes().validations.empty() && n.kubernetes().validations.empty()) return;
    struct Entry {
        std::string text;  // the rule, whitespace collapsed: how reports show it
        const ValidationRule* rule;
        std::size_t position;
    };
    // Keyed by the rule without its layout (cel_normalised): a rule re-wrapped is the same.
    const auto entries = [](const std::vector<ValidationRule>& rules) {
        std::map<std::string, Entry> out;
        for (std::size_t i = 0; i < rules.size(); ++i)
            out.emplace(cel_normalised(rules[i].rule), Entry{whitespace_collapsed(rules[i].rule), &rules[i], i});
        return out;
    };
    const auto before = entries(o.kubernetes().validations);
    const auto after = entries(n.kubernetes().validations);
    std::vector<const Entry*> removed;
    std::vector<const Entry*> added;
    for (const auto& [key, entry] : before)
        if (!after.contains(key)) removed.push_back(&entry);
    for (const auto& [key, entry] : after) {
        const auto found = before.find(key);
        if (found == before.end()) {
            if (is_immutability_rule(key))
                context.emit(unit, ChangeKind::field_became_immutable, path, o, n, nullptr, json::value(entry.rule->rule), entry.text);
            else added.push_back(&entry);
        } else if (found->second.rule->message != entry.rule->message ||
                   found->second.rule->message_expression != entry.rule->message_expression) {
            context.emit(unit, ChangeKind::description_changed, path, o, n, json::value(found->second.rule->message),
                         json::value(entry.rule->message), "x-kubernetes-validations message of " + entry.text);
        }
    }
    // A rule rewritten is one change showing both expressions: paired by its message, then
    // by its fieldPath, then by its place in the list, then as the only two left.
    const auto pair_by = [&](auto same) {
        for (auto& gone : removed) {
            if (gone == nullptr) continue;
            for (auto& fresh : added) {
                if (fresh == nullptr || !same(*gone, *fresh)) continue;
                const auto& rule = *fresh->rule;
                const auto detail = !rule.message.empty()      ? std::string(rule.message)
                                    : !rule.field_path.empty() ? std::string(rule.field_path)
                                                               : "rule " + std::to_string(fresh->position + 1);
                context.emit(unit, ChangeKind::cel_rule_changed, path, o, n, json::value(gone->rule->rule), json::value(rule.rule), detail);
                gone = nullptr;
                fresh = nullptr;
                break;
            }
        }
    };
    pair_by([](const Entry& a, const Entry& b) { return !a.rule->message.empty() && a.rule->message == b.rule->message; });
    pair_by([](const Entry& a, const Entry& b) { return !a.rule->field_path.empty() && a.rule->field_path == b.rule->field_path; });
    pair_by([](const Entry& a, const Entry& b) { return a.position == b.position; });
    // One rule gone and one come at the same place, whatever else: one rule rewritten.
    const auto left = [](const std::vector<const Entry*>& entries) {
        return std::count_if(entries.begin(), entries.end(), [](const Entry* e) { return e != nullptr; });
    };
    if (left(removed) == 1 && left(added) == 1) pair_by([](const Entry&, const Entry&) { return true; });
    for (const auto* entry : added) {
        if (entry == nullptr) continue;
        if (const auto reason = implied_by_old_schema(o, entry->rule->rule))
            context.emit(unit, ChangeKind::cel_rule_implied_by_schema, path, o, n, nullptr, json::value(entry->rule->rule), *reason);
        else context.emit(unit, added_rule_kind(o, n, entry->rule->rule), path, o, n, nullptr, json::value(entry->rule->rule), entry->text);
    }
    for (const auto* entry : removed)
        if (entry != nullptr)
            context.emit(unit, ChangeKind::cel_rules_relaxed, path, o, n, json::value(entry->rule->rule), nullptr, entry->text);
}

void compare_lifecycle(const DiffContext& context, const Schema& o, const Schema& n, const Lifecycle& before, const Lifecycle& after,
                       Unit& unit, const std::string& path) {
    if (before.status == after.status && before.feature_gate == after.feature_gate) return;
    // A copied core type's stages are Kubernetes' news, not the CRD's: say less rather than be wrong.
    if (before.copied || after.copied) return;
    // A field no marker holds back is GA: a marker that goes is a promotion to GA.
    const auto status_json = [](const Lifecycle& l) {
        return l.status == LifecycleStatus::none ? json::value("ga") : json::value(to_string(l.status));
    };
    const auto rank = [](LifecycleStatus s) { return s == LifecycleStatus::alpha ? 0 : s == LifecycleStatus::beta ? 1 : 2; };
    if (after.status == LifecycleStatus::deprecated && before.status != LifecycleStatus::deprecated) {
        context.emit(unit, ChangeKind::lifecycle_deprecated, path, o, n, status_json(before), status_json(after));
    } else if (before.status != LifecycleStatus::deprecated && after.status != LifecycleStatus::deprecated &&
               before.status != after.status) {
        // A stage sentence gone from a description says no stage, not GA: Kubernetes drops
        // stale "(Beta feature)" text releases after the promotion (Volume.csi in 1.32).
        const auto kind = rank(after.status) <= rank(before.status)                  ? ChangeKind::lifecycle_demoted
                          : after.status == LifecycleStatus::none && before.inferred ? ChangeKind::lifecycle_stage_unstated
                                                                                     : ChangeKind::lifecycle_promoted;
        context.emit(unit, kind, path, o, n, status_json(before), status_json(after));
    }
    if (!before.feature_gate.empty() && !after.feature_gate.empty() && before.feature_gate != after.feature_gate)
        context.emit(unit, ChangeKind::feature_gate_changed, path, o, n, json::value(before.feature_gate), json::value(after.feature_gate));
}

}  // namespace kompat
