#pragma once
// Comparing the Kubernetes extensions of a schema: list and map semantics, server-side
// apply keys, int-or-string, embedded resources, CEL validation rules, and the lifecycle
// a field's description or extensions give it. Internal to diff/.
#include "diff/diff_context.hpp"

#include <string>
#include <string_view>

namespace kompat {

// x-kubernetes-list-type / -list-map-keys / -map-type / -preserve-unknown-fields /
// -int-or-string / -embedded-resource, and the patch strategy and merge key.
void compare_kubernetes_extensions(const DiffContext& context, const Schema& o, const Schema& n, Unit& unit, const std::string& path);
// x-kubernetes-validations, paired by rule text (layout aside).
void compare_validations(const DiffContext& context, const Schema& o, const Schema& n, Unit& unit, const std::string& path);
// A field `o` required and `n` does not, read by a CEL rule `n` adds: one change, the
// rule's (required-replaced-by-cel-rule), not the field's becoming optional as well.
bool requirement_moved_into_rule(const Schema& o, const Schema& n, std::string_view field);
void compare_lifecycle(const DiffContext& context, const Schema& o, const Schema& n, const Lifecycle& before, const Lifecycle& after,
                       Unit& unit, const std::string& path);

}  // namespace kompat
