#pragma once
// One upstream edit said once: the same change at many places gathered, for the reports
// people read (text, markdown, github, changelog). JSON keeps one finding a place.
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "rules/finding.hpp"

namespace kompat {

// The findings of one heading in their order, the same change (rule, severity, old → new)
// met at `fewest` places or more gathered where the first of them stands: what people
// read says one upstream edit once (JSON keeps one finding a place).
inline constexpr std::size_t fewest_folded = 3;
std::vector<std::vector<const Finding*>> fold_same_changes(const std::vector<const Finding*>& findings);

// For each finding the text and markdown reports fold with others (fold_same_changes under
// its heading): the id of its group, 16 hex digits of the rule, severity, heading and old
// and new values, so that JSON, which keeps one finding a place, says which go together.
std::map<const Finding*, std::string> fold_group_ids(const std::vector<Finding>& findings);

// "3 fields" (or places, where the findings are about no field) for a folded sentence.
std::string places_words(const std::vector<const Finding*>& same);

}  // namespace kompat
