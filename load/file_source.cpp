#include "load/file_source.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <utility>

#include "load/file_descriptor.hpp"
#include "load/text_pieces.hpp"
#include "support/input_error.hpp"
#include "support/text_safety.hpp"

namespace kompat {
namespace fs = std::filesystem;
namespace {

// Opens the regular file at `real_path` (O_NOFOLLOW: a link put there since is refused)
// and fills `info`; throws InputError naming `name` for anything else.
int open_regular_file(const fs::path& real_path, const std::string& name, struct stat& info) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
    FileDescriptor fd(open(real_path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
    if (fd.get() < 0) {
        if (errno == ELOOP) fail_file(name, "is a symbolic link; kompat reads no link it has not judged");
        fail_file(name, "cannot open: " + std::string(std::strerror(errno)));
    }
    if (fstat(fd.get(), &info) != 0) fail_file(name, "cannot read: " + std::string(std::strerror(errno)));
    if (S_ISDIR(info.st_mode)) fail_file(name, "is a directory, not a file");
    if (!S_ISREG(info.st_mode)) fail_file(name, "is not a regular file (a FIFO, socket or device); kompat reads only files");
    return fd.release();
}

std::string read_opened_file(const FileDescriptor& fd, const struct stat& info, const std::string& name, const Limits& limits,
                             ReadBudget& used) {
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(info.st_size));
    std::array<char, 65536> buffer{};
    for (;;) {
        const auto n = read(fd.get(), buffer.data(), buffer.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail_file(name, "cannot read: " + std::string(std::strerror(errno)));
        if (n == 0) break;
        bytes.append(buffer.data(), static_cast<std::size_t>(n));
        // A file that grows while read (or /proc) is held to the limit all the same.
        if (bytes.size() > static_cast<std::uint64_t>(info.st_size) &&
            used.bytes - static_cast<std::uint64_t>(info.st_size) + bytes.size() > limits.max_input_bytes)
            fail_file(name, too_large_message(limits));
    }
    used.bytes = used.bytes - static_cast<std::uint64_t>(info.st_size) + bytes.size();
    return bytes;
}

// Left open and unread for the JSON reader: a JSON file of a piece or more, while a
// snapshot holds fewer than this many open (a directory of thousands stays well within
// the descriptors a process may hold).
constexpr std::uint32_t max_left_open = 64;

}  // namespace

bool has_spec_extension(std::string_view name) { return name.ends_with(".json") || name.ends_with(".yaml") || name.ends_with(".yml"); }

std::string too_large_message(const Limits& limits) {
    return "input is larger than the limit of " + std::to_string(limits.max_input_bytes) + " bytes (" + limit_hint("max-input-bytes") + ")";
}

void charge_budget(const std::string& name, std::uint64_t bytes, const Limits& limits, ReadBudget& used) {
    if (used.files + 1 > limits.max_files)
        fail_file(name, "the snapshot reads more than " + std::to_string(limits.max_files) + " files (" + limit_hint("max-files") + ")");
    if (bytes > limits.max_input_bytes || used.bytes + bytes > limits.max_input_bytes) fail_file(name, too_large_message(limits));
    used.files += 1;
    used.bytes += bytes;
}

void check_file_name(const std::string& name) {
    if (!is_plain_text(name)) fail_file(name, "file name holds a control character or is not UTF-8; kompat reads no such file");
}

fs::path real_path_of(const fs::path& path, const std::string& name) {
    std::error_code ec;
    auto real = fs::canonical(path, ec);
    if (!ec) return real;
    if (fs::is_symlink(fs::symlink_status(path, ec))) fail_file(name, "is a symbolic link that leads nowhere (a dangling link or a loop)");
    fail_file(name, "cannot open: no such file or directory");
}

bool path_is_inside(const fs::path& inner, const fs::path& outer) {
    const auto relative = inner.lexically_relative(outer);
    return !relative.empty() && *relative.begin() != "..";
}

std::string read_regular_file(const fs::path& real_path, const std::string& name, const Limits& limits, ReadBudget& used) {
    struct stat info {};
    const FileDescriptor fd(open_regular_file(real_path, name, info));
    charge_budget(name, static_cast<std::uint64_t>(info.st_size), limits, used);
    return read_opened_file(fd, info, name, limits, used);
}

SourceFile open_spec_file(const fs::path& real_path, const std::string& name, const Limits& limits, ReadBudget& used) {
    struct stat info {};
    FileDescriptor fd(open_regular_file(real_path, name, info));
    charge_budget(name, static_cast<std::uint64_t>(info.st_size), limits, used);
    if (name.ends_with(".json") && static_cast<std::uint64_t>(info.st_size) >= piece_bytes && used.left_open < max_left_open) {
        ++used.left_open;
        return {name, {}, std::make_shared<const UnreadFile>(fd.release(), info)};
    }
    return {name, read_opened_file(fd, info, name, limits, used)};
}

bool leaves_working_directory(const fs::path& path, const fs::path& real_path) {
    std::error_code ec;
    const auto working = fs::current_path(ec);
    if (ec) return false;
    if (!path_is_inside((path.is_absolute() ? path : working / path).lexically_normal(), working)) return false;
    const auto real_working = fs::canonical(working, ec);
    return !ec && !path_is_inside(real_path, real_working);
}

void check_listed_files(std::size_t listed, const std::string& argument, const Limits& limits) {
    if (listed > limits.max_files)
        fail_file(argument,
                  "directory holds more than " + std::to_string(limits.max_files) + " spec files (" + limit_hint("max-files") + ")");
}

std::vector<SourceFile> read_spec_directory(const fs::path& dir, const fs::path& real_root, const std::string& argument,
                                            const Limits& limits, ReadBudget& used) {
    struct Entry {
        fs::path lexical;
        std::string name;
        fs::path real;
    };
    std::vector<Entry> entries;
    std::error_code ec;
    // Links to directories are not followed (the iterator's default): a link to a file is
    // judged below, one at a time.
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const auto filename = it->path().filename().string();
        if (!has_spec_extension(filename)) continue;
        auto name = it->path().lexically_normal().generic_string();
        check_file_name(name);
        std::error_code status_ec;
        fs::path real = it->path();
        if (it->is_symlink(status_ec)) {
            real = real_path_of(it->path(), name);
            if (!path_is_inside(real, real_root))
                fail_file(name,
                          "is a symbolic link that leads out of the snapshot's directory; kompat reads only the snapshot's own files");
        }
        const auto status = fs::status(real, status_ec);
        if (fs::is_directory(status)) continue;  // a directory named like a spec file
        if (!fs::is_regular_file(status)) fail_file(name, "is not a regular file (a FIFO, socket or device); kompat reads only files");
        check_listed_files(entries.size() + 1, argument, limits);
        entries.push_back({it->path(), std::move(name), std::move(real)});
    }
    if (ec) fail_file(argument, "cannot list directory: " + ec.message());
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.lexical < b.lexical; });
    std::vector<SourceFile> files;
    files.reserve(entries.size());
    for (auto& entry : entries) {
        files.push_back(open_spec_file(entry.real, entry.name, limits, used));
    }
    return files;
}

}  // namespace kompat
