#include "report/html_report.hpp"

#include <fmt/format.h>

#include <map>
#include <set>

#include "report/finding_text.hpp"
#include "report/json_writer.hpp"
#include "report/markup_text.hpp"
#include "report/word_diff.hpp"

namespace kompat {
namespace {

std::string location_text(const SourcePosition& at) {
    if (!at.known()) return "";
    return fmt::format("{}:{}:{}", at.file, at.position.line, at.position.column);
}

// One side of a change: its location and the whole value, pretty-printed JSON (never cut);
// prose (a description) as plain text.
std::string side_html(std::string_view label, const boost::json::value& value, const SourcePosition& at, bool prose) {
    std::string out = fmt::format("<div class=\"side {}\"><h3>{}", label, label);
    if (at.known()) out += fmt::format(" <span class=\"loc\">{}</span>", markup_text(location_text(at)));
    out += "</h3>";
    if (value.is_null()) {
        out += "<p class=\"absent\">(absent)</p>";
    } else {
        auto text = prose && value.is_string() ? std::string(value.get_string()) : to_pretty_json(value);
        if (!text.empty() && text.back() == '\n') text.pop_back();
        out += "<pre>" + markup_text(text) + "</pre>";
    }
    return out + "</div>";
}

bool is_description(const Finding& finding) { return finding.rule == "description-changed"; }

std::string description_diff_html(const Finding& finding) {
    if (!is_description(finding) || !finding.old_value.is_string() || !finding.new_value.is_string()) return "";
    const auto spans = word_diff(finding.old_value.get_string(), finding.new_value.get_string());
    if (!spans) return "<div class=\"textdiff\"><h3>description diff</h3><p class=\"absent\">too long for a word diff; "
                       "both texts are shown whole above</p></div>";
    std::string out = "<div class=\"textdiff\"><h3>description diff</h3><p>";
    for (const auto& span : *spans) {
        switch (span.edit) {
            case TextSpan::Edit::common: out += markup_text(span.text); break;
            case TextSpan::Edit::removed: out += "<del>" + markup_text(span.text) + "</del>"; break;
            case TextSpan::Edit::added: out += "<ins>" + markup_text(span.text) + "</ins>"; break;
        }
    }
    return out + "</p></div>";
}

std::string lifecycle_text(const FindingLifecycle& lifecycle) {
    std::string out(to_string(lifecycle.status));
    if (!lifecycle.feature_gate.empty()) out += ", feature gate " + lifecycle.feature_gate;
    if (!lifecycle.min_version.empty()) out += ", since " + lifecycle.min_version;
    if (lifecycle.inferred) out += " (inferred from the description)";
    return out;
}

// What a finding reaches, for the kind filter: its kind and every kind or operation it affects.
std::set<std::string> reached_by(const Finding& finding) {
    std::set<std::string> reached(finding.affects.begin(), finding.affects.end());
    if (finding.kind) reached.insert(*finding.kind);
    return reached;
}

// A kind (or operation) in the kind filter: its option value and how many findings reach it.
struct KindOption {
    std::size_t index = 0;
    std::size_t findings = 0;
};

// `reached`: what reached_by(finding) gave, for the kind filter's option values.
std::string finding_html(std::size_t number, const Finding& finding, const std::set<std::string>& reached,
                         const std::map<std::string, KindOption>& kind_options) {
    const auto severity = to_string(finding.severity);
    std::string kinds;
    for (const auto& kind : reached) kinds += (kinds.empty() ? "" : " ") + std::to_string(kind_options.at(kind).index);
    std::string out = fmt::format("<article class=\"finding {}\" id=\"finding-{}\" data-severity=\"{}\" data-rule=\"{}\" data-kinds=\"{}\">\n",
                                  severity, number, severity, markup_text(finding.rule), kinds);
    out += fmt::format("<h2><span class=\"severity\">{}</span> <code class=\"rule\">{}</code> <code class=\"place\">{}</code></h2>\n",
                       severity, markup_text(finding.rule), markup_text(place_of(finding)));
    out += fmt::format("<p class=\"message\">{}</p>\n<dl class=\"meta\">", markup_text(finding.message));
    const auto item = [&](std::string_view term, std::string_view value) {
        if (!value.empty()) out += fmt::format("<dt>{}</dt><dd>{}</dd>", term, markup_text(value));
    };
    if (!finding.type.empty()) item("type", finding.type);
    if (finding.stability) item("stability", to_string(*finding.stability));
    if (finding.lifecycle.status != LifecycleStatus::none) item("lifecycle", lifecycle_text(finding.lifecycle));
    // A type shared by many kinds reaches dozens of them: folded beyond a few.
    const auto affects = markup_text(fmt::format("{}", fmt::join(finding.affects, ", ")));
    if (finding.affects.size() > 3)
        out += fmt::format("<dt>affects</dt><dd><details><summary>{} kinds and operations</summary>{}</details></dd>", finding.affects.size(),
                           affects);
    else if (!finding.affects.empty())
        out += "<dt>affects</dt><dd>" + affects + "</dd>";
    item("fingerprint", finding.fingerprint);
    out += "</dl>\n<div class=\"sides\">" + side_html("old", finding.old_value, finding.old_location, is_description(finding)) +
           side_html("new", finding.new_value, finding.new_location, is_description(finding)) + "</div>\n";
    out += description_diff_html(finding);
    return out + "</article>\n";
}

// Filters the findings in place; the page reads the same without it.
constexpr std::string_view script = R"(<script>
(function () {
  var form = document.getElementById('filters');
  var shown = document.getElementById('shown');
  var findings = Array.prototype.map.call(document.querySelectorAll('article.finding'), function (element) {
    return {element: element, text: element.textContent.toLowerCase(), kinds: element.dataset.kinds.split(' ')};
  });
  function apply() {
    var severities = {};
    form.querySelectorAll('input[name=severity]').forEach(function (box) { severities[box.value] = box.checked; });
    var kind = form.elements.kind.value, rule = form.elements.rule.value;
    var text = form.elements.text.value.trim().toLowerCase();
    var count = 0;
    findings.forEach(function (finding) {
      var visible = severities[finding.element.dataset.severity] &&
        (rule === '' || finding.element.dataset.rule === rule) &&
        (kind === '' || finding.kinds.indexOf(kind) >= 0) &&
        (text === '' || finding.text.indexOf(text) >= 0);
      finding.element.hidden = !visible;
      if (visible) count++;
    });
    shown.textContent = count + ' of ' + findings.length + ' findings shown';
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  form.hidden = false;
  apply();
  document.body.dataset.ready = 'true';
})();
</script>
)";

constexpr std::string_view style = R"(<style>
:root { --error: #b3261e; --warning: #8a5a00; --info: #1f5fa8; --line: #d0d4da; font-family: system-ui, sans-serif; }
body { margin: 0 auto; max-width: 1400px; padding: 1rem 2rem; color: #1b1f24; background: #fff; }
[hidden] { display: none !important; }
h1 { font-size: 1.4rem; margin: 0.5rem 0; }
h2 { font-size: 1rem; margin: 0 0 0.4rem; font-weight: 600; }
h3 { font-size: 0.8rem; margin: 0 0 0.3rem; color: #57606a; text-transform: uppercase; letter-spacing: 0.04em; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85rem; }
.summary { display: flex; gap: 0.6rem; list-style: none; padding: 0; }
.summary li { padding: 0.3rem 0.8rem; border-radius: 1rem; color: #fff; font-weight: 600; }
.summary .error { background: var(--error); } .summary .warning { background: var(--warning); } .summary .info { background: var(--info); }
.notes { color: #57606a; }
form { position: sticky; top: 0; background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: 0.6rem 0.8rem;
       display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; z-index: 1; }
fieldset { border: none; margin: 0; padding: 0; } legend { float: left; margin-right: 0.5rem; font-weight: 600; }
label { font-weight: 600; } label select, label input { font-weight: normal; margin-left: 0.3rem; max-width: 28rem; }
fieldset label { font-weight: normal; margin-right: 0.6rem; }
output { margin-left: auto; color: #57606a; }
.finding { border: 1px solid var(--line); border-left: 6px solid var(--info); border-radius: 6px; padding: 0.8rem 1rem; margin: 0.8rem 0; }
.finding.error { border-left-color: var(--error); } .finding.warning { border-left-color: var(--warning); }
.severity { display: inline-block; min-width: 4.5rem; text-align: center; color: #fff; border-radius: 3px; padding: 0 0.3rem; background: var(--info); }
.error .severity { background: var(--error); } .warning .severity { background: var(--warning); }
.message { margin: 0.2rem 0 0.4rem; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.8rem; margin: 0 0 0.6rem; font-size: 0.85rem; color: #57606a; }
.meta dt { font-weight: 600; } .meta dd { margin: 0; overflow-wrap: anywhere; } summary { cursor: pointer; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 0.8rem; }
.side { min-width: 0; } .side.old pre { background: #fff5f5; } .side.new pre { background: #f3fbf4; }
.side pre { margin: 0; padding: 0.5rem; border: 1px solid var(--line); border-radius: 4px; max-height: 24rem; overflow: auto;
            white-space: pre-wrap; overflow-wrap: anywhere; }
.loc { text-transform: none; letter-spacing: 0; font-weight: normal; }
.absent { color: #8c959f; font-style: italic; margin: 0; }
.textdiff { margin-top: 0.6rem; } .textdiff p { margin: 0; line-height: 1.5; }
del { background: #ffd7d5; color: #82071e; } ins { background: #ccffd8; color: #055d20; text-decoration: none; }
</style>
)";

}  // namespace

std::string html_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources) {
    // Every kind or operation a finding reaches, numbered in name order for the filter.
    std::vector<std::set<std::string>> reached;
    std::map<std::string, KindOption> kind_options;
    std::map<std::string, std::size_t> rule_count;
    std::map<Severity, std::size_t> severity_count;
    for (const auto& finding : findings) {
        reached.push_back(reached_by(finding));
        for (const auto& kind : reached.back()) ++kind_options[kind].findings;
        ++rule_count[finding.rule];
        ++severity_count[finding.severity];
    }
    std::size_t next_index = 0;
    for (auto& [kind, option] : kind_options) option.index = next_index++;

    const auto title = fmt::format("{} → {}", sources.old_side.source, sources.new_side.source);
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
           "script-src 'unsafe-inline'\">\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    out += fmt::format("<title>kompat: {}</title>\n", markup_text(title));
    out += style;
    out += "</head>\n<body>\n<header>\n";
    out += fmt::format("<h1>kompat: <code>{}</code> → <code>{}</code></h1>\n", markup_text(sources.old_side.source),
                       markup_text(sources.new_side.source));
    out += fmt::format("<p>old: <code>{}</code> ({}) · new: <code>{}</code> ({})</p>\n", markup_text(sources.old_side.source),
                       markup_text(sources.old_side.format), markup_text(sources.new_side.source), markup_text(sources.new_side.format));
    out += fmt::format("<ul class=\"summary\"><li class=\"error\">{} error(s)</li><li class=\"warning\">{} warning(s)</li>"
                       "<li class=\"info\">{} info</li></ul>\n",
                       summary.error, summary.warning, summary.info);
    if (!sources.notes.empty()) {
        out += "<ul class=\"notes\">\n";
        for (const auto& note : sources.notes) out += "<li>" + markup_text(note) + "</li>\n";
        out += "</ul>\n";
    }
    out += "</header>\n";

    // The filters show once the script runs; without it every finding stays in view.
    out += "<form id=\"filters\" hidden>\n<fieldset><legend>Severity</legend>";
    for (const auto severity : {Severity::error, Severity::warning, Severity::info}) {
        const auto name = to_string(severity);
        out += fmt::format("<label><input type=\"checkbox\" name=\"severity\" value=\"{}\" checked> {} ({})</label>", name, name,
                           severity_count[severity]);
    }
    out += "</fieldset>\n<label>Kind<select name=\"kind\"><option value=\"\">all kinds</option>";
    for (const auto& [kind, option] : kind_options)
        out += fmt::format("<option value=\"{}\">{} ({})</option>", option.index, markup_text(kind), option.findings);
    out += "</select></label>\n<label>Rule<select name=\"rule\"><option value=\"\">all rules</option>";
    for (const auto& [rule, count] : rule_count) out += fmt::format("<option value=\"{}\">{} ({})</option>", markup_text(rule), markup_text(rule), count);
    out += "</select></label>\n<label>Text<input type=\"search\" name=\"text\" placeholder=\"path, type, value…\"></label>\n";
    out += fmt::format("<output id=\"shown\">{} of {} findings shown</output>\n</form>\n<main>\n", findings.size(), findings.size());
    for (std::size_t i = 0; i < findings.size(); ++i) out += finding_html(i + 1, findings[i], reached[i], kind_options);
    if (findings.empty()) out += "<p>No compatibility findings.</p>\n";
    out += "</main>\n";
    out += script;
    out += "</body>\n</html>\n";
    return out;
}

}  // namespace kompat
