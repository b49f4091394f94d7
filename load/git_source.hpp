#pragma once
// Reading `REV:PATH` with git itself: one `ls-tree` for what is there (modes and sizes,
// so links, submodules and the budget are judged before a byte is read) and one
// `cat-file --batch` for the blobs. git runs with no shell, no terminal prompt, no pager,
// no network (no protocol allowed, so a partial clone cannot fetch a missing blob), and
// a time limit. Internal to load/ (source_reader.cpp).
#include <string>
#include <string_view>

#include "support/limits.hpp"
#include "load/source.hpp"

namespace kompat {

// What git says of a revision in the repository of the working directory.
struct RevisionCheck {
    enum class Outcome {
        resolves,  // names a tree or commit
        unknown,   // git ran in a working repository and knows no such revision
        failed,    // git could not answer (missing, timed out, not a repository, dubious ownership...)
    };
    Outcome outcome = Outcome::failed;
    std::string reason;  // for `failed`: git's own words, or why it did not run
};

// Asks git about `revision` (one that starts with '-' is `unknown` without asking).
RevisionCheck check_git_revision(std::string_view revision, const Limits& limits);

// The file or directory `rev_path` (`REV:PATH`; `REV:` and `REV:.` are the root) names.
// `argument` is what the user wrote, for messages. Throws InputError.
SourceSet read_git_source(std::string_view argument, std::string_view rev_path, const Limits& limits);

// One file of a git snapshot by name (`REV:path`), for a `$ref`. Throws InputError.
SourceFile read_git_file(const std::string& name, const Limits& limits, ReadBudget& used);

}  // namespace kompat
