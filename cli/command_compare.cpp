// check and diff: one comparison of two snapshots, judged, written as reports.
#include <fmt/format.h>

#include <memory>
#include <optional>

#include "cli/command.hpp"
#include "cli/report_formats.hpp"
#include "rules/baseline.hpp"
#include "support/left_to_exit.hpp"

namespace kompat::cli {
namespace {

struct CompareOptions {
    std::string old_spec;
    std::string new_spec;
    std::string fail_on = "error";
    ReportRequest reports;
    std::vector<std::string> releases;  // check --release: the releases users run
    std::optional<int> rules_version;   // the rule set pinned (else the config's, else the current one)
    bool lint = false;                  // check --lint: the API-convention violations NEW adds
    std::vector<std::string> objects;   // check --objects: objects validated against both snapshots
    std::vector<std::string> clusters;  // check --cluster: cluster CRD dumps whose status.storedVersions OLD takes
    std::string baseline;
    std::string baseline_base;  // the target branch's baseline: entries it lacks are approved in this PR
    std::string write_baseline_to;
    bool baseline_all = false;
    bool any_change_fails = false;  // diff: exit 1 for any change at all
};

// No output may overwrite an input or another output (a report on a spec of the PR would
// pass the next run).
int check_compare_outputs(CompareOptions& options) {
    if (const int refused = check_report_request(options.reports); refused != 0) return refused;
    auto outputs = options.reports.outputs;
    if (!options.write_baseline_to.empty()) outputs.push_back(options.write_baseline_to);
    // A baseline that is written is an output; one only read, an input.
    const auto baseline_read = options.baseline == options.write_baseline_to ? std::string() : options.baseline;
    std::vector<std::string> inputs{options.old_spec, options.new_spec, options.reports.config, baseline_read, options.baseline_base};
    inputs.insert(inputs.end(), options.releases.begin(), options.releases.end());
    inputs.insert(inputs.end(), options.objects.begin(), options.objects.end());
    inputs.insert(inputs.end(), options.clusters.begin(), options.clusters.end());
    return check_outputs(outputs, inputs);
}

int run_compare(const CompareOptions& options, const Limits& limits) {
    const auto threshold = severity_from(options.fail_on).value_or(Severity::error);
    const auto config = read_configuration(options.reports.config, limits);
    const int ruleset = ruleset_to_use(options.rules_version, config);
    // The snapshots stay to the end unless release comparisons follow (each loads two more).
    ComparisonRequest request{options.old_spec,
                              options.new_spec,
                              ruleset,
                              options.lint,
                              options.objects,
                              options.clusters,
                              options.releases.empty() ? ComparedInputs::left_to_exit : ComparedInputs::freed};
    auto comparison = compare(request, limits);
    if (!options.releases.empty()) anchor_to_releases(comparison, options.releases, options.new_spec, limits, ruleset);
    note_swapped_inputs(comparison);
    apply_version_policy(comparison, ruleset);
    apply_configuration(comparison, config);
    note_pinned_ruleset(comparison, ruleset, options.rules_version, config);
    OutputBatch batch;
    std::optional<WrittenBaseline> written;
    if (!options.write_baseline_to.empty()) {
        written = write_baseline(comparison.findings, options.baseline_all ? Severity::info : threshold);
        if (const int staged = batch.stage(options.write_baseline_to, written->text); staged != 0) return staged;
        // Accepted from the text written, as the next run will read it.
        if (options.baseline.empty() || options.baseline == options.write_baseline_to)
            accept_baseline(comparison, {options.write_baseline_to, written->text});
    }
    if (!options.baseline.empty() && options.baseline != options.write_baseline_to) {
        const auto base = options.baseline_base.empty()
                              ? std::optional<SourceFile>()
                              : std::optional<SourceFile>(read_single_source(options.baseline_base, limits, "a baseline file"));
        accept_baseline(comparison, read_single_source(options.baseline, limits, "a baseline file"), base ? &*base : nullptr);
    }
    judge_upgrades(comparison);
    if (const int failed_write = write_reports(comparison, options.reports, threshold, limits, batch); failed_write != 0)
        return failed_write;
    if (written)
        print_error(fmt::format("kompat: wrote {} baseline entr{} ({} findings{}) to {}", written->entries,
                                written->entries == 1 ? "y" : "ies", options.baseline_all ? "all" : "the",
                                options.baseline_all ? "" : " at or above " + options.fail_on, options.write_baseline_to));
    const int verdict = options.any_change_fails ? (comparison.findings.empty() ? 0 : exit_findings)
                                                 : (failed(comparison.findings, threshold) ? exit_findings : 0);
    // Its findings are thousands of small blocks, freed faster by the process's end.
    leave_to_exit(std::make_unique<Comparison>(std::move(comparison)));
    return verdict;
}

void add_rules_version_option(CLI::App* app, CompareOptions& options) {
    app->add_option("--rules-version", options.rules_version,
                    fmt::format("Judge as rule set N did ({} to {}; default: the config's rules-version, else {}): an upgrade of "
                                "kompat then changes no verdict (docs/rulesets.md)",
                                oldest_ruleset, current_ruleset, current_ruleset))
        ->check(CLI::Range(oldest_ruleset, current_ruleset));
}

Command command_of(CLI::App* app, const std::shared_ptr<CompareOptions>& options, Limits& limits) {
    return {app, [options] { return check_compare_outputs(*options); }, [options, &limits] { return run_compare(*options, limits); }};
}

}  // namespace

Command add_check(CLI::App& app, Limits& limits) {
    auto options = std::make_shared<CompareOptions>();
    auto* check = app.add_subcommand("check", "Compatibility findings between two snapshots; exit 1 at or above --fail-on");
    check->add_option("OLD", options->old_spec, "The snapshot before the change")->required();
    check->add_option("NEW", options->new_spec, "The snapshot after the change")->required();
    add_report_options(check, options->reports, "warning");
    check->add_option("--release", options->releases,
                      "A release users run (repeatable): errors and warnings stay only where NEW breaks one of them; "
                      "a change to what no release had is unreleased-change (info)");
    check->add_option("--baseline", options->baseline, "Accept the findings this baseline file lists; report its stale entries");
    check
        ->add_option("--baseline-base", options->baseline_base,
                     "The target branch's baseline (git:REV:PATH): the markdown report marks the entries it lacks "
                     "as approved in this PR")
        ->needs("--baseline");
    check->add_option("--write-baseline", options->write_baseline_to,
                      "Write the findings at or above --fail-on as a baseline file (sorted by place), and accept them");
    check->add_flag("--baseline-all", options->baseline_all, "With --write-baseline: write every finding, info included");
    add_rules_version_option(check, *options);
    check->add_flag("--lint", options->lint,
                    "Also report the Kubernetes API-convention violations NEW adds (docs/conventions.md); they fail the "
                    "check only at or above --fail-on");
    check->add_option("--cluster", options->clusters,
                      "A cluster's CRDs as `kubectl get crd -o yaml` writes them (repeatable): their status.storedVersions, the "
                      "versions objects are stored in, are OLD's; NEW must keep each (docs/upgrade.md)");
    check->add_option("--objects", options->objects,
                      "Kubernetes objects (a file or directory of YAML or JSON; repeatable) to validate against OLD and NEW: "
                      "the objects the change rejects, prunes or defaults differently (docs/objects.md)");
    check->add_option("--fail-on", options->fail_on, "Lowest severity that fails the check")
        ->check(CLI::IsMember({"error", "warning", "info"}))
        ->default_str("error");
    check->footer(with_snapshot_forms(R"(Exit codes: 0 no finding at or above --fail-on, 1 some, 2 bad usage or unreadable input.

Examples:
  kompat check git:HEAD~1:api/openapi-spec/v3 api/openapi-spec/v3 --fail-on warning
  kompat check git:origin/main:config/crd config/crd --format html --output report.html --format github)"));
    add_limit_options(check, limits, true);
    add_objects_limit_option(check, limits);
    return command_of(check, options, limits);
}

Command add_diff(CLI::App& app, Limits& limits) {
    auto options = std::make_shared<CompareOptions>();
    options->any_change_fails = true;
    options->reports.gated = false;
    options->reports.show = "info";
    auto* diff = app.add_subcommand(
        "diff", "Every change between two snapshots, info included, for a reviewer; exit 1 when there is any change at all");
    diff->add_option("OLD", options->old_spec, "The snapshot before the change")->required();
    diff->add_option("NEW", options->new_spec, "The snapshot after the change")->required();
    add_report_options(diff, options->reports, "info");
    add_rules_version_option(diff, *options);
    diff->footer(
        with_snapshot_forms(R"(Unlike check, diff lists every finding (--show info) and exits 1 for any change, whatever its severity:
it answers "did the API change?", not "does it break?".

Exit codes: 0 no change, 1 some change, 2 bad usage or unreadable input.

Examples:
  kompat diff v1.29/swagger.json v1.30/swagger.json
  kompat diff git:HEAD~1:config/crd config/crd --format markdown --output changes.md)"));
    add_limit_options(diff, limits, true);
    return command_of(diff, options, limits);
}

}  // namespace kompat::cli
