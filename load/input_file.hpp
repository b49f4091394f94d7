#pragma once
// One input file read into JSON values: as JSON when its name or first character says
// so, else as YAML. Snapshots and object files (`--objects`) alike.
#include <memory>

#include "support/limits.hpp"
#include "load/source.hpp"
#include "model/parsed_file.hpp"

namespace kompat {

// A file `$ref` reaches is part of an OpenAPI document, so YAML 1.2's core schema reads
// it; any other file is read by what each of its documents is (see YamlOptions).
// Throws InputError (file:line:col).
std::shared_ptr<const ParsedFile> read_input_file(const SourceFile& source, const Limits& limits, bool reached_by_ref = false);

}  // namespace kompat
