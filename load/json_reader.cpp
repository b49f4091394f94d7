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

namespace kompat {
namespace json = boost::json;
namespace {

// Turns byte offsets, met in increasing order, into line and column in one pass over
// the text (columns count characters, so minified one-line JSON stays linear too).
class PositionCursor {
public:
    explicit PositionCursor(std::string_view text) : text_(text) {}

    TextPosition at(std::size_t offset) {
        offset = std::min(offset, text_.size());
        if (offset < scanned_) {  // out of order (rare): start again
            scanned_ = 0;
            line_ = 1;
            column_ = 1;
        }
        // Newlines are found with memchr; characters are counted only after the last one.
        const auto* segment = text_.data() + scanned_;
        const auto* end = text_.data() + offset;
        for (const auto* p = segment; p < end;) {
            const auto* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
            if (nl == nullptr) break;
            ++line_;
            column_ = 1;
            segment = nl + 1;
            p = nl + 1;
        }
        column_ += static_cast<std::uint32_t>(characters(segment, end));
        scanned_ = offset;
        return {line_, column_};
    }

private:
    // UTF-8 characters in [begin, end): bytes less continuation bytes (10xxxxxx),
    // counted eight bytes at a time.
    static std::size_t characters(const char* begin, const char* end) {
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
            if ((static_cast<unsigned char>(*p) & 0xC0U) == 0x80U) --count;
        return count;
    }

    std::string_view text_;
    std::size_t scanned_ = 0;
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
};

// Where a key starts: the byte offset of its opening quote, from the first piece the
// parser hands over. A key that needed unescaping arrives in the parser's own buffer;
// it takes the offset of the key before it.
struct KeyStart {
    const char* text_begin = nullptr;
    const char* text_end = nullptr;
    std::size_t offset = 0;
    bool started = false;

    // Called with every piece of a key; returns true on its first.
    bool note(json::string_view piece) {
        if (started) return false;
        started = true;
        const char* data = piece.data();
        if (data != nullptr && data > text_begin && data <= text_end) offset = static_cast<std::size_t>(data - text_begin) - 1;
        return true;
    }
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
    PositionCursor cursor;
    KeyStart key_start;
    std::size_t key_size = 0;
    std::vector<std::uint64_t> open_keys;  // hashes of the keys of the objects being read, innermost last
    bool duplicate_seen = false;

    LocatingHandler(KeyPositionMemory& m, std::string_view text)
        : memory(m), cursor(text), key_start{text.data(), text.data() + text.size()} {}

    void note_key(json::string_view piece) {
        if (key_start.note(piece)) key_size = 0;
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
        key_start.started = false;
        memory.position_next_key(cursor.at(key_start.offset));
        stack.push_key(s);
        open_keys.push_back(key_hash({memory.last_key(), key_size}));
        return true;
    }
    bool on_number_part(json::string_view, json::error_code&) { return true; }
    bool on_int64(std::int64_t i, json::string_view, json::error_code&) {
        stack.push_int64(i);
        return true;
    }
    bool on_uint64(std::uint64_t u, json::string_view, json::error_code&) {
        stack.push_uint64(u);
        return true;
    }
    bool on_double(double d, json::string_view text, json::error_code& ec) {
        // 1e400 parses as infinity, which JSON cannot write back: refused, not reported as Infinity.
        if (!std::isfinite(d)) {
            non_finite_size = text.size();
            ec = json::error::exponent_overflow;
            return false;
        }
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

    std::size_t non_finite_size = 0;  // of the number that is out of a double's range, once met
};

// The slow path, taken only when a duplicate key was seen: finds the first duplicate
// in reading order.
struct DuplicateFinder {
    static constexpr std::size_t max_object_size = json::object::max_size();
    static constexpr std::size_t max_array_size = json::array::max_size();
    static constexpr std::size_t max_key_size = json::string::max_size();
    static constexpr std::size_t max_string_size = json::string::max_size();

    std::vector<std::set<std::string>> objects;
    KeyStart key_start;
    std::string key;
    std::optional<std::pair<std::size_t, std::string>> duplicate;  // offset, name

    explicit DuplicateFinder(std::string_view text) : key_start{text.data(), text.data() + text.size()} {}

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
        key_start.note(s);
        key.append(s.data(), s.size());
        return true;
    }
    bool on_key(json::string_view s, std::size_t, json::error_code& ec) {
        key_start.note(s);
        key_start.started = false;
        key.append(s.data(), s.size());
        if (!objects.back().insert(key).second && !duplicate) {
            duplicate.emplace(key_start.offset, key);
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

}  // namespace

TextPosition position_at(std::string_view text, std::size_t offset) { return PositionCursor(text).at(offset); }

ParsedFile read_json(const SourceFile& source, const Limits& limits) {
    std::string_view text = source.bytes;
    std::size_t skipped = 0;
    if (text.starts_with("\xEF\xBB\xBF")) skipped = 3;  // a UTF-8 byte order mark
    const auto body = text.substr(skipped);

    ParsedFile file;
    file.name = source.name;
    json::basic_parser<LocatingHandler> parser(options_for(limits), *file.memory, text);
    json::error_code ec;
    const auto consumed = parser.write_some(false, body.data(), body.size(), ec);
    if (ec) {
        if (const auto size = parser.handler().non_finite_size; size > 0)
            throw InputError(source.name, position_at(text, skipped + consumed - std::min(size, consumed)),
                             "number out of range: it is not finite as a double, and JSON has no Infinity");
        throw InputError(source.name, position_at(text, skipped + consumed), describe_parse_error(ec, limits));
    }
    if (parser.handler().duplicate_seen) {
        json::basic_parser<DuplicateFinder> finder(options_for(limits), text);
        finder.write_some(false, body.data(), body.size(), ec);
        // The finder is the judge: the fast check above only says where to look.
        if (const auto& duplicate = finder.handler().duplicate)
            throw InputError(source.name, position_at(text, duplicate->first), "duplicate key \"" + duplicate->second + "\" in one object");
    }

    file.documents.push_back(parser.handler().stack.release());
    const auto first = body.find_first_not_of(" \t\r\n");
    file.document_starts.push_back(position_at(text, skipped + (first == std::string_view::npos ? 0 : first)));
    return file;
}

}  // namespace kompat
