#pragma once
// Loads one snapshot argument (file, directory, `-`, `REV:PATH`) into a Snapshot.
#include <string_view>

#include "diff/limits.hpp"
#include "diff/snapshot.hpp"
#include "diff/source_reader.hpp"

namespace kompat {

// Throws InputError (file:line:col) for anything kompat cannot load.
Snapshot load_snapshot(std::string_view argument, const Limits& limits = {});
Snapshot load_snapshot(const SourceSet& sources, const Limits& limits = {});

struct SnapshotPair {
    Snapshot old_snapshot;
    Snapshot new_snapshot;
};

// Both snapshots of a comparison, loaded at the same time on two threads (each with a
// large stack). When both fail, the old one's error is thrown, as loading one after the
// other would.
SnapshotPair load_snapshot_pair(std::string_view old_argument, std::string_view new_argument, const Limits& limits = {});
SnapshotPair load_snapshot_pair(const SourceSet& old_sources, const SourceSet& new_sources, const Limits& limits = {});

}  // namespace kompat
