#pragma once
// JUnit XML for CI dashboards, valid against the strict Apache Ant schema (JUnit.xsd):
// one testsuite per kind compared (and one for operations, one for named types no kind
// reaches, when they have findings); a failing testcase per finding at or above
// `fail_on`, a passing one per finding below it, and a passing `compatible` testcase for
// a kind with no failure, so a dashboard shows what was checked clean.
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

// The schema demands a timestamp and a hostname; for byte-identical reports they are
// fixed: 1970-01-01T00:00:00 and localhost.
std::string junit_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources, Severity fail_on);

}  // namespace kompat
