#include "report/html_report.hpp"

#include <fmt/format.h>

#include <map>
#include <set>

#include "diff/change.hpp"
#include "report/finding_text.hpp"
#include "report/html_assets.hpp"
#include "report/json_writer.hpp"
#include "report/markup_text.hpp"
#include "report/word_diff.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace {

// One side of a change as one block: its label and location, then the whole value,
// pretty-printed JSON (never cut), or prose (a description) as plain text. Few elements a
// finding keep a page of thousands quick to open.
std::string side_html(std::string_view label, const boost::json::value& value, const SourcePosition& at, bool prose) {
    std::string text(label);
    if (at.known()) text += "  " + position_text(at);
    text += "\n";
    if (value.is_null()) {
        text += "(absent)";
    } else {
        text += prose && value.is_string() ? std::string(value.get_string()) : to_pretty_json(value);
        if (text.back() == '\n') text.pop_back();
    }
    return fmt::format("<pre class=\"{}\">{}</pre>", label, markup_text(text));
}

std::string sides_html(const Finding& finding, bool prose) {
    return "<div class=\"sides\">" + side_html("old", finding.old_value, finding.old_location, prose) +
           side_html("new", finding.new_value, finding.new_location, prose) + "</div>\n";
}

bool is_description(const Finding& finding) {
    return finding.rule == to_string(ChangeKind::description_changed) && finding.old_value.is_string() && finding.new_value.is_string();
}

// A changed description, once: its word diff, with both full texts folded beneath.
std::string description_html(const Finding& finding) {
    const auto spans = word_diff(finding.old_value.get_string(), finding.new_value.get_string());
    std::string out = "<div class=\"textdiff\">";
    if (!spans) {
        out += "<p class=\"absent\">too long for a word diff; both texts are below</p>";
    } else {
        for (const auto& span : *spans) {
            switch (span.edit) {
                case TextSpan::Edit::common: out += markup_text(span.text); break;
                case TextSpan::Edit::removed: out += "<del>" + markup_text(span.text) + "</del>"; break;
                case TextSpan::Edit::added: out += "<ins>" + markup_text(span.text) + "</ins>"; break;
            }
        }
    }
    return out + "</div>\n<details><summary>full texts</summary>" + sides_html(finding, true) + "</details>\n";
}

std::string lifecycle_text(const FindingLifecycle& lifecycle) {
    std::string out(to_string(lifecycle.status));
    if (!lifecycle.feature_gate.empty()) out += ", feature gate " + lifecycle.feature_gate;
    if (!lifecycle.min_version.empty()) out += ", since " + lifecycle.min_version;
    if (lifecycle.inferred) out += " (inferred from the description)";
    return out;
}

// What the kind filter finds a finding by: its heading and every kind it affects (the
// operations a type reaches are one entry, "operations").
std::set<std::string> reached_by(const Finding& finding) {
    std::set<std::string> reached{heading_of(finding)};
    for (const auto& affected : finding.affects) reached.insert(names_operation(affected) ? "operations" : affected);
    return reached;
}

// A kind (or heading) in the kind filter: its option value and how many findings reach it.
struct KindOption {
    std::size_t index = 0;
    std::size_t findings = 0;
};

std::string finding_html(std::size_t number, const Finding& finding, const std::set<std::string>& reached,
                         const std::map<std::string, KindOption>& kind_options) {
    const auto severity = to_string(finding.severity);
    std::string kinds;
    for (const auto& kind : reached) kinds += (kinds.empty() ? "" : " ") + std::to_string(kind_options.at(kind).index);
    std::string out =
        fmt::format("<article class=\"finding {}\" id=\"finding-{}\" data-severity=\"{}\" data-rule=\"{}\" data-kinds=\"{}\">\n", severity,
                    number, severity, markup_text(finding.rule), kinds);
    // Under its kind's or type's heading, the path is the place.
    const auto heading = heading_of(finding);
    const bool whole = finding.path == "." || finding.path.empty();
    const auto place = heading == "operations" || heading == "named types" || whole ? place_of(finding) : finding.path;
    out += fmt::format("<p><span class=\"severity\">{}</span> <code class=\"place\">{}</code> {}</p>\n", severity, markup_text(place),
                       markup_text(finding_sentence(finding)));
    if (const auto context = finding_context(finding); !context.empty()) out += "<p class=\"context\">" + markup_text(context) + "</p>\n";
    if (is_description(finding)) out += description_html(finding);
    // The rest, folded: a closed <details> costs the browser no layout, which keeps a page
    // of thousands of findings quick to open.
    std::vector<std::string> meta;
    const auto item = [&](std::string_view term, std::string_view value) {
        if (!value.empty()) meta.push_back(fmt::format("{}: {}", term, value));
    };
    item("rule", finding.rule);
    if (!finding.type.empty()) item("type", finding.type);
    item("role", finding.role);
    if (finding.stability) item("stability", to_string(*finding.stability));
    if (finding.lifecycle.status != LifecycleStatus::none) item("lifecycle", lifecycle_text(finding.lifecycle));
    item("affects", fmt::format("{}", fmt::join(finding.affects, ", ")));
    item("fingerprint", finding.fingerprint);
    out += "<details><summary>details</summary>\n<p class=\"meta\">" + markup_text(fmt::format("{}", fmt::join(meta, " · "))) + "</p>\n";
    if (!is_description(finding)) out += sides_html(finding, false);
    return out + "</details>\n</article>\n";
}

// The findings of one heading, by rule: a rule's group says whom it breaks and what to do.
std::string group_html(std::size_t index, const std::string& heading, const std::vector<std::size_t>& members,
                       const std::vector<Finding>& findings, const std::vector<std::set<std::string>>& reached,
                       const std::map<std::string, KindOption>& kind_options) {
    std::map<std::string, std::vector<std::size_t>> by_rule;
    std::vector<std::string> rules;  // in the report's order: the worst first
    bool breaking = false;
    for (const auto i : members) {
        auto& list = by_rule[findings[i].rule];
        if (list.empty()) rules.push_back(findings[i].rule);
        list.push_back(i);
        breaking = breaking || findings[i].severity >= Severity::warning;
    }
    std::string out = fmt::format("<section class=\"group\" id=\"group-{}\">\n<details{}><summary>{} ({})</summary>\n", index,
                                  breaking ? " open" : "", markup_text(heading), members.size());
    for (const auto& rule_id : rules) {
        const auto& list = by_rule[rule_id];
        const auto* rule = find_rule(rule_id);
        out += fmt::format("<details class=\"rule\" open><summary><code>{}</code> {} ({})</summary>\n", markup_text(rule_id),
                           rule != nullptr ? markup_text(rule->message) : "", list.size());
        if (rule != nullptr)
            out += fmt::format("<p class=\"guidance\">Breaks: {} Remedy: {}</p>\n", markup_text(rule->breaks), markup_text(rule->remedy));
        for (const auto i : list) out += finding_html(i + 1, findings[i], reached[i], kind_options);
        out += "</details>\n";
    }
    return out + "</details>\n</section>\n";
}

}  // namespace

std::string html_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources) {
    // Headings in the report's order (errors first), and what each finding reaches.
    std::vector<std::string> headings;
    std::map<std::string, std::vector<std::size_t>> by_heading;
    std::vector<std::set<std::string>> reached;
    std::map<std::string, KindOption> kind_options;
    std::map<std::string, std::size_t> rule_count;
    std::map<Severity, std::size_t> severity_count;
    std::map<std::string, Summary> heading_count;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const auto& finding = findings[i];
        const auto heading = heading_of(finding);
        auto& members = by_heading[heading];
        if (members.empty()) headings.push_back(heading);
        members.push_back(i);
        reached.push_back(reached_by(finding));
        for (const auto& kind : reached.back()) ++kind_options[kind].findings;
        ++rule_count[finding.rule];
        ++severity_count[finding.severity];
        auto& counts = heading_count[heading];
        ++(finding.severity == Severity::error ? counts.error : finding.severity == Severity::warning ? counts.warning : counts.info);
    }
    std::size_t next_index = 0;
    for (auto& [kind, option] : kind_options) option.index = next_index++;

    const auto title = sources_title(sources, "→");
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out +=
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += fmt::format("<title>kompat: {}</title>\n", markup_text(title));
    out += html_assets::style;
    out += "</head>\n<body>\n<header>\n";
    out += fmt::format("<h1>kompat: <code>{}</code></h1>\n", markup_text(title));
    out += fmt::format(
        "<ul class=\"summary\"><li class=\"error\">{} error(s)</li><li class=\"warning\">{} warning(s)</li>"
        "<li class=\"info\">{} info</li></ul>\n",
        summary.error, summary.warning, summary.info);
    if (const auto notes = notes_of(sources); !notes.empty()) {
        out += "<ul class=\"notes\">\n";
        for (const auto& note : notes) out += "<li>" + markup_text(note) + "</li>\n";
        out += "</ul>\n";
    }
    // The overview: each heading's counts; a click filters to it.
    if (!headings.empty()) {
        out += "<table class=\"overview\">\n<thead><tr><th>kind</th><th>errors</th><th>warnings</th><th>info</th></tr></thead>\n<tbody>\n";
        for (std::size_t g = 0; g < headings.size(); ++g) {
            const auto& counts = heading_count[headings[g]];
            out += fmt::format(
                "<tr data-group=\"{}\"><td><button type=\"button\" data-kind=\"{}\" "
                "data-group=\"{}\">{}</button></td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                g, kind_options[headings[g]].index, g, markup_text(headings[g]), counts.error, counts.warning, counts.info);
        }
        out += "</tbody>\n</table>\n";
    }
    out += "</header>\n";

    // The filters show once the script runs (errors and warnings first); without it every
    // finding stays in view.
    out += "<form id=\"filters\" hidden>\n<fieldset><legend>Severity</legend>";
    for (const auto severity : {Severity::error, Severity::warning, Severity::info}) {
        const auto name = to_string(severity);
        out += fmt::format("<label><input type=\"checkbox\" name=\"severity\" value=\"{}\"{}> {} ({})</label>", name,
                           severity == Severity::info ? "" : " checked", name, severity_count[severity]);
    }
    out += "</fieldset>\n<label>Kind<select name=\"kind\"><option value=\"\">all kinds</option>";
    for (const auto& [kind, option] : kind_options)
        out += fmt::format("<option value=\"{}\">{} ({})</option>", option.index, markup_text(kind), option.findings);
    out += "</select></label>\n<label>Rule<select name=\"rule\"><option value=\"\">all rules</option>";
    for (const auto& [rule, count] : rule_count)
        out += fmt::format("<option value=\"{}\">{} ({})</option>", markup_text(rule), markup_text(rule), count);
    out += "</select></label>\n<label>Text<input type=\"search\" name=\"text\" placeholder=\"path, type, value…\"></label>\n";
    out += fmt::format("<output id=\"shown\">{} of {} findings shown</output>\n</form>\n<main>\n", findings.size(), findings.size());
    for (std::size_t g = 0; g < headings.size(); ++g)
        out += group_html(g, headings[g], by_heading[headings[g]], findings, reached, kind_options);
    if (findings.empty()) out += "<p>No compatibility findings.</p>\n";
    out += "</main>\n";
    out += html_assets::script;
    out += "</body>\n</html>\n";
    return out;
}

}  // namespace kompat
