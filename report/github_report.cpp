#include "report/github_report.hpp"

#include <fmt/format.h>

#include "support/text_safety.hpp"
#include "report/finding_fold.hpp"
#include "report/finding_text.hpp"

namespace kompat {
namespace {

// Workflow command escaping: data escapes `%`, CR and LF; property values also `:` and `,`.
// Other controls (ESC, NUL) are written as escapes first: they would reach the log raw;
// a line break stays one inside the annotation. No command sequence of the input (`::`,
// `##[`, `##vso[`) survives in it either: the runner obeys some in mid-line.
std::string escape_data(std::string_view text) {
    std::string out;
    for (const char c : defuse_workflow_commands(escape_control_lines(text))) {
        switch (c) {
            case '%': out += "%25"; break;
            case '\r': out += "%0D"; break;
            case '\n': out += "%0A"; break;
            default: out += c;
        }
    }
    return out;
}

std::string escape_property(std::string_view text) {
    std::string out;
    for (const char c : escape_data(text)) {
        switch (c) {
            case ':': out += "%3A"; break;
            case ',': out += "%2C"; break;
            default: out += c;
        }
    }
    return out;
}

constexpr std::size_t max_annotations = 50;

std::string_view command_of(Severity severity) {
    switch (severity) {
        case Severity::error: return "error";
        case Severity::warning: return "warning";
        case Severity::info: return "notice";
    }
    return "notice";
}

}  // namespace

std::string github_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources, Severity show) {
    std::string out;
    // Notices only when info is asked for: the runner shows a few annotations a step, and
    // they are for what breaks. Otherwise a note is a plain log line.
    // What the configuration lowered is a notice always: one, so it is seen, not buried.
    if (!sources.policy.empty()) {
        std::string policy;
        for (const auto& note : sources.policy) policy += (policy.empty() ? "" : "\n") + note;
        out += "::notice title=kompat configuration::" + escape_data(policy) + "\n";
    }
    for (const auto& note : sources.notes)
        out += show == Severity::info ? "::notice title=kompat::" + escape_data(note) + "\n" : "kompat: note: " + log_line(note) + "\n";
    // GitHub shows a step's first annotations and drops the rest: at most this many, errors
    // first (the findings' order), then one notice saying where the others are.
    // The same change at many places is one annotation, at the first place.
    std::size_t annotated = 0;
    std::size_t left_out = 0;
    std::vector<const Finding*> shown;
    for (const auto& finding : findings)
        if (finding.severity >= show) shown.push_back(&finding);
    for (const auto& same : fold_same_changes(shown)) {
        if (annotated == max_annotations) {
            left_out += same.size();
            continue;
        }
        ++annotated;
        const auto& finding = *same.front();
        std::string properties;
        if (const auto& at = finding_location(finding); at.known())
            properties = fmt::format("file={},line={},col={},", escape_property(at.file), at.position.line, at.position.column);
        properties += "title=" + escape_property(fmt::format("{} ({})", finding.rule.id(), to_string(finding.severity)));
        auto message = same.size() == 1 ? fmt::format("{}: {}", place_of(finding), finding_sentence(finding))
                                        : finding_sentence(finding, plain_style, places_words(same));
        if (same.size() > 1) {
            std::vector<std::string> places;
            for (const auto* each : same) places.push_back(place_of(*each));
            message += "\nat " + first_few(places, "");
        }
        if (const auto context = finding_context(finding); !context.empty()) message += "\n" + context;
        // With a baseline in use, the line that would accept an error (folded ones: the first,
        // and where the others are).
        if (!sources.baseline.file.empty() && finding.severity == Severity::error) {
            message += "\naccept in " + sources.baseline.file + ": " + approval_line(finding);
            if (same.size() > 1) message += fmt::format(" (the text report has the lines of the other {})", same.size() - 1);
        }
        out += fmt::format("::{} {}::{}\n", command_of(finding.severity), properties, escape_data(message));
    }
    if (left_out > 0)
        out += fmt::format(
            "::notice title=kompat::{} more finding(s) not annotated here (GitHub shows a step's first "
            "annotations): the job summary and the other reports list them all\n",
            left_out);
    out += fmt::format("kompat: {}: {} error(s), {} warning(s), {} info", log_line(sources_title(sources)), summary.error, summary.warning,
                       summary.info);
    if (const auto hidden = hidden_text(findings, show); !hidden.empty()) out += "; " + hidden;
    return out + "\n";
}

}  // namespace kompat
