#include "report/markdown_report.hpp"

#include <fmt/format.h>

#include <set>

#include "report/finding_fold.hpp"
#include "report/finding_text.hpp"
#include "report/markdown_text.hpp"
#include "report/severity_counts.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace {

// GitHub refuses a comment over 65,536 characters; kompat counts bytes (never fewer than
// characters) and keeps room for the closing lines.
constexpr std::size_t comment_limit = 65536;
constexpr std::size_t closing_room = 1000;

std::string counts_text(const Summary& counts) {
    std::vector<std::string> parts;
    if (counts.error > 0) parts.push_back(fmt::format("{} error{}", counts.error, counts.error == 1 ? "" : "s"));
    if (counts.warning > 0) parts.push_back(fmt::format("{} warning{}", counts.warning, counts.warning == 1 ? "" : "s"));
    if (counts.info > 0) parts.push_back(fmt::format("{} info", counts.info));
    return fmt::format("{}", fmt::join(parts, ", "));
}

// Input text in a sentence is marked, and each mark becomes a code span when the sentence
// is written into a cell: never backticks, which an input could close.
constexpr SentenceStyle markdown_style{input_span, input_span};

// Under a heading the place is the path; a finding about the whole kind (or type) says so
// in words rather than as `.`.
std::string place_cell(const Finding& finding, bool under_heading) {
    if (!under_heading) return cell(input_span(place_of(finding)));
    if (finding.path.empty() || finding.path == ".") return finding.kind ? "whole kind" : "whole type";
    return cell(input_span(finding.path));
}

std::string row(const Finding& finding, bool under_heading) {
    std::string change = cell(finding_sentence(finding, markdown_style));
    if (const auto context = finding_context(finding, markdown_style); !context.empty()) change += "<br>" + cell(context);
    if (const auto at = location_text(finding); !at.empty()) change += "<br>" + cell(input_span(at));
    return fmt::format("| {} | {} | {} | {} |\n", to_string(finding.severity), cell(input_span(finding.rule.id())),
                       place_cell(finding, under_heading), change);
}

// The same change at several places of a group (fold_same_changes) is one row: the
// count, the first places, and where the first one is.
// Across kinds, the place is the kinds: their count and the first ones.
std::string folded_row(const std::vector<const Finding*>& same, bool under_heading, bool across) {
    const auto& first = *same.front();
    std::vector<std::string> places;
    if (across)
        for (const auto& heading : headings_of(same)) places.push_back(cell(input_span(heading)));
    else
        for (const auto* finding : same) places.push_back(place_cell(*finding, under_heading));
    const auto place = across ? headings_words(same) + ": " + first_few(places, "") : first_few(places, "");
    std::string change = cell(finding_sentence(first, markdown_style, folded_field_words(same)));
    if (const auto at = location_text(first); !at.empty()) change += "<br>first at " + cell(input_span(at));
    return fmt::format("| {} | {} | {} | {} |\n", to_string(first.severity), cell(input_span(first.rule.id())), place, change);
}

// Whom a rule breaks and what to do about it, from the rule table.
std::string guidance_line(const Rule& rule) {
    return fmt::format("- {}: {}. Breaks: {} Remedy: {}\n", code(rule.id), rule.message, rule.breaks, rule.remedy);
}

// What the baseline accepted (each entry with its reason; with --baseline-base, those
// this PR adds first, as "approved in this PR") and the lines that would accept the errors
// left: the approval is reviewed where the break is shown. At most a quarter of the comment.
std::string baseline_review(const std::vector<Finding>& findings, const BaselineReview& review) {
    if (review.file.empty()) return {};
    constexpr std::size_t budget = comment_limit / 4;
    std::string out;
    std::size_t left_out = 0;
    const auto add = [&](std::string text) {
        if (out.size() + text.size() > budget) ++left_out;
        else out += text;
    };
    const auto accepted_block = [&](bool approved_here, std::string_view title) {
        std::string rows;
        std::size_t count = 0;
        for (const auto& entry : review.accepted) {
            if (entry.approved_here != approved_here) continue;
            ++count;
            rows += fmt::format("| {} | {} | {} |\n", cell(input_span(entry.rule)), cell(input_span(entry.place)), cell(entry.reason));
        }
        if (count == 0) return;
        add(fmt::format(
            "\n<details{}>\n<summary><b>{}</b>: {} finding{} accepted by {}</summary>\n\n| rule | place | reason |\n|---|---|---|\n{}"
            "\n</details>\n",
            approved_here ? " open" : "", title, count, count == 1 ? "" : "s", html_code(review.file), rows));
    };
    if (review.compared_with_base) accepted_block(true, "Approved in this PR");
    accepted_block(false, review.compared_with_base ? "Accepted before" : "Accepted");
    if (const auto lines = approval_lines(findings); !lines.empty()) {
        std::string block;
        for (const auto& line : lines) block += line + "\n";
        add(fmt::format("\nTo accept an error on purpose, add its line to {} with the reason:\n\n{}", code(review.file),
                        fenced_code(block)));
    }
    if (left_out > 0)
        out += fmt::format("\n{} baseline section{} left out: the text report lists them.\n", left_out, left_out == 1 ? "" : "s");
    return out;
}

// Each CRD that cannot simply be applied, as a list under its heading; "" when none.
std::string upgrade_list(const std::vector<CrdUpgrade>& upgrades) {
    std::string list;
    for (const auto& same : folded_upgrades(upgrades)) {
        std::vector<std::string> names;
        for (const auto* upgrade : same) names.push_back(code(upgrade->crd));
        const auto crds = same.size() == 1 ? names.front() : fmt::format("{} CRDs ({})", same.size(), first_few(names, ""));
        list += fmt::format("- {} **{}**: {}\n", crds, to_string(same.front()->verdict), line_text(same.front()->reason));
    }
    return list.empty() ? list : "\n**Upgrade** (each CRD that cannot simply be applied):\n\n" + list;
}

// A snapshot as the heading names it: a full commit id (`git:<40 hex>:config/crd`, as the
// Action passes the merge base) cut to 12 characters, as git itself shows commits.
std::string shown_source(std::string_view source) {
    constexpr std::size_t full = 40;
    constexpr std::size_t shown = 12;
    const std::size_t start = source.starts_with("git:") ? 4 : 0;
    const auto commit = source.substr(start, full);
    if (source.size() <= start + full || source[start + full] != ':' ||
        commit.find_first_not_of("0123456789abcdef") != std::string_view::npos)
        return std::string(source);
    return std::string(source.substr(0, start + shown)) + std::string(source.substr(start + full));
}

// The heading: the verdict of the gate first ("kompat fails: 3 errors (`--fail-on error`)"),
// counting the findings the exit counts; without a gate, what was compared.
std::string verdict_heading(const std::vector<Finding>& findings, const ReportSources& sources, std::optional<Severity> gate) {
    const auto command = sources.single_snapshot ? " " + sources.single_command : std::string();
    if (!gate) return fmt::format("## kompat{}\n\n", command);
    Summary reached;
    for (const auto& finding : findings)
        if (finding.severity >= *gate) count_severity(reached, finding.severity);
    const auto flag = fmt::format("(`--fail-on {}`)", to_string(*gate));
    if (reached.error + reached.warning + reached.info > 0)
        return fmt::format("## kompat{} fails: {} {}\n\n", command, counts_text(reached), flag);
    const auto none = *gate == Severity::error ? "no errors" : *gate == Severity::warning ? "no errors or warnings" : "no findings";
    return fmt::format("## kompat{} passes: {} {}\n\n", command, none, flag);
}

// The verdict, what was compared, the counts, the CRDs that cannot simply be applied, and
// the notes: the part of the comment that is always there.
std::string opening(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources,
                    std::optional<Severity> gate) {
    std::string out = verdict_heading(findings, sources, gate);
    out += sources.single_snapshot
               ? code(shown_source(sources.old_side.source)) + "\n\n"
               : fmt::format("{} → {}\n\n", code(shown_source(sources.old_side.source)), code(shown_source(sources.new_side.source)));
    out += "| errors | warnings | info |\n|---:|---:|---:|\n";
    out += fmt::format("| {} | {} | {} |\n", summary.error, summary.warning, summary.info);
    out += upgrade_list(sources.upgrades);
    // Notes (stale baseline entries can be many) take at most a quarter of the comment.
    std::size_t notes_left_out = 0;
    for (const auto& note : notes_of(sources)) {
        // Counted as written (escaped, its words in code spans), not as the note's own text.
        const auto line = "\n> " + line_text(note) + "\n";
        if (out.size() + line.size() > comment_limit / 4) ++notes_left_out;
        else out += line;
    }
    if (notes_left_out > 0) out += fmt::format("\n> and {} more notes: the text or JSON report lists them.\n", notes_left_out);
    return out;
}

}  // namespace

std::string markdown_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources, Severity show,
                            std::optional<Severity> gate) {
    auto out = opening(findings, summary, sources, gate);
    const auto review = baseline_review(findings, sources.baseline);
    if (findings.empty()) return out + "\nNo compatibility findings.\n" + review;

    // Groups in the report's order (errors first), each folded, open when it holds an error.
    std::vector<const Finding*> shown;
    for (const auto& finding : findings)
        if (finding.severity >= show) shown.push_back(&finding);
    std::size_t left_out = 0;
    bool full = false;
    std::set<RuleRef> rules_shown;
    std::string guidance;  // a line for each rule shown, written after the findings
    for (const auto& [group, lines] : folded_blocks(shown)) {
        const bool under_heading = group != "operations" && group != "named types";
        const bool across = group == across_kinds;
        Summary counts;
        std::size_t members = 0;
        for (const auto& same : lines)
            for (const auto* finding : same) {
                count_severity(counts, finding->severity);
                ++members;
            }
        std::string block =
            fmt::format("\n<details{}>\n<summary><b>{}</b>: {}</summary>\n\n| severity | rule | place | change |\n|---|---|---|---|\n",
                        counts.error > 0 ? " open" : "", across ? group : html_code(group), counts_text(counts));
        std::size_t listed = 0;
        for (const auto& same : lines) {
            const auto& rule = same.front()->rule;
            const auto line = same.size() == 1 ? row(*same.front(), under_heading) : folded_row(same, under_heading, across);
            const auto rule_line = rules_shown.contains(rule) ? std::string() : guidance_line(rule.row());
            // Once one does not fit, nothing after it is listed: what is shown stays errors first.
            full = full || out.size() + block.size() + line.size() + guidance.size() + rule_line.size() + review.size() + closing_room >
                               comment_limit;
            if (full) break;
            block += line;
            guidance += rule_line;
            rules_shown.emplace(rule);
            listed += same.size();
        }
        left_out += members - listed;
        if (listed > 0) out += block + "\n</details>\n";
    }
    if (!guidance.empty()) out += "\n<details>\n<summary>What these rules mean</summary>\n\n" + guidance + "\n</details>\n";
    out += review;
    if (const auto hidden = hidden_text(findings, show); !hidden.empty()) out += "\n" + hidden + ".\n";
    if (left_out > 0)
        out += fmt::format(
            "\n**{} more finding{} left out** to fit a GitHub comment (65,536 characters). The full report: "
            "`kompat check` with `--format html --output FILE` (or `json`), kept as a CI artifact.\n",
            left_out, left_out == 1 ? " was" : "s were");
    return out;
}

}  // namespace kompat
