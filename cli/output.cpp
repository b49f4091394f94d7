#include "cli/output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <set>

#include "cli/exit_codes.hpp"
#include "load/file_source.hpp"
#include "support/text_safety.hpp"

namespace kompat::cli {
namespace fs = std::filesystem;
namespace {

// The path as the file system knows it: links in its directory resolved, the last part kept.
fs::path place_of(const std::string& path) {
    std::error_code ec;
    const auto absolute = fs::absolute(path, ec).lexically_normal();
    auto directory = fs::weakly_canonical(absolute.parent_path(), ec);
    if (ec) directory = absolute.parent_path();
    return directory / absolute.filename();
}

// An output's target that kompat must not replace: a directory, or an existing file that
// is not a regular one (a link, device, FIFO or socket: as root, renaming over
// /dev/null would replace the device), or one whose directory links out of the working
// directory (`reports -> /home/runner/.ssh`).
int refuse_target(const std::string& path, const fs::path& target) {
    if (leaves_working_directory(path, target)) {
        print_error("kompat: cannot write " + path + ": its directory leads out of the working directory through a symbolic link");
        return exit_usage_or_input;
    }
    std::error_code ec;
    const auto status = fs::symlink_status(target, ec);
    if (fs::is_directory(status)) {
        print_error("kompat: cannot write " + path + ": it is a directory");
        return exit_usage_or_input;
    }
    if (fs::exists(status) && !fs::is_regular_file(status)) {
        print_error("kompat: cannot write " + path +
                    ": it exists and is not a regular file (a link, device, FIFO or socket); kompat replaces only regular files");
        return exit_usage_or_input;
    }
    return 0;
}

}  // namespace

void print_error(std::string_view line) { std::cerr << log_line(line) << '\n'; }

int write_stdout(const std::string& text, bool may_hold_commands) {
    bool written = true;
    const auto write = [&](std::string_view piece) {
        written = written && std::fwrite(piece.data(), 1, piece.size(), stdout) == piece.size();
    };
    if (may_hold_commands) write(text);
    else defuse_workflow_commands(text, write);
    if (!written || std::fflush(stdout) != 0) {
        print_error("kompat: cannot write to standard output");
        return exit_usage_or_input;
    }
    return 0;
}

OutputBatch::~OutputBatch() {
    for (const auto& staged : staged_) unlink(staged.temporary.c_str());
}

int OutputBatch::stage(const std::string& path, const std::string& text) {
    const auto target = place_of(path);
    if (const int refused = refuse_target(path, target); refused != 0) return refused;
    auto pattern = (target.parent_path() / ("." + target.filename().string() + ".kompat-XXXXXX")).string();
    const int fd = mkstemp(pattern.data());
    if (fd < 0) {
        print_error("kompat: cannot write " + path + ": " + std::strerror(errno));
        return exit_usage_or_input;
    }
    staged_.push_back({path, pattern, target.string()});
    // A report is for reading: the usual mode of a new file, not mkstemp's 0600.
    const mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666U & ~mask);
    std::size_t written = 0;
    int error = 0;
    while (written < text.size()) {
        const auto n = write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            error = n < 0 ? errno : ENOSPC;
            break;
        }
        written += static_cast<std::size_t>(n);
    }
    if (error == 0 && fsync(fd) != 0 && errno != EINVAL) error = errno;
    if (close(fd) != 0 && error == 0) error = errno;
    if (error != 0) {
        print_error("kompat: cannot write " + path + ": " + std::strerror(error) + "; no output was changed");
        return exit_usage_or_input;
    }
    return 0;
}

int OutputBatch::commit() {
    for (auto& staged : staged_) {
        // Checked again: the target may have changed while the run went on.
        if (const int refused = refuse_target(staged.path, staged.target); refused != 0) return refused;
        if (std::rename(staged.temporary.c_str(), staged.target.c_str()) != 0) {
            print_error("kompat: cannot write " + staged.path + ": " + std::strerror(errno));
            return exit_usage_or_input;
        }
        staged.temporary.clear();
    }
    staged_.clear();
    return 0;
}

namespace {

bool within_directory(const fs::path& file, const fs::path& directory) {
    std::error_code ec;
    if (!fs::is_directory(directory, ec)) return false;
    const auto [in_directory, in_file] = std::mismatch(directory.begin(), directory.end(), file.begin(), file.end());
    // A trailing separator gives an empty last element.
    return (in_directory == directory.end() || (std::next(in_directory) == directory.end() && in_directory->empty())) &&
           in_file != file.end();
}

}  // namespace

int check_outputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs) {
    std::set<fs::path> seen;
    std::vector<std::pair<fs::path, const std::string*>> real_inputs;  // each with the argument it was
    for (const auto& input : inputs) {
        if (input.empty() || input == "-") continue;
        std::error_code ec;
        real_inputs.emplace_back(fs::weakly_canonical(fs::absolute(input, ec), ec), &input);
    }
    for (const auto& output : outputs) {
        if (is_standard_output(output)) continue;
        const auto place = place_of(output);
        if (const int refused = refuse_target(output, place); refused != 0) return refused;
        if (!seen.insert(place).second) {
            print_error("kompat: two reports to one --output " + output + "; give each its own file");
            return exit_usage_or_input;
        }
        std::error_code ec;
        const auto real_output = fs::weakly_canonical(place, ec);
        for (const auto& [real_input, input] : real_inputs) {
            if (real_output == real_input) {
                print_error("kompat: --output " + output + " would overwrite the input " + *input);
                return exit_usage_or_input;
            }
            // A snapshot's or --objects directory is read whole: a report inside it
            // replaces, or becomes, one of its inputs.
            if (within_directory(real_output, real_input)) {
                print_error("kompat: --output " + output + " would write inside the input directory " + *input);
                return exit_usage_or_input;
            }
        }
    }
    return 0;
}

}  // namespace kompat::cli
