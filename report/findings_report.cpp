#include "report/findings_report.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include <map>

#include "support/text_safety.hpp"
#include "report/finding_fold.hpp"
#include "report/finding_text.hpp"
#include "report/json_writer.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

void write_location(JsonWriter& out, std::string_view name, const SourcePosition& position) {
    out.key(name);
    if (!position.known()) return out.null();
    out.begin_object();
    out.member("file", position.file);
    out.member("line", std::uint64_t{position.position.line});
    out.member("column", std::uint64_t{position.position.column});
    out.end_object();
}

void write_lifecycle(JsonWriter& out, const FindingLifecycle& lifecycle) {
    out.key("lifecycle");
    if (lifecycle.status == LifecycleStatus::none) return out.null();
    out.begin_object();
    out.member("status", to_string(lifecycle.status));
    out.key("featureGate");
    out.string_or_null(lifecycle.feature_gate);
    out.key("minVersion");
    out.string_or_null(lifecycle.min_version);
    out.member("inferred", lifecycle.inferred);
    out.end_object();
}

void write_finding(JsonWriter& out, const Finding& finding, const std::string* group) {
    out.begin_object();
    out.member("rule", finding.rule.id());
    out.member("severity", to_string(finding.severity));
    out.member("message", finding.message);
    out.key("kind");
    finding.kind ? out.string(*finding.kind) : out.null();
    out.key("type");
    out.string_or_null(finding.type);
    out.member("path", finding.path);
    if (finding.operation) out.member("operation", *finding.operation);
    out.key("old");
    out.value(finding.old_value);
    out.key("new");
    out.value(finding.new_value);
    out.key("role");
    out.string_or_null(finding.role);
    out.key("stability");
    finding.stability ? out.string(to_string(*finding.stability)) : out.null();
    write_lifecycle(out, finding.lifecycle);
    out.key("affects");
    out.begin_array();
    for (const auto& name : finding.affects) out.string(name);
    out.end_array();
    out.key("affectedPlaces");
    out.begin_array();
    for (const auto& place : finding.affected_places) {
        out.begin_object();
        out.member("from", place.from);
        out.member("path", place.path);
        out.end_object();
    }
    out.end_array();
    if (const auto category = category_of(finding.rule.row()); category != "compatibility") out.member("category", category);
    if (!finding.reachable) out.member("reachable", false);
    if (!finding.releases.empty()) {
        out.key("releases");
        out.begin_array();
        for (const auto& release : finding.releases) out.string(release);
        out.end_array();
    }
    out.member("fingerprint", finding.fingerprint);
    if (group != nullptr) out.member("group", *group);
    write_location(out, "oldLocation", finding.old_location);
    write_location(out, "newLocation", finding.new_location);
    out.end_object();
}

}  // namespace

std::vector<std::string> notes_of(const ReportSources& sources) {
    auto notes = sources.policy;
    notes.insert(notes.end(), sources.notes.begin(), sources.notes.end());
    return notes;
}

std::string sources_title(const ReportSources& sources, std::string_view arrow) {
    if (sources.single_snapshot) return fmt::format("{} ({})", sources.old_side.source, sources.old_side.format);
    return fmt::format("{} ({}) {} {} ({})", sources.old_side.source, sources.old_side.format, arrow, sources.new_side.source,
                       sources.new_side.format);
}

std::string json_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources) {
    // Written straight into one buffer: a report of thousands of findings builds no tree.
    // Reserved at about what a finding takes (1.2-1.8 KB on the corpus), so that it is
    // rarely copied as it grows; pages never written cost no memory.
    constexpr std::size_t bytes_a_finding = 2048;
    std::string text;
    text.reserve((findings.size() + 1) * bytes_a_finding);
    JsonWriter out(text);
    out.begin_object();
    out.member("schemaVersion", std::uint64_t{2});
    for (const auto* side : {"old", "new"}) {
        const auto& source = std::string_view(side) == "old" ? sources.old_side : sources.new_side;
        out.key(side);
        out.begin_object();
        out.member("source", source.source);
        out.member("format", source.format);
        out.end_object();
    }
    out.key("summary");
    out.begin_object();
    out.member("error", std::uint64_t{summary.error});
    out.member("warning", std::uint64_t{summary.warning});
    out.member("info", std::uint64_t{summary.info});
    out.end_object();
    out.key("notes");
    out.begin_array();
    for (const auto& note : notes_of(sources)) out.string(note);
    out.end_array();
    out.key("findings");
    out.begin_array();
    const auto groups = fold_group_ids(findings);
    for (const auto& finding : findings) {
        const auto group = groups.find(&finding);
        write_finding(out, finding, group != groups.end() ? &group->second : nullptr);
    }
    out.end_array();
    out.end_object();
    text += '\n';
    return text;
}

std::string approval_line(const Finding& finding) { return baseline_line(finding, "REASON: why this break is accepted"); }

std::vector<std::string> approval_lines(const std::vector<Finding>& findings) {
    std::vector<std::string> out;
    for (const auto& finding : findings)
        if (finding.severity == Severity::error) out.push_back(approval_line(finding));
    return out;
}

std::string text_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources,
                        const TextOptions& options) {
    // Every piece that comes from the inputs is escaped (docs/security.md): only kompat's
    // own colour codes and line breaks reach the terminal.
    const auto paint = [&](std::string_view text, std::string_view code) {
        return options.colour ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
    };
    std::string out = "kompat: " + escape_control(sources_title(sources)) + "\n";
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
