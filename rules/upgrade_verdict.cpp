#include "rules/upgrade_verdict.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>

#include "rules/rule_table.hpp"

namespace kompat {
namespace {

// What a warning asks before the upgrade (an error breaks it already): stored objects moved first.
bool asks_migration(const Finding& finding) {
    return finding.severity == Severity::warning && (finding.rule->release_note == ReleaseNote::upgrade || finding.rule->retires_version());
}

// "a, b and 2 more" of the rule ids, in the order first met.
std::string rule_list(const std::vector<std::string_view>& ids) {
    std::string out;
    for (std::size_t i = 0; i < ids.size() && i < 3; ++i) out += fmt::format("{}{}", i == 0 ? "" : ", ", ids[i]);
    if (ids.size() > 3) out += fmt::format(" and {} more", ids.size() - 3);
    return out;
}

struct Tally {
    std::size_t errors = 0;
    std::size_t warnings = 0;
    std::vector<std::string_view> error_rules;
    std::vector<std::string_view> migration_messages;
};

void add_once(std::vector<std::string_view>& list, std::string_view item) {
    if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

}  // namespace

std::string_view to_string(UpgradeVerdict verdict) {
    switch (verdict) {
        case UpgradeVerdict::safe: return "safe";
        case UpgradeVerdict::migrate_first: return "migrate-first";
        case UpgradeVerdict::breaking: return "breaking";
    }
    return "safe";
}

std::vector<CrdIdentity> crds_of(const Snapshot& before, const Snapshot& after) {
    std::set<CrdIdentity> crds;
    for (const auto* snapshot : {&before, &after})
        for (const auto& kind : snapshot->kinds)
            if (kind.crd)
                crds.insert(
                    {kind.crd->name.empty() ? kind.crd->plural + "." + kind.gvk.group : kind.crd->name, kind.gvk.group, kind.gvk.kind});
    return {crds.begin(), crds.end()};
}

std::vector<CrdUpgrade> upgrade_verdicts(const std::vector<CrdIdentity>& crds, const std::vector<Finding>& findings) {
    std::map<std::pair<std::string, std::string>, Tally> by_kind;  // group and kind
    for (const auto& finding : findings) {
        if (!finding.kind) continue;
        const auto gvk = parse_group_version_kind(*finding.kind);
        auto& tally = by_kind[{gvk.group, gvk.kind}];
        if (finding.severity == Severity::error) {
            ++tally.errors;
            add_once(tally.error_rules, finding.rule.id());
        } else if (finding.severity == Severity::warning) {
            ++tally.warnings;
        }
        if (asks_migration(finding)) add_once(tally.migration_messages, finding.rule->message);
    }
    std::vector<CrdUpgrade> out;
    out.reserve(crds.size());
    for (const auto& crd : crds) {
        auto& upgrade = out.emplace_back();
        upgrade.crd = crd.name;
        const auto found = by_kind.find({crd.group, crd.kind});
        if (found == by_kind.end()) continue;
        const auto& tally = found->second;
        if (tally.errors > 0) {
            upgrade.verdict = UpgradeVerdict::breaking;
            upgrade.reason = fmt::format("{} error{}: {}", tally.errors, tally.errors == 1 ? "" : "s", rule_list(tally.error_rules));
            if (!tally.migration_messages.empty()) upgrade.reason += fmt::format("; and {}", fmt::join(tally.migration_messages, "; "));
        } else if (!tally.migration_messages.empty()) {
            upgrade.verdict = UpgradeVerdict::migrate_first;
            upgrade.reason = fmt::format("{}", fmt::join(tally.migration_messages, "; "));
        } else if (tally.warnings > 0) {
            upgrade.reason =
                fmt::format("{} warning{} to review, none about stored objects", tally.warnings, tally.warnings == 1 ? "" : "s");
        }
    }
    return out;
}

}  // namespace kompat
