#pragma once
// What a snapshot argument was read into: its files' bytes, where they came from, and
// what reading them took against the budget. Every reader of load/ fills these.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace kompat {

class UnreadFile;  // load/text_pieces.hpp

struct SourceFile {
    SourceFile() = default;
    SourceFile(std::string file_name, std::string file_bytes, std::shared_ptr<const UnreadFile> unread_file = nullptr)
        : name(std::move(file_name)), bytes(std::move(file_bytes)), unread(std::move(unread_file)) {}

    std::string name;  // as shown in messages: the path, `-`, or `REV:PATH`
    std::string bytes;
    // A large JSON file on disk, opened but not read: `bytes` is empty and the JSON
    // reader reads it as it parses (load/text_pieces.hpp).
    std::shared_ptr<const UnreadFile> unread;
};

// Where a snapshot was read from. Standard input and kubectl (kube:) name no directory:
// no `$ref` to a file is followed from them.
enum class SourceOrigin { filesystem, standard_input, git, kubectl };

// What a snapshot has read so far, against --max-input-bytes and --max-files.
struct ReadBudget {
    std::uint64_t bytes = 0;
    std::uint32_t files = 0;
    std::uint32_t left_open = 0;  // files opened and left unread (SourceFile::unread)
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
    bool is_chart = false;          // a Helm chart directory: `files` are its crds/ and plain templates/
    // What reading decided that the reader should hear of, "file:line:col: text" (a
    // chart's template skipped); the snapshot's input_warnings.
    std::vector<std::string> warnings;
};

}  // namespace kompat
