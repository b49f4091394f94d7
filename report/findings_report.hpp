#pragma once
// Reports of findings: each a pure function of (findings, summary, sources).
#include <string>
#include <vector>

#include "rules/finding.hpp"

namespace kompat {

struct ReportSource {
    std::string source;
    std::string format;  // "openapi-v2", "openapi-v3", "crd"
};

struct ReportSources {
    ReportSource old_side;
    ReportSource new_side;
    std::vector<std::string> notes;  // said once, e.g. what a v2/v3 comparison leaves out
    // Every kind compared ("apps/v1 Deployment"), of either side, sorted: reports that show
    // coverage (junit) list the clean ones too.
    std::vector<std::string> kinds = {};
};

// The JSON report of DESIGN.md ("Reports"), schemaVersion 2, documented in docs/report-json.md.
std::string json_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources);

// One line a finding, grouped by kind (findings about an operation or a named type alone
// under "operations" and "named types"), errors first, with old -> new values. `colour` adds ANSI colours (only ever asked for on a terminal).
std::string text_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources, bool colour);

}  // namespace kompat
