#include "load/json_reader.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value_stack.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <set>
#include <span>
#include <string_view>

#include "load/text_pieces.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

// The piece of input the parser is reading, so that a pointer the parser hands over can
// be told from one into its own buffer and turned into an offset in the text.
struct Input {
    const char* begin = nullptr;
    const char* end = nullptr;
    std::size_t offset = 0;  // of `begin` in the text

    void set(std::string_view input, std::size_t at) {
        begin = input.data();
        end = input.data() + input.size();
        offset = at;
    }
    [[nodiscard]] bool holds(const char* data) const { return data != nullptr && data >= begin && data <= end; }
    [[nodiscard]] std::size_t offset_of(const char* data) const { return offset + static_cast<std::size_t>(data - begin); }
};

// Where a key starts: the position of its opening quote, from the first piece the parser
// hands over while that piece of input is still readable. A key that needed unescaping
// arrives in the parser's own buffer; it takes the position of the key before it.
struct KeyStart {
    TextPosition position;
    bool started = false;

    // Called with every piece of a key; returns true on its first. The quote is the byte
    // before the key's first character, which may end the piece before this one.
    bool note(json::string_view piece, const Input& input, PositionCursor& cursor) {
        if (started) return false;
        started = true;
        if (input.holds(piece.data())) {
            const auto at = input.offset_of(piece.data());
            position = cursor.at(at > 0 ? at - 1 : 0);
        }
        return true;
    }
};

// What a handler keeps so that parse_in_pieces can say where the parser is: the cursor
// over the pieces, the piece being read, the start of the key being read, and, for a
// number refused, its text and (when split between pieces) its start. Only the first
// reading refuses numbers; the duplicate search reads a text it accepted.
struct Placing {
    PositionCursor cursor;
    Input input;
    KeyStart key_start;
    std::optional<json::string_view> non_finite;     // the last part of a number out of a double's range
    std::optional<TextPosition> split_number_start;  // of the number being read, when split between pieces
};

// A key's hash: what the fast duplicate check compares. Eight bytes a key, not a 16-byte
// view, so an object of a million keys costs 8 MB while it is read. Eight bytes of the key
// at a time, each step a bijection of the state (xor, odd multiplier, xorshift): keys of
// one length never share a hash, and keys of different lengths start apart. Equal
// hashes only send the file to the exact check (DuplicateFinder), so a crafted
// collision costs one more pass, never a wrong answer.
std::uint64_t key_hash(std::string_view key) {
    constexpr std::uint64_t odd = 0x9E3779B97F4A7C15ULL;
    std::uint64_t state = (key.size() + 1) * odd;
    const auto mix = [&](std::uint64_t word) {
        state = (state ^ word) * odd;
        state ^= state >> 29U;
    };
    std::size_t at = 0;
    for (; key.size() - at >= sizeof(std::uint64_t); at += sizeof(std::uint64_t)) {
        std::uint64_t word = 0;
        std::memcpy(&word, key.data() + at, sizeof word);
        mix(word);
    }
    if (at < key.size()) {
        std::uint64_t word = 0;
        std::memcpy(&word, key.data() + at, key.size() - at);
        mix(word);
    }
    return state;
}

// True when two of `hashes` are equal: the object may repeat a key (DuplicateFinder
// judges). Reorders them: the caller drops them next.
bool may_have_duplicate(std::span<std::uint64_t> hashes) {
    if (hashes.size() <= 16) {
        for (std::size_t i = 1; i < hashes.size(); ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (hashes[i] == hashes[j]) return true;
        return false;
    }
    std::sort(hashes.begin(), hashes.end());
    return std::adjacent_find(hashes.begin(), hashes.end()) != hashes.end();
}

// Builds values exactly as boost::json::parser does (a value_stack), gives every key
// its line and column (see KeyPositionMemory), and notes whether an object repeats
// a key (Boost keeps the last silently; kompat refuses the file).
struct LocatingHandler {
    static constexpr std::size_t max_object_size = json::object::max_size();
    static constexpr std::size_t max_array_size = json::array::max_size();
    static constexpr std::size_t max_key_size = json::string::max_size();
    static constexpr std::size_t max_string_size = json::string::max_size();

    json::value_stack stack;
    KeyPositionMemory& memory;  // where the documents' values live
    Placing place;
    std::size_t key_size = 0;
    std::vector<std::uint64_t> open_keys;  // hashes of the keys of the objects being read, innermost last
    bool duplicate_seen = false;

    explicit LocatingHandler(KeyPositionMemory& m) : memory(m) {}

    void note_key(json::string_view piece) {
        if (place.key_start.note(piece, place.input, place.cursor)) key_size = 0;
        key_size += piece.size();
    }

    bool on_document_begin(json::error_code&) {
        stack.reset(json::storage_ptr(&memory));
        return true;
    }
    bool on_document_end(json::error_code&) { return true; }
    bool on_array_begin(json::error_code&) { return true; }
    bool on_array_end(std::size_t n, json::error_code&) {
        stack.push_array(n);
        return true;
    }
    bool on_object_begin(json::error_code&) { return true; }
    bool on_object_end(std::size_t n, json::error_code&) {
        const auto first = open_keys.size() - n;
        if (!duplicate_seen) duplicate_seen = may_have_duplicate(std::span(open_keys).subspan(first));
        open_keys.resize(first);
        stack.push_object(n);
        return true;
    }
    bool on_string_part(json::string_view s, std::size_t, json::error_code&) {
        stack.push_chars(s);
        return true;
    }
    bool on_string(json::string_view s, std::size_t, json::error_code&) {
        stack.push_string(s);
        return true;
    }
    bool on_key_part(json::string_view s, std::size_t, json::error_code&) {
        note_key(s);
        stack.push_chars(s);
        return true;
    }
    bool on_key(json::string_view s, std::size_t, json::error_code&) {
        note_key(s);
        place.key_start.started = false;
        memory.position_next_key(place.key_start.position);
        stack.push_key(s);
        open_keys.push_back(key_hash({memory.last_key(), key_size}));
        return true;
    }
    // Called only for a number split between pieces, with each part but the last.
    bool on_number_part(json::string_view part, json::error_code&) {
        if (!place.split_number_start && place.input.holds(part.data()))
            place.split_number_start = place.cursor.at(place.input.offset_of(part.data()));
        return true;
    }
    bool on_int64(std::int64_t i, json::string_view, json::error_code&) {
        place.split_number_start.reset();
        stack.push_int64(i);
        return true;
    }
    bool on_uint64(std::uint64_t u, json::string_view, json::error_code&) {
        place.split_number_start.reset();
        stack.push_uint64(u);
        return true;
    }
    bool on_double(double d, json::string_view text, json::error_code& ec) {
        // 1e400 parses as infinity, which JSON cannot write back: refused, not reported as Infinity.
        if (!std::isfinite(d)) {
            place.non_finite = text;
            ec = json::error::exponent_overflow;
            return false;
        }
        place.split_number_start.reset();
        stack.push_double(d);
        return true;
    }
    bool on_bool(bool b, json::error_code&) {
        stack.push_bool(b);
        return true;
    }
    bool on_null(json::error_code&) {
        stack.push_null();
        return true;
    }
    bool on_comment_part(json::string_view, json::error_code&) { return true; }
    bool on_comment(json::string_view, json::error_code&) { return true; }
};

// The slow path, taken only when a duplicate key was seen: finds the first duplicate
// in reading order.
struct DuplicateFinder {
    static constexpr std::size_t max_object_size = json::object::max_size();
    static constexpr std::size_t max_array_size = json::array::max_size();
    static constexpr std::size_t max_key_size = json::string::max_size();
    static constexpr std::size_t max_string_size = json::string::max_size();

    std::vector<std::set<std::string>> objects;
    Placing place;
    std::string key;
    std::optional<std::pair<TextPosition, std::string>> duplicate;

    bool on_document_begin(json::error_code&) { return true; }
    bool on_document_end(json::error_code&) { return true; }
    bool on_array_begin(json::error_code&) { return true; }
    bool on_array_end(std::size_t, json::error_code&) { return true; }
    bool on_object_begin(json::error_code&) {
        objects.emplace_back();
        return true;
    }
    bool on_object_end(std::size_t, json::error_code&) {
        objects.pop_back();
        return true;
    }
    bool on_string_part(json::string_view, std::size_t, json::error_code&) { return true; }
    bool on_string(json::string_view, std::size_t, json::error_code&) { return true; }
    bool on_key_part(json::string_view s, std::size_t, json::error_code&) {
        place.key_start.note(s, place.input, place.cursor);
        key.append(s.data(), s.size());
        return true;
    }
    bool on_key(json::string_view s, std::size_t, json::error_code& ec) {
        place.key_start.note(s, place.input, place.cursor);
        place.key_start.started = false;
        key.append(s.data(), s.size());
        if (!objects.back().insert(key).second && !duplicate) {
            duplicate.emplace(place.key_start.position, key);
            ec = json::error::syntax;  // stop here
        }
        key.clear();
        return !duplicate;
    }
    bool on_number_part(json::string_view, json::error_code&) { return true; }
    bool on_int64(std::int64_t, json::string_view, json::error_code&) { return true; }
    bool on_uint64(std::uint64_t, json::string_view, json::error_code&) { return true; }
    bool on_double(double, json::string_view, json::error_code&) { return true; }
    bool on_bool(bool, json::error_code&) { return true; }
    bool on_null(json::error_code&) { return true; }
    bool on_comment_part(json::string_view, json::error_code&) { return true; }
    bool on_comment(json::string_view, json::error_code&) { return true; }
};

json::parse_options options_for(const Limits& limits) {
    json::parse_options options;
    options.max_depth = limits.max_nesting_depth;
    return options;
}

std::string describe_parse_error(const json::error_code& ec, const Limits& limits) {
    if (ec == json::error::too_deep)
        return "nesting deeper than " + std::to_string(limits.max_nesting_depth) + " levels (" + limit_hint("max-nesting-depth") + ")";
    if (ec == json::error::incomplete) return "malformed JSON: unexpected end of input";
    return "malformed JSON: " + ec.message();
}

constexpr std::string_view byte_order_mark = "\xEF\xBB\xBF";

// Feeds `source`'s text to `parser` piece by piece (a byte order mark skipped) and
// returns the position of the document's first character. Throws InputError at the
// first error, or at anything after the document but whitespace.
template <typename Handler>
TextPosition parse_in_pieces(json::basic_parser<Handler>& parser, const SourceFile& source, const Limits& limits, std::size_t bytes) {
    auto& place = parser.handler().place;
    std::size_t offset = 0;  // of the piece in the text
    std::optional<TextPosition> first_content;
    // `at`: the offset where the parser stopped.
    const auto fail_at = [&](std::size_t at, const json::error_code& ec) {
        if (const auto& number = place.non_finite) {
            const auto start = place.input.holds(number->data()) ? place.input.offset_of(number->data()) : at;
            throw InputError(source.name, place.split_number_start.value_or(place.cursor.at(start)),
                             "number out of range: it is not finite as a double, and JSON has no Infinity");
        }
        throw InputError(source.name, place.cursor.at(at), describe_parse_error(ec, limits));
    };
    for_each_piece(source, bytes, [&](std::string_view piece) {
        place.cursor.add_piece(piece);
        // A piece never ends inside a character, so the mark (one) is whole in the first.
        const std::size_t skip = offset == 0 && piece.starts_with(byte_order_mark) ? byte_order_mark.size() : 0;
        const auto input = piece.substr(skip);
        if (!first_content)
            if (const auto at = input.find_first_not_of(" \t\r\n"); at != std::string_view::npos)
                first_content = place.cursor.at(offset + skip + at);
        std::size_t from = 0;  // where the document's end leaves off in `input`, once it has ended
        if (!parser.done()) {
            place.input.set(input, offset + skip);
            json::error_code ec;
            from = parser.write_some(true, input.data(), input.size(), ec);
            if (ec) fail_at(offset + skip + from, ec);
        }
        if (parser.done())
            if (const auto at = input.find_first_not_of(" \t\r\n", from); at != std::string_view::npos)
                throw InputError(source.name, place.cursor.at(offset + skip + at),
                                 "malformed JSON: more after the document's end (one JSON value a file)");
        offset += piece.size();
    });
    json::error_code ec;
    if (!parser.done()) parser.write_some(false, nullptr, 0, ec);
    if (ec) fail_at(offset, ec);
    return first_content.value_or(TextPosition{1, 1});
}

}  // namespace

ParsedFile read_json(const SourceFile& source, const Limits& limits) { return read_json_in_pieces(source, limits, piece_bytes); }

ParsedFile read_json_in_pieces(const SourceFile& source, const Limits& limits, std::size_t bytes) {
    ParsedFile file;
    file.name = source.name;
    json::basic_parser<LocatingHandler> parser(options_for(limits), *file.memory);
    const auto first_content = parse_in_pieces(parser, source, limits, bytes);
    if (parser.handler().duplicate_seen) {
        // The finder is the judge: the fast check above only says where to look. It reads
        // the text again (a file changed since is refused).
        json::basic_parser<DuplicateFinder> finder(options_for(limits));
        try {
            parse_in_pieces(finder, source, limits, bytes);
        } catch (const InputError&) {
            const auto& duplicate = finder.handler().duplicate;
            if (!duplicate) throw;
            throw InputError(source.name, duplicate->first, "duplicate key \"" + duplicate->second + "\" in one object");
        }
    }
    file.documents.push_back(parser.handler().stack.release());
    file.document_starts.push_back(first_content);
    return file;
}

}  // namespace kompat
