#pragma once
// The vocabulary the rule table's rows are written in: severities by role, the judged
// change kinds of rows that judge more than one, the remedy sentences rows share, and the
// marks a row can carry (release-note form, one snapshot). Internal to rules/rule_table.cpp.
#include <array>
#include <string_view>

#include "rules/rule_table.hpp"

namespace kompat::rule_rows {

using enum RuleDirection;
using enum RuleArea;

constexpr auto E = Severity::error;
constexpr auto W = Severity::warning;
constexpr auto I = Severity::info;

// The columns of the severities: spec, status, request-only, response-only (docs/rules.md).
constexpr RoleSeverities breaks_writers{E, I, E, I};  // tightened validation, new required, value removed
constexpr RoleSeverities breaks_readers{W, E, I, E};  // field optional, type widened, enum freed
// A bound relaxed (maxItems 10 → 20, a pattern removed): a reader breaks only if it relied
// on the old bound, which the schema cannot tell (api_changes.md lets status change; an
// enum value added is different: KEP-2887, readers meet a value they never saw).
constexpr RoleSeverities bound_relaxed{W, W, I, W};
constexpr RoleSeverities enum_addition{E, E, I, E};  // readers cannot handle a value they never saw
constexpr RoleSeverities breaks_both{E, E, E, E};    // removed, retyped, default changed
constexpr RoleSeverities needs_review{W, W, W, W};
constexpr RoleSeverities changes_apply{E, E, E, I};  // how server-side apply merges: nobody applies a response
// Granular ↔ atomic changes only how several appliers share one struct; Kubernetes makes
// that change to its own GA types in minor releases (ServiceBackendPort in 1.31).
constexpr RoleSeverities shares_apply{W, W, W, I};
constexpr RoleSeverities harmless{I, I, I, I};
// Validation and pruning dropped: writers lose the check, readers keep every stored field.
constexpr RoleSeverities validation_dropped{W, I, W, I};
// A field readers no longer get (writeOnly): as for a field removed from what they read.
constexpr RoleSeverities lost_to_readers{E, E, I, E};

template <ChangeKind kind, const RoleSeverities& severities>
constexpr std::array<JudgedChange, 1> one{{{kind, severities}}};

constexpr std::array<JudgedChange, 2> list_type_judges{{
    {ChangeKind::list_type_changed, changes_apply},
    {ChangeKind::list_type_became_mergeable, needs_review},  // atomic → set/map changes server-side apply merging
}};

// A Kubernetes API server's spec documents the Go default it applied already.
constexpr std::array<JudgedChange, 2> default_added_judges{{
    {ChangeKind::default_added, breaks_both},
    {ChangeKind::default_added_by_server, harmless},
}};

// A client handles an error status it no longer gets as it did: only a success response removed breaks it.
constexpr std::array<JudgedChange, 2> response_removed_judges{{
    {ChangeKind::response_removed, breaks_both},
    {ChangeKind::error_response_removed, harmless},
}};

constexpr std::array<JudgedChange, 0> none{};

// What to do about a finding, by what it breaks: one sentence each, shared by the rows.
constexpr std::string_view remedy_nothing = "Nothing to do: it is for release notes and review.";
constexpr std::string_view remedy_retire =
    "Deprecate it first and retire it only with an API version, after its clients have moved; "
    "if this is that retirement, accept the finding in a baseline.";
constexpr std::string_view remedy_in_place =
    "Do not change it in place: add a new field or serve a new API version, and deprecate the old one.";
constexpr std::string_view remedy_writers =
    "Keep accepting what was valid (ratchet the rule to new and changed values) or tighten it in a new API version.";
constexpr std::string_view remedy_readers =
    "Check that every reader (controllers, clients) handles the new values; if they do, accept the finding in a baseline.";
constexpr std::string_view remedy_apply = "Keep the merge semantics of a served version; change them in a new API version.";
constexpr std::string_view remedy_storage =
    "Migrate stored objects (a storage version migration) before the old version stops being served.";
constexpr std::string_view remedy_review = "Review the change; if it is intended, accept the finding in a baseline.";
constexpr std::string_view remedy_fix_spec = "Fix the spec.";

// A rule that release notes tell in a way of its own.
// A rule over one snapshot (kompat lint; check --lint for what a change adds).
constexpr Rule on_one_snapshot(Rule rule) {
    rule.single_snapshot = true;
    return rule;
}

constexpr Rule noted(Rule rule, ReleaseNote note) {
    rule.release_note = note;
    return rule;
}

// What judging weighs besides the severities (Weighing, rules/rule_table.hpp).
constexpr Weighing eased_by_deprecation = [] {
    Weighing weighing;
    weighing.eased_by_deprecation = true;
    return weighing;
}();
constexpr Weighing retired_operation = [] {
    Weighing weighing = eased_by_deprecation;
    weighing.told_by_its_kind = true;
    return weighing;
}();
constexpr Weighing sunset_checked = [] {
    Weighing weighing;
    weighing.once_sunset_past = ChangeKind::deprecated_sunset_past;
    return weighing;
}();
constexpr Weighing refused_by_server = [] {
    Weighing weighing;
    weighing.whatever_its_stability = true;
    return weighing;
}();
constexpr Weighing about_named_type = [] {
    Weighing weighing;
    weighing.about_named_type = true;
    return weighing;
}();

constexpr Rule weighed(Rule rule, Weighing weighing) {
    rule.weighing = weighing;
    return rule;
}

// A rule over real objects: judged against the objects, never restated against a release.
constexpr Rule judged_on_objects(Rule rule) {
    rule.release_anchored = false;
    return rule;
}

}  // namespace kompat::rule_rows
