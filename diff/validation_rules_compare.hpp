#pragma once
// Comparing x-kubernetes-validations (CEL rules). Internal to diff/.
#include "diff/diff_context.hpp"

#include <string>
#include <string_view>

namespace kompat {

// x-kubernetes-validations, paired by rule text (layout aside).
void compare_validations(const SchemaSite& at);
// A field `o` required and `n` does not, read by a CEL rule `n` adds: one change, the
// rule's (required-replaced-by-cel-rule), not the field's becoming optional as well.
bool requirement_moved_into_rule(const Schema& o, const Schema& n, std::string_view field);

}  // namespace kompat
