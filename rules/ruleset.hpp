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

namespace kompat {

inline constexpr int oldest_ruleset = 2;
inline constexpr int current_ruleset = 3;

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

// Whether rule set `ruleset` reports changes of `kind` at all.
bool ruleset_reports(ChangeKind kind, int ruleset);

// The changes as rule set `ruleset` judged them: renamed to the kind it knew, dropped
// where it reported nothing, split where it gave one finding a value.
std::vector<Change> as_of_ruleset(std::vector<Change> changes, int ruleset);

}  // namespace kompat
