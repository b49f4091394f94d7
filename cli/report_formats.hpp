#pragma once
// The reports a comparison can be written as: one table of formats, shared by check, diff,
// lint and changelog, and the --format/--output options that ask for them.
#include <CLI/CLI.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/comparison.hpp"
#include "cli/output.hpp"
#include "support/limits.hpp"

namespace kompat::cli {

struct RenderContext {
    bool to_terminal = false;  // colour only ever there
    Severity fail_on = Severity::error;
    Severity show = Severity::warning;
    bool gated = true;  // fail_on decides the exit (not in diff, whose exit is any change)
};

struct ReportFormat {
    std::string_view name;
    std::string (*render)(const Comparison&, const RenderContext&);
    // The file-name endings an --output without --format is taken to ask for this format by.
    std::array<std::string_view, 2> extensions{};
    bool writes_commands = false;  // github: its `::` lines are kompat's own
    bool listed = true;            // a --format of check, diff and lint (the changelog's are its own)
};

// Every format, by name; nullptr for one there is not.
const ReportFormat* find_report_format(std::string_view name);
// The format whose extension `path` ends with, among the formats of check, diff and lint
// (`listed`) or the changelog's; nullptr for none.
const ReportFormat* report_format_for_output(std::string_view path, bool listed);
// The names check, diff and lint take.
std::vector<std::string> report_format_names();

// Which report goes where: an --output is for the --format just before it (`-`, or none:
// standard output); an --output before any --format is for the default text report.
// check_report_request pairs them by the order they were written in.
struct ReportRequest {
    std::vector<std::string> formats;
    std::vector<std::string> outputs;  // once paired: one per format, `-` for standard output
    std::string config;
    std::string show = "warning";
    bool gated = true;  // --fail-on decides the exit; diff: any change does
    // Set by add_report_options: where the order is read from.
    CLI::App* command = nullptr;
    const CLI::Option* format_option = nullptr;
    const CLI::Option* output_option = nullptr;
};

void add_report_options(CLI::App* command, ReportRequest& request, const std::string& default_show);

// Pairs each --output with its --format (request.outputs: one a report afterwards) and
// refuses usage the options alone show wrong: an --output before every --format, two for
// one, several reports to standard output. Exit code 0, or 2 with a message. Only for a
// request add_report_options registered.
int check_report_request(ReportRequest& request);

// Every report is rendered before any is written; the files (and `batch`, which may hold
// a baseline already) are committed together, then standard output is written.
int write_reports(const Comparison& comparison, const ReportRequest& request, Severity fail_on, const Limits& limits, OutputBatch& batch);

// The end of a one-snapshot command (lint, validate): the configuration applied, the
// reports written, and the exit code by --fail-on.
int finish_single_snapshot(Comparison report, const ReportRequest& request, Severity fail_on, const Limits& limits,
                           const std::optional<Config>& config);

}  // namespace kompat::cli
