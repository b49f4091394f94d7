#pragma once
// One edit, one change: what changes only because a type did (a list's list type when its
// items' type changed, a format dropped with its type) is said with the type change.
#include "diff/change.hpp"
#include "model/snapshot.hpp"

#include <vector>

namespace kompat {

// Folds, among the changes of one unit, each companion into the type change it follows from:
// the companion goes, and the type change's aside names it.
void fold_companion_changes(std::vector<Change>& changes);

// Folds each removed operation of a status subresource (GET, PATCH, PUT …/status) into the
// removal of its kind's `.status` field, which took the subresource with it (NetworkPolicy
// in Kubernetes 1.28): one finding that names the operations.
void fold_status_operations(std::vector<Change>& changes, const Snapshot& old_snapshot);

}  // namespace kompat
