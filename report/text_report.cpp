#include "report/text_report.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include <map>

#include "support/text_safety.hpp"
#include "report/finding_fold.hpp"
#include "report/finding_text.hpp"
#include "report/json_writer.hpp"
#include "rules/rule_table.hpp"

namespace kompat {

namespace {

// What a pre-upgrade hook asks first: a line for each CRD that cannot simply be applied.
std::string upgrade_lines(const std::vector<CrdUpgrade>& upgrades) {
    std::string out;
    for (const auto& upgrade : upgrades)
        if (upgrade.verdict != UpgradeVerdict::safe)
            out += fmt::format("upgrade: {}: {}: {}\n", escape_control(upgrade.crd), to_string(upgrade.verdict),
                               escape_control(upgrade.reason));
    return out;
}

}  // namespace

std::string text_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources,
                        const TextOptions& options) {
    // Every piece that comes from the inputs is escaped (docs/security.md): only kompat's
    // own colour codes and line breaks reach the terminal.
    const auto paint = [&](std::string_view text, std::string_view code) {
        return options.colour ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
    };
    std::string out = "kompat: " + escape_control(sources_title(sources)) + "\n";
    out += upgrade_lines(sources.upgrades);
    // A note that warns (inputs that look swapped) says so itself.
    for (const auto& note : notes_of(sources)) out += (note.starts_with("warning: ") ? "" : "note: ") + escape_control(note) + "\n";
    // Group by what the finding is about, keeping the report's order (errors first).
    std::vector<std::string> groups;
    std::map<std::string, std::vector<const Finding*>> by_group;
    for (const auto& finding : findings) {
        if (finding.severity < options.show) continue;
        const auto group = heading_of(finding);
        auto& list = by_group[group];
        if (list.empty()) groups.push_back(group);
        list.push_back(&finding);
    }
    for (const auto& group : groups) {
        out += "\n" + paint(escape_control(group), "1") + "\n";
        // Under its kind's or type's heading a line needs only the path, and none for the
        // kind itself; under the operations' or named types', it says which one.
        const auto place_of_finding = [&](const Finding& finding) {
            const bool whole = finding.path == "." || finding.path.empty();
            return group == "operations" || group == "named types" ? place_of(finding) : whole ? "" : finding.path;
        };
        for (const auto& same : fold_same_changes(by_group[group])) {
            const auto& finding = *same.front();
            const auto code = finding.severity == Severity::error ? "31" : finding.severity == Severity::warning ? "33" : "36";
            const auto place = same.size() == 1 ? place_of_finding(finding) : std::string();
            const auto at = location_text(finding);
            const auto sentence = same.size() == 1 ? finding_sentence(finding) : finding_sentence(finding, plain_style, places_words(same));
            out += fmt::format("{}{} {}: {}{}\n", at.empty() ? "" : escape_control(at) + ": ", paint(to_string(finding.severity), code),
                               finding.rule.id(), place.empty() ? "" : escape_control(place) + ": ", escape_control(sentence));
            if (same.size() > 1) {
                // The same change at every place: the places, the first three here (JSON lists each with its location).
                std::vector<std::string> places;
                for (const auto* each : same) places.push_back(escape_control(place_of_finding(*each)));
                out += "    at " + first_few(places, "") + (same.size() > 4 ? " (--format json lists each)" : "") + "\n";
            }
            if (const auto context = finding_context(finding); !context.empty()) out += "    " + escape_control(context) + "\n";
        }
    }
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
