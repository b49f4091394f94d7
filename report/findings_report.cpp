#include "report/findings_report.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include <map>

#include "support/text_safety.hpp"
#include "report/finding_fold.hpp"
#include "report/finding_text.hpp"
#include "report/json_writer.hpp"
#include "rules/conventions.hpp"
#include "rules/object_findings.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

json::value location_json(const SourcePosition& position) {
    if (!position.known()) return nullptr;
    return json::object{{"file", position.file}, {"line", position.position.line}, {"column", position.position.column}};
}

json::value lifecycle_json(const FindingLifecycle& lifecycle) {
    if (lifecycle.status == LifecycleStatus::none) return nullptr;
    json::object out{{"status", to_string(lifecycle.status)}};
    out["featureGate"] = lifecycle.feature_gate.empty() ? json::value(nullptr) : json::value(lifecycle.feature_gate);
    out["minVersion"] = lifecycle.min_version.empty() ? json::value(nullptr) : json::value(lifecycle.min_version);
    out["inferred"] = lifecycle.inferred;
    return out;
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
    json::array items;
    const auto groups = fold_group_ids(findings);
    for (const auto& finding : findings) {
        json::array affects;
        for (const auto& a : finding.affects) affects.emplace_back(a);
        json::object item{
            {"rule", finding.rule},
            {"severity", to_string(finding.severity)},
            {"message", finding.message},
            {"kind", finding.kind ? json::value(*finding.kind) : json::value(nullptr)},
            {"type", finding.type.empty() ? json::value(nullptr) : json::value(finding.type)},
            {"path", finding.path},
        };
        if (finding.operation) item["operation"] = *finding.operation;
        item["old"] = finding.old_value;
        item["new"] = finding.new_value;
        item["role"] = finding.role.empty() ? json::value(nullptr) : json::value(finding.role);
        item["stability"] = finding.stability ? json::value(to_string(*finding.stability)) : json::value(nullptr);
        item["lifecycle"] = lifecycle_json(finding.lifecycle);
        item["affects"] = std::move(affects);
        json::array places;
        for (const auto& place : finding.affected_places) places.push_back(json::object{{"from", place.from}, {"path", place.path}});
        item["affectedPlaces"] = std::move(places);
        if (is_convention_rule(finding.rule)) item["category"] = "convention";
        if (is_object_rule(finding.rule)) item["category"] = "object";
        if (!finding.reachable) item["reachable"] = false;
        if (!finding.releases.empty()) item["releases"] = json::value_from(finding.releases);
        item["fingerprint"] = finding.fingerprint;
        if (const auto group = groups.find(&finding); group != groups.end()) item["group"] = group->second;
        item["oldLocation"] = location_json(finding.old_location);
        item["newLocation"] = location_json(finding.new_location);
        items.push_back(std::move(item));
    }
    json::array notes;
    for (const auto& note : notes_of(sources)) notes.emplace_back(note);
    const json::object document{
        {"schemaVersion", 2},
        {"old", {{"source", sources.old_side.source}, {"format", sources.old_side.format}}},
        {"new", {{"source", sources.new_side.source}, {"format", sources.new_side.format}}},
        {"summary", {{"error", summary.error}, {"warning", summary.warning}, {"info", summary.info}}},
        {"notes", std::move(notes)},
        {"findings", std::move(items)},
    };
    return to_pretty_json(document);
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
                               finding.rule, place.empty() ? "" : escape_control(place) + ": ", escape_control(sentence));
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
