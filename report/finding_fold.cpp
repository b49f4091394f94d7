#include "report/finding_fold.hpp"

#include <fmt/format.h>

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <map>

#include "report/finding_text.hpp"
#include "rules/object_findings.hpp"
#include "rules/severity.hpp"

namespace kompat {
namespace json = boost::json;

std::vector<std::vector<const Finding*>> fold_same_changes(const std::vector<const Finding*>& findings) {
    std::map<std::string, std::vector<const Finding*>> same_change;
    // An object finding is about its object: each is read on its own line (its detail names the object).
    const auto key = [](const Finding& f) {
        return std::string(f.rule.id()) + '\x1f' + std::string(to_string(f.severity)) + '\x1f' + json::serialize(f.old_value) + '\x1f' +
               json::serialize(f.new_value) + (f.rule->area == RuleArea::object ? '\x1f' + f.detail : std::string());
    };
    // Each finding's group, found once (a key serializes both values).
    std::vector<const std::vector<const Finding*>*> group_of;
    group_of.reserve(findings.size());
    for (const auto* finding : findings) {
        auto& same = same_change[key(*finding)];
        same.push_back(finding);
        group_of.push_back(&same);
    }
    std::vector<std::vector<const Finding*>> out;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const auto& same = *group_of[i];
        if (same.size() < fewest_folded) out.push_back({findings[i]});
        else if (same.front() == findings[i]) out.push_back(same);
    }
    return out;
}

std::map<const Finding*, std::string> fold_group_ids(const std::vector<Finding>& findings) {
    std::map<std::string, std::vector<const Finding*>> by_heading;
    for (const auto& finding : findings) by_heading[heading_of(finding)].push_back(&finding);
    std::map<const Finding*, std::string> out;
    for (const auto& [heading, members] : by_heading) {
        for (const auto& same : fold_same_changes(members)) {
            if (same.size() < 2) continue;
            const auto& first = *same.front();
            const auto id = fingerprint_of(std::string(first.rule.id()) + " " + std::string(to_string(first.severity)), heading,
                                           first.old_value, first.new_value);
            for (const auto* finding : same) out.emplace(finding, id);
        }
    }
    return out;
}

std::string places_words(const std::vector<const Finding*>& same) {
    const bool fields = std::all_of(same.begin(), same.end(), [](const Finding* f) { return !f->path.empty() && f->path != "."; });
    return fmt::format("{} {}", same.size(), fields ? "fields" : "places");
}

}  // namespace kompat
