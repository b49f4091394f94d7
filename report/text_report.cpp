#include "report/text_report.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include <functional>

#include "support/text_safety.hpp"
#include "report/finding_fold.hpp"
#include "report/finding_text.hpp"
#include "report/json_writer.hpp"
#include "rules/rule_table.hpp"

namespace kompat {

namespace {

// What a pre-upgrade hook asks first: a line for each CRD that cannot simply be applied.
// The same verdict and reason for many CRDs is one line naming the first few.
std::string upgrade_lines(const std::vector<CrdUpgrade>& upgrades) {
    std::string out;
    for (const auto& same : folded_upgrades(upgrades)) {
        const auto& first = *same.front();
        if (same.size() == 1) {
            out += fmt::format("upgrade: {}: {}: {}\n", escape_control(first.crd), to_string(first.verdict), escape_control(first.reason));
            continue;
        }
        std::vector<std::string> names;
        for (const auto* upgrade : same) names.push_back(escape_control(upgrade->crd));
        out += fmt::format("upgrade: {} CRDs: {}: {}: {}\n", same.size(), to_string(first.verdict), escape_control(first.reason),
                           first_few(names, ""));
    }
    return out;
}

// Kompat's own colour codes (only on a terminal) around its own words.
struct Painter {
    bool colour = false;
    [[nodiscard]] std::string operator()(std::string_view text, std::string_view code) const {
        return colour ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
    }
};

// The line under a folded one: the kinds of a line across kinds, else the places, the
// first three (JSON lists each finding with its location).
std::string folded_places(const std::vector<const Finding*>& same, bool across,
                          const std::function<std::string(const Finding&)>& place_of_finding) {
    std::vector<std::string> places;
    if (across)
        for (const auto& heading : headings_of(same)) places.push_back(escape_control(heading));
    else
        for (const auto* each : same) places.push_back(escape_control(place_of_finding(*each)));
    const auto more = places.size() > 4 ? " (--format json lists each)" : "";
    return (across ? "    in " + headings_words(same) + ": " : std::string("    at ")) + first_few(places, "") + more + "\n";
}

// One heading and its lines.
std::string block_text(const FoldedBlock& block, const Painter& paint) {
    const auto& group = block.heading;
    std::string out = "\n" + paint(escape_control(group), "1") + "\n";
    // Under its kind's or type's heading a line needs only the path, and none for the
    // kind itself; under the operations' or named types', it says which one.
    const auto place_of_finding = [&](const Finding& finding) {
        const bool whole = finding.path == "." || finding.path.empty();
        return group == "operations" || group == "named types" ? place_of(finding) : whole ? "" : finding.path;
    };
    for (const auto& same : block.lines) {
        const auto& finding = *same.front();
        const auto code = finding.severity == Severity::error ? "31" : finding.severity == Severity::warning ? "33" : "36";
        const auto place = same.size() == 1 ? place_of_finding(finding) : std::string();
        const auto at = location_text(finding);
        const auto sentence =
            same.size() == 1 ? finding_sentence(finding) : finding_sentence(finding, plain_style, folded_field_words(same));
        out += fmt::format("{}{} {}: {}{}\n", at.empty() ? "" : escape_control(at) + ": ", paint(to_string(finding.severity), code),
                           finding.rule.id(), place.empty() ? "" : escape_control(place) + ": ", escape_control(sentence));
        if (same.size() > 1) out += folded_places(same, group == across_kinds, place_of_finding);
        if (const auto context = finding_context(finding); !context.empty()) out += "    " + escape_control(context) + "\n";
    }
    return out;
}

}  // namespace

std::string text_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources,
                        const TextOptions& options) {
    // Every piece that comes from the inputs is escaped (docs/security.md): only kompat's
    // own colour codes and line breaks reach the terminal.
    const Painter paint{options.colour};
    std::string out = "kompat: " + escape_control(sources_title(sources)) + "\n";
    out += upgrade_lines(sources.upgrades);
    // A note that warns (inputs that look swapped) says so itself.
    for (const auto& note : notes_of(sources)) out += (note.starts_with("warning: ") ? "" : "note: ") + escape_control(note) + "\n";
    // Group by what the finding is about, keeping the report's order (errors first).
    std::vector<const Finding*> shown;
    for (const auto& finding : findings)
        if (finding.severity >= options.show) shown.push_back(&finding);
    for (const auto& block : folded_blocks(shown)) out += block_text(block, paint);
    if (const auto lines = approval_lines(findings); !sources.baseline.file.empty() && !lines.empty()) {
        out += fmt::format("\nTo accept an error on purpose, add its line to {} with the reason:\n", escape_control(sources.baseline.file));
        for (const auto& line : lines) out += "    " + escape_control(line) + "\n";
    }
    out += fmt::format("\n{} error(s), {} warning(s), {} info", summary.error, summary.warning, summary.info);
    if (const auto hidden = hidden_text(findings, options.show); !hidden.empty()) out += "; " + hidden;
    out += "\n";
    return defuse_workflow_commands(out);
}

}  // namespace kompat
