#include "report/html_report.hpp"

#include <fmt/format.h>

#include <iterator>
#include <map>
#include <set>

#include "diff/change.hpp"
#include "report/finding_text.hpp"
#include "report/markdown_text.hpp"
#include "report/html_assets.hpp"
#include "report/json_writer.hpp"
#include "report/markup_text.hpp"
#include "report/severity_counts.hpp"
#include "report/word_diff.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace {

// The page is written straight into one buffer; `scratch` is one more, reused for the
// texts that are put together before they are escaped (a side's label and value, a
// finding's details line), so a page of thousands of findings makes no string per part.
struct Page {
    std::string& out;
    std::string scratch;

    template <typename... Args>
    void format(fmt::format_string<Args...> format, Args&&... args) {
        fmt::format_to(std::back_inserter(out), format, std::forward<Args>(args)...);
    }
    void text(std::string_view text) { append_markup_text(out, text); }
    // Text whose input spans (input_mark on both sides) are code: `<code>Slow</code>`, not
    // the backticks a terminal reads.
    void marked(std::string_view text) {
        for_each_marked_run(text, [&](std::string_view run, bool code) {
            if (code) out += "<code>";
            append_markup_text(out, run);
            if (code) out += "</code>";
        });
    }
    // `scratch` as it stands, escaped.
    void scratch_text() { append_markup_text(out, scratch); }
};

// One side of a change as one block: its label and location, then the whole value,
// pretty-printed JSON (never cut), or prose (a description) as plain text. Few elements a
// finding keep a page of thousands quick to open.
void side_html(Page& page, std::string_view label, const boost::json::value& value, const SourcePosition& at, bool prose) {
    auto& text = page.scratch;
    text.assign(label);
    if (at.known()) text.append("  ").append(position_text(at));
    text += '\n';
    if (value.is_null()) {
        text += "(absent)";
    } else {
        if (prose && value.is_string()) text.append(value.get_string());
        else JsonWriter(text).value(value);
        if (text.back() == '\n') text.pop_back();
    }
    page.format("<pre class=\"{}\">", label);
    page.scratch_text();
    page.out += "</pre>";
}

void sides_html(Page& page, const Finding& finding, bool prose) {
    page.out += "<div class=\"sides\">";
    side_html(page, "old", finding.old_value, finding.old_location, prose);
    side_html(page, "new", finding.new_value, finding.new_location, prose);
    page.out += "</div>\n";
}

bool is_description(const Finding& finding) {
    return finding.rule->shows_changed_words() && finding.old_value.is_string() && finding.new_value.is_string();
}

// A changed description, once: its word diff, with both full texts folded beneath.
void description_html(Page& page, const Finding& finding, const std::optional<std::vector<TextSpan>>& spans) {
    page.out += "<div class=\"textdiff\">";
    if (!spans) {
        page.out += "<p class=\"absent\">too long for a word diff; both texts are below</p>";
    } else {
        for (const auto& span : *spans) {
            switch (span.edit) {
                case TextSpan::Edit::common: page.text(span.text); break;
                case TextSpan::Edit::removed:
                    page.out += "<del>";
                    page.text(span.text);
                    page.out += "</del>";
                    break;
                case TextSpan::Edit::added:
                    page.out += "<ins>";
                    page.text(span.text);
                    page.out += "</ins>";
                    break;
            }
        }
    }
    page.out += "</div>\n<details><summary>full texts</summary>";
    sides_html(page, finding, true);
    page.out += "</details>\n";
}

void append_lifecycle_text(std::string& out, const FindingLifecycle& lifecycle) {
    out += to_string(lifecycle.status);
    if (!lifecycle.feature_gate.empty()) out.append(", feature gate ").append(lifecycle.feature_gate);
    if (!lifecycle.min_version.empty()) out.append(", since ").append(lifecycle.min_version);
    if (lifecycle.inferred) out += " (inferred from the description)";
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

// The details line: rule, type, role, stability, lifecycle, affects, fingerprint, the
// terms given a value, " · " between them.
void details_line(std::string& line, const Finding& finding) {
    line.clear();
    const auto item = [&](std::string_view term, auto&& write_value) {
        const auto start = line.size();
        if (start > 0) line += " · ";
        const auto value_start = line.append(term).append(": ").size();
        write_value();
        if (line.size() == value_start) line.resize(start);  // no value: no item
    };
    const auto text = [&](std::string_view value) { return [&line, value] { line += value; }; };
    item("rule", text(finding.rule.id()));
    if (!finding.type.empty()) item("type", text(finding.type));
    item("role", text(finding.role));
    if (finding.stability) item("stability", text(to_string(*finding.stability)));
    if (finding.lifecycle.status != LifecycleStatus::none) item("lifecycle", [&] { append_lifecycle_text(line, finding.lifecycle); });
    item("affects", [&] {
        for (std::size_t i = 0; i < finding.affects.size(); ++i) line.append(i > 0 ? ", " : "").append(finding.affects[i]);
    });
    item("fingerprint", text(finding.fingerprint));
}

void finding_html(Page& page, std::size_t number, const Finding& finding, const std::set<std::string>& reached,
                  const std::map<std::string, KindOption>& kind_options) {
    const auto severity = to_string(finding.severity);
    page.format("<article class=\"finding {}\" id=\"finding-{}\" data-severity=\"{}\" data-rule=\"", severity, number, severity);
    page.text(finding.rule.id());
    page.out += "\" data-kinds=\"";
    for (auto kind = reached.begin(); kind != reached.end(); ++kind) {
        if (kind != reached.begin()) page.out += ' ';
        page.format("{}", kind_options.at(*kind).index);
    }
    page.out += "\">\n";
    // Under its kind's or type's heading, the path is the place.
    const auto heading = heading_of(finding);
    const bool whole = finding.path == "." || finding.path.empty();
    page.format("<p><span class=\"severity\">{}</span> <code class=\"place\">", severity);
    page.text(heading == "operations" || heading == "named types" || whole ? place_of(finding) : finding.path);
    page.out += "</code> ";
    // A changed description's word diff serves its sentence and the page both.
    const bool description = is_description(finding);
    const auto spans = description ? word_diff(finding.old_value.get_string(), finding.new_value.get_string()) : std::nullopt;
    // Its values as code; a description's word diff is shown whole beneath, not cut here too.
    page.marked(finding_sentence(finding, {input_span, input_span, false}, {}, description ? &spans : nullptr));
    page.out += "</p>\n";
    if (const auto context = finding_context(finding); !context.empty()) {
        page.out += "<p class=\"context\">";
        page.text(context);
        page.out += "</p>\n";
    }
    if (description) description_html(page, finding, spans);
    // The rest, folded: a closed <details> costs the browser no layout, which keeps a page
    // of thousands of findings quick to open.
    details_line(page.scratch, finding);
    page.out += "<details><summary>details</summary>\n<p class=\"meta\">";
    page.scratch_text();
    page.out += "</p>\n";
    if (!description) sides_html(page, finding, false);
    page.out += "</details>\n</article>\n";
}

// The findings of one heading, by rule: a rule's group says whom it breaks and what to do.
void group_html(Page& page, std::size_t index, const std::string& heading, const std::vector<std::size_t>& members,
                const std::vector<Finding>& findings, const std::vector<std::set<std::string>>& reached,
                const std::map<std::string, KindOption>& kind_options) {
    std::map<std::string_view, std::vector<std::size_t>> by_rule;
    std::vector<const Rule*> rules;  // in the report's order: the worst first
    bool breaking = false;
    for (const auto i : members) {
        auto& list = by_rule[findings[i].rule.id()];
        if (list.empty()) rules.push_back(&findings[i].rule.row());
        list.push_back(i);
        breaking = breaking || findings[i].severity >= Severity::warning;
    }
    page.format("<section class=\"group\" id=\"group-{}\">\n<details{}><summary>", index, breaking ? " open" : "");
    page.text(heading);
    page.format(" ({})</summary>\n", members.size());
    for (const auto* rule : rules) {
        const auto& list = by_rule[rule->id];
        page.out += "<details class=\"rule\" open><summary><code>";
        page.text(rule->id);
        page.out += "</code> ";
        page.text(rule->message);
        page.format(" ({})</summary>\n", list.size());
        page.out += "<p class=\"guidance\">Breaks: ";
        page.text(rule->breaks);
        page.out += " Remedy: ";
        page.text(rule->remedy);
        page.out += "</p>\n";
        for (const auto i : list) finding_html(page, i + 1, findings[i], reached[i], kind_options);
        page.out += "</details>\n";
    }
    page.out += "</details>\n</section>\n";
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
        ++rule_count[std::string(finding.rule.id())];
        ++severity_count[finding.severity];
        auto& counts = heading_count[heading];
        count_severity(counts, finding.severity);
    }
    std::size_t next_index = 0;
    for (auto& [kind, option] : kind_options) option.index = next_index++;

    const auto title = sources_title(sources, "→");
    std::string out;
    Page page{out, {}};
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out +=
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += "<title>kompat: ";
    page.text(title);
    out += "</title>\n";
    out += html_assets::style;
    out += "</head>\n<body>\n<header>\n";
    out += "<h1>kompat: <code>";
    page.text(title);
    out += "</code></h1>\n";
    page.format(
        "<ul class=\"summary\"><li class=\"error\">{} error(s)</li><li class=\"warning\">{} warning(s)</li>"
        "<li class=\"info\">{} info</li></ul>\n",
        summary.error, summary.warning, summary.info);
    if (const auto notes = notes_of(sources); !notes.empty()) {
        out += "<ul class=\"notes\">\n";
        for (const auto& note : notes) {
            out += "<li>";
            page.text(note);
            out += "</li>\n";
        }
        out += "</ul>\n";
    }
    // The overview: each heading's counts; a click filters to it.
    if (!headings.empty()) {
        out += "<table class=\"overview\">\n<thead><tr><th>kind</th><th>errors</th><th>warnings</th><th>info</th></tr></thead>\n<tbody>\n";
        for (std::size_t g = 0; g < headings.size(); ++g) {
            const auto& counts = heading_count[headings[g]];
            page.format("<tr data-group=\"{}\"><td><button type=\"button\" data-kind=\"{}\" data-group=\"{}\">", g,
                        kind_options[headings[g]].index, g);
            page.text(headings[g]);
            page.format("</button></td><td>{}</td><td>{}</td><td>{}</td></tr>\n", counts.error, counts.warning, counts.info);
        }
        out += "</tbody>\n</table>\n";
    }
    out += "</header>\n";

    // The filters show once the script runs (errors and warnings first); without it every
    // finding stays in view.
    out += "<form id=\"filters\" hidden>\n<fieldset><legend>Severity</legend>";
    for (const auto severity : {Severity::error, Severity::warning, Severity::info}) {
        const auto name = to_string(severity);
        page.format("<label><input type=\"checkbox\" name=\"severity\" value=\"{}\"{}> {} ({})</label>", name,
                    severity == Severity::info ? "" : " checked", name, severity_count[severity]);
    }
    out += "</fieldset>\n<label>Kind<select name=\"kind\"><option value=\"\">all kinds</option>";
    for (const auto& [kind, option] : kind_options) {
        page.format("<option value=\"{}\">", option.index);
        page.text(kind);
        page.format(" ({})</option>", option.findings);
    }
    out += "</select></label>\n<label>Rule<select name=\"rule\"><option value=\"\">all rules</option>";
    for (const auto& [rule, count] : rule_count) {
        out += "<option value=\"";
        page.text(rule);
        out += "\">";
        page.text(rule);
        page.format(" ({})</option>", count);
    }
    out += "</select></label>\n<label>Text<input type=\"search\" name=\"text\" placeholder=\"path, type, value…\"></label>\n";
    page.format("<output id=\"shown\">{} of {} findings shown</output>\n</form>\n<main>\n", findings.size(), findings.size());
    for (std::size_t g = 0; g < headings.size(); ++g)
        group_html(page, g, headings[g], by_heading[headings[g]], findings, reached, kind_options);
    if (findings.empty()) out += "<p>No compatibility findings.</p>\n";
    out += "</main>\n";
    out += html_assets::script;
    out += "</body>\n</html>\n";
    return out;
}

}  // namespace kompat
