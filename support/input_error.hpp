#pragma once
// The one error kompat reports for input it cannot use: where, and what is wrong.
#include <cstdint>
#include <stdexcept>
#include <string>

namespace kompat {

struct TextPosition {
    std::uint32_t line = 0;    // 1-based; 0 when unknown
    std::uint32_t column = 0;  // 1-based, in characters
    friend bool operator==(const TextPosition&, const TextPosition&) = default;
};

class InputError : public std::runtime_error {
public:
    InputError(std::string file, TextPosition position, const std::string& message)
        : std::runtime_error(message), file_(std::move(file)), position_(position) {}

    [[nodiscard]] const std::string& file() const { return file_; }
    [[nodiscard]] TextPosition position() const { return position_; }
    // `file:line:col: message`, the one line the CLI prints. A problem with a whole
    // file (missing, unrecognised) points at 1:1.
    [[nodiscard]] std::string describe() const {
        const auto line = position_.line == 0 ? 1U : position_.line;
        const auto column = position_.column == 0 ? 1U : position_.column;
        return file_ + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + what();
    }

private:
    std::string file_;
    TextPosition position_;
};

// A problem with a whole file (cannot open, too large, a child process failed): no position.
[[noreturn]] inline void fail_file(const std::string& file, const std::string& message) { throw InputError(file, {}, message); }

}  // namespace kompat
