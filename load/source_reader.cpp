#include "load/source_reader.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "load/file_source.hpp"
#include "load/git_source.hpp"
#include "load/helm_chart.hpp"
#include "load/kube_source.hpp"
#include "load/text_pieces.hpp"
#include "support/input_error.hpp"

namespace kompat {
namespace fs = std::filesystem;
namespace {

// The prefix that makes an argument a git revision whatever is on disk.
constexpr std::string_view explicit_git = "git:";

std::string read_standard_input(const Limits& limits, ReadBudget& used) {
    std::string bytes;
    std::array<char, 65536> buffer{};
    while (std::cin) {
        std::cin.read(buffer.data(), buffer.size());
        bytes.append(buffer.data(), static_cast<std::size_t>(std::cin.gcount()));
        if (bytes.size() > limits.max_input_bytes) fail_file("-", too_large_message(limits));
    }
    if (std::cin.bad()) fail_file("-", "cannot read: " + std::string(std::strerror(errno)));
    charge_budget("-", bytes.size(), limits, used);
    return bytes;
}

// `REV:PATH` as written: a colon after at least one character, and no URL.
bool looks_like_rev_path(std::string_view argument) {
    const auto colon = argument.find(':');
    return colon != std::string_view::npos && colon > 0 && argument.find("://") == std::string_view::npos;
}

// Written as a path that cannot be a revision: `./x`, `../x`, `/x`.
bool written_as_path(std::string_view argument) {
    return argument.starts_with("./") || argument.starts_with("../") || argument.starts_with('/');
}

SourceSet read_path(std::string_view argument, const Limits& limits, bool directory_allowed, std::string_view what) {
    SourceSet set;
    set.argument = std::string(argument);
    const fs::path path{set.argument};
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(path, ec))) fail_file(set.argument, "cannot open: no such file or directory");
    const auto real = real_path_of(path, set.argument);
    if (leaves_working_directory(path, real))
        fail_file(set.argument, "leads out of the working directory through a symbolic link; kompat reads only files inside it");
    if (fs::is_directory(real, ec)) {
        if (!directory_allowed) fail_file(set.argument, "is a directory, not " + std::string(what));
        set.is_directory = true;
        auto root = path.lexically_normal();
        if (!root.has_filename() && root.has_parent_path()) root = root.parent_path();  // "dir/" → "dir"
        set.root = root.generic_string();
        set.real_root = real.generic_string();
        set.files = read_spec_directory(path, real, set.argument, limits, set.used);
        return set;
    }
    // One file: its directory is the snapshot's, and a link must stay inside it.
    const auto name = path.lexically_normal().generic_string();
    const auto parent = path.lexically_normal().parent_path();
    const auto real_parent = real_path_of(parent.empty() ? fs::path(".") : parent, set.argument);
    if (!path_is_inside(real, real_parent))
        fail_file(set.argument, "is a symbolic link that leads out of its directory; kompat reads only the snapshot's own files");
    set.root = parent.generic_string();
    set.real_root = real_parent.generic_string();
    set.files.push_back(open_spec_file(real, name, limits, set.used));
    return set;
}

SourceSet read_any(std::string_view argument, const Limits& limits, bool directory_allowed, std::string_view what) {
    if (argument == "-") {
        SourceSet set;
        set.argument = "-";
        set.origin = SourceOrigin::standard_input;
        set.files.push_back({"-", read_standard_input(limits, set.used)});
        return set;
    }
    if (argument.starts_with(kube_prefix)) return read_kube_source(argument, limits);
    if (argument.starts_with(explicit_git)) {
        const auto rev_path = argument.substr(explicit_git.size());
        if (!looks_like_rev_path(rev_path)) fail_file(std::string(argument), "git: must be followed by REV:PATH");
        return read_git_source(argument, rev_path, limits);
    }
    if (written_as_path(argument) || !looks_like_rev_path(argument)) return read_path(argument, limits, directory_allowed, what);
    // Written REV:PATH: read from git or refused, never from disk when git cannot confirm
    // the revision, since a PR can commit a directory named like the revision it is
    // compared with (docs/security.md).
    const std::string written(argument);
    const auto revision = written.substr(0, written.find(':'));
    const auto check = check_git_revision(revision, limits);
    std::error_code ec;
    const bool on_disk = fs::exists(fs::symlink_status(fs::path(written), ec));
    using Outcome = RevisionCheck::Outcome;
    if (check.outcome == Outcome::failed)
        fail_file(written, "written as REV:PATH, but git cannot confirm revision \"" + revision + "\": " + check.reason +
                               (on_disk ? "; write ./" + written + " to read the path on disk" : std::string()));
    if (on_disk)
        fail_file(written, check.outcome == Outcome::resolves
                               ? "ambiguous: both a path on disk and REV:PATH at revision \"" + revision + "\"; write ./" + written +
                                     " for the file or git:" + written + " for the revision"
                               : "a path on disk written like REV:PATH (\"" + revision + "\" is not a git revision here); write ./" +
                                     written + " to read it, or git:" + written + " for a revision");
    if (check.outcome == Outcome::unknown)
        fail_file(written, "cannot open: no such file or directory, and \"" + revision + "\" is not a git revision here");
    return read_git_source(argument, argument, limits);
}

}  // namespace

SourceSet read_sources(std::string_view argument, const Limits& limits) {
    auto set = read_any(argument, limits, true, "a snapshot");
    keep_chart_files(set);
    return set;
}

SourceFile read_single_source(std::string_view argument, const Limits& limits, std::string_view what) {
    auto set = read_any(argument, limits, false, what);
    if (set.is_directory) fail_file(set.argument, "is a directory, not " + std::string(what));
    auto& file = set.files.front();
    read_in_full(file);
    return std::move(file);
}

std::optional<std::string> resolve_relative(const SourceSet& set, std::string_view from_name, std::string_view relative_path) {
    if (set.origin == SourceOrigin::standard_input || set.origin == SourceOrigin::kubectl) return std::nullopt;
    const fs::path relative{std::string(relative_path)};
    if (relative.is_absolute() || relative_path.find("://") != std::string_view::npos) return std::nullopt;
    fs::path from{std::string(from_name)};
    if (set.origin == SourceOrigin::git) from = fs::path(from_name.substr(set.revision.size() + 1));
    const auto joined = (from.parent_path() / relative).lexically_normal();
    const fs::path root = fs::path(set.root.empty() ? "." : set.root).lexically_normal();
    const auto inside = joined.lexically_relative(root);
    if (inside.empty() || *inside.begin() == "..") return std::nullopt;
    if (set.origin == SourceOrigin::git) return set.revision + ":" + joined.generic_string();
    return joined.generic_string();
}

SourceFile read_file_in_snapshot(const SourceSet& set, const std::string& name, const Limits& limits, ReadBudget& used) {
    for (const auto& file : set.files)
        if (file.name == name) return file;
    if (set.origin == SourceOrigin::git) return read_git_file(name, limits, used);
    check_file_name(name);
    // The name stays inside the root as written (resolve_relative); its real path must too.
    const auto real_root = set.real_root.empty() ? real_path_of(set.root.empty() ? "." : set.root, set.argument) : fs::path(set.real_root);
    const auto real = real_path_of(name, name);
    if (!path_is_inside(real, real_root))
        fail_file(name, "leads out of the snapshot's directory through a symbolic link; kompat reads only the snapshot's own files");
    return {name, read_regular_file(real, name, limits, used)};
}

}  // namespace kompat
