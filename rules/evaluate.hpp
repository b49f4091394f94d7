#pragma once
// Changes → findings: each change judged by its rule, by role (spec, status, request,
// response) and capped by stability (alpha group-version or alpha field: at most info;
// a whole beta group-version removed: at most warning).
#include <vector>

#include "diff/change.hpp"
#include "rules/finding.hpp"

namespace kompat {

std::vector<Finding> evaluate(const std::vector<Change>& changes);

}  // namespace kompat
