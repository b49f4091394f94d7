#pragma once
// Rules over one snapshot: `default-missing-in-version` (a field defaulted in one version
// of a kind must be defaulted in every version that has it) and `lifecycle-invalid`
// (x-kubernetes-api-lifecycle entries that break KEP-2558's constraints).
#include <set>
#include <string>
#include <vector>

#include "model/snapshot.hpp"
#include "rules/finding.hpp"

namespace kompat {

struct LintOptions {
    // Known feature gate names (`--feature-gates FILE`); empty: gates are not checked.
    std::set<std::string, std::less<>> feature_gates;
};

std::vector<Finding> lint(const Snapshot& snapshot, const LintOptions& options);

// The gate names of a `--feature-gates` file: one a line; blank lines and `#` comments skipped.
std::set<std::string, std::less<>> parse_feature_gates(std::string_view text);

}  // namespace kompat
