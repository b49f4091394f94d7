#pragma once
// Whether a cluster runs the release given as OLD (check --cluster): each CRD version the
// cluster holds, its fields against OLD's. A difference means the findings, judged against
// OLD, may not be what applying NEW to that cluster meets.
#include <vector>

#include "diff/change.hpp"
#include "model/snapshot.hpp"

namespace kompat {

// One crd-cluster-drift change for each CRD version of both whose fields differ, with
// how many fields the cluster lacks and has extra (the first few named) in its detail.
std::vector<Change> cluster_drift(const Snapshot& old_side, const Snapshot& cluster);

}  // namespace kompat
