#include "load/git_source.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "load/file_source.hpp"
#include "support/input_error.hpp"

extern char** environ;

namespace kompat {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void fail(const std::string& file, const std::string& message) { throw InputError(file, {}, message); }

// What a partial clone without the object is told: git would fetch it, but no protocol is allowed.
constexpr std::string_view not_in_clone =
    "is not in this clone (a partial clone); kompat never fetches: fetch it first (for example run "
    "`git cat-file -e REV:PATH` in a step before), or clone without a filter";

// The environment git runs in: the caller's, with whatever could make it prompt, page,
// or fetch switched off.
std::vector<std::string> git_environment() {
    static constexpr std::array<std::string_view, 5> overrides{"GIT_TERMINAL_PROMPT=0", "GIT_NO_LAZY_FETCH=1", "GIT_PAGER=cat", "PAGER=cat",
                                                               "GIT_OPTIONAL_LOCKS=0"};
    std::vector<std::string> out;
    for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
        const std::string_view text(*entry);
        const auto replaced = std::any_of(overrides.begin(), overrides.end(),
                                          [&](std::string_view o) { return text.starts_with(o.substr(0, o.find('=') + 1)); });
        if (!replaced) out.emplace_back(text);
    }
    out.insert(out.end(), overrides.begin(), overrides.end());
    return out;
}

struct GitOutput {
    int exit_code = -1;
    std::string out;
    std::string err;  // its first 4 KiB
};

// Pointers to each string's bytes, null-terminated: an argv or envp.
std::vector<char*> pointers_to(std::vector<std::string>& strings) {
    std::vector<char*> out;
    out.reserve(strings.size() + 1);
    for (auto& s : strings) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

using TemporaryFile = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

// stdin from an unlinked temporary file: no pipe to keep fed, no SIGPIPE.
TemporaryFile stdin_holding(std::string_view input, const std::string& name) {
    TemporaryFile file(std::tmpfile(), &std::fclose);
    if (!file || (!input.empty() && std::fwrite(input.data(), 1, input.size(), file.get()) != input.size()) ||
        std::fflush(file.get()) != 0 || lseek(fileno(file.get()), 0, SEEK_SET) != 0)
        fail(name, "cannot start git: no temporary file");
    return file;
}

// A git started: its process and the read ends of its stdout and stderr.
struct SpawnedGit {
    pid_t pid = 0;
    int out = -1;
    int err = -1;
};

SpawnedGit spawn_git(std::vector<std::string> storage, int stdin_fd, const std::string& name) {
    const auto argv = pointers_to(storage);
    auto environment = git_environment();
    const auto envp = pointers_to(environment);
    std::array<int, 2> out{};
    std::array<int, 2> err{};
    if (pipe2(out.data(), O_CLOEXEC) != 0) fail(name, "cannot start git: pipe failed");
    if (pipe2(err.data(), O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        fail(name, "cannot start git: pipe failed");
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, stdin_fd, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    SpawnedGit git;
    const int spawned = posix_spawnp(&git.pid, "git", &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    close(err[1]);
    if (spawned != 0) {
        close(out[0]);
        close(err[0]);
        fail(name, "cannot run git: " + std::string(std::strerror(spawned)));
    }
    git.out = out[0];
    git.err = err[0];
    return git;
}

enum class GitRead : std::uint8_t { finished, too_large, timed_out };

// Reads one chunk from fds[i] into `result`; closes it at its end. False when stdout passes the limit.
bool read_chunk(std::array<pollfd, 2>& fds, std::size_t i, GitOutput& result, const Limits& limits) {
    std::array<char, 65536> buffer{};
    const auto n = read(fds[i].fd, buffer.data(), buffer.size());
    if (n <= 0) {
        if (n < 0 && errno == EINTR) return true;
        close(fds[i].fd);
        fds[i].fd = -1;
        return true;
    }
    if (i == 0 && result.out.size() + static_cast<std::size_t>(n) > limits.max_input_bytes + 4096) return false;
    if (i == 1 && result.err.size() > 4096) return true;  // its first 4 KiB are enough
    (i == 0 ? result.out : result.err).append(buffer.data(), static_cast<std::size_t>(n));
    return true;
}

// Reads both outputs until git closes them, its time is up or stdout passes the limit;
// closes both.
GitRead read_outputs(const SpawnedGit& git, GitOutput& result, const Limits& limits) {
    std::array<pollfd, 2> fds{pollfd{git.out, POLLIN, 0}, pollfd{git.err, POLLIN, 0}};
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limits.git_timeout_seconds);
    auto outcome = GitRead::finished;
    while (outcome == GitRead::finished && (fds[0].fd >= 0 || fds[1].fd >= 0)) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            outcome = GitRead::timed_out;
            break;
        }
        const int ready = poll(fds.data(), fds.size(), static_cast<int>(std::min<long long>(left, 60'000)));
        if (ready < 0 && errno != EINTR) break;
        for (std::size_t i = 0; ready > 0 && i < fds.size(); ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            if (!read_chunk(fds, i, result, limits)) {
                outcome = GitRead::too_large;
                break;
            }
        }
    }
    for (auto& fd : fds)
        if (fd.fd >= 0) close(fd.fd);
    return outcome;
}

// Runs `git ARGS` (no shell) with `input` on its stdin, within limits.git_timeout_seconds
// and limits.max_input_bytes of output. `name` is what messages name.
GitOutput run_git(const std::vector<std::string>& args, const std::string& name, const Limits& limits, std::string_view input = {}) {
    std::vector<std::string> command{"git", "--no-pager", "--no-replace-objects", "-c", "protocol.allow=never"};
    command.insert(command.end(), args.begin(), args.end());
    const auto stdin_file = stdin_holding(input, name);
    const auto git = spawn_git(std::move(command), fileno(stdin_file.get()), name);
    GitOutput result;
    const auto outcome = read_outputs(git, result, limits);
    if (outcome != GitRead::finished) kill(git.pid, SIGKILL);
    int status = 0;
    while (waitpid(git.pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (outcome == GitRead::timed_out)
        fail(name,
             "git did not finish within " + std::to_string(limits.git_timeout_seconds) + " seconds (" + limit_hint("git-timeout") + ")");
    if (outcome == GitRead::too_large) fail(name, too_large_message(limits));
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

// git's reason for failing: its first `fatal:` or `error:` line, else its first line.
std::string reason_of(std::string_view err) {
    std::string_view first;
    for (std::size_t start = 0; start < err.size();) {
        auto end = std::min(err.find('\n', start), err.size());
        const auto line = err.substr(start, end - start);
        if (line.starts_with("fatal:") || line.starts_with("error:")) return std::string(line);
        if (first.empty()) first = line;
        start = end + 1;
    }
    return first.empty() ? "git failed" : std::string(first);
}

std::string checked_git(const std::vector<std::string>& args, const std::string& name, const Limits& limits, std::string_view input = {}) {
    auto result = run_git(args, name, limits, input);
    if (result.exit_code == 0) return std::move(result.out);
    if (result.err.find("promisor remote") != std::string::npos || result.err.find("lazy fetching disabled") != std::string::npos)
        fail(name, "an object " + std::string(not_in_clone));
    fail(name, "cannot read from git: " + reason_of(result.err));
}

// One entry of a tree, as `git ls-tree -l` lists it.
struct TreeEntry {
    std::string mode;
    std::string type;  // blob, tree or commit (a submodule)
    std::string object;
    std::uint64_t size = 0;
    std::string path;  // relative to the tree listed
};

std::vector<TreeEntry> list_tree(const std::string& tree, bool recursive, const std::string& name, const Limits& limits) {
    std::vector<std::string> args{"ls-tree", "-z", "-l"};
    if (recursive) args.emplace_back("-r");
    args.emplace_back("--end-of-options");
    args.push_back(tree);
    const auto listing = checked_git(args, name, limits);
    std::vector<TreeEntry> entries;
    for (std::size_t start = 0; start < listing.size();) {
        auto end = listing.find('\0', start);
        if (end == std::string::npos) end = listing.size();
        const std::string_view line(listing.data() + start, end - start);
        start = end + 1;
        const auto tab = line.find('\t');
        if (tab == std::string_view::npos) continue;
        TreeEntry entry;
        std::string_view fields = line.substr(0, tab);
        std::array<std::string_view, 4> parts{};
        for (auto& part : parts) {
            fields = fields.substr(std::min(fields.find_first_not_of(' '), fields.size()));
            const auto space = std::min(fields.find(' '), fields.size());
            part = fields.substr(0, space);
            fields = fields.substr(space);
        }
        entry.mode = parts[0];
        entry.type = parts[1];
        entry.object = parts[2];
        entry.size = parts[3] == "-" ? 0 : std::strtoull(std::string(parts[3]).c_str(), nullptr, 10);
        entry.path = line.substr(tab + 1);
        entries.push_back(std::move(entry));
    }
    return entries;
}

// The blobs `objects` name, in order, from one `git cat-file --batch`.
std::vector<std::string> read_blobs(const std::vector<std::string>& objects, const std::vector<std::string>& names, const std::string& name,
                                    const Limits& limits) {
    if (objects.empty()) return {};
    std::string input;
    for (const auto& object : objects) input += object + "\n";
    const auto output = checked_git({"cat-file", "--batch"}, name, limits, input);
    std::vector<std::string> blobs;
    std::size_t at = 0;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const auto header_end = output.find('\n', at);
        const std::string_view header =
            header_end == std::string::npos ? std::string_view() : std::string_view(output).substr(at, header_end - at);
        if (header.ends_with(" missing")) fail(names[i], "the blob " + std::string(not_in_clone));
        const auto last_space = header.rfind(' ');
        if (header_end == std::string::npos || last_space == std::string_view::npos)
            fail(names[i], "cannot read from git: unexpected output");
        const auto size = std::strtoull(std::string(header.substr(last_space + 1)).c_str(), nullptr, 10);
        at = header_end + 1;
        if (at + size > output.size()) fail(names[i], "cannot read from git: output cut short");
        blobs.emplace_back(output.substr(at, size));
        at += size + 1;
    }
    return blobs;
}

void refuse_link_or_submodule(const TreeEntry& entry, const std::string& name) {
    if (entry.mode == "120000") fail(name, "is a symbolic link in the git tree; kompat never follows a link out of a snapshot");
    if (entry.type == "commit") fail(name, "is a submodule; kompat reads only the repository's own files");
}

// REV and the path inside its tree ("" for the root), from `REV:PATH`.
struct RevisionPath {
    std::string revision;
    std::string path;
};

RevisionPath split_rev_path(std::string_view rev_path, const std::string& argument) {
    const auto colon = rev_path.find(':');
    RevisionPath out{std::string(rev_path.substr(0, colon)), ""};
    if (out.revision.empty() || out.revision.front() == '-')
        fail(argument, "not a git revision: a revision may not be empty or start with '-'");
    auto path = fs::path(std::string(rev_path.substr(colon + 1))).lexically_normal();
    if (path.is_absolute() || (!path.empty() && *path.begin() == ".."))
        fail(argument, "the path after REV: must stay inside the repository");
    out.path = path.generic_string();
    while (!out.path.empty() && out.path.back() == '/') out.path.pop_back();
    if (out.path == ".") out.path.clear();
    return out;
}

std::string tree_of(const RevisionPath& at) { return at.revision + ":" + at.path; }

// The entry `at` names, from a listing of its parent tree.
TreeEntry find_entry(const RevisionPath& at, const std::string& name, const Limits& limits) {
    const auto path = fs::path(at.path);
    const RevisionPath parent{at.revision, path.parent_path().generic_string()};
    const auto leaf = path.filename().string();
    for (auto& entry : list_tree(tree_of(parent), false, name, limits))
        if (entry.path == leaf) return entry;
    fail(name, "no such file or directory at that revision");
}

}  // namespace

RevisionCheck check_git_revision(std::string_view revision, const Limits& limits) {
    using Outcome = RevisionCheck::Outcome;
    if (revision.empty() || revision.front() == '-') return {Outcome::unknown, {}};
    try {
        // --verify --quiet: exit 1 and nothing said for a revision it does not know; any
        // other failure (no repository, dubious ownership) is a fatal: line and exit 128.
        const auto result = run_git({"rev-parse", "--verify", "--quiet", "--end-of-options", std::string(revision) + "^{tree}"},
                                    std::string(revision), limits);
        if (result.exit_code == 0) return {Outcome::resolves, {}};
        if (result.exit_code == 1 && result.err.empty()) return {Outcome::unknown, {}};
        return {Outcome::failed, reason_of(result.err)};
    } catch (const InputError& error) {
        return {Outcome::failed, error.what()};  // git missing or timed out
    }
}

SourceSet read_git_source(std::string_view argument, std::string_view rev_path, const Limits& limits) {
    SourceSet set;
    set.argument = std::string(argument);
    set.origin = SourceOrigin::git;
    const auto at = split_rev_path(rev_path, set.argument);
    set.revision = at.revision;
    const auto prefix = at.revision + ":" + (at.path.empty() ? "" : at.path + "/");
    if (!at.path.empty()) {
        const auto entry = find_entry(at, set.argument, limits);
        refuse_link_or_submodule(entry, set.argument);
        if (entry.type == "blob") {
            set.root = fs::path(at.path).parent_path().generic_string();
            const auto name = tree_of(at);
            check_file_name(name);
            charge_budget(name, entry.size, limits, set.used);
            set.files.push_back({name, std::move(read_blobs({entry.object}, {name}, name, limits).front())});
            return set;
        }
    }
    set.is_directory = true;
    set.root = at.path;
    std::vector<TreeEntry> specs;
    for (auto& entry : list_tree(tree_of(at), true, set.argument, limits)) {
        if (!has_spec_extension(entry.path)) continue;
        const auto name = prefix + entry.path;
        check_file_name(name);
        refuse_link_or_submodule(entry, name);
        check_listed_files(specs.size() + 1, set.argument, limits);
        specs.push_back(std::move(entry));
    }
    std::sort(specs.begin(), specs.end(), [](const TreeEntry& a, const TreeEntry& b) { return a.path < b.path; });
    std::vector<std::string> objects;
    std::vector<std::string> names;
    for (const auto& entry : specs) {
        names.push_back(prefix + entry.path);
        charge_budget(names.back(), entry.size, limits, set.used);
        objects.push_back(entry.object);
    }
    auto blobs = read_blobs(objects, names, set.argument, limits);
    for (std::size_t i = 0; i < blobs.size(); ++i) set.files.push_back({std::move(names[i]), std::move(blobs[i])});
    return set;
}

SourceFile read_git_file(const std::string& name, const Limits& limits, ReadBudget& used) {
    const auto at = split_rev_path(name, name);
    const auto entry = find_entry(at, name, limits);
    refuse_link_or_submodule(entry, name);
    if (entry.type != "blob") fail(name, "is a directory at that revision, not a file");
    charge_budget(name, entry.size, limits, used);
    return {name, std::move(read_blobs({entry.object}, {name}, name, limits).front())};
}

}  // namespace kompat
