#include "report/markdown_report.hpp"

#include <fmt/format.h>

#include <boost/json/serialize.hpp>

#include <array>
#include <map>
#include <set>

#include "report/finding_text.hpp"
#include "report/markdown_text.hpp"

namespace kompat {
namespace {

// A value in release notes: compact JSON, cut at 120 characters on a character boundary.
std::string value(const boost::json::value& v) {
    if (v.is_null()) return "(absent)";
    return code(elide_end(boost::json::serialize(v), 120));
}

std::string lifecycle_text(const FindingLifecycle& lifecycle) {
    std::vector<std::string> parts;
    if (!lifecycle.feature_gate.empty()) parts.push_back("feature gate " + code(lifecycle.feature_gate));
    if (!lifecycle.min_version.empty()) parts.push_back("since " + lifecycle.min_version);
    if (parts.empty()) return "";
    return " (" + fmt::format("{}", fmt::join(parts, ", ")) + ")";
}

// A field's lifecycle stage as release notes name it: a field with no stage left is GA.
std::string stage(const boost::json::value& v) { return v.is_string() && v.get_string() != "ga" ? cell(v.get_string()) : "GA"; }

std::string title(const ReportSources& sources) { return code(sources.old_side.source) + " → " + code(sources.new_side.source); }

enum class Section { breaking, deprecated, added, promoted, other };

Section section_of(const Finding& finding) {
    static const std::set<std::string_view> added = {"kind-added",  "version-added",   "operation-added",  "field-added",
                                                     "parameter-added", "response-added", "enum-value-added", "crd-version-served"};
    if (finding.rule == "lifecycle-deprecated") return Section::deprecated;
    if (finding.rule == "lifecycle-promoted") return Section::promoted;
    // A new beta or GA version of a kind that already had one: the API graduated.
    if (finding.rule == "version-added" && finding.stability && *finding.stability != Stability::alpha) return Section::promoted;
    if (finding.severity >= Severity::warning) return Section::breaking;
    if (added.contains(finding.rule)) return Section::added;
    return Section::other;
}

}  // namespace

std::string changelog_report(const std::vector<Finding>& findings, const Summary& /*summary*/, const ReportSources& sources) {
    // section → group-version → kind → lines
    std::map<Section, std::map<std::string, std::map<std::string, std::vector<std::string>>>> sections;
    std::size_t others = 0;
    for (const auto& finding : findings) {
        const auto section = section_of(finding);
        if (section == Section::other) {
            ++others;
            continue;
        }
        std::string group_version = finding.operation ? "Operations" : "Named types";
        std::string kind = finding.operation ? *finding.operation : finding.type;
        // Release notes name kinds: a change in a type many kinds share is listed under the
        // first of them (by name), with its path from there.
        const auto* home = finding.kind ? &*finding.kind : nullptr;
        auto path = finding.path;
        if (home == nullptr && !finding.operation && finding.stability && !finding.affected_places.empty()) {
            home = &finding.affected_places.front().from;
            path = finding.affected_places.front().path;
        }
        if (home != nullptr) {
            const auto space = home->find(' ');
            group_version = home->substr(0, space);
            kind = home->substr(space + 1);
        }
        // A whole kind, version or operation: its message says it all.
        std::string line = cell(finding.message);
        if (path != ".") {
            line = fmt::format("{}: {}", code(path), line);
            if (finding.rule == "lifecycle-promoted")
                line += fmt::format(" ({} → {})", stage(finding.old_value), stage(finding.new_value));
            else if (!finding.old_value.is_null() || !finding.new_value.is_null())
                line += fmt::format(" ({} → {})", value(finding.old_value), value(finding.new_value));
        }
        line += lifecycle_text(finding.lifecycle);
        // A change to a type many kinds share is listed once, under the first of them.
        if (finding.affects.size() > 1) line += fmt::format(" (and {} more)", finding.affects.size() - 1);
        if (finding.severity == Severity::error && section == Section::breaking) line = "**breaks clients**: " + line;
        sections[section][group_version][kind].push_back(line);
    }
    std::string out = fmt::format("# API changes: {}\n", title(sources));
    const std::array<std::pair<Section, const char*>, 4> order = {
        {{Section::breaking, "Breaking"}, {Section::deprecated, "Deprecated"}, {Section::added, "Added"}, {Section::promoted, "Promoted"}}};
    for (const auto& [section, heading] : order) {
        const auto found = sections.find(section);
        if (found == sections.end()) continue;
        out += fmt::format("\n## {}\n", heading);
        for (const auto& [group_version, kinds] : found->second) {
            out += fmt::format("\n### {}\n\n", cell(group_version));
            for (const auto& [kind, lines] : kinds)
                for (const auto& line : lines) out += fmt::format("- **{}** {}\n", cell(kind), line);
        }
    }
    if (sections.empty()) out += "\nNo API changes for release notes.\n";
    if (others > 0)
        out += fmt::format("\n{} other change(s) (descriptions, relaxed validation, …) are listed by `kompat check`.\n", others);
    return out;
}

}  // namespace kompat
