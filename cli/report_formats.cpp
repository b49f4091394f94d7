#include "cli/report_formats.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>

#include "cli/exit_codes.hpp"
#include "report/changelog_report.hpp"
#include "report/github_report.hpp"
#include "report/html_report.hpp"
#include "report/json_report.hpp"
#include "report/junit_report.hpp"
#include "report/markdown_report.hpp"
#include "report/sarif_report.hpp"
#include "report/text_report.hpp"
#include "support/left_to_exit.hpp"

namespace kompat::cli {
namespace {

bool colour_wanted() {
    const char* no_colour = std::getenv("NO_COLOR");
    return isatty(STDOUT_FILENO) == 1 && (no_colour == nullptr || no_colour[0] == '\0');
}

const std::array<ReportFormat, 9> formats{{
    {"text",
     [](const Comparison& c, const RenderContext& r) {
         return text_report(c.findings, c.summary, c.sources, {r.to_terminal && colour_wanted(), r.show});
     },
     {".txt", ".log"}},
    {"json", [](const Comparison& c, const RenderContext&) { return json_report(c.findings, c.summary, c.sources); }, {".json"}},
    {"github",
     [](const Comparison& c, const RenderContext& r) { return github_report(c.findings, c.summary, c.sources, r.show); },
     {},
     true},
    {"junit",
     [](const Comparison& c, const RenderContext& r) { return junit_report(c.findings, c.summary, c.sources, r.fail_on); },
     {".xml"}},
    {"sarif",
     [](const Comparison& c, const RenderContext& r) { return sarif_report(c.findings, c.summary, c.sources, r.show); },
     {".sarif", ".sarif.json"}},
    {"markdown",
     [](const Comparison& c, const RenderContext& r) {
         return markdown_report(c.findings, c.summary, c.sources, r.show, r.gated ? std::optional(r.fail_on) : std::nullopt);
     },
     {".md", ".markdown"}},
    {"html", [](const Comparison& c, const RenderContext&) { return html_report(c.findings, c.summary, c.sources); }, {".html", ".htm"}},
    {"changelog",
     [](const Comparison& c, const RenderContext&) { return changelog_markdown(changelog_of(c.findings, c.sources), c.sources); },
     {".md", ".markdown"},
     false,
     false},
    {"changelog-json",
     [](const Comparison& c, const RenderContext&) { return changelog_json(changelog_of(c.findings, c.sources), c.sources); },
     {".json"},
     false,
     false},
}};

}  // namespace

const ReportFormat* find_report_format(std::string_view name) {
    const auto found = std::find_if(formats.begin(), formats.end(), [&](const ReportFormat& f) { return f.name == name; });
    return found == formats.end() ? nullptr : &*found;
}

const ReportFormat* report_format_for_output(std::string_view path, bool listed) {
    const ReportFormat* found = nullptr;
    std::size_t longest = 0;  // results.sarif.json is SARIF, not JSON
    for (const auto& format : formats)
        for (const auto extension : format.extensions)
            if (format.listed == listed && !extension.empty() && extension.size() > longest && path.ends_with(extension)) {
                found = &format;
                longest = extension.size();
            }
    return found;
}

std::vector<std::string> report_format_names() {
    std::vector<std::string> names;
    for (const auto& format : formats)
        if (format.listed) names.emplace_back(format.name);
    return names;
}

void add_report_options(CLI::App* command, ReportRequest& request, const std::string& default_show) {
    command->add_option("--config", request.config, "kompat.yaml: rule severities or off, ignores with expiry, rule set");
    // One value an occurrence: a list option would otherwise take `--` as the end of its
    // values, and what follows it as options (`--format json -- --help new.json`).
    request.command = command;
    request.format_option = command
                                ->add_option("--format", request.formats,
                                             "Report format; repeat, each with its --output after it, for several reports from one run")
                                ->check(CLI::IsMember(report_format_names()))
                                ->default_str("text")
                                ->allow_extra_args(false);
    request.output_option =
        command->add_option("--output,-o", request.outputs, "File for the report of the --format just before it (- for stdout)")
            ->default_str("standard output")
            ->allow_extra_args(false);
    command
        ->add_option("--show", request.show,
                     "Lowest severity text, markdown, github and sarif list (the rest are counted); json, junit and html hold all")
        ->check(CLI::IsMember({"error", "warning", "info"}))
        ->default_str(default_show);
}

namespace {

// Each --output to the --format written just before it. Exit 0, or 2 with a message.
int pair_outputs(ReportRequest& request) {
    std::vector<std::string> paired(std::max<std::size_t>(request.formats.size(), 1), "-");
    std::vector<bool> given(paired.size(), false);
    std::size_t formats_seen = 0;
    std::size_t outputs_seen = 0;
    for (const auto* option : request.command->parse_order()) {
        if (option == request.format_option) {
            ++formats_seen;
            continue;
        }
        if (option != request.output_option || outputs_seen >= request.outputs.size()) continue;
        const auto& output = request.outputs[outputs_seen++];
        if (formats_seen == 0 && !request.formats.empty()) {
            print_error(
                fmt::format("kompat: --output {} comes before any --format; write it after the --format whose report it is", output));
            return exit_usage_or_input;
        }
        const auto at = formats_seen == 0 ? 0 : formats_seen - 1;
        if (given[at]) {
            print_error(fmt::format("kompat: two --output for one --format ({}); give each --format its own --output after it",
                                    request.formats.empty() ? std::string("text") : request.formats[at]));
            return exit_usage_or_input;
        }
        paired[at] = output;
        given[at] = true;
    }
    request.outputs = std::move(paired);
    return 0;
}

// Whether the file name (not its folders) ends in `.SOMETHING` after a first character.
bool has_extension(std::string_view path) {
    const auto name = path.substr(path.find_last_of('/') + 1);
    const auto dot = name.find_last_of('.');
    return dot != std::string_view::npos && dot > 0 && dot + 1 < name.size();
}

}  // namespace

int check_report_request(ReportRequest& request) {
    if (const int refused = pair_outputs(request); refused != 0) return refused;
    // An --output without any --format: the file's extension says which report it wants;
    // a name without one (`report`, /dev/stderr) gets the text report.
    if (const auto& output = request.outputs.front(); request.formats.empty() && !is_standard_output(output)) {
        if (const auto* format = report_format_for_output(output, true)) {
            request.formats = {std::string(format->name)};
        } else if (has_extension(output)) {
            // The extensions known, from the table: each listed format's first.
            std::vector<std::string_view> known;
            for (const auto& listed : formats)
                if (listed.listed && !listed.extensions.front().empty()) known.push_back(listed.extensions.front());
            print_error(fmt::format("kompat: cannot tell the report format of --output {} from its extension ({}); give --format before it",
                                    output, fmt::join(known, ", ")));
            return exit_usage_or_input;
        }
    }
    // Paired, there is one output a report, `-` for standard output.
    if (std::count_if(request.outputs.begin(), request.outputs.end(), is_standard_output) > 1) {
        print_error("kompat: several reports to standard output; give each --format but one an --output after it");
        return exit_usage_or_input;
    }
    return 0;
}

int write_reports(const Comparison& comparison, const ReportRequest& request, Severity fail_on, const Limits& limits, OutputBatch& batch) {
    const auto names = request.formats.empty() ? std::vector<std::string>{"text"} : request.formats;
    const auto show = severity_from(request.show).value_or(Severity::warning);
    const auto to_stdout = [&](std::size_t i) { return i >= request.outputs.size() || is_standard_output(request.outputs[i]); };
    std::vector<const ReportFormat*> formats;
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < names.size(); ++i) {
        formats.push_back(find_report_format(names[i]));
        texts.push_back(formats.back()->render(comparison, {to_stdout(i), fail_on, show, request.gated}));
    }
    // Nothing is written when one report is too large: all of them are built first.
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (texts[i].size() <= limits.max_report_bytes) continue;
        print_error(
            fmt::format("kompat: the {} report would be {} bytes, more than {} (limit max-report-bytes; raise it with "
                        "--max-report-bytes N); nothing was written",
                        names[i], texts[i].size(), limits.max_report_bytes));
        return exit_usage_or_input;
    }
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (!to_stdout(i))
            if (const int staged = batch.stage(request.outputs[i], texts[i]); staged != 0) return staged;
    if (const int committed = batch.commit(); committed != 0) return committed;
    for (std::size_t i = 0; i < texts.size(); ++i)
        if (to_stdout(i))
            if (const int written = write_stdout(texts[i], formats[i]->writes_commands); written != 0) return written;
    // The command's last step: its reports (megabytes at scale) go back with the process.
    leave_to_exit(std::make_unique<std::vector<std::string>>(std::move(texts)));
    return 0;
}

int finish_single_snapshot(Comparison report, const ReportRequest& request, Severity fail_on, const Limits& limits,
                           const std::optional<Config>& config) {
    apply_configuration(report, config);
    OutputBatch batch;
    if (const int written = write_reports(report, request, fail_on, limits, batch); written != 0) return written;
    return failed(report.findings, fail_on) ? exit_findings : 0;
}

}  // namespace kompat::cli
