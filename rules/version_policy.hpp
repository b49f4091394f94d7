#pragma once
// The version policy of a general OpenAPI document: a breaking change asks for a major bump
// of `info.version` (semantic versioning). Kubernetes-style APIs version by API version
// instead, and a break inside a served version is reported as the break itself.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/finding.hpp"

namespace kompat {

// A version as semantic versioning reads it: 1 to 3 numbers, an optional leading `v`, a
// pre-release or build suffix only after all three ("1.4.2-rc.1"). A date ("2020-08-27")
// or a word ("unversioned") is none.
struct SemanticVersion {
    std::vector<unsigned long> numbers;  // major, minor, patch as written (1 to 3 of them)
    bool v_prefix = false;
};
std::optional<SemanticVersion> semantic_version(std::string_view text);

// The version after `old_version` for these findings: the next major with an error, the
// next minor with additions only (every finding a `*-added` rule), the next patch
// otherwise; "" when `old_version` is not semantic or nothing changed.
std::string next_version(std::string_view old_version, const std::vector<Finding>& findings);

// version-not-bumped: errors among `findings` while `new_version` keeps the major of
// `old_version` (both semantic); nullopt otherwise.
std::optional<Finding> version_not_bumped(std::string_view old_version, std::string_view new_version, const std::vector<Finding>& findings);

}  // namespace kompat
