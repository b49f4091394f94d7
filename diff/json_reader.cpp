#include "diff/json_reader.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value_stack.hpp>

#include <algorithm>
#include <cstring>
#include <optional>
#include <set>

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
        for (const auto* p = segment; p < end; ++p)
            if ((static_cast<unsigned char>(*p) & 0xC0U) != 0x80U) ++column_;
        scanned_ = offset;
        return {line_, column_};
    }

private:
    std::string_view text_;
    std::size_t scanned_ = 0;
    std::uint32_t line_ = 1;
    std::uint32_t column_ = 1;
};

// Builds values exactly as boost::json::parser does (a value_stack), and notes the
// byte offset of every key. A key that needed unescaping arrives in the parser's own
// buffer; it takes the offset of the key before it.
struct LocatingHandler {
    static constexpr std::size_t max_object_size = json::object::max_size();
    static constexpr std::size_t max_array_size = json::array::max_size();
    static constexpr std::size_t max_key_size = json::string::max_size();
    static constexpr std::size_t max_string_size = json::string::max_size();

    json::value_stack stack;
    json::storage_ptr values;  // where the documents' values live
    const char* text_begin = nullptr;
    const char* text_end = nullptr;
    std::vector<std::size_t> key_offsets;
    bool key_started = false;

    explicit LocatingHandler(json::storage_ptr sp) : values(std::move(sp)) {}

    void note_key(json::string_view piece) {
        if (key_started) return;
        key_started = true;
        const char* data = piece.data();
        if (data != nullptr && data > text_begin && data <= text_end)
            key_offsets.push_back(static_cast<std::size_t>(data - text_begin) - 1);
        else
            key_offsets.push_back(key_offsets.empty() ? 0 : key_offsets.back());
    }

    bool on_document_begin(json::error_code&) { stack.reset(values); return true; }
    bool on_document_end(json::error_code&) { return true; }
    bool on_array_begin(json::error_code&) { return true; }
    bool on_array_end(std::size_t n, json::error_code&) { stack.push_array(n); return true; }
    bool on_object_begin(json::error_code&) { return true; }
    bool on_object_end(std::size_t n, json::error_code&) { stack.push_object(n); return true; }
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
        key_started = false;
        stack.push_key(s);
        return true;
    }
    bool on_number_part(json::string_view, json::error_code&) { return true; }
    bool on_int64(std::int64_t i, json::string_view, json::error_code&) { stack.push_int64(i); return true; }
    bool on_uint64(std::uint64_t u, json::string_view, json::error_code&) { stack.push_uint64(u); return true; }
    bool on_double(double d, json::string_view, json::error_code&) { stack.push_double(d); return true; }
    bool on_bool(bool b, json::error_code&) { stack.push_bool(b); return true; }
    bool on_null(json::error_code&) { stack.push_null(); return true; }
    bool on_comment_part(json::string_view, json::error_code&) { return true; }
    bool on_comment(json::string_view, json::error_code&) { return true; }
};

// The slow path, taken only when a duplicate key was seen: finds the first duplicate.
struct DuplicateFinder {
    static constexpr std::size_t max_object_size = json::object::max_size();
    static constexpr std::size_t max_array_size = json::array::max_size();
    static constexpr std::size_t max_key_size = json::string::max_size();
    static constexpr std::size_t max_string_size = json::string::max_size();

    std::vector<std::set<std::string>> objects;
    std::string key;
    std::size_t keys_seen = 0;
    std::optional<std::pair<std::size_t, std::string>> duplicate;  // key index, name

    bool on_document_begin(json::error_code&) { return true; }
    bool on_document_end(json::error_code&) { return true; }
    bool on_array_begin(json::error_code&) { return true; }
    bool on_array_end(std::size_t, json::error_code&) { return true; }
    bool on_object_begin(json::error_code&) { objects.emplace_back(); return true; }
    bool on_object_end(std::size_t, json::error_code&) { objects.pop_back(); return true; }
    bool on_string_part(json::string_view, std::size_t, json::error_code&) { return true; }
    bool on_string(json::string_view, std::size_t, json::error_code&) { return true; }
    bool on_key_part(json::string_view s, std::size_t, json::error_code&) {
        key.append(s.data(), s.size());
        return true;
    }
    bool on_key(json::string_view s, std::size_t, json::error_code& ec) {
        key.append(s.data(), s.size());
        if (!objects.back().insert(key).second && !duplicate) {
            duplicate.emplace(keys_seen, key);
            ec = json::error::syntax;  // stop here
        }
        ++keys_seen;
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
        return "nesting deeper than " + std::to_string(limits.max_nesting_depth) +
               " levels (" + limit_hint("max-nesting-depth") + ")";
    if (ec == json::error::incomplete) return "malformed JSON: unexpected end of input";
    return "malformed JSON: " + ec.message();
}

}  // namespace

TextPosition position_at(std::string_view text, std::size_t offset) {
    return PositionCursor(text).at(offset);
}

ParsedFile read_json(const SourceFile& source, const Limits& limits) {
    std::string_view text = source.bytes;
    std::size_t skipped = 0;
    if (text.starts_with("\xEF\xBB\xBF")) skipped = 3;  // a UTF-8 byte order mark
    const auto body = text.substr(skipped);

    ParsedFile file;
    file.name = source.name;
    json::basic_parser<LocatingHandler> parser(options_for(limits), file.storage());
    parser.handler().text_begin = text.data();
    parser.handler().text_end = text.data() + text.size();
    json::error_code ec;
    const auto consumed = parser.write_some(false, body.data(), body.size(), ec);
    if (ec) {
        throw InputError(source.name, position_at(text, skipped + consumed),
                         describe_parse_error(ec, limits));
    }

    file.documents.push_back(parser.handler().stack.release());
    const auto first = body.find_first_not_of(" \t\r\n");
    file.document_starts.push_back(position_at(text, skipped + (first == std::string_view::npos ? 0 : first)));
    PositionCursor cursor(text);
    file.key_positions.reserve(parser.handler().key_offsets.size());
    for (const auto offset : parser.handler().key_offsets) file.key_positions.push_back(cursor.at(offset));

    if (!index_key_positions(file)) {
        json::basic_parser<DuplicateFinder> finder(options_for(limits));
        finder.write_some(false, body.data(), body.size(), ec);
        const auto& duplicate = finder.handler().duplicate;
        const auto offset = duplicate ? parser.handler().key_offsets.at(duplicate->first) : 0;
        throw InputError(source.name, position_at(text, offset),
                         "duplicate key \"" + (duplicate ? duplicate->second : std::string()) +
                             "\" in one object");
    }
    return file;
}

}  // namespace kompat
