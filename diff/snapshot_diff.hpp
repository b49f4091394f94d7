#pragma once
// The structural diff of two snapshots. Named types are compared once per pair
// (memoised, cycle safe); every kind and operation that reaches a change is recorded
// in its `reaches`. Fail-closed: a keyword difference no change kind names becomes
// `unclassified_change` with the old and new JSON.
#include "diff/change.hpp"
#include "support/limits.hpp"
#include "model/snapshot.hpp"

namespace kompat {

// Throws InputError when the snapshots differ in more places than `limits.max_findings`.
DiffResult diff_snapshots(const Snapshot& old_snapshot, const Snapshot& new_snapshot, const Limits& limits = {});

}  // namespace kompat
