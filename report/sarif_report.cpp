#include "report/sarif_report.hpp"

#include <boost/json.hpp>

#include <cctype>
#include <map>
#include <set>

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
        {"fullDescription", {{"text", std::string(rule.message) + ". Breaks: " + std::string(rule.breaks)}}},
        {"help",
         {{"text", "Breaks: " + std::string(rule.breaks) + " Remedy: " + std::string(rule.remedy)},
          {"markdown", "**Breaks:** " + std::string(rule.breaks) + "\n\n**Remedy:** " + std::string(rule.remedy) +
                           "\n\nkompat's docs/rules.md, rule `" + std::string(rule.id) + "`, has an example."}}},
        {"defaultConfiguration", {{"level", level_of(rule.default_severity())}}},
        {"properties",
         {{"changeKinds", std::move(change_kinds)},
          {"singleSnapshot", rule.single_snapshot},
          // GitHub code scanning filters by tags: compatibility apart from API conventions.
          {"tags", json::array{category_of(rule)}}}},
    };
}

// A file path as a URI reference (RFC 3986): unreserved characters and '/' as they are,
// every other byte percent-encoded.
std::string uri_of(std::string_view path) {
    static constexpr std::string_view hex = "0123456789ABCDEF";
    std::string out;
    for (const char c : path) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) != 0 || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
            out += c;
        } else {
            out += '%';
            out += hex[byte >> 4U];
            out += hex[byte & 0xFU];
        }
    }
    return out;
}

// Relative paths resolve against %SRCROOT% (the directory kompat ran in, the repository
// root in CI); an absolute path is a file: URI.
json::object location_json(const SourcePosition& at) {
    json::object region{{"startLine", at.position.line}};
    if (at.position.column > 0) region["startColumn"] = at.position.column;
    auto path = std::string_view(at.file);
    while (path.starts_with("./")) path.remove_prefix(2);
    json::object artifact;
    if (path.starts_with('/')) {
        artifact["uri"] = "file://" + uri_of(path);
    } else {
        artifact["uri"] = uri_of(path);
        artifact["uriBaseId"] = "%SRCROOT%";
    }
    return {{"physicalLocation", {{"artifactLocation", std::move(artifact)}, {"region", std::move(region)}}}};
}

std::string message_of(const Finding& finding) {
    auto text = place_of(finding) + ": " + finding_sentence(finding);
    if (const auto context = finding_context(finding); !context.empty()) text += " (" + context + ")";
    return text;
}

void write_result(JsonWriter& out, const Finding& finding, const std::map<std::string_view, std::size_t>& rule_index) {
    out.begin_object();
    out.member("ruleId", finding.rule.id());
    out.member("level", level_of(finding.severity));
    out.key("message");
    out.begin_object();
    out.member("text", message_of(finding));
    out.end_object();
    if (const auto found = rule_index.find(finding.rule.id()); found != rule_index.end())
        out.member("ruleIndex", std::uint64_t{found->second});
    if (const auto& at = finding_location(finding); at.known()) {
        out.key("locations");
        out.begin_array();
        out.value(location_json(at));
        out.end_array();
    }
    out.key("partialFingerprints");
    out.begin_object();
    out.member("kompatFingerprint/v1", finding.fingerprint);
    out.end_object();
    out.key("properties");
    out.begin_object();
    out.member("path", finding.path);
    out.key("old");
    out.value(finding.old_value);
    out.key("new");
    out.value(finding.new_value);
    if (!finding.role.empty()) out.member("role", finding.role);
    if (finding.kind) out.member("kind", *finding.kind);
    if (finding.operation) out.member("operation", *finding.operation);
    if (!finding.type.empty()) out.member("type", finding.type);
    out.end_object();
    out.end_object();
}

}  // namespace

std::string sarif_report(const std::vector<Finding>& findings, const Summary& /*summary*/, const ReportSources& sources, Severity show) {
    // Code scanning makes each result an alert someone must dismiss: only what --show shows.
    std::vector<const Finding*> shown;
    for (const auto& finding : findings)
        if (finding.severity >= show) shown.push_back(&finding);
    // The rules the results use, in the table's order: a report of two findings describes
    // two rules, not the whole catalogue (`kompat rules` lists that).
    std::set<std::string_view> used;
    for (const auto* finding : shown) used.insert(finding->rule.id());
    json::array rules;
    std::map<std::string_view, std::size_t> rule_index;
    for (const auto& rule : rule_table()) {
        if (!used.contains(rule.id)) continue;
        rule_index[rule.id] = rules.size();
        rules.push_back(rule_json(rule));
    }
    json::array notifications;
    for (const auto& note : notes_of(sources)) notifications.push_back(json::object{{"message", {{"text", note}}}, {"level", "note"}});
    json::object invocation{{"executionSuccessful", true}};
    if (!notifications.empty()) invocation["toolExecutionNotifications"] = std::move(notifications);
    // The run's fixed parts are small values; its results, which grow with the findings,
    // are written straight into the text.
    std::string text;
    JsonWriter out(text);
    out.begin_object();
    out.member("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    out.member("version", "2.1.0");
    out.key("runs");
    out.begin_array();
    out.begin_object();
    out.key("originalUriBaseIds");
    out.value(json::object{{"%SRCROOT%", {{"description", {{"text", "The directory kompat ran in"}}}}}});
    out.key("tool");
    out.value(json::object{{"driver", {{"name", "kompat"}, {"version", "0.1.0"}, {"rules", std::move(rules)}}}});
    out.key("invocations");
    out.value(json::array{std::move(invocation)});
    out.key("properties");
    // What was left out is counted, so that an empty scan is never read as a clean one.
    out.value(json::object{{"old", sources.old_side.source},
                           {"new", sources.new_side.source},
                           {"show", to_string(show)},
                           {"notShown", findings.size() - shown.size()}});
    out.key("results");
    out.begin_array();
    for (const auto* finding : shown) write_result(out, *finding, rule_index);
    out.end_array();
    out.end_object();
    out.end_array();
    out.end_object();
    text += '\n';
    return text;
}

}  // namespace kompat
