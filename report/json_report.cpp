#include "report/json_report.hpp"

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
    if (!sources.single_snapshot) {  // what applying NEW over OLD does to each CRD; lint and validate apply nothing
        out.key("upgrade");
        out.begin_array();
        for (const auto& upgrade : sources.upgrades) {
            out.begin_object();
            out.member("crd", upgrade.crd);
            out.member("verdict", to_string(upgrade.verdict));
            out.member("reason", upgrade.reason);
            out.end_object();
        }
        out.end_array();
    }
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

}  // namespace kompat
