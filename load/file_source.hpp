#pragma once
// Reading spec files from disk so that a snapshot is its own files and nothing else: no
// symbolic link that leads out of the snapshot's directory, no FIFO or device, no file
// past the snapshot's budget. Used by load/'s readers; the CLI judges its outputs with
// leaves_working_directory().
#include <cstdint>
#include <filesystem>
#include <string>

#include "support/limits.hpp"
#include "load/source.hpp"

namespace kompat {

// .json, .yaml or .yml: the files a directory or git tree contributes to a snapshot.
bool has_spec_extension(std::string_view name);

// The message of an input past --max-input-bytes.
std::string too_large_message(const Limits& limits);

// Counts a file of `bytes` against the snapshot's budget, or throws InputError naming
// `name` when it would pass --max-input-bytes or --max-files.
void charge_budget(const std::string& name, std::uint64_t bytes, const Limits& limits, ReadBudget& used);

// Refuses a file name with a control character or bytes that are not UTF-8: it would
// reach every report.
void check_file_name(const std::string& name);

// The real path of `path` (every link resolved); throws InputError naming `name` when it
// does not exist or a link on it leads nowhere.
std::filesystem::path real_path_of(const std::filesystem::path& path, const std::string& name);

// True when `inner` is `outer` or inside it; both real (or both lexical) paths.
bool path_is_inside(const std::filesystem::path& inner, const std::filesystem::path& outer);

// Reads the regular file at `real_path`, a path with every link resolved, opened with
// O_NOFOLLOW so that a link put there since is refused. The file counts against `used`:
// past `limits.max_input_bytes` (one file or the whole snapshot) or `limits.max_files`,
// InputError naming `name`, before a byte is read.
std::string read_regular_file(const std::filesystem::path& real_path, const std::string& name, const Limits& limits, ReadBudget& used);

// As read_regular_file, but a JSON file of 64 KiB or more is left open and unread
// (SourceFile::unread), for the JSON reader to read as it parses.
SourceFile open_spec_file(const std::filesystem::path& real_path, const std::string& name, const Limits& limits, ReadBudget& used);

// True when `path`, as written, lies inside the working directory while `real_path` (its
// real path, or for a file still to be written, its directory's real path and its name)
// does not: a link committed by the PR leads out (`api -> /home/runner`). A path the user
// wrote outside the working directory is theirs to judge: false.
bool leaves_working_directory(const std::filesystem::path& path, const std::filesystem::path& real_path);

// Refuses a directory or git tree listing more than `limits.max_files` spec files, before
// any is read.
void check_listed_files(std::size_t listed, const std::string& argument, const Limits& limits);

// The spec files (.json, .yaml, .yml) of the directory `dir` and below, sorted, read
// within `limits`. A link among them must lead to a file inside `real_root`; links to
// directories are not followed.
std::vector<SourceFile> read_spec_directory(const std::filesystem::path& dir, const std::filesystem::path& real_root,
                                            const std::string& argument, const Limits& limits, ReadBudget& used);

}  // namespace kompat
