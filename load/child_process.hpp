#pragma once
// Running a program kompat reads a snapshot with (git for REV:PATH, kubectl for kube:):
// no shell, stdin from a file, stdout and the first 4 KiB of stderr read at once, a time
// limit and an output limit past which it is killed. Internal to load/.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace kompat {

struct ProcessRequest {
    std::vector<std::string> argv;  // argv[0] is looked up on PATH
    std::vector<std::string> environment;
    std::string_view input;  // its stdin
    std::uint32_t timeout_seconds = 60;
    std::uint64_t max_output_bytes = 0;
};

enum class ProcessEnd : std::uint8_t { finished, too_large, timed_out };

struct ProcessOutput {
    ProcessEnd end = ProcessEnd::finished;
    int exit_code = -1;  // -1 when it did not exit by itself
    std::string out;
    std::string err;  // its first 4 KiB
};

// Runs the request and waits for it. Throws InputError naming `name` when it cannot be
// started ("cannot run kubectl: No such file or directory").
ProcessOutput run_process(const ProcessRequest& request, const std::string& name);

// This process's environment, with each `NAME=value` of `overrides` in place of NAME's.
std::vector<std::string> environment_with(std::span<const std::string_view> overrides);

// The program's reason for failing: its first `fatal:` or `error:` line, else its first line.
std::string reason_of(std::string_view err, std::string_view program);

}  // namespace kompat
