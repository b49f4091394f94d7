#pragma once
// A source file's text handed over piece by piece: a large JSON file on disk is read
// through a small buffer as it is parsed, never held whole (fresh memory is what a
// large read costs), and the bytes already read are what every other file is.
#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "load/file_descriptor.hpp"
#include "load/source.hpp"

namespace kompat {

// A regular file opened, judged and charged to its snapshot's budget like any other
// (load/file_source.hpp), whose bytes are read when it is parsed. Owns the descriptor,
// so the file read is the file judged.
class UnreadFile {
public:
    UnreadFile(int descriptor, const struct stat& opened) : descriptor_(descriptor), opened_(opened) {}

    [[nodiscard]] int descriptor() const { return descriptor_.get(); }
    [[nodiscard]] std::uint64_t size() const { return static_cast<std::uint64_t>(opened_.st_size); }
    // True when the file is as it was opened: its size and modification time.
    [[nodiscard]] bool unchanged() const;

private:
    FileDescriptor descriptor_;
    struct stat opened_;
};

// The bytes a reader takes in, in order. A piece stays readable until the two after it
// have been taken (see PositionCursor); none ends inside a UTF-8 character, and none is
// empty.
using PieceReader = std::function<void(std::string_view piece)>;

// The bytes a piece holds at most (more only for a character longer than that).
constexpr std::size_t piece_bytes = 64 * 1024;

// Hands `source`'s text to `take` in pieces of about `bytes`. Throws InputError naming
// the file when it cannot be read or changed since it was opened.
void for_each_piece(const SourceFile& source, std::size_t bytes, const PieceReader& take);

// The whole text, for what needs it whole (a file an option names, a benchmark's
// reference parse).
std::string whole_text(const SourceFile& source);

// Reads the text of `file`, if left unread, into its bytes: a file read whole from here on.
void read_in_full(SourceFile& file);

}  // namespace kompat
