#pragma once
// The rule catalogue, as data: one row a rule, its id the change kind's (spelled once, in
// diff/change.hpp), carrying what reports need of it (how release notes tell it). Adding a
// rule: the change kind's X-macro row, the diff that emits it (diff/), one row here, one
// golden case in golden/generate.py, which writes its docs/rules.md entry
// (docs/contributing.md).
#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "diff/change.hpp"
#include "rules/severity.hpp"

namespace kompat {

// Severity by who writes and who reads the value (docs/architecture.md, "What decides a verdict").
struct RoleSeverities {
    Severity spec;
    Severity status;
    Severity request;
    Severity response;
};

struct JudgedChange {
    ChangeKind change;
    RoleSeverities severities;
};

// How release notes (`kompat changelog`) tell a finding of the rule. Most rules need
// nothing of their own: an error is Breaking, anything else is not listed.
enum class ReleaseNote : std::uint8_t {
    by_severity,
    kind_removed,        // Removed: no version of the kind is left
    version_removed,     // Removed: the version is no longer served (its replacement named)
    version_unserved,    // Removed: a CRD version no longer served (the kind in `detail`)
    upgrade,             // Upgrade notes: what to do before applying the release (storage, stored versions), as the finding says it
    kind_added,          // Added: a new kind
    version_added,       // Added, or Promoted when an older version of the kind is served
    version_served,      // as version_added, for a CRD version served (the kind in `detail`)
    deprecated,          // Deprecated
    version_deprecated,  // Deprecated: a CRD version marked deprecated (the kind in `detail`), with its warning
    promoted,            // Promoted, from stage to stage
    stage_unstated,      // Promoted, said as "no longer described as beta": the description dropped its stage
    field_added,         // Added, with the field's type
    enum_value_added,    // Added: the value
    field_removed,       // Removed (Breaking when an error)
    operation_added,     // Added under its kind, unless the kind arrives whole
    operation_removed,   // Removed (Breaking when an error) under its kind, unless it leaves whole
};

// What a rule's change does: takes something away, adds something, or changes it in place
// (check reads a release pair with far more removals than additions as swapped inputs).
enum class RuleDirection : std::uint8_t { removal, addition, change };

// What part of an API a rule reviews. `object` (real objects against the schemas) and
// `convention` (the API's own design) are shown apart from compatibility in every report.
enum class RuleArea : std::uint8_t { surface, field, validation, defaults, semantics, lifecycle, object, convention };

// What judging a finding of the rule weighs besides its role severities (rules/evaluate.cpp).
struct Weighing {
    // Removing what OpenAPI declared deprecated is the documented way to retire it: a
    // warning, info once its x-sunset date has passed.
    bool eased_by_deprecation = false;
    // Said by the finding of its kind or group-version when it leaves with them: info then.
    bool told_by_its_kind = false;
    // A deprecation whose x-sunset date has passed already: judged by this change kind's rule.
    std::optional<ChangeKind> once_sunset_past;
    // About a named type itself (its appearance or disappearance), not a value inside it:
    // judged where nothing reaches the type too, and listed under named types.
    bool about_named_type = false;
    // What the API server refuses whatever the stability of the version (a CRD update
    // that drops a stored version): no cap for alpha or beta.
    bool whatever_its_stability = false;
};

struct Rule {
    std::string_view id;  // stable, kebab-case; never renamed
    RuleDirection direction;
    RuleArea area;
    std::string_view message;  // what a finding says
    // The finding as one plain sentence: {field} is the field's name, {old} and {new} its
    // values, {detail} what exactly (the parameter, the version), {words} a text's changed words.
    std::string_view sentence;
    std::string_view breaks;  // whom it breaks
    std::string_view remedy;  // what to do about it
    std::span<const JudgedChange> judges;
    bool single_snapshot = false;  // a lint rule over one snapshot (kompat lint)
    ReleaseNote release_note = ReleaseNote::by_severity;
    // Whether `check --release` may restate a finding no release shares as unreleased-change:
    // what real objects meet is judged against the objects, not against a release.
    bool release_anchored = true;
    Weighing weighing{};
    // Whether a finding of the rule retires a version of a kind (removed, or a CRD version
    // no longer served): release notes list it under Removed, and a beta one is a warning
    // (deprecating a beta, then retiring it, is the documented path).
    [[nodiscard]] bool retires_version() const {
        return release_note == ReleaseNote::kind_removed || release_note == ReleaseNote::version_removed ||
               release_note == ReleaseNote::version_unserved;
    }
    // Default severity: the first judged change's severity on spec.
    [[nodiscard]] Severity default_severity() const { return judges.empty() ? Severity::error : judges.front().severities.spec; }
    // Whether its sentence shows a text's changed words (a description): reports diff the texts.
    [[nodiscard]] bool shows_changed_words() const { return sentence.find("{words}") != std::string_view::npos; }
};

// A finding's rule: a row of the rule table, never null, compared and printed by its id.
class RuleRef {
public:
    RuleRef() : rule_(&unclassified()) {}
    RuleRef(const Rule& rule) : rule_(&rule) {}  // NOLINT(google-explicit-constructor): a row is a rule
    // The row of a rule id; throws std::out_of_range for an id the table lacks.
    static RuleRef named(std::string_view id);
    [[nodiscard]] const Rule& row() const { return *rule_; }
    const Rule* operator->() const { return rule_; }
    [[nodiscard]] std::string_view id() const { return rule_->id; }
    friend bool operator==(const RuleRef& a, const RuleRef& b) { return a.rule_ == b.rule_; }
    friend bool operator==(const RuleRef& a, std::string_view id) { return a.id() == id; }
    friend auto operator<=>(const RuleRef& a, const RuleRef& b) { return a.id() <=> b.id(); }

private:
    static const Rule& unclassified();
    const Rule* rule_;
};

std::span<const Rule> rule_table();
// What a rule reviews, as reports name it (headings, JSON `category`, SARIF tags):
// "convention", "object", else "compatibility".
std::string_view category_of(const Rule& rule);
// The row of a rule id a user wrote (a config, a baseline, `kompat rules ID`); null for none.
const Rule* find_rule(std::string_view id);
// The rule that judges a change kind, and how.
const Rule& rule_for(ChangeKind kind, const JudgedChange** judged);

}  // namespace kompat
