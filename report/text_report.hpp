#pragma once
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

struct TextOptions {
    bool colour = false;                // ANSI colours: only ever asked for on a terminal
    Severity show = Severity::warning;  // findings below it are counted, not listed
};

// Grouped by kind (findings about an operation or a named type alone under "operations"
// and "named types"), errors first, one line a finding:
// `file:line:col: severity rule-id: place: sentence`, then, where it helps, an indented
// line of whom it breaks and which kinds it affects.
std::string text_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources,
                        const TextOptions& options);

}  // namespace kompat
