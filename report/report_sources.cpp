#include "report/report_sources.hpp"

#include <fmt/format.h>

#include "rules/baseline.hpp"

namespace kompat {

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

std::string approval_line(const Finding& finding) { return baseline_line(finding, "REASON: why this break is accepted"); }

std::vector<std::string> approval_lines(const std::vector<Finding>& findings) {
    std::vector<std::string> out;
    for (const auto& finding : findings)
        if (finding.severity == Severity::error) out.push_back(approval_line(finding));
    return out;
}

}  // namespace kompat
