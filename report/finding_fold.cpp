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

namespace {

// The findings in their order, each with its change_key, folded: a change met at
// `fewest_folded` places or more is one group where its first finding stands.
std::vector<std::vector<const Finding*>> fold_by_key(const std::vector<const Finding*>& findings, const std::vector<std::string>& keys) {
    std::map<std::string_view, std::vector<const Finding*>> same_change;
    // Each finding's group, found once.
    std::vector<const std::vector<const Finding*>*> group_of;
    group_of.reserve(findings.size());
    for (std::size_t i = 0; i < findings.size(); ++i) {
        auto& same = same_change[keys[i]];
        same.push_back(findings[i]);
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

}  // namespace

std::vector<std::vector<const Finding*>> fold_same_changes(const std::vector<const Finding*>& findings) {
    // A key serializes both values: made once a finding.
    std::vector<std::string> keys;
    keys.reserve(findings.size());
    for (const auto* finding : findings) keys.push_back(change_key(*finding));
    return fold_by_key(findings, keys);
}

std::vector<FoldedBlock> folded_blocks(const std::vector<const Finding*>& findings) {
    // Each finding's key, made once, and the headings each change is met under, to find
    // those across kinds. An object finding is about its object: never across kinds.
    std::vector<std::string> keys;
    std::vector<std::string> headings;
    std::map<std::string_view, std::vector<std::string_view>> headings_by_key;
    keys.reserve(findings.size());
    headings.reserve(findings.size());
    for (const auto* finding : findings) {
        keys.push_back(change_key(*finding));
        headings.push_back(heading_of(*finding));
    }
    for (std::size_t i = 0; i < findings.size(); ++i) {
        if (findings[i]->rule->area == RuleArea::object) continue;
        auto& met = headings_by_key[keys[i]];
        if (std::find(met.begin(), met.end(), headings[i]) == met.end()) met.push_back(headings[i]);
    }
    std::vector<bool> across(findings.size());
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const auto met = headings_by_key.find(keys[i]);
        across[i] = findings[i]->rule->area != RuleArea::object && met != headings_by_key.end() && met->second.size() >= fewest_folded;
    }
    // Blocks in the order of their first finding: each heading's findings, folded, and
    // each change across kinds, one line.
    std::vector<FoldedBlock> blocks;
    std::map<std::string, std::size_t> block_of;
    std::map<std::string, std::pair<std::vector<const Finding*>, std::vector<std::string>>> members;  // with their keys
    std::map<std::string_view, std::vector<const Finding*>> across_lines;
    std::vector<std::string_view> across_order;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const auto& heading = across[i] ? std::string(across_kinds) : headings[i];
        if (block_of.emplace(heading, blocks.size()).second) blocks.push_back({heading, {}});
        if (!across[i]) {
            auto& [in_heading, their_keys] = members[heading];
            in_heading.push_back(findings[i]);
            their_keys.push_back(keys[i]);
            continue;
        }
        auto& line = across_lines[keys[i]];
        if (line.empty()) across_order.push_back(keys[i]);
        line.push_back(findings[i]);
    }
    for (auto& block : blocks) {
        if (block.heading != across_kinds) {
            const auto& [in_heading, their_keys] = members[block.heading];
            block.lines = fold_by_key(in_heading, their_keys);
            continue;
        }
        for (const auto key : across_order) block.lines.push_back(across_lines[key]);
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
