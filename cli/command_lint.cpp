// lint: the one-snapshot rules.
#include <memory>

#include "cli/command.hpp"
#include "cli/report_formats.hpp"
#include "load/snapshot_loader.hpp"
#include "rules/conventions.hpp"
#include "rules/lint.hpp"

#include <iterator>

namespace kompat::cli {
namespace {

struct LintCommandOptions {
    std::string spec;
    std::string fail_on = "error";
    std::string feature_gates;
    ReportRequest reports;
};

int run_lint(const LintCommandOptions& options, const Limits& limits) {
    const auto threshold = severity_from(options.fail_on).value_or(Severity::error);
    LintOptions lint_options;
    if (!options.feature_gates.empty())
        lint_options.feature_gates =
            parse_feature_gates(read_single_source(options.feature_gates, limits, "a file of feature gate names").bytes);
    const auto snapshot = load_snapshot(options.spec, limits);
    auto findings = lint(snapshot, lint_options);
    auto conventions = convention_findings(snapshot);
    findings.insert(findings.end(), std::make_move_iterator(conventions.begin()), std::make_move_iterator(conventions.end()));
    return finish_single_snapshot(single_snapshot_report(snapshot, std::move(findings), {}, "lint"), options.reports, threshold, limits,
                                  read_configuration(options.reports.config, limits));
}

}  // namespace

Command add_lint(CLI::App& app, Limits& limits) {
    auto options = std::make_shared<LintCommandOptions>();
    auto* lint = app.add_subcommand("lint", "One-snapshot rules: defaults across versions, lifecycle validity, Kubernetes API conventions");
    lint->add_option("SPEC", options->spec, "The snapshot to check")->required();
    add_report_options(lint, options->reports, "warning");
    lint->add_option("--fail-on", options->fail_on, "Lowest severity that fails the lint")
        ->check(CLI::IsMember({"error", "warning", "info"}))
        ->default_str("error");
    lint->footer(with_snapshot_forms(R"(Exit codes: 0 no finding at or above --fail-on, 1 some, 2 bad usage or unreadable input.

Examples:
  kompat lint config/crd
  kompat lint api/openapi-spec/v3 --feature-gates gates.txt --format json)"));
    lint->add_option("--feature-gates", options->feature_gates, "File of known feature gate names, one a line");
    add_limit_options(lint, limits, false);
    const auto check = [options] {
        if (const int refused = check_report_request(options->reports); refused != 0) return refused;
        return check_outputs(options->reports.outputs, {options->spec, options->reports.config, options->feature_gates});
    };
    return {lint, check, [options, &limits] { return run_lint(*options, limits); }};
}

}  // namespace kompat::cli
