#pragma once
// Line and column of byte offsets into a text, which may be handed over in pieces (a
// large file is read through a small buffer, never whole).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "support/input_error.hpp"

namespace kompat {

// Turns byte offsets, met in increasing order, into line and column (1-based, columns
// count characters) in one pass over the text, so minified one-line JSON stays linear.
// The text arrives in pieces; an offset must lie in the last two pieces added. An offset
// before one already met (which a text read once cannot go back to) gets the position
// last given.
class PositionCursor {
public:
    PositionCursor() = default;
    explicit PositionCursor(std::string_view text) { add_piece(text); }

    // The piece after the last one; the piece before the last is dropped, counted first.
    void add_piece(std::string_view piece);
    TextPosition at(std::size_t offset);

private:
    void scan(const char* begin, const char* end);

    std::array<std::string_view, 2> pieces_;  // the piece before the last, and the last
    std::array<std::size_t, 2> bases_{};      // their offsets in the text
    std::size_t end_ = 0;                     // the offset after the last piece
    std::size_t scanned_ = 0;
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
};

// A UTF-8 continuation byte (10xxxxxx): never a character's first.
inline bool is_utf8_continuation(char byte) { return (static_cast<unsigned char>(byte) & 0xC0U) == 0x80U; }

// Line and column of a byte offset into `text`.
inline TextPosition position_at(std::string_view text, std::size_t offset) { return PositionCursor(text).at(offset); }

}  // namespace kompat
