// x-kubernetes-validations compared rule by rule: paired by their text (layout aside), a
// rule rewritten paired by its message, fieldPath or place, and a rule added judged by what
// it does to the values stored before it (implied by the old schema, on new fields only,
// the requirement it replaces, or a tightening).
#include "diff/validation_rules_compare.hpp"

#include <boost/json/serialize.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "diff/cel_old_objects.hpp"
#include "diff/cel_text.hpp"
#include "diff/pattern_compare.hpp"
#include "support/whitespace.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

namespace kompat {
namespace json = boost::json;

namespace {

// A rule of x-kubernetes-validations on one side.
struct RuleEntry {
    std::string text;  // the rule, whitespace collapsed: how reports show it
    const ValidationRule* rule;
    std::size_t position;
};

// Of a rule without its layout (cel_normalised).
bool is_immutability_rule(const std::string& normalised) { return normalised == "self==oldSelf" || normalised == "oldSelf==self"; }

bool stopped_being_required(const Schema& o, const Schema& n, std::string_view field) {
    return o.requires_property(field) && !n.requires_property(field);
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

// The old schema's bound (or pattern) that keeps a size fact of a rule at `at`:
// "maxItems of ports was 64". Nothing when the old schema does not state it.
std::optional<std::string> size_reason(const Schema& at, const CelFact& fact) {
    const auto& bounds = at.value_bounds();
    const auto type = at.type.size() == 1 ? at.type.front() : std::string_view();
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
    if (bound && (upper ? *bound <= fact.bound : *bound >= fact.bound))
        return std::string(keyword) + name + " was " + std::to_string(*bound);
    const auto lengths = type == "string" && bounds.pattern ? pattern_lengths(*bounds.pattern) : std::nullopt;
    if (!lengths || !(upper ? lengths->most && *lengths->most <= fact.bound : lengths->fewest >= fact.bound)) return std::nullopt;
    const auto count = upper ? *lengths->most : lengths->fewest;
    return "the pattern" + name + " matched " + (upper ? "at most " : "at least ") + std::to_string(count) +
           (count == 1 ? " character" : " characters");
}

// The old schema's reason one fact of a rule holds for every value it admitted.
std::optional<std::string> fact_reason(const Schema& o, const CelFact& fact) {
    const Schema* at = &o;
    if (!fact.field.empty()) {
        // Only a field every stored object has: the rule reads it.
        const auto* property = o.find_property(fact.field);
        if (property == nullptr || !o.requires_property(fact.field)) return std::nullopt;
        at = &property->schema;
    }
    if (fact.what == CelFact::What::present) return fact.field + " is required";
    return size_reason(*at, fact);
}

// The old schema's reason a rule added holds for every value it admitted, when the rule
// is simple facts only (sizes, presence) and the old bounds, pattern or required list
// state each: `self.size() <= 128` where maxItems was 64. Nothing when any fact is not so.
std::optional<std::string> implied_by_old_schema(const Schema& o, std::string_view rule) {
    const auto facts = cel_simple_facts(rule);
    if (!facts) return std::nullopt;
    std::string reasons;
    for (const auto& fact : *facts) {
        const auto reason = fact_reason(o, fact);
        if (!reason) return std::nullopt;
        reasons += (reasons.empty() ? "" : ", ") + *reason;
    }
    return reasons;
}

// A list in words: "`a`", "`a` and `b`", "`a`, `b` and `c`".
std::string in_words(const std::vector<std::string>& items) {
    if (items.size() < 2) return items.empty() ? std::string() : items.front();
    return fmt::format("{} and {}", fmt::join(items.begin(), items.end() - 1, ", "), items.back());
}

// What a rule added does to the values stored before it, and why.
struct AddedRule {
    ChangeKind kind;
    std::string detail;
};

// The shapes the evaluation cannot decide, judged as before it: a rule that reads only
// fields added in this change, each tested with has() or given a default, or one of whose
// alternatives is a new field equal to that field's default (`self.scope == 'Legacy' ||
// ...`): every stored object gets the default, so that alternative holds for it.
bool reads_only_new_fields(const Schema& o, const Schema& n, std::string_view rule, const std::vector<std::string>& fields) {
    const bool only_new_fields = std::all_of(fields.begin(), fields.end(), [&](const std::string& f) {
        const auto* added = added_property(o, n, f);
        return added != nullptr && (cel_tests_presence(rule, f) || added->schema.default_value != nullptr);
    });
    if (only_new_fields) return true;
    const auto disjuncts = cel_disjuncts(rule);
    return disjuncts.size() > 1 && std::any_of(disjuncts.begin(), disjuncts.end(), [&](const std::string& d) {
               const auto equals = cel_field_equals(d);
               if (!equals) return false;
               const auto* added = added_property(o, n, equals->first);
               return added != nullptr && added->schema.default_value != nullptr &&
                      json::serialize(*added->schema.default_value) == equals->second;
           });
}

// A rule that reads a field that was required and no longer is: the requirement moved
// into the rule (often "one of these two"), whose effect the schema cannot tell. Else the
// rule evaluated over the old objects (cel_old_objects.hpp): true for each of them is
// harmless, false or an error for some is a tightening; undecided, the shapes above.
AddedRule added_rule(const Schema& o, const Schema& n, const RuleEntry& entry) {
    const auto& rule = entry.rule->rule;
    if (auto reason = implied_by_old_schema(o, rule)) return {ChangeKind::cel_rule_implied_by_schema, std::move(*reason)};
    const auto fields = cel_self_fields(rule);
    if (fields && std::any_of(fields->begin(), fields->end(), [&](const std::string& f) { return stopped_being_required(o, n, f); }))
        return {ChangeKind::required_replaced_by_cel_rule, entry.text};
    const auto evaluation = cel_on_old_objects(o, n, rule);
    using Outcome = CelOnOldObjects::Outcome;
    if (evaluation.outcome == Outcome::every_object_passes && !evaluation.new_in_new.empty())
        return {ChangeKind::cel_rule_on_new_fields,
                fmt::format("{} {} new", in_words(evaluation.new_in_new), evaluation.new_in_new.size() == 1 ? "is" : "are")};
    if (evaluation.outcome == Outcome::every_object_passes)
        return {ChangeKind::cel_rule_implied_by_schema,
                evaluation.old_schema.empty() ? "it holds for every value" : in_words(evaluation.old_schema)};
    if (evaluation.outcome == Outcome::undecided && fields && !fields->empty() && reads_only_new_fields(o, n, rule, *fields))
        return {ChangeKind::cel_rule_on_new_fields, "the new fields it reads are absent from it or defaulted"};
    return {ChangeKind::cel_rules_tightened, entry.text};
}

}  // namespace

bool requirement_moved_into_rule(const Schema& o, const Schema& n, std::string_view field) {
    if (!stopped_being_required(o, n, field)) return false;
    return std::any_of(n.kubernetes().validations.begin(), n.kubernetes().validations.end(), [&](const ValidationRule& rule) {
        const auto fields = cel_self_fields(rule.rule);
        return fields && std::find(fields->begin(), fields->end(), field) != fields->end() && rule_is_new(o, cel_normalised(rule.rule));
    });
}

namespace {

// Keyed by the rule without its layout (cel_normalised): a rule re-wrapped is the same.
std::map<std::string, RuleEntry> rule_entries(const std::vector<ValidationRule>& rules) {
    std::map<std::string, RuleEntry> out;
    for (std::size_t i = 0; i < rules.size(); ++i)
        out.emplace(cel_normalised(rules[i].rule), RuleEntry{whitespace_collapsed(rules[i].rule), &rules[i], i});
    return out;
}

// The rules one side has and the other has not; a rule paired as rewritten is set to null.
struct RuleEdits {
    std::vector<const RuleEntry*> removed;
    std::vector<const RuleEntry*> added;
};

// A change about one rule, the rule's own message said aside when it has one: it is
// often what decides a reviewer's question ("must be at most 128 characters").
void emit_about_rule(const SchemaSite& at, ChangeKind kind, json::value old_rule, json::value new_rule, std::string detail,
                     const ValidationRule& rule) {
    at.emit(kind, std::move(old_rule), std::move(new_rule), std::move(detail),
            rule.message.empty() ? std::string() : fmt::format("its message: \"{}\"", rule.message));
}

// A rule rewritten is one change showing both expressions: each removed rule paired with
// the first added rule `same` pairs it with.
template <typename Same>
void pair_rewritten(const SchemaSite& at, RuleEdits& edits, Same same) {
    for (auto& gone : edits.removed) {
        if (gone == nullptr) continue;
        for (auto& fresh : edits.added) {
            if (fresh == nullptr || !same(*gone, *fresh)) continue;
            const auto& rule = *fresh->rule;
            const auto detail = !rule.message.empty()      ? std::string(rule.message)
                                : !rule.field_path.empty() ? std::string(rule.field_path)
                                                           : "rule " + std::to_string(fresh->position + 1);
            emit_about_rule(at, ChangeKind::cel_rule_changed, json::value(gone->rule->rule), json::value(rule.rule), detail, rule);
            gone = nullptr;
            fresh = nullptr;
            break;
        }
    }
}

// Rules only one side has, an immutability rule added apart; a message changed on a rule kept.
RuleEdits rule_edits(const SchemaSite& at, const std::map<std::string, RuleEntry>& before, const std::map<std::string, RuleEntry>& after) {
    RuleEdits edits;
    for (const auto& [key, entry] : before)
        if (!after.contains(key)) edits.removed.push_back(&entry);
    for (const auto& [key, entry] : after) {
        const auto found = before.find(key);
        if (found == before.end()) {
            if (is_immutability_rule(key)) at.emit(ChangeKind::field_became_immutable, nullptr, json::value(entry.rule->rule), entry.text);
            else edits.added.push_back(&entry);
        } else if (found->second.rule->message != entry.rule->message ||
                   found->second.rule->message_expression != entry.rule->message_expression) {
            at.emit(ChangeKind::description_changed, json::value(found->second.rule->message), json::value(entry.rule->message),
                    "x-kubernetes-validations message of " + entry.text);
        }
    }
    return edits;
}

std::ptrdiff_t unpaired(const std::vector<const RuleEntry*>& entries) {
    return std::count_if(entries.begin(), entries.end(), [](const RuleEntry* e) { return e != nullptr; });
}

}  // namespace

void compare_validations(const SchemaSite& at) {
    const auto& o = at.o;
    const auto& n = at.n;
    if (o.kubernetes().validations.empty() && n.kubernetes().validations.empty()) return;
    // The edits point into both sides' entries.
    const auto before = rule_entries(o.kubernetes().validations);
    const auto after = rule_entries(n.kubernetes().validations);
    auto edits = rule_edits(at, before, after);
    // Paired by its message, then by its fieldPath, then by its place in the list, then as
    // the only two left (one rule gone and one come at the same place, whatever else).
    const auto pair_by = [&](auto same) { pair_rewritten(at, edits, same); };
    pair_by([](const RuleEntry& a, const RuleEntry& b) { return !a.rule->message.empty() && a.rule->message == b.rule->message; });
    pair_by([](const RuleEntry& a, const RuleEntry& b) { return !a.rule->field_path.empty() && a.rule->field_path == b.rule->field_path; });
    pair_by([](const RuleEntry& a, const RuleEntry& b) { return a.position == b.position; });
    if (unpaired(edits.removed) == 1 && unpaired(edits.added) == 1) pair_by([](const RuleEntry&, const RuleEntry&) { return true; });
    for (const auto* entry : edits.added) {
        if (entry == nullptr) continue;
        const auto verdict = added_rule(o, n, *entry);
        emit_about_rule(at, verdict.kind, nullptr, json::value(entry->rule->rule), verdict.detail, *entry->rule);
    }
    for (const auto* entry : edits.removed)
        if (entry != nullptr)
            emit_about_rule(at, ChangeKind::cel_rules_relaxed, json::value(entry->rule->rule), nullptr, entry->text, *entry->rule);
}

}  // namespace kompat
