#pragma once
// `kompat explain --diff`: one kind or field in two snapshots, the reviewer's view:
// kubectl's layout with the lines that changed marked, and the findings on that field.
#include <optional>
#include <string>
#include <vector>

#include "rules/finding.hpp"

namespace kompat {

// The lines of two explain texts, each marked: "  " in both, "- " only in the old, "+ "
// only in the new. A side that has no such field is nullopt: all of the other is marked.
std::string explain_diff_text(const std::optional<std::string>& old_text, const std::optional<std::string>& new_text);

// The findings whose place is `place` ("v1 Pod .spec.containers") or inside it, one line
// each: `file:line:col: severity rule-id: place: sentence`.
std::string findings_at(const std::vector<Finding>& findings, const std::string& place);

}  // namespace kompat
