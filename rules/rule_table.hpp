#pragma once
// The rule catalogue, as data: one row a rule, its id the change kind's (spelled once, in
// diff/change.hpp), carrying what reports need of it (how release notes tell it). Adding a
// rule: the change kind's X-macro row, the diff that emits it (diff/), one row here, one
// golden case in golden/generate.py, which writes its docs/rules.md entry
// (docs/contributing.md).
#include <cstdint>
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

struct Rule {
    std::string_view id;       // stable, kebab-case; never renamed
    std::string_view message;  // what a finding says
    // The finding as one plain sentence: {field} is the field's name, {old} and {new} its
    // values, {detail} what exactly (the parameter, the version), {words} a text's changed words.
    std::string_view sentence;
    std::string_view breaks;  // whom it breaks
    std::string_view remedy;  // what to do about it
    std::span<const JudgedChange> judges;
    bool single_snapshot = false;  // a lint rule over one snapshot (kompat lint)
    ReleaseNote release_note = ReleaseNote::by_severity;
    // Whether a finding of the rule retires a version of a kind (removed, or a CRD version
    // no longer served): release notes list it under Removed, and a beta one is a warning
    // (deprecating a beta, then retiring it, is the documented path).
    [[nodiscard]] bool retires_version() const {
        return release_note == ReleaseNote::kind_removed || release_note == ReleaseNote::version_removed ||
               release_note == ReleaseNote::version_unserved;
    }
    // Default severity: the first judged change's severity on spec.
    [[nodiscard]] Severity default_severity() const { return judges.empty() ? Severity::error : judges.front().severities.spec; }
};

std::span<const Rule> rule_table();
// What a rule reviews, by its id's prefix: "convention" (convention-*: the API's own
// design), "object" (object-*: real objects against the schemas), else "compatibility".
// Reports show the first two apart (headings, JSON `category`, SARIF tags).
std::string_view category_of(std::string_view rule_id);
const Rule* find_rule(std::string_view id);
// The rule that judges a change kind, and how.
const Rule& rule_for(ChangeKind kind, const JudgedChange** judged);

}  // namespace kompat
