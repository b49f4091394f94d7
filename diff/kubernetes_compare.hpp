#pragma once
// Comparing the Kubernetes extensions of a schema: list and map semantics, server-side
// apply keys, int-or-string, embedded resources, and the lifecycle
// a field's description or extensions give it. Internal to diff/.
#include "diff/diff_context.hpp"

#include <string>

namespace kompat {

// x-kubernetes-list-type / -list-map-keys / -map-type / -preserve-unknown-fields /
// -int-or-string / -embedded-resource, and the patch strategy and merge key.
void compare_kubernetes_extensions(const SchemaSite& at);
void compare_lifecycle(const SchemaSite& at, const Lifecycle& before, const Lifecycle& after);

}  // namespace kompat
