#include "cli/comparison.hpp"

#include <fmt/chrono.h>

#include <algorithm>
#include <ctime>
#include <iterator>
#include <map>
#include <memory>
#include <tuple>
#include <set>

#include "diff/cluster_drift.hpp"
#include "diff/snapshot_diff.hpp"
#include "load/cluster_state.hpp"
#include "load/manifest_loader.hpp"
#include "load/snapshot_loader.hpp"
#include "objects/object_check.hpp"
#include "rules/baseline.hpp"
#include "rules/config.hpp"
#include "rules/conventions.hpp"
#include "rules/evaluate.hpp"
#include "rules/object_findings.hpp"
#include "rules/version_policy.hpp"
#include "support/left_to_exit.hpp"

namespace kompat::cli {
namespace {

// The kinds a snapshot serves (a CRD version may be defined but not served); with
// `deprecated_only`, those its CRD marks deprecated.
std::vector<std::string> served_kinds(const Snapshot& snapshot, bool deprecated_only = false) {
    std::set<std::string> kinds;
    for (const auto& kind : snapshot.kinds)
        if (kind.is_served() && (!deprecated_only || (kind.crd && kind.crd->deprecated))) kinds.insert(kind.gvk.to_string());
    return {kinds.begin(), kinds.end()};
}

}  // namespace

std::vector<std::string> kinds_of(std::initializer_list<const Snapshot*> snapshots) {
    std::set<std::string> kinds;
    for (const auto* snapshot : snapshots)
        for (const auto& kind : snapshot->kinds) kinds.insert(kind.gvk.to_string());
    return {kinds.begin(), kinds.end()};
}

std::optional<Config> read_configuration(const std::string& path, const Limits& limits) {
    if (path.empty()) return std::nullopt;
    return parse_config(read_single_source(path, limits, "a configuration file"), limits);
}

int ruleset_to_use(std::optional<int> from_option, const std::optional<Config>& config) {
    const auto from_config = config ? config->ruleset : std::nullopt;
    if (from_option && from_config && *from_option != *from_config)
        throw InputError(config->file, {}, fmt::format("its rules-version {} is not --rules-version {}", *from_config, *from_option));
    return from_option.value_or(from_config.value_or(current_ruleset));
}

void describe_sources(Comparison& comparison, const Snapshot& before, const Snapshot& after) {
    auto& sources = comparison.sources;
    sources.old_side = {before.source, std::string(to_string(before.format)), before.info_version};
    sources.new_side = {after.source, std::string(to_string(after.format)), after.info_version};
    sources.kinds = kinds_of({&before, &after});
    sources.served_old = served_kinds(before);
    sources.served_new = served_kinds(after);
    sources.deprecated_new = served_kinds(after, true);
    comparison.crds = crds_of(before, after);
}

Comparison compare(const ComparisonRequest& request, const Limits& limits) {
    const auto& [old_spec, new_spec, ruleset, conventions, objects, clusters, inputs] = request;
    auto loaded = std::make_unique<SnapshotPair>(load_snapshot_pair(old_spec, new_spec, limits));
    std::vector<std::string> cluster_notes;
    std::vector<Change> drift;  // clusters that do not run OLD
    for (const auto& cluster : clusters) {
        const auto state = load_snapshot(cluster, limits);
        cluster_notes.push_back(take_cluster_state(loaded->old_snapshot, state));
        auto found = cluster_drift(loaded->old_snapshot, state);
        drift.insert(drift.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
    }
    const auto& before = loaded->old_snapshot;
    const auto& after = loaded->new_snapshot;
    auto diff = diff_snapshots(before, after, limits);
    diff.changes.insert(diff.changes.end(), std::make_move_iterator(drift.begin()), std::make_move_iterator(drift.end()));
    // An older rule set is a policy like a rule turned off: what it lowered is counted
    // against the current set's verdicts of the same changes.
    std::vector<Finding> current_findings;
    if (ruleset != current_ruleset) current_findings = evaluate(diff.changes);
    auto changes = std::make_unique<std::vector<Change>>(as_of_ruleset(std::move(diff.changes), ruleset));
    Comparison comparison;
    comparison.findings = evaluate(*changes, ruleset);
    if (ruleset != current_ruleset) comparison.ruleset_lowering = lowered_by_ruleset(current_findings, comparison.findings);
    const auto append = [&comparison](std::vector<Finding> more) {
        comparison.findings.insert(comparison.findings.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
        sort_findings(comparison.findings);
    };
    if (conventions) append(new_convention_findings(before, after));
    std::vector<std::string> object_lines;
    if (!objects.empty()) {
        const auto checked = check_objects(before, after, load_manifests(objects, limits), limits);
        append(object_findings(checked));
        object_lines = object_notes(checked);
    }
    comparison.summary = summarize(comparison.findings);
    describe_sources(comparison, before, after);
    auto& notes = comparison.sources.notes;
    notes = std::move(diff.notes);
    notes.insert(notes.end(), cluster_notes.begin(), cluster_notes.end());
    notes.insert(notes.end(), object_lines.begin(), object_lines.end());
    // Input warnings first: they say what the findings were read from.
    std::vector<std::string> warnings = before.input_warnings;
    for (const auto& warning : after.input_warnings)
        if (std::find(warnings.begin(), warnings.end(), warning) == warnings.end()) warnings.push_back(warning);
    comparison.sources.notes.insert(comparison.sources.notes.begin(), warnings.begin(), warnings.end());
    if (inputs == ComparedInputs::left_to_exit) {
        leave_to_exit(std::move(loaded));
        leave_to_exit(std::move(changes));
    }
    return comparison;
}

void judge_upgrades(Comparison& comparison) { comparison.sources.upgrades = upgrade_verdicts(comparison.crds, comparison.findings); }

void anchor_to_releases(Comparison& comparison, const std::vector<std::string>& releases, const std::string& new_spec, const Limits& limits,
                        int ruleset) {
    const auto key = [](const Finding& finding) { return std::string(finding.rule.id()) + '\x1f' + place_of(finding); };
    std::map<std::string, std::vector<std::string>> breaks;  // rule and place → the releases broken there
    for (const auto& release : releases) {
        ComparisonRequest request;
        request.old_spec = release;
        request.new_spec = new_spec;
        request.ruleset = ruleset;
        const auto against = compare(request, limits);
        for (const auto& finding : against.findings) {
            auto& names = breaks[key(finding)];
            if (finding.severity >= Severity::warning && (names.empty() || names.back() != release)) names.push_back(release);
        }
    }
    std::size_t unreleased = 0;
    for (auto& finding : comparison.findings) {
        if (finding.severity < Severity::warning || !finding.rule->release_anchored) continue;
        if (const auto found = breaks.find(key(finding)); found != breaks.end() && !found->second.empty()) {
            finding.releases = found->second;
            continue;
        }
        finding.detail = std::string(finding.rule.id());
        finding.restates = finding.rule;
        finding.rule = rule_for(ChangeKind::unreleased_change, nullptr);
        finding.severity = Severity::info;
        ++unreleased;
    }
    sort_findings(comparison.findings);
    comparison.summary = summarize(comparison.findings);
    comparison.sources.notes.push_back(fmt::format("judged against release{} {}: {} change(s) to what no release had are info",
                                                   releases.size() == 1 ? "" : "s", fmt::join(releases, ", "), unreleased));
}

void apply_version_policy(Comparison& comparison, int ruleset) {
    // Kubernetes-style APIs version by API version: a break inside one is the finding itself.
    if (!comparison.sources.kinds.empty()) return;
    if (!ruleset_reports(ChangeKind::version_not_bumped, ruleset)) return;
    const auto& before = comparison.sources.old_side.version;
    const auto& after = comparison.sources.new_side.version;
    if (auto finding = version_not_bumped(before, after, comparison.findings)) {
        comparison.findings.push_back(std::move(*finding));
        sort_findings(comparison.findings);
        comparison.summary = summarize(comparison.findings);
    }
    if (const auto next = next_version(before, comparison.findings); !next.empty())
        comparison.sources.notes.push_back(
            fmt::format("info.version {} → {}: by semantic versioning these changes make it {}", before, after, next));
}

namespace {

// The newest version each group and kind serves: (group, kind) → (stability, major, minor, version).
std::map<std::pair<std::string, std::string>, std::tuple<int, int, int, std::string>> newest_served(const std::vector<std::string>& kinds) {
    std::map<std::pair<std::string, std::string>, std::tuple<int, int, int, std::string>> out;
    for (const auto& text : kinds) {
        const auto gvk = parse_group_version_kind(text);
        if (gvk.version.empty()) continue;
        const auto [major, minor] = version_numbers(gvk.version);
        const std::tuple<int, int, int, std::string> rank{static_cast<int>(stability_of_version(gvk.version)), major, minor, gvk.version};
        auto& newest = out[{gvk.group, gvk.kind}];
        if (rank > newest) newest = rank;
    }
    return out;
}

}  // namespace

void note_swapped_inputs(Comparison& comparison) {
    std::string why;
    const auto before = semantic_version(comparison.sources.old_side.version);
    const auto after = semantic_version(comparison.sources.new_side.version);
    if (before && after && before->numbers > after->numbers) {
        why = fmt::format("OLD's info.version {} is higher than NEW's {}", comparison.sources.old_side.version,
                          comparison.sources.new_side.version);
    } else {
        const auto old_newest = newest_served(comparison.sources.served_old);
        const auto new_newest = newest_served(comparison.sources.served_new);
        for (const auto& [kind, rank] : old_newest) {
            const auto found = new_newest.find(kind);
            if (found == new_newest.end() || found->second >= rank) continue;
            why = fmt::format("OLD serves {} {} at {}, NEW at {} only", kind.first, kind.second, std::get<3>(rank),
                              std::get<3>(found->second));
            break;
        }
    }
    if (why.empty()) {
        // Removals by the score and ten for each addition: a release read backwards (on the
        // corpus, forward pairs stay below it: cert-manager 1.6 → 1.7 removes 18 things).
        std::size_t removed = 0;
        std::size_t added = 0;
        for (const auto& finding : comparison.findings) {
            removed += finding.rule->direction == RuleDirection::removal ? 1 : 0;
            added += finding.rule->direction == RuleDirection::addition ? 1 : 0;
        }
        if (removed >= 20 && removed >= 10 * added)
            why = fmt::format("{} removals against {} addition{}", removed, added, added == 1 ? "" : "s");
    }
    if (!why.empty())
        comparison.sources.notes.insert(comparison.sources.notes.begin(),
                                        "warning: the inputs may be swapped (" + why + "); check takes the older snapshot first, OLD NEW");
}

void accept_baseline(Comparison& comparison, const SourceFile& file, const SourceFile* base) {
    auto outcome = apply_baseline(std::move(comparison.findings), parse_baseline(file));
    comparison.findings = std::move(outcome.findings);
    comparison.summary = summarize(comparison.findings);
    // What it accepted, and which of those entries the base branch's baseline lacks.
    std::set<std::tuple<std::string, std::string, std::string>> in_base;
    if (base != nullptr)
        for (const auto& entry : parse_baseline(*base)) in_base.emplace(entry.fingerprint, entry.rule, entry.place);
    auto& review = comparison.sources.baseline;
    review.file = file.name;
    review.compared_with_base = base != nullptr;
    for (const auto& entry : outcome.accepting)
        review.accepted.push_back(
            {entry.rule, entry.place, entry.reason, base != nullptr && !in_base.contains({entry.fingerprint, entry.rule, entry.place})});
    auto& notes = comparison.sources.notes;
    notes.push_back(std::to_string(outcome.accepted) + " finding(s) accepted by the baseline " + file.name);
    for (const auto& [entry, finding_place] : outcome.mismatched)
        notes.push_back("baseline entry at " + file.name + ":" + std::to_string(entry.position.line) + " names " + entry.place +
                        ", but the finding of its fingerprint stands at " + finding_place + ": not accepted");
    for (const auto& entry : outcome.stale)
        notes.push_back("stale baseline entry at " + file.name + ":" + std::to_string(entry.position.line) + ": " + entry.fingerprint +
                        " " + entry.rule + " " + entry.place + " accepts no finding any more");
}

void apply_configuration(Comparison& comparison, const std::optional<Config>& config) {
    if (!config) return;
    const auto today = fmt::format("{:%Y-%m-%d}", fmt::gmtime(std::time(nullptr)));
    auto outcome = apply_config(std::move(comparison.findings), *config, today);
    comparison.findings = std::move(outcome.findings);
    comparison.summary = summarize(comparison.findings);
    comparison.sources.policy = std::move(outcome.policy);
    comparison.sources.notes.insert(comparison.sources.notes.end(), outcome.notes.begin(), outcome.notes.end());
}

void note_pinned_ruleset(Comparison& comparison, int ruleset, std::optional<int> from_option, const std::optional<Config>& config) {
    if (ruleset == current_ruleset) return;
    const auto pinned_by =
        from_option || !config ? std::string("--rules-version") : config->file + ":" + std::to_string(config->ruleset_position.line);
    auto& policy = comparison.sources.policy;
    policy.insert(policy.begin(), ruleset_policy_note(ruleset, pinned_by, comparison.ruleset_lowering));
}

bool failed(const std::vector<Finding>& findings, Severity fail_on) {
    return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) { return f.severity >= fail_on; });
}

Comparison single_snapshot_report(const Snapshot& snapshot, std::vector<Finding> findings, std::vector<std::string> notes,
                                  std::string command) {
    Comparison report;
    report.findings = std::move(findings);
    sort_findings(report.findings);
    report.summary = summarize(report.findings);
    auto& sources = report.sources;
    sources.old_side = {snapshot.source, std::string(to_string(snapshot.format))};
    sources.new_side = sources.old_side;
    sources.notes = std::move(notes);
    sources.kinds = kinds_of({&snapshot});
    sources.single_snapshot = true;
    sources.single_command = std::move(command);
    return report;
}

}  // namespace kompat::cli
