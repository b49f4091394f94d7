#pragma once
// GitHub Actions workflow commands: one annotation a finding, on the line of the new
// input (of the old one for removals), for findings at or above `show`, then the counts
// as a plain log line.
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

std::string github_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources, Severity show);

}  // namespace kompat
