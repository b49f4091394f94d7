#pragma once
// From the roots (kinds, operations) along the unit graph's edges to every change: who
// reaches it, by which path, in which role. Internal to diff/.
#include <cstdint>
#include <vector>

#include "diff/unit_graph.hpp"

namespace kompat {

// Fills every change's `reaches`: which kinds and operations reach it, by which path,
// in which role. Sorts and prunes the units' edges.
// False, and the walk stopped, once the paths it spells pass `max_path_bytes` together:
// every one is in the report, so the report would pass that size.
bool propagate_reaches(UnitGraph& graph, std::vector<Root>& roots, std::uint64_t max_path_bytes);

}  // namespace kompat
