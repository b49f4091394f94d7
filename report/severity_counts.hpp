#pragma once
// Counting findings by severity where a report counts a part of them (a heading's, those
// at or above a gate); summarize (rules/finding.hpp) counts a whole list.
#include "rules/finding.hpp"

namespace kompat {

inline void count_severity(Summary& counts, Severity severity) {
    ++(severity == Severity::error ? counts.error : severity == Severity::warning ? counts.warning : counts.info);
}

}  // namespace kompat
