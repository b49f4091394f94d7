#include "load/text_pieces.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include "load/text_position.hpp"
#include "support/input_error.hpp"

namespace kompat {
namespace {

[[noreturn]] void fail_changed(const std::string& file) {
    fail_file(file, "changed while kompat read it: its size or modification time is not what it was when opened");
}

// The length of the longest start of `text` that does not end inside a UTF-8 character
// (bytes that are not UTF-8 are cut anywhere).
std::size_t whole_characters(std::string_view text) {
    std::size_t start = text.size();  // of the last character, past its lead byte
    while (start > 0 && text.size() - start < 3 && is_utf8_continuation(text[start - 1])) --start;
    if (start == 0) return text.size();
    const auto lead = static_cast<unsigned char>(text[start - 1]);
    const std::size_t needed = lead >= 0xF0U ? 4 : lead >= 0xE0U ? 3 : lead >= 0xC0U ? 2 : 1;
    return text.size() - (start - 1) < needed ? start - 1 : text.size();
}

void pieces_of_text(std::string_view text, std::size_t bytes, const PieceReader& take) {
    for (std::size_t at = 0; at < text.size();) {
        const auto end = std::min(text.size(), at + bytes);
        auto cut = end == text.size() ? end : at + whole_characters(text.substr(at, end - at));
        if (cut == at) {  // one character longer than `bytes`: whole
            cut = at + 1;
            while (cut < text.size() && is_utf8_continuation(text[cut])) ++cut;
        }
        take(text.substr(at, cut - at));
        at = cut;
    }
}

// Three buffers in turn: a piece is read over only once the two after it have been taken.
// The bytes of a character a read cut in two move to the front of the next piece.
void pieces_of_file(const SourceFile& source, const UnreadFile& file, std::size_t bytes, const PieceReader& take) {
    constexpr std::size_t carry_room = 4;
    std::array<std::vector<char>, 3> buffers;
    for (auto& buffer : buffers) buffer.resize(bytes + carry_room);
    std::size_t next = 0;
    std::size_t carried = 0;
    std::uint64_t offset = 0;
    for (;;) {
        auto& buffer = buffers[next];
        const auto n = pread(file.descriptor(), buffer.data() + carried, bytes, static_cast<off_t>(offset));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail_file(source.name, "cannot read: " + std::string(std::strerror(errno)));
        offset += static_cast<std::uint64_t>(n);
        // Past the size it was charged to the budget for: refused, not read on.
        if (offset > file.size()) fail_changed(source.name);
        const std::string_view read(buffer.data(), carried + static_cast<std::size_t>(n));
        if (n == 0) {
            if (!read.empty()) take(read);
            break;
        }
        const auto cut = offset == file.size() ? read.size() : whole_characters(read);
        if (cut > 0) take(read.substr(0, cut));
        carried = read.size() - cut;
        next = (next + 1) % buffers.size();
        std::memcpy(buffers[next].data(), read.data() + cut, carried);
    }
    if (offset != file.size() || !file.unchanged()) fail_changed(source.name);
}

}  // namespace

bool UnreadFile::unchanged() const {
    struct stat now {};
    return fstat(descriptor_.get(), &now) == 0 && now.st_size == opened_.st_size && now.st_mtim.tv_sec == opened_.st_mtim.tv_sec &&
           now.st_mtim.tv_nsec == opened_.st_mtim.tv_nsec;
}

void for_each_piece(const SourceFile& source, std::size_t bytes, const PieceReader& take) {
    if (source.unread) return pieces_of_file(source, *source.unread, bytes, take);
    pieces_of_text(source.bytes, bytes, take);
}

std::string whole_text(const SourceFile& source) {
    if (!source.unread) return source.bytes;
    std::string text;
    text.reserve(static_cast<std::size_t>(source.unread->size()));
    for_each_piece(source, piece_bytes, [&](std::string_view piece) { text.append(piece); });
    return text;
}

void read_in_full(SourceFile& file) {
    if (file.unread) file = SourceFile(file.name, whole_text(file));
}

}  // namespace kompat
