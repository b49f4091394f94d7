#pragma once
// Rule sets: what kompat's verdicts are, by version. A release that changes a verdict adds
// a rule set and a row below for each change; a check pinned to an older set (config
// `rules-version: N`, or `--rules-version N`) judges each change as that set did, so an
// upgrade never moves a gate under its users' feet. docs/rulesets.md lists the rows.
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "diff/change.hpp"
#include "rules/finding.hpp"
#include "rules/rule_table.hpp"

#include <string>

namespace kompat {

inline constexpr int oldest_ruleset = 2;
inline constexpr int current_ruleset = 4;

// From rule set `since` on, a change of `kind` is judged by its own rule; before, by the
// rule of `before` (none: not reported), or, with `split_values`, once for each value it
// lists (values added to one enum at once were one finding each).
struct VerdictChange {
    int since;
    ChangeKind kind;
    std::optional<ChangeKind> before;
    bool split_values = false;
    std::string_view why;  // for docs/rulesets.md
};

std::span<const VerdictChange> verdict_changes();

// From rule set `since` on, a change of `kind` is judged with its rule's severities by
// role; before, with `before` (a relaxed bound on status was an error).
struct SeverityChange {
    int since;
    ChangeKind kind;
    RoleSeverities before;
    std::string_view why;  // for docs/rulesets.md
    std::string_view was;  // the verdict before, for docs/rulesets.md
};

std::span<const SeverityChange> severity_changes();

// The severities rule set `ruleset` judges a change of `kind` with: `current` (its rule's
// row), unless a later rule set changed them.
RoleSeverities severities_as_of(ChangeKind kind, const RoleSeverities& current, int ruleset);

// Whether rule set `ruleset` reports changes of `kind` at all.
bool ruleset_reports(ChangeKind kind, int ruleset);

// The changes as rule set `ruleset` judged them: renamed to the kind it knew, dropped
// where it reported nothing, split where it gave one finding a value.
std::vector<Change> as_of_ruleset(std::vector<Change> changes, int ruleset);

// What judging as an older rule set lowered against the current set: the current set's
// findings that the pinned set reports at a lower severity, or not at all, at their place.
struct RulesetLowering {
    std::size_t findings = 0;
    std::size_t errors = 0;          // of them, errors under the current set
    std::vector<std::string> rules;  // their rule ids under the current set, sorted, once each
};
RulesetLowering lowered_by_ruleset(const std::vector<Finding>& current, const std::vector<Finding>& pinned);

// The policy note of a pinned rule set, as a rule turned off has one: the set, who pinned
// it (`pinned_by`: the config file and line, or --rules-version) and what it lowered.
std::string ruleset_policy_note(int ruleset, const std::string& pinned_by, const RulesetLowering& lowered);

}  // namespace kompat
