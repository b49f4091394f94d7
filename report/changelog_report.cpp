#include "report/changelog_report.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include <algorithm>
#include <cctype>
#include <array>
#include <map>
#include <set>
#include <tuple>

#include "model/snapshot.hpp"
#include "report/changelog_fold.hpp"
#include "report/changelog_words.hpp"
#include "report/finding_text.hpp"
#include "rules/rule_table.hpp"
#include "report/json_writer.hpp"
#include "report/markdown_text.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

// Entries mark what came from the inputs (input_span); each format renders the marks its
// own way (Markdown code spans, backticks in JSON).
constexpr char mark = input_mark;

// `List` kinds come with their item kind: release notes name only the item kind.
bool is_list_of_known_kind(const std::string& gvk, const ReportSources& sources) {
    if (!gvk.ends_with("List")) return false;
    const auto item = gvk.substr(0, gvk.size() - 4);
    return std::binary_search(sources.kinds.begin(), sources.kinds.end(), item);
}

// How the rule's row says release notes tell its findings.
ReleaseNote note_of(const Finding& finding) { return finding.rule->release_note; }

bool retires_version(const Finding& finding) { return finding.rule->retires_version(); }

bool is_kind_arrival(ReleaseNote note) {
    return note == ReleaseNote::kind_added || note == ReleaseNote::version_added || note == ReleaseNote::version_served;
}

class ChangelogBuilder {
public:
    ChangelogBuilder(const std::vector<Finding>& findings, const ReportSources& sources) : findings_(findings), sources_(sources) {
        // Kinds that arrive or leave as a whole: their operations are said by that line.
        for (const auto& finding : findings) {
            const auto kind = whole_kind_of(finding);
            if (!kind.empty() && (retires_version(finding) || is_kind_arrival(note_of(finding)))) whole_kinds_.insert(kind);
        }
    }

    Changelog build() {
        for (const auto& finding : findings_) add(finding);
        fold_changelog(changelog_.entries, std::move(folds_));
        std::sort(changelog_.entries.begin(), changelog_.entries.end(), [](const ChangelogEntry& a, const ChangelogEntry& b) {
            return std::tie(a.section, a.group_version, a.kind, a.text) < std::tie(b.section, b.group_version, b.kind, b.text);
        });
        return std::move(changelog_);
    }

private:
    // The kind a whole-kind finding is about ("batch/v1beta1 CronJob").
    static std::string whole_kind_of(const Finding& finding) {
        if (const auto note = note_of(finding);
            note == ReleaseNote::version_unserved || note == ReleaseNote::version_served || note == ReleaseNote::version_deprecated)
            return finding.detail;
        if (finding.kind && finding.path == ".") return *finding.kind;
        return {};
    }

    void entry(ChangelogSection section, const std::string& gvk, std::string text, const Finding& finding) {
        auto [group_version, kind] = split_kind(gvk);
        changelog_.entries.push_back({section, std::move(group_version), std::move(kind), std::move(text), {finding.fingerprint}});
    }

    void shared_entry(ChangelogSection section, const Finding& finding, std::string text) {
        const auto dot = finding.type.rfind('.');
        auto name = dot == std::string::npos ? finding.type : finding.type.substr(dot + 1);
        changelog_.entries.push_back({section, "", std::move(name), std::move(text) + kinds_words(finding), {finding.fingerprint}});
    }

    bool is_promotion(const std::string& gvk) const {
        const auto added = split_kind(gvk);  // not a structured binding: the lambda uses it (clang 14 refuses that)
        return std::any_of(sources_.served_old.begin(), sources_.served_old.end(), [&](const std::string& old) {
            const auto other = split_kind(old);
            return other.kind == added.kind && group_of(other.group_version) == group_of(added.group_version) &&
                   other.group_version != added.group_version;
        });
    }

    void add(const Finding& finding) {
        const auto gvk = whole_kind_of(finding);
        const auto home = finding.kind ? *finding.kind : std::string();
        if (is_list_of_known_kind(gvk.empty() ? home : gvk, sources_)) return;  // said by its item kind
        const auto note = note_of(finding);
        if (retires_version(finding)) add_retirement(finding, gvk);
        else if (note == ReleaseNote::upgrade)
            // The sentence's clauses (aside, detail) are kompat's prose, not input: said as text.
            entry(ChangelogSection::upgrade, home.empty() ? finding.type : home, finding_sentence(finding, {marked, as_is}), finding);
        else if (is_kind_arrival(note)) add_arrival(finding, gvk);
        else if (finding.operation) add_operation(finding);
        else if (note == ReleaseNote::version_deprecated) {
            const auto warning = finding.new_value.is_string() ? std::string(finding.new_value.get_string()) : std::string();
            entry(ChangelogSection::deprecated, gvk,
                  fmt::format("version {} deprecated{}", input_span(split_kind(gvk).group_version),
                              warning.empty() ? "" : ": " + input_span(warning)),
                  finding);
        } else add_field(finding, home);
    }

    // A version no longer served: what to use instead, and for a CRD what a cluster must
    // not store.
    void add_retirement(const Finding& finding, const std::string& gvk) {
        const auto stability = stage_of(split_kind(gvk).group_version);
        auto text =
            input_span(split_kind(gvk).group_version) + (stability == "ga" ? "" : fmt::format(" ({})", stability)) + " is no longer served";
        if (const auto instead = replacement_version(gvk, sources_.served_new, sources_.deprecated_new); !instead.empty())
            text += "; use " + input_span(instead);
        else if (note_of(finding) == ReleaseNote::kind_removed) text += "; no version of the kind is left";
        if (!finding.aside.empty()) text += "; " + finding.aside;
        entry(ChangelogSection::upgrade, gvk, std::move(text), finding);
    }

    void add_arrival(const Finding& finding, const std::string& gvk) {
        const auto stability = stage_of(split_kind(gvk).group_version);
        const auto note = note_of(finding);
        const auto version = input_span(split_kind(gvk).group_version);
        if (note != ReleaseNote::kind_added && stability != "alpha" && is_promotion(gvk))
            entry(ChangelogSection::promoted, gvk, fmt::format("new {} version {}", stability == "ga" ? "GA" : stability, version),
                  finding);
        else
            entry(ChangelogSection::added, gvk,
                  fmt::format("{} {}", note == ReleaseNote::kind_added ? "new kind, served as" : "now served as", version) +
                      (stability == "ga" ? "" : fmt::format(" ({})", stability)),
                  finding);
    }

    // A change to a field of a kind, or of a type kinds share.
    void add_field(const Finding& finding, const std::string& home) {
        const auto note = note_of(finding);
        const bool shared = !finding.kind && !finding.affects.empty();
        const auto path = input_span(finding.path);
        std::string text;
        ChangelogSection section = ChangelogSection::added;
        if (note == ReleaseNote::deprecated) {
            section = ChangelogSection::deprecated;
            text = path + " deprecated";
        } else if (note == ReleaseNote::promoted) {
            // Dated by the release whose own text first states the new stage; read from a
            // description, it says so (docs often lag a release behind the feature).
            section = ChangelogSection::promoted;
            text = fmt::format("{} promoted from {} to {}{}", path, stage_words(finding.old_value), stage_words(finding.new_value),
                               finding.lifecycle.inferred ? " (as its description now says)" : "");
        } else if (note == ReleaseNote::stage_unstated) {
            section = ChangelogSection::stage_unstated;
            text = fmt::format("{} no longer described as {}", path, stage_words(finding.old_value));
        } else if (finding.severity == Severity::error) {
            section = ChangelogSection::breaking;
            text = path + ": " + finding_sentence(finding, {marked, marked});
            if (!shared) folds_.sentences.push_back({changelog_.entries.size(), &finding});
        } else if (note == ReleaseNote::field_added) {
            text = path + field_words(finding);
        } else if (note == ReleaseNote::enum_value_added) {
            text = fmt::format("{}: {} added", path, value_words(finding.new_value, {marked, marked}));
        } else if (note == ReleaseNote::field_removed) {
            section = ChangelogSection::removed;
            text = path + " removed" + (finding.lifecycle.status == LifecycleStatus::alpha ? " (alpha)" : "");
        } else if (finding.severity == Severity::warning) {
            section = warning_section(finding);
            text = path + ": " + finding_sentence(finding, {marked, marked});
            if (!shared) folds_.sentences.push_back({changelog_.entries.size(), &finding});
        } else {
            ++changelog_.not_listed;
            return;
        }
        const auto index = changelog_.entries.size();
        if (shared) shared_entry(section, finding, std::move(text));
        else entry(section, home.empty() ? finding.type : home, std::move(text), finding);
        if (section != ChangelogSection::breaking && changelog_.entries[index].text.starts_with(path))
            folds_.fields.push_back({index, path});
    }

    // Operations are said by their kind: a new or retired resource is one line, and an
    // operation of a kind that stays is a line under that kind.
    void add_operation(const Finding& finding) {
        const auto note = note_of(finding);
        if (note != ReleaseNote::operation_added && note != ReleaseNote::operation_removed) {
            // A field of a request or response removed after its deprecation (a warning) is
            // still news to whoever sends or reads it.
            if (note == ReleaseNote::field_removed && finding.severity == Severity::warning) {
                entry(ChangelogSection::removed, finding.operation_kind.empty() ? "operations" : finding.operation_kind,
                      fmt::format("{}: {} removed", input_span(*finding.operation), input_span(finding.path)), finding);
                return;
            }
            if (finding.severity == Severity::warning) {
                entry(warning_section(finding), finding.operation_kind.empty() ? "operations" : finding.operation_kind,
                      input_span(*finding.operation) + ": " + finding_sentence(finding, {marked, marked}), finding);
                return;
            }
            if (finding.severity < Severity::error) {
                ++changelog_.not_listed;
                return;
            }
            entry(ChangelogSection::breaking, finding.operation_kind.empty() ? "operations" : finding.operation_kind,
                  input_span(*finding.operation) + ": " + finding_sentence(finding, {marked, marked}), finding);
            return;
        }
        if (whole_kinds_.contains(finding.operation_kind)) return;
        // Kubernetes discovery endpoints (`GET /apis/batch/`, `/version/`) end with a slash
        // and serve no kind: not news. Every other operation is listed, under its kind or,
        // in an API of no kinds (general OpenAPI), under operations.
        if (finding.operation_kind.empty() && !sources_.kinds.empty() && finding.operation->ends_with('/')) {
            ++changelog_.not_listed;
            return;
        }
        const bool added = note == ReleaseNote::operation_added;
        entry(added                                 ? ChangelogSection::added
              : finding.severity == Severity::error ? ChangelogSection::breaking
                                                    : ChangelogSection::removed,
              finding.operation_kind.empty() ? "operations" : finding.operation_kind,
              fmt::format("operation {} {}", input_span(*finding.operation), added ? "added" : "removed"), finding);
    }

    static std::string marked(std::string_view text) { return input_span(text); }

    // A warning no other section says: validation that accepts or refuses other values, or
    // behaviour some users may feel (merge semantics, a field that may now be absent).
    static ChangelogSection warning_section(const Finding& finding) {
        return finding.rule->area == RuleArea::validation ? ChangelogSection::changed_validation : ChangelogSection::changed_behaviour;
    }

    const std::vector<Finding>& findings_;
    const ReportSources& sources_;
    std::set<std::string> whole_kinds_;
    ChangelogFolds folds_;
    Changelog changelog_;
};

constexpr std::array<std::pair<ChangelogSection, std::string_view>, 9> section_titles{
    {{ChangelogSection::upgrade, "Upgrade notes"},
     {ChangelogSection::breaking, "Breaking"},
     {ChangelogSection::changed_validation, "Changed validation"},
     {ChangelogSection::changed_behaviour, "Changed behaviour"},
     {ChangelogSection::removed, "Removed"},
     {ChangelogSection::deprecated, "Deprecated"},
     {ChangelogSection::promoted, "Promoted"},
     {ChangelogSection::stage_unstated, "No longer described as alpha or beta (not a promotion: check each feature's own notes)"},
     {ChangelogSection::added, "Added"}}};

std::string plain_text(std::string_view text) {
    std::string out(text);
    std::replace(out.begin(), out.end(), mark, '`');
    return out;
}

}  // namespace

std::string replacement_version(const std::string& removed_kind, const std::vector<std::string>& served_new,
                                const std::vector<std::string>& deprecated_new) {
    const auto [group_version, kind] = split_kind(removed_kind);
    const auto group = group_of(group_version);
    std::string best;
    std::tuple<bool, bool, int, int, int> best_rank{};
    for (const auto& served : served_new) {
        const auto other = split_kind(served);
        if (other.kind != kind || other.group_version == group_version) continue;
        const auto [stage, major, minor] = version_rank(other.group_version);
        const bool current = !std::binary_search(deprecated_new.begin(), deprecated_new.end(), served);
        const std::tuple<bool, bool, int, int, int> rank{group_of(other.group_version) == group, current, stage, major, minor};
        if (best.empty() || rank > best_rank) {
            best = other.group_version;
            best_rank = rank;
        }
    }
    return best;
}

Changelog changelog_of(const std::vector<Finding>& findings, const ReportSources& sources) {
    return ChangelogBuilder(findings, sources).build();
}

std::string changelog_markdown(const Changelog& changelog, const ReportSources& sources) {
    std::string out = fmt::format("# API changes: {} → {}\n", code(sources.old_side.source), code(sources.new_side.source));
    for (const auto& [section, title] : section_titles) {
        std::string group_version = "\x01";  // no heading yet
        std::string body;
        for (const auto& entry : changelog.entries) {
            if (entry.section != section) continue;
            if (entry.group_version != group_version) {
                group_version = entry.group_version;
                body += fmt::format("\n### {}\n\n", group_version.empty() ? std::string("Shared types") : line_text(group_version));
            }
            body += fmt::format("- **{}** {}\n", line_text(entry.kind), line_text(entry.text));
        }
        if (!body.empty()) out += fmt::format("\n## {}\n{}", title, body);
    }
    if (changelog.entries.empty()) out += "\nNo API changes for release notes.\n";
    if (changelog.not_listed > 0)
        out += fmt::format(
            "\n{} other change(s), info that breaks nobody (descriptions, validation no stored object fails, …), are listed "
            "by `kompat check --show info`.\n",
            changelog.not_listed);
    return out;
}

std::string changelog_json(const Changelog& changelog, const ReportSources& sources) {
    json::array sections;
    for (const auto& [section, title] : section_titles) {
        json::array entries;
        for (const auto& entry : changelog.entries) {
            if (entry.section != section) continue;
            json::array fingerprints;
            for (const auto& fingerprint : entry.findings) fingerprints.emplace_back(fingerprint);
            entries.push_back(
                json::object{{"groupVersion", entry.group_version.empty() ? json::value(nullptr) : json::value(entry.group_version)},
                             {"kind", entry.kind},
                             {"text", plain_text(entry.text)},
                             {"findings", std::move(fingerprints)}});
        }
        sections.push_back(json::object{{"title", title}, {"entries", std::move(entries)}});
    }
    return to_pretty_json(json::object{{"old", sources.old_side.source},
                                       {"new", sources.new_side.source},
                                       {"sections", std::move(sections)},
                                       {"notListed", changelog.not_listed}});
}

}  // namespace kompat
