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

namespace {

// What makes two findings the same change: the rule, the severity and what its sentence
// says besides the place (old and new values, detail, aside), so that one sentence is
// true of every place folded. `field 'a' removed` at 32 places is one line whatever the
// removed fields' schemas; an object finding is about its object, named in its detail.
std::string change_key(const Finding& f) {
    const auto sentence = f.rule->sentence;
    const auto says = [&](std::string_view part) { return sentence.empty() || sentence.find(part) != std::string_view::npos; };
    const bool words = says("{words}");
    std::string key = std::string(f.rule.id()) + '\x1f' + std::string(to_string(f.severity));
    key += '\x1f' + (says("{old}") || words ? json::serialize(f.old_value) : std::string());
    key += '\x1f' + (says("{new}") || words ? json::serialize(f.new_value) : std::string());
    key += '\x1f' + (says("{detail}") ? f.detail : std::string());
    key += '\x1f' + (says("{aside}") ? f.aside : std::string());
    return key;
}

}  // namespace

std::vector<std::vector<const Finding*>> fold_same_changes(const std::vector<const Finding*>& findings) {
    std::map<std::string, std::vector<const Finding*>> same_change;
    // Each finding's group, found once (a key serializes both values).
    std::vector<const std::vector<const Finding*>*> group_of;
    group_of.reserve(findings.size());
    for (const auto* finding : findings) {
        auto& same = same_change[change_key(*finding)];
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

std::vector<FoldedBlock> folded_blocks(const std::vector<const Finding*>& findings) {
    // The headings each change is met under, to find those across kinds.
    std::vector<std::string> keys;
    std::vector<std::string> headings;
    std::map<std::string, std::vector<std::string>> headings_by_key;
    for (const auto* finding : findings) {
        keys.push_back(finding->rule->area == RuleArea::object ? std::string() : change_key(*finding));
        headings.push_back(heading_of(*finding));
        auto& met = headings_by_key[keys.back()];
        if (!keys.back().empty() && std::find(met.begin(), met.end(), headings.back()) == met.end()) met.push_back(headings.back());
    }
    const auto across = [&](std::size_t i) { return !keys[i].empty() && headings_by_key[keys[i]].size() >= fewest_folded; };
    // Blocks in the order of their first finding; each heading's findings, and each change across kinds.
    std::vector<FoldedBlock> blocks;
    std::map<std::string, std::size_t> block_of;
    std::map<std::string, std::vector<const Finding*>> members;
    std::map<std::string, std::vector<const Finding*>> across_lines;
    std::vector<std::string> across_order;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const auto& heading = across(i) ? std::string(across_kinds) : headings[i];
        if (block_of.emplace(heading, blocks.size()).second) blocks.push_back({heading, {}});
        if (!across(i)) {
            members[heading].push_back(findings[i]);
            continue;
        }
        auto& line = across_lines[keys[i]];
        if (line.empty()) across_order.push_back(keys[i]);
        line.push_back(findings[i]);
    }
    for (auto& block : blocks) {
        if (block.heading != across_kinds) {
            block.lines = fold_same_changes(members[block.heading]);
            continue;
        }
        for (const auto& key : across_order) block.lines.push_back(across_lines[key]);
    }
    return blocks;
}

std::vector<std::vector<const CrdUpgrade*>> folded_upgrades(const std::vector<CrdUpgrade>& upgrades) {
    std::map<std::pair<UpgradeVerdict, std::string>, std::vector<const CrdUpgrade*>> same;
    for (const auto& upgrade : upgrades)
        if (upgrade.verdict != UpgradeVerdict::safe) same[{upgrade.verdict, upgrade.reason}].push_back(&upgrade);
    std::vector<std::vector<const CrdUpgrade*>> out;
    for (const auto& upgrade : upgrades) {
        if (upgrade.verdict == UpgradeVerdict::safe) continue;
        const auto& group = same[{upgrade.verdict, upgrade.reason}];
        if (group.size() < fewest_folded) out.push_back({&upgrade});
        else if (group.front() == &upgrade) out.push_back(group);
    }
    return out;
}

std::vector<std::string> headings_of(const std::vector<const Finding*>& same) {
    std::vector<std::string> out;
    for (const auto* finding : same)
        if (auto heading = heading_of(*finding); std::find(out.begin(), out.end(), heading) == out.end()) out.push_back(std::move(heading));
    return out;
}

std::string headings_words(const std::vector<const Finding*>& same) {
    const auto kinds =
        static_cast<std::size_t>(std::count_if(same.begin(), same.end(), [](const Finding* f) { return f->kind.has_value(); }));
    const auto what = kinds == same.size() ? "kinds" : kinds == 0 ? "types" : "kinds and types";
    return fmt::format("{} {}", headings_of(same).size(), what);
}

std::map<const Finding*, std::string> fold_group_ids(const std::vector<Finding>& findings) {
    std::vector<const Finding*> all;
    all.reserve(findings.size());
    for (const auto& finding : findings) all.push_back(&finding);
    std::map<const Finding*, std::string> out;
    for (const auto& block : folded_blocks(all)) {
        for (const auto& same : block.lines) {
            if (same.size() < 2) continue;
            const auto& first = *same.front();
            // What makes the line one (its fold key), under its heading: two lines never share an id.
            const auto id = fingerprint_of(change_key(first), block.heading, nullptr, nullptr);
            for (const auto* finding : same) out.emplace(finding, id);
        }
    }
    return out;
}

std::string places_words(const std::vector<const Finding*>& same) {
    const bool fields = std::all_of(same.begin(), same.end(), [](const Finding* f) { return !f->path.empty() && f->path != "."; });
    return fmt::format("{} {}", same.size(), fields ? "fields" : "places");
}

std::string folded_field_words(const std::vector<const Finding*>& same) {
    const bool one_path = std::all_of(same.begin(), same.end(), [&](const Finding* f) { return f->path == same.front()->path; });
    return one_path ? std::string() : places_words(same);
}

}  // namespace kompat
