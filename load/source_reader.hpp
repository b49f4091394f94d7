#pragma once
// Reads the bytes of one snapshot argument: a file, a directory, `-` (stdin), or
// `REV:PATH` (a file or directory at a git revision, read with git itself).
//
// A snapshot is its own files and nothing else (docs/security.md): an argument that is
// both a path on disk and `REV:PATH` at a revision that exists is refused as ambiguous
// (`./NAME` always means the file, `git:REV:PATH` always the revision); links that lead
// out of the snapshot's directory, FIFOs and devices are refused; and every file it
// reads, through a directory, a git tree or a `$ref`, counts against one budget.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/limits.hpp"
#include "load/source.hpp"

namespace kompat {

// Throws InputError when the argument cannot be read.
SourceSet read_sources(std::string_view argument, const Limits& limits);

// The one file an option names (`--config`, `--baseline`, ...): as read_sources, but a
// directory is refused at once. `what` says what the file should be ("a baseline file").
SourceFile read_single_source(std::string_view argument, const Limits& limits, std::string_view what);

// Reads a file of the snapshot by the name resolve_relative() gave it, counting it in
// `used`. Throws InputError.
SourceFile read_file_in_snapshot(const SourceSet& set, const std::string& name, const Limits& limits, ReadBudget& used);

// The name of the file that `relative_path`, written in file `from_name`, refers to;
// nothing when it leaves the snapshot's directory or names a URL.
std::optional<std::string> resolve_relative(const SourceSet& set, std::string_view from_name, std::string_view relative_path);

}  // namespace kompat
