#pragma once
// Changes → findings: each change judged by its rule, by role (spec, status, request,
// response) and capped by stability (alpha group-version or alpha field: at most info;
// a whole beta group-version removed: at most warning).
#include <vector>

#include "diff/change.hpp"
#include "rules/finding.hpp"
#include "rules/ruleset.hpp"

namespace kompat {

// Judged as rule set `ruleset` judges (the severities it gave each rule; the change kinds
// it knew are as_of_ruleset's).
std::vector<Finding> evaluate(const std::vector<Change>& changes, int ruleset = current_ruleset);

}  // namespace kompat
