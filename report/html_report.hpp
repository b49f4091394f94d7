#pragma once
// One self-contained HTML page for reviewing an API change by hand: summary, filters by
// severity, kind and rule, old and new values side by side, and the word diff of a
// changed description. Inline style and script only; its Content-Security-Policy lets
// the browser fetch nothing.
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

std::string html_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources);

}  // namespace kompat
