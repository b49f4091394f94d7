#pragma once
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

// The JSON report, schemaVersion 2, documented in docs/report-json.md.
std::string json_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources);

}  // namespace kompat
