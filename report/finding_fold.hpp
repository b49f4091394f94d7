#pragma once
// One upstream edit said once: the same change at many places gathered, for the reports
// people read (text, markdown, github, changelog). JSON keeps one finding a place.
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "rules/finding.hpp"
#include "rules/upgrade_verdict.hpp"

namespace kompat {

// The findings of one heading in their order, the same change (rule, severity, old → new)
// met at `fewest` places or more gathered where the first of them stands: what people
// read says one upstream edit once (JSON keeps one finding a place).
inline constexpr std::size_t fewest_folded = 3;
std::vector<std::vector<const Finding*>> fold_same_changes(const std::vector<const Finding*>& findings);

// The findings a report lists, under headings (heading_of: a kind, a named type,
// "operations", "named types") in the findings' order, each heading's lines folded
// (fold_same_changes). The same change (rule, severity, old → new) under `fewest_folded`
// headings or more (a storage-version move in 300 CRDs, one dependency's map type in 50
// kinds) is taken out of them: one line under the heading `across_kinds`, where its first
// finding stands.
inline constexpr std::string_view across_kinds = "across kinds";
struct FoldedBlock {
    std::string heading;
    std::vector<std::vector<const Finding*>> lines;
};
std::vector<FoldedBlock> folded_blocks(const std::vector<const Finding*>& findings);

// The headings a line across kinds is under, once each, in order.
std::vector<std::string> headings_of(const std::vector<const Finding*>& same);
// "300 kinds" (or types, or kinds and types) for a line across kinds.
std::string headings_words(const std::vector<const Finding*>& same);

// The CRDs that cannot simply be applied, the same verdict and reason for `fewest_folded`
// or more said once (a storage-version move in 300 CRDs is one line), in their order.
std::vector<std::vector<const CrdUpgrade*>> folded_upgrades(const std::vector<CrdUpgrade>& upgrades);

// For each finding the reports fold with others (a line of folded_blocks): the id of its
// group, 16 hex digits of the rule, severity, heading and old and new values, so that
// JSON, which keeps one finding a place, says which go together.
std::map<const Finding*, std::string> fold_group_ids(const std::vector<Finding>& findings);

// "3 fields" (or places, where the findings are about no field) for a folded sentence.
std::string places_words(const std::vector<const Finding*>& same);
// The same for a line that may be across kinds: nothing when every finding is at the same
// path (the sentence names the field itself), else places_words.
std::string folded_field_words(const std::vector<const Finding*>& same);

}  // namespace kompat
