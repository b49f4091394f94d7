#include "diff/source_reader.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "diff/input_error.hpp"

extern char** environ;

namespace kompat {
namespace fs = std::filesystem;
namespace {

bool has_spec_extension(std::string_view name) {
    return name.ends_with(".json") || name.ends_with(".yaml") || name.ends_with(".yml");
}

[[noreturn]] void fail(const std::string& file, const std::string& message) {
    throw InputError(file, {}, message);
}

std::string too_large_message(const Limits& limits) {
    return "input is larger than the limit of " + std::to_string(limits.max_input_bytes) +
           " bytes (" + limit_hint("max-input-bytes") + ")";
}

std::string read_stream(std::istream& in, const std::string& name, const Limits& limits) {
    std::string bytes;
    std::array<char, 65536> buffer{};
    while (in) {
        in.read(buffer.data(), buffer.size());
        bytes.append(buffer.data(), static_cast<std::size_t>(in.gcount()));
        if (bytes.size() > limits.max_input_bytes) fail(name, too_large_message(limits));
    }
    if (in.bad()) fail(name, "cannot read: " + std::string(std::strerror(errno)));
    return bytes;
}

std::string read_file(const fs::path& path, const std::string& name, const Limits& limits) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) fail(name, "cannot read: " + ec.message());
    if (size > limits.max_input_bytes) fail(name, too_large_message(limits));
    std::ifstream in(path, std::ios::binary);
    if (!in) fail(name, "cannot open: " + std::string(std::strerror(errno)));
    return read_stream(in, name, limits);
}

// Runs git with `args`, no shell, and returns its stdout; throws with git's own
// message on failure.
std::string run_git(const std::vector<std::string>& args, const std::string& name,
                    const Limits& limits) {
    std::vector<char*> argv;
    std::vector<std::string> storage{"git"};
    storage.insert(storage.end(), args.begin(), args.end());
    for (auto& s : storage) argv.push_back(s.data());
    argv.push_back(nullptr);

    std::array<int, 2> out{};
    std::array<int, 2> err{};
    if (pipe(out.data()) != 0 || pipe(err.data()) != 0) fail(name, "cannot start git: pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addclose(&actions, err[0]);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, "git", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    close(err[1]);
    if (spawned != 0) {
        close(out[0]);
        close(err[0]);
        fail(name, "cannot run git: " + std::string(std::strerror(spawned)));
    }
    std::string stdout_bytes;
    std::string stderr_bytes;
    std::array<pollfd, 2> fds{pollfd{out[0], POLLIN, 0}, pollfd{err[0], POLLIN, 0}};
    std::array<char, 65536> buffer{};
    bool too_large = false;
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        if (poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            const auto n = read(fds[i].fd, buffer.data(), buffer.size());
            if (n <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                continue;
            }
            auto& target = i == 0 ? stdout_bytes : stderr_bytes;
            if (i == 0 && stdout_bytes.size() + static_cast<std::size_t>(n) > limits.max_input_bytes) {
                too_large = true;  // keep draining so git can exit
                continue;
            }
            if (i == 1 && stderr_bytes.size() > 4096) continue;
            target.append(buffer.data(), static_cast<std::size_t>(n));
        }
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (too_large) fail(name, too_large_message(limits));
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        auto message = stderr_bytes.substr(0, stderr_bytes.find('\n'));
        if (message.empty()) message = "git failed";
        fail(name, "cannot read from git: " + message);
    }
    return stdout_bytes;
}

SourceSet read_git(std::string_view argument, const Limits& limits) {
    const auto colon = argument.find(':');
    SourceSet set;
    set.argument = std::string(argument);
    set.origin = SourceOrigin::git;
    set.revision = std::string(argument.substr(0, colon));
    std::string path(argument.substr(colon + 1));
    while (path.size() > 1 && path.ends_with('/')) path.pop_back();
    const auto object = set.revision + ":" + path;
    auto type = run_git({"cat-file", "-t", object}, set.argument, limits);
    while (!type.empty() && (type.back() == '\n' || type.back() == '\r')) type.pop_back();
    if (type == "blob") {
        set.root = fs::path(path).parent_path().generic_string();
        set.files.push_back({set.argument, run_git({"cat-file", "blob", object}, set.argument, limits)});
        return set;
    }
    if (type != "tree") fail(set.argument, "not a file or directory at that revision");
    set.is_directory = true;
    set.root = path;
    const auto listing = run_git({"ls-tree", "-r", "-z", "--name-only", object}, set.argument, limits);
    std::vector<std::string> names;
    for (std::size_t start = 0; start < listing.size();) {
        auto end = listing.find('\0', start);
        if (end == std::string::npos) end = listing.size();
        std::string name = listing.substr(start, end - start);
        if (has_spec_extension(name)) names.push_back(std::move(name));
        start = end + 1;
    }
    std::sort(names.begin(), names.end());
    if (names.size() > limits.max_files)
        fail(set.argument, "directory holds more than " + std::to_string(limits.max_files) +
                               " spec files (" + limit_hint("max-files") + ")");
    std::uint64_t total = 0;
    for (const auto& name : names) {
        const auto file_object = object + "/" + name;
        auto bytes = run_git({"cat-file", "blob", file_object}, file_object, limits);
        total += bytes.size();
        if (total > limits.max_input_bytes) fail(set.argument, too_large_message(limits));
        set.files.push_back({file_object, std::move(bytes)});
    }
    return set;
}

SourceSet read_directory(const fs::path& dir, std::string_view argument, const Limits& limits) {
    SourceSet set;
    set.argument = std::string(argument);
    set.is_directory = true;
    auto root = dir.lexically_normal();
    if (!root.has_filename() && root.has_parent_path()) root = root.parent_path();  // "dir/" → "dir"
    set.root = root.generic_string();
    std::vector<fs::path> paths;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec) && has_spec_extension(it->path().filename().string()))
            paths.push_back(it->path());
        if (paths.size() > limits.max_files)
            fail(set.argument, "directory holds more than " + std::to_string(limits.max_files) +
                                   " spec files (" + limit_hint("max-files") + ")");
    }
    if (ec) fail(set.argument, "cannot list directory: " + ec.message());
    std::sort(paths.begin(), paths.end());
    std::uint64_t total = 0;
    for (const auto& path : paths) {
        auto name = path.lexically_normal().generic_string();
        auto bytes = read_file(path, name, limits);
        total += bytes.size();
        if (total > limits.max_input_bytes) fail(set.argument, too_large_message(limits));
        set.files.push_back({std::move(name), std::move(bytes)});
    }
    return set;
}

}  // namespace

SourceSet read_sources(std::string_view argument, const Limits& limits) {
    if (argument == "-") {
        SourceSet set;
        set.argument = "-";
        set.origin = SourceOrigin::standard_input;
        set.files.push_back({"-", read_stream(std::cin, "-", limits)});
        return set;
    }
    const fs::path path{std::string(argument)};
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (fs::is_directory(status)) return read_directory(path, argument, limits);
    if (fs::exists(status)) {
        SourceSet set;
        set.argument = std::string(argument);
        const auto name = path.lexically_normal().generic_string();
        set.root = path.lexically_normal().parent_path().generic_string();
        set.files.push_back({name, read_file(path, name, limits)});
        return set;
    }
    const auto colon = argument.find(':');
    if (colon != std::string_view::npos && colon > 0 && argument.find("://") == std::string_view::npos)
        return read_git(argument, limits);
    fail(std::string(argument), "cannot open: no such file or directory");
}

std::optional<std::string> resolve_relative(const SourceSet& set, std::string_view from_name,
                                            std::string_view relative_path) {
    if (set.origin == SourceOrigin::standard_input) return std::nullopt;
    const fs::path relative{std::string(relative_path)};
    if (relative.is_absolute() || relative_path.find("://") != std::string_view::npos)
        return std::nullopt;
    fs::path from{std::string(from_name)};
    if (set.origin == SourceOrigin::git) from = fs::path(from_name.substr(set.revision.size() + 1));
    const auto joined = (from.parent_path() / relative).lexically_normal();
    const fs::path root = fs::path(set.root.empty() ? "." : set.root).lexically_normal();
    const auto inside = joined.lexically_relative(root);
    if (inside.empty() || *inside.begin() == "..") return std::nullopt;
    if (set.origin == SourceOrigin::git) return set.revision + ":" + joined.generic_string();
    return joined.generic_string();
}

SourceFile read_file_in_snapshot(const SourceSet& set, const std::string& name, const Limits& limits) {
    for (const auto& file : set.files)
        if (file.name == name) return file;
    if (set.origin == SourceOrigin::git) return {name, run_git({"cat-file", "blob", name}, name, limits)};
    return {name, read_file(fs::path(name), name, limits)};
}

}  // namespace kompat
