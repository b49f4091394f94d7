// explain: a kind or field as kubectl explain shows it; --diff, in two snapshots.
#include <memory>
#include <optional>

#include "cli/command.hpp"
#include "cli/output.hpp"
#include "diff/snapshot_diff.hpp"
#include "report/explain_target.hpp"
#include "load/snapshot_loader.hpp"
#include "support/text_safety.hpp"
#include "report/explain_diff.hpp"
#include "report/explain_report.hpp"
#include "rules/evaluate.hpp"

namespace kompat::cli {
namespace {

struct ExplainCommandOptions {
    std::string spec;
    std::string resource;
    std::string diff_resource;
    std::string api_version;
    std::string output = "plaintext";
    bool diff = false;
    ExplainOptions explain;
};

// `explain --diff`: the field in both snapshots, its lines marked, then the findings on it.
// A side that lacks the field shows as absent; both lacking it is the usual lookup error.
int explain_two(const std::string& old_spec, const std::string& new_spec, const std::string& resource, const std::string& api_version,
                const ExplainOptions& options, const Limits& limits) {
    if (resource.empty()) {
        print_error("kompat explain: --diff takes OLD NEW RESOURCE[.field]");
        return exit_usage_or_input;
    }
    const auto [before, after] = load_snapshot_pair(old_spec, new_spec, limits);
    std::optional<std::string> texts[2];
    std::string place;
    std::optional<LookupError> missing;
    for (int side = 0; side < 2; ++side) {
        const auto& snapshot = side == 0 ? before : after;
        try {
            const auto target = find_explain_target(snapshot, resource, api_version);
            texts[side] = explain_text(snapshot, target, options);
            place = target.kind->gvk.to_string() + (target.finding_path.empty() ? "" : " " + target.finding_path);
        } catch (const LookupError& error) {
            if (missing) throw;  // neither side has it
            missing = error;
        }
    }
    const auto findings = evaluate(diff_snapshots(before, after, limits).changes);
    return write_stdout(escape_control_lines(explain_diff_text(texts[0], texts[1]) + findings_at(findings, place)));
}

int run_explain(const ExplainCommandOptions& options, const Limits& limits) {
    if (options.diff)
        return explain_two(options.spec, options.resource, options.diff_resource, options.api_version, options.explain, limits);
    if (!options.diff_resource.empty()) {
        print_error("kompat explain: a third argument is only for --diff OLD NEW RESOURCE");
        return exit_usage_or_input;
    }
    const auto snapshot = load_snapshot(options.spec, limits);
    const auto target = find_explain_target(snapshot, options.resource, options.api_version);
    return write_stdout(options.output == "openapiv3" ? explain_openapi_v3(snapshot, target)
                                                      : escape_control_lines(explain_text(snapshot, target, options.explain)));
}

}  // namespace

Command add_explain(CLI::App& app, Limits& limits) {
    auto options = std::make_shared<ExplainCommandOptions>();
    auto* explain = app.add_subcommand("explain", "A kind or field as kubectl explain shows it, from a spec file");
    explain->add_option("SPEC", options->spec, "The snapshot to read (with --diff: the old snapshot)")->required();
    explain
        ->add_option("RESOURCE", options->resource,
                     "Kind, plural or short name, then an optional .field.path (with --diff: the new snapshot)")
        ->required();
    explain->add_option("DIFF_RESOURCE", options->diff_resource, "With --diff: the kind or field to show in both");
    explain->add_flag("--diff", options->diff,
                      "kompat explain --diff OLD NEW RESOURCE[.field]: the field in both snapshots, changed lines marked - and +, "
                      "and the findings on it");
    explain->add_option("--api-version", options->api_version, "group/version to pick when the resource has several");
    explain->add_flag("--recursive", options->explain.recursive, "Print the field tree to any depth, without descriptions");
    explain->add_option("--output,-o", options->output, "Output format")
        ->check(CLI::IsMember({"plaintext", "openapiv3"}))
        ->default_str("plaintext");
    explain->footer(with_snapshot_forms(R"(Exit codes: 0 shown, 2 bad usage, unreadable input or no such resource or field.

Examples:
  kompat explain api/openapi-spec/v3 pods.spec.containers --recursive
  kompat explain --diff git:origin/main:api/openapi-spec/v3 api/openapi-spec/v3 deployments.spec.strategy)"));
    explain->add_option("--max-lines", options->explain.max_lines, "Limit: lines of a recursive explain")
        ->check(CLI::PositiveNumber)
        ->capture_default_str()
        ->group("Limits");
    add_limit_options(explain, limits, false);
    return {explain, [] { return 0; }, [options, &limits] { return run_explain(*options, limits); }};
}

}  // namespace kompat::cli
