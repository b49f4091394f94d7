// kompat's command line: wires the stages together and maps outcomes to exit codes
// (0 clean, 1 findings at or above --fail-on, 2 bad usage or unreadable input).
#include <CLI/CLI.hpp>
#include <fmt/chrono.h>
#include <malloc.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>

#include "cli/output.hpp"
#include "cli/version.hpp"
#include "load/input_error.hpp"
#include "load/text_safety.hpp"
#include "diff/schema_diff.hpp"
#include "load/snapshot_loader.hpp"
#include "load/stack_thread.hpp"
#include "report/changelog_report.hpp"
#include "report/explain_diff.hpp"
#include "report/explain_report.hpp"
#include "report/findings_report.hpp"
#include "report/github_report.hpp"
#include "report/junit_report.hpp"
#include "report/html_report.hpp"
#include "report/markdown_report.hpp"
#include "report/rules_report.hpp"
#include "report/sarif_report.hpp"
#include "report/inspect_report.hpp"
#include "load/source_reader.hpp"
#include "rules/baseline.hpp"
#include "rules/config.hpp"
#include "rules/evaluate.hpp"
#include "rules/lint.hpp"

namespace {

constexpr int exit_findings = 1;
constexpr int exit_usage_or_input = 2;

bool colour_wanted() {
    const char* no_colour = std::getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) == 1 && (no_colour == nullptr || no_colour[0] == '\0');
}

struct Comparison {
    std::vector<kompat::Finding> findings;
    kompat::Summary summary;
    kompat::ReportSources sources;
};

std::vector<std::string> kinds_of(std::initializer_list<const kompat::Snapshot*> snapshots) {
    std::set<std::string> kinds;
    for (const auto* snapshot : snapshots)
        for (const auto& kind : snapshot->kinds) kinds.insert(kind.gvk.to_string());
    return {kinds.begin(), kinds.end()};
}

// The kinds a snapshot serves (a CRD version may be defined but not served).
std::vector<std::string> served_kinds(const kompat::Snapshot& snapshot) {
    std::set<std::string> kinds;
    for (const auto& kind : snapshot.kinds)
        if (!kind.crd || kind.crd->served) kinds.insert(kind.gvk.to_string());
    return {kinds.begin(), kinds.end()};
}

Comparison compare(const std::string& old_spec, const std::string& new_spec, const kompat::Limits& limits) {
    const auto [before, after] = kompat::load_snapshot_pair(old_spec, new_spec, limits);
    auto diff = kompat::diff_snapshots(before, after, limits);
    Comparison comparison;
    comparison.findings = kompat::evaluate(diff.changes);
    comparison.summary = kompat::summarize(comparison.findings);
    comparison.sources = {{before.source, std::string(kompat::to_string(before.format))},
                          {after.source, std::string(kompat::to_string(after.format))},
                          std::move(diff.notes),
                          kinds_of({&before, &after}),
                          false,
                          served_kinds(before),
                          served_kinds(after)};
    // Input warnings first: they say what the findings were read from.
    std::vector<std::string> warnings = before.input_warnings;
    for (const auto& warning : after.input_warnings)
        if (std::find(warnings.begin(), warnings.end(), warning) == warnings.end()) warnings.push_back(warning);
    comparison.sources.notes.insert(comparison.sources.notes.begin(), warnings.begin(), warnings.end());
    return comparison;
}

// Takes out the findings `path` accepts, and says what it accepted and which of its
// entries accept nothing any more.
void accept_baseline(Comparison& comparison, const kompat::SourceFile& file) {
    auto outcome = kompat::apply_baseline(std::move(comparison.findings), kompat::parse_baseline(file));
    comparison.findings = std::move(outcome.findings);
    comparison.summary = kompat::summarize(comparison.findings);
    comparison.sources.notes.push_back(std::to_string(outcome.accepted) + " finding(s) accepted by the baseline " + file.name);
    for (const auto& [entry, finding_place] : outcome.mismatched)
        comparison.sources.notes.push_back("baseline entry at " + file.name + ":" + std::to_string(entry.position.line) + " names " +
                                           entry.place + ", but the finding of its fingerprint stands at " + finding_place +
                                           ": not accepted");
    for (const auto& entry : outcome.stale)
        comparison.sources.notes.push_back("stale baseline entry at " + file.name + ":" + std::to_string(entry.position.line) + ": " +
                                           entry.fingerprint + " " + entry.rule + " " + entry.place + " accepts no finding any more");
}

// Applies the configuration file at `path`, as of today (UTC) for the ignores' expiry.
void apply_configuration(Comparison& comparison, const std::string& path, const kompat::Limits& limits) {
    const auto config = kompat::parse_config(kompat::read_single_source(path, limits, "a configuration file"), limits);
    const auto today = fmt::format("{:%Y-%m-%d}", fmt::gmtime(std::time(nullptr)));
    auto outcome = kompat::apply_config(std::move(comparison.findings), config, today);
    comparison.findings = std::move(outcome.findings);
    comparison.summary = kompat::summarize(comparison.findings);
    comparison.sources.policy = std::move(outcome.policy);
    comparison.sources.notes.insert(comparison.sources.notes.end(), outcome.notes.begin(), outcome.notes.end());
}

bool failed(const std::vector<kompat::Finding>& findings, kompat::Severity fail_on) {
    return std::any_of(findings.begin(), findings.end(), [&](const kompat::Finding& f) { return f.severity >= fail_on; });
}

const std::vector<std::string> report_formats = {"text", "json", "github", "junit", "sarif", "markdown", "html"};

std::string render(const Comparison& comparison, const std::string& format, bool to_terminal, kompat::Severity fail_on,
                   kompat::Severity show) {
    if (format == "html") return kompat::html_report(comparison.findings, comparison.summary, comparison.sources);
    if (format == "markdown") return kompat::markdown_report(comparison.findings, comparison.summary, comparison.sources, show);
    if (format == "changelog" || format == "changelog-json") {
        const auto changelog = kompat::changelog_of(comparison.findings, comparison.sources);
        return format == "changelog" ? kompat::changelog_markdown(changelog, comparison.sources)
                                     : kompat::changelog_json(changelog, comparison.sources);
    }
    if (format == "sarif") return kompat::sarif_report(comparison.findings, comparison.summary, comparison.sources);
    if (format == "junit") return kompat::junit_report(comparison.findings, comparison.summary, comparison.sources, fail_on);
    if (format == "json") return kompat::json_report(comparison.findings, comparison.summary, comparison.sources);
    if (format == "github") return kompat::github_report(comparison.findings, comparison.summary, comparison.sources, show);
    return kompat::text_report(comparison.findings, comparison.summary, comparison.sources, {to_terminal && colour_wanted(), show});
}

// Which report goes where: the n-th --format to the n-th --output, the rest to stdout.
struct ReportRequest {
    std::vector<std::string> formats;
    std::vector<std::string> outputs;
    std::string config;
    std::string show = "warning";
};

void add_report_options(CLI::App* command, ReportRequest& request, const std::string& default_show) {
    command->add_option("--config", request.config, "kompat.yaml: rule severities or off, ignores with expiry, rule set");
    command->add_option("--format", request.formats, "Report format; repeat with --output for several reports from one run")
        ->check(CLI::IsMember(report_formats))->default_str("text")->allow_extra_args(false);
    // One value an occurrence: a list option would otherwise take `--` as the end of its
    // values, and what follows it as options (`--format json -- --help new.json`).
    command->add_option("--output,-o", request.outputs, "File for the report of the --format in the same position")
        ->default_str("standard output")->allow_extra_args(false);
    command->add_option("--show", request.show,
                        "Lowest severity text, markdown and github list (the rest are counted); json, sarif, junit and html hold all")
        ->check(CLI::IsMember({"error", "warning", "info"}))->default_str(default_show);
}


// Every report is rendered before any is written; the files (and `batch`, which may hold
// a baseline already) are committed together, then standard output is written.
int write_reports(const Comparison& comparison, const ReportRequest& request, kompat::Severity fail_on, const kompat::Limits& limits,
                  kompat::cli::OutputBatch& batch) {
    const auto formats = request.formats.empty() ? std::vector<std::string>{"text"} : request.formats;
    const auto show = kompat::severity_from(request.show).value_or(kompat::Severity::warning);
    const auto to_stdout = [&](std::size_t i) { return i >= request.outputs.size() || kompat::cli::is_standard_output(request.outputs[i]); };
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < formats.size(); ++i) texts.push_back(render(comparison, formats[i], to_stdout(i), fail_on, show));
    // Nothing is written when one report is too large: all of them are built first.
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (texts[i].size() <= limits.max_report_bytes) continue;
        kompat::cli::print_error(fmt::format("kompat: the {} report would be {} bytes, more than {} (limit max-report-bytes; raise it with "
                                             "--max-report-bytes N); nothing was written",
                                             formats[i], texts[i].size(), limits.max_report_bytes));
        return exit_usage_or_input;
    }
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (!to_stdout(i))
            if (const int staged = batch.stage(request.outputs[i], texts[i]); staged != 0) return staged;
    if (const int committed = batch.commit(); committed != 0) return committed;
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (to_stdout(i))
            if (const int written = kompat::cli::write_stdout(texts[i], formats[i] == "github"); written != 0) return written;
    return 0;
}

// The limits of docs/limits.md, each an option named as its error message names it.
void add_limit_options(CLI::App* command, kompat::Limits& limits, bool compares) {
    command->add_option("--max-input-bytes", limits.max_input_bytes, "Limit: bytes of one input file and of one snapshot")
        ->check(CLI::PositiveNumber)->capture_default_str()->group("Limits");
    command->add_option("--max-files", limits.max_files, "Limit: files one snapshot reads (its directory or git tree, and $ref targets)")
        ->check(CLI::PositiveNumber)->capture_default_str()->group("Limits");
    command->add_option("--git-timeout", limits.git_timeout_seconds, "Limit: seconds one git command may take (REV:PATH)")
        ->check(CLI::PositiveNumber)->capture_default_str()->group("Limits");
    // Capped: every stage walks nested values recursively, and deeper would risk the stack.
    command->add_option("--max-nesting-depth", limits.max_nesting_depth, "Limit: nesting of arrays and objects (at most 2000)")
        ->check(CLI::Range(1, 2000))->capture_default_str()->group("Limits");
    command->add_option("--max-yaml-extra-nodes", limits.max_yaml_extra_nodes, "Limit: YAML nodes beyond one a byte (alias expansion)")
        ->check(CLI::NonNegativeNumber)->capture_default_str()->group("Limits");
    command->add_option("--max-schemas", limits.max_schemas,
                        "Limit: schemas one snapshot holds (0: 250,000 plus one per 64 bytes of input)")
        ->check(CLI::NonNegativeNumber)->capture_default_str()->group("Limits");
    command->add_option("--max-ref-chain", limits.max_ref_chain, "Limit: $refs followed one after another")
        ->check(CLI::PositiveNumber)->capture_default_str()->group("Limits");
    if (compares) {
        command->add_option("--max-findings", limits.max_findings, "Limit: places two snapshots may differ in")
            ->check(CLI::PositiveNumber)->capture_default_str()->group("Limits");
        command->add_option("--max-report-bytes", limits.max_report_bytes, "Limit: bytes of one report")
            ->check(CLI::PositiveNumber)->capture_default_str()->group("Limits");
    }
}

// `explain --diff`: the field in both snapshots, its lines marked, then the findings on it.
// A side that lacks the field shows as absent; both lacking it is the usual lookup error.
int explain_two(const std::string& old_spec, const std::string& new_spec, const std::string& resource, const std::string& api_version,
                const kompat::ExplainOptions& options, const kompat::Limits& limits) {
    if (resource.empty()) {
        kompat::cli::print_error("kompat explain: --diff takes OLD NEW RESOURCE[.field]");
        return exit_usage_or_input;
    }
    const auto [before, after] = kompat::load_snapshot_pair(old_spec, new_spec, limits);
    std::optional<std::string> texts[2];
    std::string place;
    std::optional<kompat::LookupError> missing;
    for (int side = 0; side < 2; ++side) {
        const auto& snapshot = side == 0 ? before : after;
        try {
            const auto target = kompat::find_explain_target(snapshot, resource, api_version);
            texts[side] = kompat::explain_text(snapshot, target, options);
            place = target.kind->gvk.to_string() + (target.finding_path.empty() ? "" : " " + target.finding_path);
        } catch (const kompat::LookupError& error) {
            if (missing) throw;  // neither side has it
            missing = error;
        }
    }
    const auto findings = kompat::evaluate(kompat::diff_snapshots(before, after, limits).changes);
    return kompat::cli::write_stdout(
        kompat::escape_control_lines(kompat::explain_diff_text(texts[0], texts[1]) + kompat::findings_at(findings, place)));
}

// Runs `command` on a thread with a large stack (reserved, and touched only as far as it
// is used); on this thread when no such thread can be made, with the nesting limit cut to
// what this thread's stack takes, so deep input is an error, never a crash.
int run_on_large_stack(const std::function<int()>& command, kompat::Limits& limits) {
    int result = exit_usage_or_input;
    kompat::StackThread thread([&] { result = command(); }, kompat::large_stack_bytes,
                               [&] { limits.max_nesting_depth = kompat::nesting_the_stack_allows(limits.max_nesting_depth); });
    thread.join();
    return result;
}

}  // namespace

int main(int argc, char** argv) {
    // Blocks of 1 MiB and more (a parser's stack, a wide object's table, a file's text)
    // are mapped and unmapped on their own, so memory freed goes back at once and peak
    // RSS is what is live: glibc would otherwise raise this threshold as such blocks are
    // freed and keep them in its heap (docs/limits.md, wide inputs).
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    CLI::App app{"kompat: compatibility diff and API review for Kubernetes-style APIs"};
    app.set_version_flag("--version", kompat::cli::version_text());
    app.require_subcommand(1);

    std::string spec;
    std::string format = "text";
    kompat::Limits limits;
    auto* inspect = app.add_subcommand("inspect", "Show what kompat understood of one snapshot");
    inspect->add_option("SPEC", spec,
                        "OpenAPI v2/v3 file, directory of v3 files or CRDs, CRD file, - for stdin, or git:REV:PATH")
        ->required();
    inspect->add_option("--format", format, "Output format")->check(CLI::IsMember({"text", "json"}))->default_str("text");
    inspect->footer(R"(Exit codes: 0 read, 2 bad usage or unreadable input.

Examples:
  kompat inspect api/openapi-spec/v3
  kompat inspect git:HEAD:config/crd --format json)");
    add_limit_options(inspect, limits, false);

    std::string old_spec;
    std::string new_spec;
    std::string fail_on = "error";
    auto* check = app.add_subcommand("check", "Compatibility findings between two snapshots; exit 1 at or above --fail-on");
    check->add_option("OLD", old_spec, "The snapshot before the change")->required();
    check->add_option("NEW", new_spec, "The snapshot after the change")->required();
    ReportRequest reports;
    add_report_options(check, reports, "warning");
    std::string baseline;
    std::string write_baseline_to;
    bool baseline_all = false;
    check->add_option("--baseline", baseline, "Accept the findings this baseline file lists; report its stale entries");
    check->add_option("--write-baseline", write_baseline_to,
                      "Write the findings at or above --fail-on as a baseline file (sorted by place), and accept them");
    check->add_flag("--baseline-all", baseline_all, "With --write-baseline: write every finding, info included");
    check->add_option("--fail-on", fail_on, "Lowest severity that fails the check")
        ->check(CLI::IsMember({"error", "warning", "info"}))->default_str("error");
    check->footer(R"(Exit codes: 0 no finding at or above --fail-on, 1 some, 2 bad usage or unreadable input.

Examples:
  kompat check git:HEAD~1:api/openapi-spec/v3 api/openapi-spec/v3 --fail-on warning
  kompat check git:origin/main:config/crd config/crd --format github --format html --output report.html)");
    add_limit_options(check, limits, true);
    auto* diff = app.add_subcommand(
        "diff", "Every change between two snapshots, info included, for a reviewer; exit 1 when there is any change at all");
    diff->add_option("OLD", old_spec, "The snapshot before the change")->required();
    diff->add_option("NEW", new_spec, "The snapshot after the change")->required();
    add_report_options(diff, reports, "info");
    diff->footer(R"(Unlike check, diff lists every finding (--show info) and exits 1 for any change, whatever its severity:
it answers "did the API change?", not "does it break?".

Exit codes: 0 no change, 1 some change, 2 bad usage or unreadable input.

Examples:
  kompat diff v1.29/swagger.json v1.30/swagger.json
  kompat diff git:HEAD~1:config/crd config/crd --format markdown --output changes.md)");
    add_limit_options(diff, limits, true);

    ReportRequest changelog_reports;
    auto* changelog = app.add_subcommand("changelog", "Release notes between two snapshots: Breaking, Removed, Deprecated, Promoted, Added");
    changelog->add_option("OLD", old_spec, "The snapshot of the previous release")->required();
    changelog->add_option("NEW", new_spec, "The snapshot of this release")->required();
    changelog->add_option("--output,-o", changelog_reports.outputs, "File to write the notes to (default: stdout)")->expected(0, 1)->allow_extra_args(false);
    std::string changelog_format = "markdown";
    changelog->add_option("--format", changelog_format, "markdown to paste, json for tools that assemble notes")
        ->check(CLI::IsMember({"markdown", "json"}))->default_str("markdown");
    changelog->add_option("--config", changelog_reports.config, "kompat.yaml: rule severities or off, ignores with expiry, rule set");
    add_limit_options(changelog, limits, true);
    changelog->footer(R"(Exit codes: 0 written, 2 bad usage or unreadable input.

Examples:
  kompat changelog v1.29/swagger.json v1.30/swagger.json
  kompat changelog git:v1.1.0:config/crd git:HEAD:config/crd --output CHANGELOG-api.md)");

    std::string feature_gates;
    auto* lint = app.add_subcommand("lint", "One-snapshot rules: defaults across versions, lifecycle validity");
    lint->add_option("SPEC", spec, "The snapshot to check")->required();
    add_report_options(lint, reports, "warning");
    lint->add_option("--fail-on", fail_on, "Lowest severity that fails the lint")
        ->check(CLI::IsMember({"error", "warning", "info"}))->default_str("error");
    lint->footer(R"(Exit codes: 0 no finding at or above --fail-on, 1 some, 2 bad usage or unreadable input.

Examples:
  kompat lint config/crd
  kompat lint api/openapi-spec/v3 --feature-gates gates.txt --format json)");
    lint->add_option("--feature-gates", feature_gates, "File of known feature gate names, one a line");
    add_limit_options(lint, limits, false);

    std::string resource;
    std::string api_version;
    std::string explain_output = "plaintext";
    kompat::ExplainOptions explain_options;
    auto* explain = app.add_subcommand("explain", "A kind or field as kubectl explain shows it, from a spec file");
    bool explain_diff = false;
    std::string diff_resource;
    explain->add_option("SPEC", spec, "The snapshot to read (with --diff: the old snapshot)")->required();
    explain->add_option("RESOURCE", resource, "Kind, plural or short name, then an optional .field.path (with --diff: the new snapshot)")
        ->required();
    explain->add_option("DIFF_RESOURCE", diff_resource, "With --diff: the kind or field to show in both");
    explain->add_flag("--diff", explain_diff,
                      "kompat explain --diff OLD NEW RESOURCE[.field]: the field in both snapshots, changed lines marked - and +, "
                      "and the findings on it");
    explain->add_option("--api-version", api_version, "group/version to pick when the resource has several");
    explain->add_flag("--recursive", explain_options.recursive, "Print the field tree to any depth, without descriptions");
    explain->add_option("--output,-o", explain_output, "Output format")
        ->check(CLI::IsMember({"plaintext", "openapiv3"}))->default_str("plaintext");
    explain->footer(R"(Exit codes: 0 shown, 2 bad usage, unreadable input or no such resource or field.

Examples:
  kompat explain api/openapi-spec/v3 pods.spec.containers --recursive
  kompat explain --diff git:origin/main:api/openapi-spec/v3 api/openapi-spec/v3 deployments.spec.strategy)");
    explain->add_option("--max-lines", explain_options.max_lines, "Limit: lines of a recursive explain")
        ->check(CLI::PositiveNumber)->capture_default_str()->group("Limits");
    add_limit_options(explain, limits, false);

    std::string rule_id;
    std::string rules_format = "text";
    auto* rules = app.add_subcommand("rules", "The rule catalogue: what each rule means, whom it breaks, what to do about it");
    rules->add_option("RULE", rule_id, "One rule, shown in full");
    rules->add_option("--format", rules_format, "Output format")->check(CLI::IsMember({"text", "json"}))->default_str("text");
    rules->footer(R"(Exit codes: 0 shown, 2 no such rule.

Examples:
  kompat rules
  kompat rules field-became-required)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // Not app.exit(): the message may quote an argument, which is escaped like any input.
        kompat::cli::print_error(std::string("kompat: ") + e.what());
        kompat::cli::print_error("Run with --help for more information.");
        return exit_usage_or_input;
    }

    if (reports.outputs.size() > std::max<std::size_t>(reports.formats.size(), 1)) {
        kompat::cli::print_error("kompat: more --output than --format options");
        return exit_usage_or_input;
    }
    const auto standard_outputs = std::max<std::size_t>(reports.formats.size(), 1) - reports.outputs.size() +
                                  static_cast<std::size_t>(std::count_if(reports.outputs.begin(), reports.outputs.end(),
                                                                         kompat::cli::is_standard_output));
    if (standard_outputs > 1) {
        kompat::cli::print_error("kompat: several reports to standard output; give each --format but one an --output");
        return exit_usage_or_input;
    }

    // No output may overwrite an input or another output (a report on a spec of the PR
    // would pass the next run).
    {
        std::vector<std::string> outputs = reports.outputs;
        outputs.insert(outputs.end(), changelog_reports.outputs.begin(), changelog_reports.outputs.end());
        if (!write_baseline_to.empty()) outputs.push_back(write_baseline_to);
        std::vector<std::string> inputs;
        for (const auto* input : {&old_spec, &new_spec, &spec, &reports.config, &changelog_reports.config, &feature_gates})
            if (!input->empty() && *input != "-") inputs.push_back(*input);
        if (!baseline.empty() && baseline != write_baseline_to) inputs.push_back(baseline);
        if (const int refused = kompat::cli::check_outputs(outputs, inputs); refused != 0) return refused;
    }
    if (rules->parsed()) {
        if (rules_format == "json") return kompat::cli::write_stdout(kompat::rules_json());
        const auto text = kompat::rules_text(rule_id.empty() ? std::nullopt : std::optional<std::string_view>(rule_id));
        if (!text) {
            kompat::cli::print_error("kompat rules: no rule \"" + rule_id + "\"; `kompat rules` lists them");
            return exit_usage_or_input;
        }
        return kompat::cli::write_stdout(*text);
    }

    // A file-size limit (ulimit -f) must fail a write with EFBIG, reported, not kill kompat.
    std::signal(SIGXFSZ, SIG_IGN);

    // Every stage walks nested values recursively: the command runs on a stack large enough
    // for the deepest nesting --max-nesting-depth allows, sanitizers on.
    // --fail-on takes only the three names, so this always finds one.
    const auto threshold = kompat::severity_from(fail_on).value_or(kompat::Severity::error);
    return run_on_large_stack([&]() -> int {
        try {
            if (check->parsed() || diff->parsed()) {
                if (diff->parsed() && diff->count("--show") == 0) reports.show = "info";
                auto comparison = compare(old_spec, new_spec, limits);
                if (!reports.config.empty()) apply_configuration(comparison, reports.config, limits);
                kompat::cli::OutputBatch batch;
                std::optional<kompat::WrittenBaseline> written_baseline;
                if (!write_baseline_to.empty()) {
                    const auto at_least = baseline_all ? kompat::Severity::info : threshold;
                    written_baseline = kompat::write_baseline(comparison.findings, at_least);
                    if (const int staged = batch.stage(write_baseline_to, written_baseline->text); staged != 0) return staged;
                    // Accepted from the text written, as the next run will read it.
                    if (baseline.empty() || baseline == write_baseline_to) accept_baseline(comparison, {write_baseline_to, written_baseline->text});
                }
                if (!baseline.empty() && baseline != write_baseline_to) accept_baseline(comparison, kompat::read_single_source(baseline, limits, "a baseline file"));
                if (const int written = write_reports(comparison, reports, threshold, limits, batch); written != 0) return written;
                if (written_baseline)
                    kompat::cli::print_error(fmt::format("kompat: wrote {} baseline entr{} ({} findings{}) to {}", written_baseline->entries,
                                                         written_baseline->entries == 1 ? "y" : "ies", baseline_all ? "all" : "the",
                                                         baseline_all ? "" : " at or above " + fail_on, write_baseline_to));
                if (diff->parsed()) return comparison.findings.empty() ? 0 : exit_findings;
                return failed(comparison.findings, threshold) ? exit_findings : 0;
            }
            if (changelog->parsed()) {
                auto comparison = compare(old_spec, new_spec, limits);
                if (!changelog_reports.config.empty()) apply_configuration(comparison, changelog_reports.config, limits);
                changelog_reports.formats = {changelog_format == "json" ? "changelog-json" : "changelog"};
                kompat::cli::OutputBatch batch;
                return write_reports(comparison, changelog_reports, threshold, limits, batch);
            }
            if (lint->parsed()) {
                kompat::LintOptions options;
                if (!feature_gates.empty()) {
                    options.feature_gates =
                        kompat::parse_feature_gates(kompat::read_single_source(feature_gates, limits, "a file of feature gate names").bytes);
                }
                const auto snapshot = kompat::load_snapshot(spec, limits);
                Comparison report;
                report.findings = kompat::lint(snapshot, options);
                report.summary = kompat::summarize(report.findings);
                const kompat::ReportSource side{snapshot.source, std::string(kompat::to_string(snapshot.format))};
                report.sources = {side, side, {}, kinds_of({&snapshot}), true};
                if (!reports.config.empty()) apply_configuration(report, reports.config, limits);
                kompat::cli::OutputBatch batch;
                if (const int written = write_reports(report, reports, threshold, limits, batch); written != 0) return written;
                return failed(report.findings, threshold) ? exit_findings : 0;
            }
            if (explain->parsed() && explain_diff) return explain_two(spec, resource, diff_resource, api_version, explain_options, limits);
            if (explain->parsed()) {
                if (!diff_resource.empty()) {
                    kompat::cli::print_error("kompat explain: a third argument is only for --diff OLD NEW RESOURCE");
                    return exit_usage_or_input;
                }
                const auto snapshot = kompat::load_snapshot(spec, limits);
                const auto target = kompat::find_explain_target(snapshot, resource, api_version);
                return kompat::cli::write_stdout(explain_output == "openapiv3"
                                                     ? kompat::explain_openapi_v3(snapshot, target)
                                                     : kompat::escape_control_lines(kompat::explain_text(snapshot, target, explain_options)));
            }
            if (inspect->parsed()) {
                const auto snapshot = kompat::load_snapshot(spec, limits);
                return kompat::cli::write_stdout(format == "json" ? kompat::inspect_json(snapshot)
                                                                  : kompat::escape_control_lines(kompat::inspect_text(snapshot)));
            }
        } catch (const kompat::InputError& error) {
            kompat::cli::print_error(error.describe());
            return exit_usage_or_input;
        } catch (const kompat::LookupError& error) {
            kompat::cli::print_error(std::string("kompat explain: ") + error.what());
            return exit_usage_or_input;
        } catch (const std::bad_alloc&) {
            kompat::cli::print_error("kompat: out of memory");
            return exit_usage_or_input;
        } catch (const std::exception& error) {
            // A failure of kompat itself: still exit 2, never a verdict.
            kompat::cli::print_error(std::string("kompat: internal error: ") + error.what());
            return exit_usage_or_input;
        }
        return exit_usage_or_input;
    }, limits);
}
