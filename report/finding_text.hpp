#pragma once
// Pieces of a finding as the line-oriented reports (text, github) write them.
#include <string>

#include "rules/finding.hpp"

namespace kompat {

// What the finding is about: the kind and path, or the operation or named type and path.
std::string finding_subject(const Finding& finding);

// A JSON value as a report line shows it: `(absent)` for none, long values cut at 120 characters.
std::string short_value_text(const boost::json::value& value);

// Where to point a reader: the new location, or the old one for what was removed.
const SourcePosition& finding_location(const Finding& finding);

}  // namespace kompat
