#pragma once
// The config's ignores, indexed so that matching every finding against them takes
// near-linear time: by rule, then by location, exact for a location without wildcards,
// else by the literal text before its first wildcard. Both files come from the PR, so
// the pattern tests one run may make are capped too (ignore_index.cpp says how many).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "support/input_error.hpp"

namespace kompat {

// One ignore of the configuration (`ignores:` in kompat.yaml).
struct IgnoreEntry {
    std::string rule;
    std::string location;  // a glob over the finding's place (`*` and `?`), e.g. "v1 Pod .spec.*"
    std::string reason;
    std::string expires;  // YYYY-MM-DD, or "" for never
    TextPosition position;
};

class IgnoreIndex {
public:
    // `active` in the config's order: the first that matches a finding is the one applied.
    IgnoreIndex(const std::vector<const IgnoreEntry*>& active, std::string config_file);

    // The position in `active` of the first ignore that matches, or nothing. Throws
    // InputError when the wildcard ignores take more pattern tests than the cap.
    std::optional<std::size_t> first_match(std::string_view rule, const std::string& place);

private:
    struct ForRule {
        std::unordered_map<std::string, std::size_t> exact;         // location → first position
        std::vector<std::pair<std::string, std::size_t>> patterns;  // (literal prefix, position), sorted
        std::vector<std::size_t> prefix_sizes;                      // the distinct sizes of those prefixes
    };
    std::vector<std::string> globs_;  // each location as fnmatch reads it (path syntax literal)
    std::unordered_map<std::string, ForRule> by_rule_;
    std::string config_file_;
    std::size_t tests_ = 0;
};

}  // namespace kompat
