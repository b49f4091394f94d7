#pragma once
// Pieces of a finding as the line-oriented reports (text, github) write them.
#include <string>

#include "rules/baseline.hpp"  // place_of: what a finding is about, as one line
#include "rules/finding.hpp"

namespace kompat {

// A JSON value as a report line shows it: `(absent)` for none, long values cut at 120 characters.
std::string short_value_text(const boost::json::value& value);

// For a finding in a named type others use, which kinds it affects, as a reader scans
// it: " (in apps/v1 DaemonSet and 17 more)"; "" for any other finding.
std::string affected_kinds_text(const Finding& finding);

// Where to point a reader: the new location, or the old one for what was removed.
const SourcePosition& finding_location(const Finding& finding);

}  // namespace kompat
