#include "report/sarif_report.hpp"

#include <boost/json.hpp>

#include <map>

#include "report/finding_text.hpp"
#include "report/json_writer.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

std::string_view level_of(Severity severity) {
    switch (severity) {
        case Severity::error: return "error";
        case Severity::warning: return "warning";
        case Severity::info: return "note";
    }
    return "note";
}

json::object rule_json(const Rule& rule) {
    json::array change_kinds;
    for (const auto& judged : rule.judges) change_kinds.emplace_back(to_string(judged.change));
    return {
        {"id", rule.id},
        {"shortDescription", {{"text", rule.message}}},
        {"help", {{"text", "kompat's docs/rules.md, rule " + std::string(rule.id) + ": what it means, whom it breaks, an example"}}},
        {"defaultConfiguration", {{"level", level_of(rule.default_severity())}}},
        {"properties", {{"changeKinds", std::move(change_kinds)}, {"singleSnapshot", rule.single_snapshot}}},
    };
}

json::object location_json(const SourcePosition& at) {
    json::object region{{"startLine", at.position.line}};
    if (at.position.column > 0) region["startColumn"] = at.position.column;
    return {{"physicalLocation", {{"artifactLocation", {{"uri", at.file}}}, {"region", std::move(region)}}}};
}

}  // namespace

std::string sarif_report(const std::vector<Finding>& findings, const Summary& /*summary*/, const ReportSources& sources) {
    json::array rules;
    std::map<std::string_view, std::size_t> rule_index;
    for (const auto& rule : rule_table()) {
        rule_index[rule.id] = rules.size();
        rules.push_back(rule_json(rule));
    }
    json::array results;
    for (const auto& finding : findings) {
        json::object result{
            {"ruleId", finding.rule},
            {"level", level_of(finding.severity)},
            {"message", {{"text", place_of(finding) + ": " + finding.message + " (" + short_value_text(finding.old_value) +
                                      " -> " + short_value_text(finding.new_value) + ")"}}},
        };
        if (const auto found = rule_index.find(finding.rule); found != rule_index.end()) result["ruleIndex"] = found->second;
        if (const auto& at = finding_location(finding); at.known()) result["locations"] = json::array{location_json(at)};
        result["partialFingerprints"] = {{"kompatFingerprint/v1", finding.fingerprint}};
        json::object properties{{"path", finding.path}, {"old", finding.old_value}, {"new", finding.new_value}};
        if (finding.kind) properties["kind"] = *finding.kind;
        if (finding.operation) properties["operation"] = *finding.operation;
        if (!finding.type.empty()) properties["type"] = finding.type;
        result["properties"] = std::move(properties);
        results.push_back(std::move(result));
    }
    json::array notifications;
    for (const auto& note : sources.notes) notifications.push_back(json::object{{"message", {{"text", note}}}, {"level", "note"}});
    json::object invocation{{"executionSuccessful", true}};
    if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
    const json::object document{
        {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
        {"version", "2.1.0"},
        {"runs", json::array{json::object{
                     {"tool", {{"driver", {{"name", "kompat"}, {"version", "0.1.0"}, {"rules", std::move(rules)}}}}},
                     {"invocations", json::array{std::move(invocation)}},
                     {"properties", {{"old", sources.old_side.source}, {"new", sources.new_side.source}}},
                     {"results", std::move(results)},
                 }}},
    };
    return to_pretty_json(document);
}

}  // namespace kompat
