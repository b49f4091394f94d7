#pragma once
// Loads one snapshot argument (file, directory, `-`, `REV:PATH`) into a Snapshot.
#include <string_view>
#include <utility>

#include "support/limits.hpp"
#include "model/snapshot.hpp"
#include "load/source_reader.hpp"

namespace kompat {

// Throws InputError (file:line:col) for anything kompat cannot load.
Snapshot load_snapshot(std::string_view argument, const Limits& limits = {});
Snapshot load_snapshot(const SourceSet& sources, const Limits& limits = {});

// Freeing two large snapshots takes a while too: the pair frees them at the same time,
// the old one on a second thread.
struct SnapshotPair {
    Snapshot old_snapshot;
    Snapshot new_snapshot;

    SnapshotPair(Snapshot before, Snapshot after) : old_snapshot(std::move(before)), new_snapshot(std::move(after)) {}
    SnapshotPair(SnapshotPair&&) = default;
    SnapshotPair& operator=(SnapshotPair&&) = default;
    SnapshotPair(const SnapshotPair&) = delete;
    SnapshotPair& operator=(const SnapshotPair&) = delete;
    ~SnapshotPair();
};

// Both snapshots of a comparison, loaded at the same time on two threads (each with a
// large stack), or one after the other when their files pass 32 MiB together. When both
// fail, the old one's error is thrown, as loading one after the other would.
SnapshotPair load_snapshot_pair(std::string_view old_argument, std::string_view new_argument, const Limits& limits = {});
SnapshotPair load_snapshot_pair(const SourceSet& old_sources, const SourceSet& new_sources, const Limits& limits = {});

}  // namespace kompat
