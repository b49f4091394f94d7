#pragma once
// The rule catalogue, as data: one row a rule. Adding a rule today takes: the change kind
// (one X-macro row in diff/change.hpp), the diff that emits it (diff/), one row here, one
// golden case in golden/generate.py (which writes its docs/rules.md entry), and, when
// release notes must place it, report/changelog_report.cpp (docs/contributing.md).
#include <span>
#include <string_view>

#include "diff/change.hpp"
#include "rules/severity.hpp"

namespace kompat {

// Severity by who writes and who reads the value (DESIGN.md, "Roles and severities").
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
    // Default severity: the first judged change's severity on spec.
    [[nodiscard]] Severity default_severity() const { return judges.empty() ? Severity::error : judges.front().severities.spec; }
};

std::span<const Rule> rule_table();
const Rule* find_rule(std::string_view id);
// The rule that judges a change kind, and how.
const Rule& rule_for(ChangeKind kind, const JudgedChange** judged);

}  // namespace kompat
