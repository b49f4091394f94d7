#pragma once
// `kompat inspect`: what kompat understood of one snapshot, for a person (text) or a
// program (json). Pure functions of the Snapshot.
#include <string>

#include "model/snapshot.hpp"

namespace kompat {

std::string inspect_text(const Snapshot& snapshot);
std::string inspect_json(const Snapshot& snapshot);

}  // namespace kompat
