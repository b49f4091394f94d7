#include "diff/json_reader.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value.hpp>

#include <algorithm>
#include <cstring>
#include <optional>

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

// Makes the document's values from the parser's events, as boost::json::value_stack
// would, and notes where each key stands as it makes each object (value_stack does not
// show the objects it makes, and the index needs their addresses). Keys are compared
// when their object is complete; the first duplicate in document order is kept for the
// error, raised once the text has parsed.
struct DocumentBuilder {
    static constexpr std::size_t max_object_size = json::object::max_size();
    static constexpr std::size_t max_array_size = json::array::max_size();
    static constexpr std::size_t max_key_size = json::string::max_size();
    static constexpr std::size_t max_string_size = json::string::max_size();

    struct OpenKey {
        json::string_view name;  // into the text, or into `values` when it was escaped
        TextPosition position;
    };

    json::storage_ptr values_memory;  // where the document's values live
    std::string_view text;
    PositionCursor cursor{text};
    KeyIndexBuilder& key_index;
    std::vector<json::value> open_values;  // members and elements of containers still open
    std::vector<OpenKey> open_keys;
    std::string pieces;  // a string or key that came in several pieces (escapes)
    std::size_t last_key_offset = 0;
    std::size_t key_offset = 0;  // of the key whose pieces are in `pieces`
    struct Duplicate {
        std::string name;
        TextPosition position;
    };
    std::optional<Duplicate> duplicate;  // the first in document order

    DocumentBuilder(json::storage_ptr sp, std::string_view t, KeyIndexBuilder& keys)
        : values_memory(std::move(sp)), text(t), key_index(keys) {}

    // A piece's offset, when it lies in the text; an escaped key's unescaped remainder
    // arrives in the parser's own buffer and takes the offset of the key before it.
    std::size_t offset_of_key(json::string_view first_piece) {
        const char* data = first_piece.data();
        if (data != nullptr && data > text.data() && data <= text.data() + text.size())
            last_key_offset = static_cast<std::size_t>(data - text.data()) - 1;
        return last_key_offset;
    }

    json::string_view gathered(json::string_view last_piece) {
        if (pieces.empty()) return last_piece;
        pieces.append(last_piece.data(), last_piece.size());
        return pieces;
    }

    bool on_document_begin(json::error_code&) { return true; }
    bool on_document_end(json::error_code&) { return true; }
    bool on_array_begin(json::error_code&) { return true; }
    bool on_array_end(std::size_t n, json::error_code&) {
        json::array array(values_memory);
        array.reserve(n);
        const auto first = open_values.end() - static_cast<std::ptrdiff_t>(n);
        for (auto element = first; element != open_values.end(); ++element) array.push_back(std::move(*element));
        open_values.erase(first, open_values.end());
        open_values.emplace_back(std::move(array));
        return true;
    }
    bool on_object_begin(json::error_code&) { return true; }
    bool on_object_end(std::size_t n, json::error_code&) {
        json::object object(values_memory);
        object.reserve(n);
        const auto first_value = open_values.end() - static_cast<std::ptrdiff_t>(n);
        const auto first_key = open_keys.end() - static_cast<std::ptrdiff_t>(n);
        for (std::size_t i = 0; i < n; ++i) {
            const auto& key = first_key[static_cast<std::ptrdiff_t>(i)];
            if (!object.emplace(key.name, std::move(first_value[static_cast<std::ptrdiff_t>(i)])).second &&
                (!duplicate || key.position < duplicate->position))
                duplicate = Duplicate{std::string(key.name), key.position};
        }
        key_index.object_done(object, n);
        open_values.erase(first_value, open_values.end());
        open_keys.erase(first_key, open_keys.end());
        open_values.emplace_back(std::move(object));  // moved: the index holds the members' address
        return true;
    }
    bool on_string_part(json::string_view s, std::size_t, json::error_code&) {
        pieces.append(s.data(), s.size());
        return true;
    }
    bool on_string(json::string_view s, std::size_t, json::error_code&) {
        open_values.emplace_back(gathered(s), values_memory);
        pieces.clear();
        return true;
    }
    bool on_key_part(json::string_view s, std::size_t, json::error_code&) {
        if (pieces.empty()) key_offset = offset_of_key(s);
        pieces.append(s.data(), s.size());
        return true;
    }
    bool on_key(json::string_view s, std::size_t, json::error_code&) {
        const auto offset = pieces.empty() ? offset_of_key(s) : key_offset;
        auto name = gathered(s);
        if (!pieces.empty()) {  // keep a copy: the pieces' buffers are reused
            auto* copy = static_cast<char*>(values_memory->allocate(name.size(), 1));
            std::memcpy(copy, name.data(), name.size());
            name = json::string_view(copy, name.size());
            pieces.clear();
        }
        const auto position = cursor.at(offset);
        key_index.key(position);
        open_keys.push_back({name, position});
        return true;
    }
    bool on_number_part(json::string_view, json::error_code&) { return true; }
    bool on_int64(std::int64_t i, json::string_view, json::error_code&) { open_values.emplace_back(i, values_memory); return true; }
    bool on_uint64(std::uint64_t u, json::string_view, json::error_code&) { open_values.emplace_back(u, values_memory); return true; }
    bool on_double(double d, json::string_view, json::error_code&) { open_values.emplace_back(d, values_memory); return true; }
    bool on_bool(bool b, json::error_code&) { open_values.emplace_back(b, values_memory); return true; }
    bool on_null(json::error_code&) { open_values.emplace_back(nullptr, values_memory); return true; }
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
    KeyIndexBuilder key_index(file);
    json::basic_parser<DocumentBuilder> parser(options_for(limits), file.storage(), text, key_index);
    json::error_code ec;
    const auto consumed = parser.write_some(false, body.data(), body.size(), ec);
    if (ec) {
        throw InputError(source.name, position_at(text, skipped + consumed),
                         describe_parse_error(ec, limits));
    }
    if (const auto& duplicate = parser.handler().duplicate)
        throw InputError(source.name, duplicate->position, "duplicate key \"" + duplicate->name + "\" in one object");

    file.documents.push_back(std::move(parser.handler().open_values.back()));
    const auto first = body.find_first_not_of(" \t\r\n");
    file.document_starts.push_back(position_at(text, skipped + (first == std::string_view::npos ? 0 : first)));
    key_index.finish();
    return file;
}

}  // namespace kompat
