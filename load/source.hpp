#pragma once
// What a snapshot argument was read into: its files' bytes, where they came from, and
// what reading them took against the budget. Every reader of load/ fills these.
#include <cstdint>
#include <string>
#include <vector>

namespace kompat {

struct SourceFile {
    std::string name;  // as shown in messages: the path, `-`, or `REV:PATH`
    std::string bytes;
};

enum class SourceOrigin { filesystem, standard_input, git };

// What a snapshot has read so far, against --max-input-bytes and --max-files.
struct ReadBudget {
    std::uint64_t bytes = 0;
    std::uint32_t files = 0;
};

struct SourceSet {
    std::string argument;  // what the user wrote
    SourceOrigin origin = SourceOrigin::filesystem;
    bool is_directory = false;
    std::string root;               // directory relative `$ref`s must stay inside
    std::string real_root;          // for the filesystem: `root` with every link resolved
    std::string revision;           // for git: the REV of REV:PATH
    std::vector<SourceFile> files;  // sorted by name; for a directory, its .json/.yaml/.yml files
    ReadBudget used;                // what reading `files` took
};

}  // namespace kompat
