#pragma once
// Markdown: a pull-request comment for `check --format markdown` (counts, then the
// findings at or above `show` by kind, folded, always within GitHub's 65,536 characters),
// and release notes for `kompat changelog` (Breaking, Deprecated,
// Added, Promoted; by group/version and kind; feature gates and minimum versions named).
#include <optional>
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

// `gate`: the --fail-on of a run whose exit it decides (check, lint, validate), said in the
// heading ("kompat fails: 3 errors"); none for `diff`, whose exit is any change.
std::string markdown_report(const std::vector<Finding>& findings, const Summary& summary, const ReportSources& sources, Severity show,
                            std::optional<Severity> gate);

}  // namespace kompat
