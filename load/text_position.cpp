#include "load/text_position.hpp"

#include <algorithm>
#include <cstring>

namespace kompat {
namespace {

// UTF-8 characters in [begin, end): bytes less continuation bytes, counted eight bytes
// at a time.
std::size_t characters(const char* begin, const char* end) {
    auto count = static_cast<std::size_t>(end - begin);
    const auto* p = begin;
    for (; end - p >= 8; p += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, p, sizeof word);
        // Bit 7 of a byte set and its bit 6 clear, moved to bit 0 of the byte; the
        // multiplication sums the eight bytes into the top one (std::popcount is a
        // library call on the x86-64 baseline, which has no POPCNT).
        const std::uint64_t continuations = (word & ~(word << 1U) & 0x8080808080808080ULL) >> 7U;
        count -= static_cast<std::size_t>((continuations * 0x0101010101010101ULL) >> 56U);
    }
    for (; p < end; ++p)
        if (is_utf8_continuation(*p)) --count;
    return count;
}

}  // namespace

void PositionCursor::add_piece(std::string_view piece) {
    if (piece.empty()) return;
    // A continuation byte counts as no character, so a character split between two
    // pieces is counted once, whichever piece holds its first byte.
    if (!pieces_[0].empty()) at(bases_[0] + pieces_[0].size());
    pieces_[0] = pieces_[1];
    bases_[0] = bases_[1];
    pieces_[1] = piece;
    bases_[1] = end_;
    end_ += piece.size();
}

TextPosition PositionCursor::at(std::size_t offset) {
    offset = std::min(offset, end_);
    for (std::size_t i = 0; i < pieces_.size() && scanned_ < offset; ++i) {
        const auto piece_end = bases_[i] + pieces_[i].size();
        if (scanned_ >= piece_end || pieces_[i].empty()) continue;
        const auto from = std::max(scanned_, bases_[i]);
        const auto to = std::min(offset, piece_end);
        scan(pieces_[i].data() + (from - bases_[i]), pieces_[i].data() + (to - bases_[i]));
        scanned_ = to;
    }
    return {line_, column_};
}

void PositionCursor::scan(const char* begin, const char* end) {
    // Newlines are found with memchr; characters are counted only after the last one.
    const auto* segment = begin;
    for (const auto* p = begin; p < end;) {
        const auto* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
        if (nl == nullptr) break;
        ++line_;
        column_ = 1;
        segment = nl + 1;
        p = nl + 1;
    }
    column_ += static_cast<std::uint32_t>(characters(segment, end));
}

}  // namespace kompat
