#include "rules/ruleset.hpp"

#include <boost/json/serialize.hpp>

#include "rules/baseline.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace kompat {
namespace {

constexpr std::array<VerdictChange, 21> changes_table{{
    {3, ChangeKind::cel_rule_implied_by_schema, ChangeKind::cel_rules_tightened, false,
     "A CEL rule of sizes or presence that the old bounds already implied is info (was cel-rules-tightened)."},
    {3, ChangeKind::one_of_branches_overlap, ChangeKind::type_widened, false,
     "A oneOf branch that admits every value of the old shape is an error for readers and writers (was type-widened)."},
    {3, ChangeKind::crd_version_deprecated, std::nullopt, false, "A CRD version newly marked deprecated is reported (info)."},
    {3, ChangeKind::unserved_version_removed, ChangeKind::version_removed, false,
     "A CRD version removed that was not served is a warning whatever its stability: a cluster may still store it (was version-removed)."},
    {3, ChangeKind::unstored_version_removed, ChangeKind::version_removed, false,
     "A CRD version removed that was not served and that the cluster's status.storedVersions does not hold is info (was version-removed)."},
    {3, ChangeKind::version_not_bumped, std::nullopt, false,
     "A general OpenAPI document that breaks without a major bump of info.version is a warning."},
    {3, ChangeKind::enum_value_added, ChangeKind::enum_value_added, true,
     "Values added to (or removed from) one enum together are one finding (were one finding a value)."},
    {3, ChangeKind::crd_stored_version_removed, std::nullopt, false,
     "A version in a cluster CRD's status.storedVersions that NEW removes is an error."},
    {3, ChangeKind::crd_stored_version_unserved, std::nullopt, false,
     "A version in a cluster CRD's status.storedVersions that NEW stops serving is a warning."},
    {3, ChangeKind::crd_short_name_removed, std::nullopt, false, "A CRD short name removed is a warning."},
    {3, ChangeKind::crd_category_removed, std::nullopt, false, "A CRD category removed is a warning."},
    {3, ChangeKind::crd_list_kind_changed, std::nullopt, false, "A CRD's listKind changed is a warning."},
    {3, ChangeKind::crd_singular_changed, std::nullopt, false, "A CRD's singular name changed is a warning."},
    {3, ChangeKind::crd_cluster_drift, std::nullopt, false,
     "A cluster CRD (check --cluster) whose fields differ from OLD's version is a warning."},
    {3, ChangeKind::crd_storage_version_changed_nothing_stored, ChangeKind::crd_storage_version_changed, false,
     "A storage version change while the cluster's status.storedVersions holds only the new version is info (was "
     "crd-storage-version-changed)."},
    {4, ChangeKind::union_option_added, ChangeKind::unclassified_change, false,
     "An option added to an x-kubernetes-unions union, every old one kept, is info (was unclassified-change)."},
    {4, ChangeKind::lifecycle_stage_stated, ChangeKind::lifecycle_demoted, false,
     "A field with no stage stated that a release describes as alpha or beta is info (was lifecycle-demoted)."},
    {4, ChangeKind::crd_unaccepted_short_name_removed, ChangeKind::crd_short_name_removed, false,
     "A CRD short name removed that the cluster's status.acceptedNames lacks is info (was crd-short-name-removed)."},
    {4, ChangeKind::crd_unaccepted_category_removed, ChangeKind::crd_category_removed, false,
     "A CRD category removed that the cluster's status.acceptedNames lacks is info (was crd-category-removed)."},
    {4, ChangeKind::contains_bound_tightened, ChangeKind::unclassified_change, false,
     "A minContains raised or a maxContains lowered beside the same contains is an error for writers (was unclassified-change)."},
    {4, ChangeKind::contains_bound_relaxed, ChangeKind::unclassified_change, false,
     "A minContains lowered or a maxContains raised beside the same contains is judged as a bound relaxed (was unclassified-change)."},
}};

// Rule set 4: a bound relaxed on status or in a response breaks a reader only if it relied
// on the bound, which the spec cannot tell: a warning (it was an error, as for readers).
constexpr RoleSeverities readers_broken{Severity::warning, Severity::error, Severity::info, Severity::error};
constexpr std::string_view relaxed_bound =
    "A bound relaxed (maxItems, maxLength, maximum, a pattern, a CEL rule removed, …) on status or in a response is a warning.";
constexpr std::string_view on_status_an_error = "an error on status and in responses";

constexpr std::array<SeverityChange, 16> severity_table{{
    {4, ChangeKind::max_length_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::min_length_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::maximum_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::minimum_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::exclusive_maximum_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::exclusive_minimum_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::pattern_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::max_items_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::min_items_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::unique_items_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::max_properties_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::min_properties_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::multiple_of_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::additional_properties_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::cel_rules_relaxed, readers_broken, relaxed_bound, on_status_an_error},
    {4, ChangeKind::validation_keyword_removed, readers_broken, relaxed_bound, on_status_an_error},
}};

}  // namespace

std::span<const VerdictChange> verdict_changes() { return changes_table; }

std::span<const SeverityChange> severity_changes() { return severity_table; }

RoleSeverities severities_as_of(ChangeKind kind, const RoleSeverities& current, int ruleset) {
    // The oldest rule set's row that still applies wins: rows of later sets come later.
    for (const auto& row : severity_table)
        if (row.kind == kind && ruleset < row.since) return row.before;
    return current;
}

bool ruleset_reports(ChangeKind kind, int ruleset) {
    return std::none_of(changes_table.begin(), changes_table.end(),
                        [&](const VerdictChange& row) { return row.kind == kind && ruleset < row.since && !row.before; });
}

std::vector<Change> as_of_ruleset(std::vector<Change> changes, int ruleset) {
    if (ruleset >= current_ruleset) return changes;
    std::vector<Change> out;
    out.reserve(changes.size());
    for (auto& change : changes) {
        // Rows of later sets first, so that a change renamed twice reads as the oldest set.
        bool dropped = false;
        bool split = false;
        for (auto row = changes_table.rbegin(); row != changes_table.rend(); ++row) {
            const bool enum_values =
                row->split_values && (change.kind == ChangeKind::enum_value_added || change.kind == ChangeKind::enum_value_removed ||
                                      change.kind == ChangeKind::extensible_enum_value_added);
            if (ruleset >= row->since || (row->kind != change.kind && !enum_values)) continue;
            if (enum_values) split = true;
            else if (!row->before) dropped = true;
            else change.kind = *row->before;
        }
        if (dropped) continue;
        const bool added = change.kind != ChangeKind::enum_value_removed;
        const auto& listed = added ? change.new_value : change.old_value;
        if (!split || !listed.is_array()) {
            out.push_back(std::move(change));
            continue;
        }
        for (const auto& value : listed.get_array()) {
            auto one = change;
            (added ? one.new_value : one.old_value) = value;
            one.detail = boost::json::serialize(value);
            out.push_back(std::move(one));
        }
    }
    return out;
}

RulesetLowering lowered_by_ruleset(const std::vector<Finding>& current, const std::vector<Finding>& pinned) {
    // A pinned set may rename a change's rule or split it in values: compare by place.
    std::map<std::string, Severity> pinned_at;
    for (const auto& finding : pinned) {
        auto [found, inserted] = pinned_at.try_emplace(place_of(finding), finding.severity);
        if (!inserted) found->second = std::max(found->second, finding.severity);
    }
    RulesetLowering out;
    std::set<std::string> rules;
    for (const auto& finding : current) {
        const auto found = pinned_at.find(place_of(finding));
        if (found != pinned_at.end() && found->second >= finding.severity) continue;
        ++out.findings;
        if (finding.severity == Severity::error) ++out.errors;
        rules.insert(std::string(finding.rule.id()));
    }
    out.rules.assign(rules.begin(), rules.end());
    return out;
}

std::string ruleset_policy_note(int ruleset, const std::string& pinned_by, const RulesetLowering& lowered) {
    auto note = fmt::format("rule set {} pinned by {} (this kompat's own is {}, docs/rulesets.md): {} finding(s) lowered", ruleset,
                            pinned_by, current_ruleset, lowered.findings);
    if (lowered.errors != 0) note += fmt::format(" ({} of them error(s))", lowered.errors);
    if (!lowered.rules.empty()) note += fmt::format(": {}", fmt::join(lowered.rules, ", "));
    return note;
}

}  // namespace kompat
