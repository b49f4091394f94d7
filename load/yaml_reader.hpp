#pragma once
// Reads YAML text (one or many documents) into a ParsedFile of JSON values with yaml-cpp.
#include "load/limits.hpp"
#include "load/parsed_file.hpp"
#include "load/source_reader.hpp"

namespace kompat {

// Plain scalars resolve as sigs.k8s.io/yaml (go-yaml v2) resolves them when kubectl
// sends a manifest: null (~, null, empty), booleans (true/false, yes/no, on/off, y/n in
// the usual cases), integers, floats; quoted scalars and everything else are strings.
// Merge keys (`<<`) are expanded. Empty documents are dropped. Throws InputError
// (file:line:col) for malformed YAML, nesting or alias expansion past the limits, a
// non-scalar mapping key, or a duplicate key.
ParsedFile read_yaml(const SourceFile& source, const Limits& limits);

}  // namespace kompat
