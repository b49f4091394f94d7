#include "rules/ruleset.hpp"

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <array>

namespace kompat {
namespace {

constexpr std::array<VerdictChange, 6> changes_table{{
    {3, ChangeKind::cel_rule_implied_by_schema, ChangeKind::cel_rules_tightened, false,
     "A CEL rule of sizes or presence that the old bounds already implied is info (was cel-rules-tightened)."},
    {3, ChangeKind::one_of_branches_overlap, ChangeKind::type_widened, false,
     "A oneOf branch that admits every value of the old shape is an error for readers and writers (was type-widened)."},
    {3, ChangeKind::crd_version_deprecated, std::nullopt, false, "A CRD version newly marked deprecated is reported (info)."},
    {3, ChangeKind::unserved_version_removed, ChangeKind::version_removed, false,
     "A CRD version removed that was already not served is info (was version-removed)."},
    {3, ChangeKind::version_not_bumped, std::nullopt, false,
     "A general OpenAPI document that breaks without a major bump of info.version is a warning."},
    {3, ChangeKind::enum_value_added, ChangeKind::enum_value_added, true,
     "Values added to (or removed from) one enum together are one finding (were one finding a value)."},
}};

}  // namespace

std::span<const VerdictChange> verdict_changes() { return changes_table; }

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
            const bool enum_values = row->split_values && (change.kind == ChangeKind::enum_value_added ||
                                                           change.kind == ChangeKind::enum_value_removed ||
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

}  // namespace kompat
