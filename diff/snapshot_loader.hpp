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

}  // namespace kompat
