#pragma once
// SARIF 2.1.0 for code scanning: every rule of the table with its metadata, and one
// result a finding located in the new input (in the old one for removals).
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

std::string sarif_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources);

}  // namespace kompat
