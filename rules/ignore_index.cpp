#include "rules/ignore_index.hpp"

#include <fnmatch.h>

#include <algorithm>

#include "support/input_error.hpp"

namespace kompat {
namespace {

// fnmatch's tests one run may make: about a second of matching. A config whose
// wildcards need more (thousands of `*...` ignores against thousands of findings) is
// refused rather than left to run for minutes.
constexpr std::size_t max_pattern_tests = 10'000'000;

std::size_t literal_prefix_size(std::string_view location) { return std::min(location.find_first_of("*?[\\"), location.size()); }

// A location as fnmatch reads it. A path's own `[*]` (an array's items) and `["a.b"]` (a
// quoted name) are literal text there, not a bracket expression: the place a report shows
// (`v1 Pod .spec.containers[*].image`) matches itself.
std::string glob_of(std::string_view location) {
    std::string glob;
    for (std::size_t at = 0; at < location.size(); ++at) {
        const auto rest = location.substr(at);
        if (rest.starts_with("[*]")) {
            glob += "\\[\\*]";
            at += 2;
        } else if (rest.starts_with("[\"")) {
            glob += "\\[";
        } else {
            glob += location[at];
        }
    }
    return glob;
}

}  // namespace

IgnoreIndex::IgnoreIndex(const std::vector<const IgnoreEntry*>& active, std::string config_file) : config_file_(std::move(config_file)) {
    for (std::size_t i = 0; i < active.size(); ++i) {
        auto& for_rule = by_rule_[active[i]->rule];
        const auto& location = globs_.emplace_back(glob_of(active[i]->location));
        const auto prefix = literal_prefix_size(location);
        if (prefix == location.size()) for_rule.exact.try_emplace(location, i);
        else for_rule.patterns.emplace_back(location.substr(0, prefix), i);
    }
    for (auto& [rule, for_rule] : by_rule_) {
        std::sort(for_rule.patterns.begin(), for_rule.patterns.end());
        for (const auto& pattern : for_rule.patterns) for_rule.prefix_sizes.push_back(pattern.first.size());
        std::sort(for_rule.prefix_sizes.begin(), for_rule.prefix_sizes.end());
        for_rule.prefix_sizes.erase(std::unique(for_rule.prefix_sizes.begin(), for_rule.prefix_sizes.end()), for_rule.prefix_sizes.end());
    }
}

std::optional<std::size_t> IgnoreIndex::first_match(std::string_view rule, const std::string& place) {
    const auto found = by_rule_.find(std::string(rule));
    if (found == by_rule_.end()) return std::nullopt;
    const auto& for_rule = found->second;
    std::optional<std::size_t> best;
    if (const auto exact = for_rule.exact.find(place); exact != for_rule.exact.end()) best = exact->second;
    const std::string_view text(place);
    for (const auto size : for_rule.prefix_sizes) {
        if (size > text.size()) break;
        const auto prefix = text.substr(0, size);
        const auto begin = std::lower_bound(for_rule.patterns.begin(), for_rule.patterns.end(), prefix,
                                            [](const auto& pattern, std::string_view p) { return std::string_view(pattern.first) < p; });
        for (auto it = begin; it != for_rule.patterns.end() && it->first == prefix; ++it) {
            if (best && *best < it->second) break;  // sorted by position within one prefix
            if (++tests_ > max_pattern_tests)
                throw InputError(config_file_, {},
                                 "the ignores' locations take more than " + std::to_string(max_pattern_tests) +
                                     " pattern tests against these findings; start each location with the "
                                     "literal text of its kind or type rather than a wildcard");
            if (fnmatch(globs_[it->second].c_str(), place.c_str(), 0) == 0) {
                best = it->second;
                break;
            }
        }
    }
    return best;
}

}  // namespace kompat
