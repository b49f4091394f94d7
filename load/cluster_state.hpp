#pragma once
// A cluster's state of its CRDs (check --cluster): which versions each stores its objects
// in (status.storedVersions) and which names it accepted (status.acceptedNames), given to
// OLD's CRDs of the same group and kind, so that the differ sees what applying NEW to that
// cluster meets.
#include <string>

#include "model/snapshot.hpp"

namespace kompat {

// Adds each CRD's status.storedVersions and acceptedNames in `cluster` to OLD's versions of
// the same CRD (several clusters: every version any of them stores, every name any of them
// accepts). Returns the note a report shows.
std::string take_cluster_state(Snapshot& old_side, const Snapshot& cluster);

}  // namespace kompat
