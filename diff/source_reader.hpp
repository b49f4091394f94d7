#pragma once
// Reads the bytes of one snapshot argument: a file, a directory, `-` (stdin), or
// `REV:PATH` (a file or directory at a git revision, read with git itself).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diff/limits.hpp"

namespace kompat {

struct SourceFile {
    std::string name;   // as shown in messages: the path, `-`, or `REV:PATH`
    std::string bytes;
};

enum class SourceOrigin { filesystem, standard_input, git };

struct SourceSet {
    std::string argument;           // what the user wrote
    SourceOrigin origin = SourceOrigin::filesystem;
    bool is_directory = false;
    std::string root;               // directory relative `$ref`s must stay inside
    std::string revision;           // for git: the REV of REV:PATH
    std::vector<SourceFile> files;  // sorted by name; for a directory, its .json/.yaml/.yml files
};

// Throws InputError when the argument cannot be read.
SourceSet read_sources(std::string_view argument, const Limits& limits);

// Reads a file of the snapshot by the name resolve_relative() gave it. Throws InputError.
SourceFile read_file_in_snapshot(const SourceSet& set, const std::string& name, const Limits& limits);

// The name of the file that `relative_path`, written in file `from_name`, refers to;
// nothing when it leaves the snapshot's directory or names a URL.
std::optional<std::string> resolve_relative(const SourceSet& set, std::string_view from_name,
                                            std::string_view relative_path);

}  // namespace kompat
