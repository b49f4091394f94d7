#include "report/finding_fold.hpp"

#include <fmt/format.h>

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <map>

#include "rules/severity.hpp"

namespace kompat {
namespace json = boost::json;

std::vector<std::vector<const Finding*>> fold_same_changes(const std::vector<const Finding*>& findings) {
    std::map<std::string, std::vector<const Finding*>> same_change;
    const auto key = [](const Finding& f) {
        return f.rule + '\x1f' + std::string(to_string(f.severity)) + '\x1f' + json::serialize(f.old_value) + '\x1f' +
               json::serialize(f.new_value);
    };
    for (const auto* finding : findings) same_change[key(*finding)].push_back(finding);
    std::vector<std::vector<const Finding*>> out;
    for (const auto* finding : findings) {
        const auto& same = same_change[key(*finding)];
        if (same.size() < fewest_folded) out.push_back({finding});
        else if (same.front() == finding) out.push_back(same);
    }
    return out;
}

std::string places_words(const std::vector<const Finding*>& same) {
    const bool fields = std::all_of(same.begin(), same.end(), [](const Finding* f) { return !f->path.empty() && f->path != "."; });
    return fmt::format("{} {}", same.size(), fields ? "fields" : "places");
}

}  // namespace kompat
