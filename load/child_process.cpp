#include "load/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <memory>

#include "support/input_error.hpp"

extern char** environ;

namespace kompat {
namespace {

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
TemporaryFile stdin_holding(std::string_view input, const std::string& name, const std::string& program) {
    TemporaryFile file(std::tmpfile(), &std::fclose);
    if (!file || (!input.empty() && std::fwrite(input.data(), 1, input.size(), file.get()) != input.size()) ||
        std::fflush(file.get()) != 0 || lseek(fileno(file.get()), 0, SEEK_SET) != 0)
        fail_file(name, "cannot start " + program + ": no temporary file");
    return file;
}

// A program started: its process and the read ends of its stdout and stderr.
struct Spawned {
    pid_t pid = 0;
    int out = -1;
    int err = -1;
};

Spawned spawn(const ProcessRequest& request, int stdin_fd, const std::string& name) {
    auto argv_storage = request.argv;
    auto environment = request.environment;
    const auto argv = pointers_to(argv_storage);
    const auto envp = pointers_to(environment);
    const auto& program = request.argv.front();
    std::array<int, 2> out{};
    std::array<int, 2> err{};
    if (pipe2(out.data(), O_CLOEXEC) != 0) fail_file(name, "cannot start " + program + ": pipe failed");
    if (pipe2(err.data(), O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        fail_file(name, "cannot start " + program + ": pipe failed");
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, stdin_fd, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    Spawned started;
    const int spawned = posix_spawnp(&started.pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    close(err[1]);
    if (spawned != 0) {
        close(out[0]);
        close(err[0]);
        fail_file(name, "cannot run " + program + ": " + std::string(std::strerror(spawned)));
    }
    started.out = out[0];
    started.err = err[0];
    return started;
}

// Reads one chunk from fds[i] into `result`; closes it at its end. False when stdout passes the limit.
bool read_chunk(std::array<pollfd, 2>& fds, std::size_t i, ProcessOutput& result, std::uint64_t max_output_bytes) {
    std::array<char, 65536> buffer{};
    const auto n = read(fds[i].fd, buffer.data(), buffer.size());
    if (n <= 0) {
        if (n < 0 && errno == EINTR) return true;
        close(fds[i].fd);
        fds[i].fd = -1;
        return true;
    }
    if (i == 0 && result.out.size() + static_cast<std::size_t>(n) > max_output_bytes) return false;
    if (i == 1 && result.err.size() > 4096) return true;  // its first 4 KiB are enough
    (i == 0 ? result.out : result.err).append(buffer.data(), static_cast<std::size_t>(n));
    return true;
}

// Reads both outputs until the program closes them, its time is up or stdout passes the
// limit; closes both.
ProcessEnd read_outputs(const Spawned& started, ProcessOutput& result, const ProcessRequest& request) {
    std::array<pollfd, 2> fds{pollfd{started.out, POLLIN, 0}, pollfd{started.err, POLLIN, 0}};
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(request.timeout_seconds);
    auto outcome = ProcessEnd::finished;
    while (outcome == ProcessEnd::finished && (fds[0].fd >= 0 || fds[1].fd >= 0)) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            outcome = ProcessEnd::timed_out;
            break;
        }
        const int ready = poll(fds.data(), fds.size(), static_cast<int>(std::min<long long>(left, 60'000)));
        if (ready < 0 && errno != EINTR) break;
        for (std::size_t i = 0; ready > 0 && i < fds.size(); ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            if (!read_chunk(fds, i, result, request.max_output_bytes)) {
                outcome = ProcessEnd::too_large;
                break;
            }
        }
    }
    for (auto& fd : fds)
        if (fd.fd >= 0) close(fd.fd);
    return outcome;
}

}  // namespace

ProcessOutput run_process(const ProcessRequest& request, const std::string& name) {
    const auto stdin_file = stdin_holding(request.input, name, request.argv.front());
    const auto started = spawn(request, fileno(stdin_file.get()), name);
    ProcessOutput result;
    result.end = read_outputs(started, result, request);
    if (result.end != ProcessEnd::finished) kill(started.pid, SIGKILL);
    int status = 0;
    while (waitpid(started.pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.exit_code = result.end == ProcessEnd::finished && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

std::vector<std::string> environment_with(std::span<const std::string_view> overrides) {
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

std::string reason_of(std::string_view err, std::string_view program) {
    std::string_view first;
    for (std::size_t start = 0; start < err.size();) {
        auto end = std::min(err.find('\n', start), err.size());
        const auto line = err.substr(start, end - start);
        if (line.starts_with("fatal:") || line.starts_with("error:")) return std::string(line);
        if (first.empty()) first = line;
        start = end + 1;
    }
    return first.empty() ? std::string(program) + " failed" : std::string(first);
}

}  // namespace kompat
