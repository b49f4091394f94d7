#pragma once
// SARIF 2.1.0 for code scanning: one result a finding at or above `show` (--show), located
// in the new input (in the old one for removals), with the metadata of the rules they use;
// the run's properties count the findings left out.
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

std::string sarif_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources, Severity show);

}  // namespace kompat
