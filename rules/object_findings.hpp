#pragma once
// What objects meet (objects/), judged by the rule table's object-* rows. Reports show
// them apart, under "Objects: KIND".
#include <string_view>
#include <vector>

#include "objects/object_check.hpp"
#include "rules/finding.hpp"

namespace kompat {

// One finding a change, at the object's place (FILE:LINE of its first key), its text
// naming the object, its kind, the field and the constraint with the value.
std::vector<Finding> object_findings(const ObjectCheck& check);

// True for the object-* rules.

}  // namespace kompat
