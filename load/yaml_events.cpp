#include "load/yaml_events.hpp"

#include <algorithm>
#include <charconv>
#include <new>
#include <optional>

#include "support/sanitizers.hpp"
#ifdef KOMPAT_ADDRESS_SANITIZER
#include <sanitizer/lsan_interface.h>
#endif

namespace kompat {

TextPosition position_of_mark(const fy_mark* mark) {
    if (mark == nullptr || mark->line < 0 || mark->column < 0) return {};
    return {static_cast<std::uint32_t>(mark->line) + 1, static_cast<std::uint32_t>(mark->column) + 1};
}

std::string_view text_of(fy_token* token) {
    if (token == nullptr) return {};
    std::size_t size = 0;
    const char* text = fy_token_get_text(token, &size);
    return text == nullptr ? std::string_view() : std::string_view(text, size);
}

std::string_view scalar_text(fy_token* token, std::string_view source, std::string& buffer) {
    const auto* begin = fy_token_start_mark(token);
    const auto* end = fy_token_end_mark(token);
    if (begin == nullptr || end == nullptr || begin->input_pos > end->input_pos || end->input_pos > source.size()) return text_of(token);
    const auto raw = source.substr(begin->input_pos, end->input_pos - begin->input_pos);
    const auto style = fy_token_scalar_style(token);
    const bool one_line = raw.find('\n') == std::string_view::npos && raw.find('\r') == std::string_view::npos;
    if (one_line && (style == FYSS_PLAIN || (style == FYSS_DOUBLE_QUOTED && raw.find('\\') == std::string_view::npos))) return raw;
    if (style == FYSS_SINGLE_QUOTED) {
        buffer = single_quoted_value(raw);
        return buffer;
    }
    if (style == FYSS_DOUBLE_QUOTED) {
        if (auto value = double_quoted_value(raw)) {
            buffer = std::move(*value);
            return buffer;
        }
    }
    if (style == FYSS_LITERAL) {
        if (auto value = literal_block_value(source, begin->input_pos, end->input_pos)) {
            buffer = std::move(*value);
            return buffer;
        }
    }
    return text_of(token);
}

namespace {

bool is_break(char c) { return c == '\n' || c == '\r'; }
bool is_white(char c) { return c == ' ' || c == '\t'; }

// Past one line break at `i` (LF, CRLF or CR).
std::size_t after_break(std::string_view raw, std::size_t i) {
    return i + (raw[i] == '\r' && i + 1 < raw.size() && raw[i + 1] == '\n' ? 2 : 1);
}

// Past the empty lines (white space only) from `i`, the start of a line, counting them;
// then past the next line's leading white space.
std::size_t past_empty_lines(std::string_view raw, std::size_t i, std::size_t& empty) {
    while (true) {
        auto j = i;
        while (j < raw.size() && is_white(raw[j])) ++j;
        if (j < raw.size() && is_break(raw[j])) {
            ++empty;
            i = after_break(raw, j);
            continue;
        }
        return j;
    }
}

void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// Exactly `digits` hex digits, as a code point.
std::optional<std::uint32_t> hex_value(std::string_view digits) {
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value, 16);
    if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return value;
}

// A double-quoted scalar's escape `\e`: its character appended to `value` (0 returned), or the
// number of hex digits that follow (`\x`, `\u`, `\U`); nothing for an escape YAML has not.
std::optional<std::size_t> escaped(char e, std::string& value) {
    switch (e) {
        case '0': value += '\0'; break;
        case 'a': value += '\a'; break;
        case 'b': value += '\b'; break;
        case 't':
        case '\t': value += '\t'; break;
        case 'n': value += '\n'; break;
        case 'v': value += '\v'; break;
        case 'f': value += '\f'; break;
        case 'r': value += '\r'; break;
        case 'e': value += '\x1b'; break;
        case ' ': value += ' '; break;
        case '"': value += '"'; break;
        case '/': value += '/'; break;
        case '\\': value += '\\'; break;
        case 'N': append_utf8(value, 0x85); break;
        case '_': append_utf8(value, 0xA0); break;
        case 'L': append_utf8(value, 0x2028); break;
        case 'P': append_utf8(value, 0x2029); break;
        case 'x': return 2;
        case 'u': return 4;
        case 'U': return 8;
        default: return std::nullopt;
    }
    return 0;
}

}  // namespace

std::optional<std::string> double_quoted_value(std::string_view raw) {
    std::string value;
    value.reserve(raw.size());
    std::size_t kept = 0;  // the value's length up to its last escape: white space there is content
    for (std::size_t i = 0; i < raw.size();) {
        const char c = raw[i];
        if (is_break(c)) {
            // A line break folds: white space around it goes, one break is a space, n > 1 are n - 1 newlines.
            while (value.size() > kept && is_white(value.back())) value.pop_back();
            std::size_t empty = 0;
            i = past_empty_lines(raw, after_break(raw, i), empty);
            if (empty == 0) value += ' ';
            else value.append(empty, '\n');
            continue;
        }
        if (c != '\\') {
            value += c;
            ++i;
            continue;
        }
        if (i + 1 >= raw.size()) return std::nullopt;
        const char e = raw[i + 1];
        i += 2;
        if (is_break(e)) {
            // An escaped line break: joined, white space before it kept, leading white space after it not.
            std::size_t empty = 0;
            i = past_empty_lines(raw, after_break(raw, i - 1), empty);
            value.append(empty, '\n');
            kept = value.size();
            continue;
        }
        const auto digits = escaped(e, value);
        if (!digits) return std::nullopt;
        if (*digits > 0) {
            if (i + *digits > raw.size()) return std::nullopt;
            const auto code = hex_value(raw.substr(i, *digits));
            if (!code || *code > 0x10FFFF || (*code >= 0xD800 && *code <= 0xDFFF)) return std::nullopt;
            append_utf8(value, *code);
            i += *digits;
        }
        kept = value.size();
    }
    return value;
}

std::string single_quoted_value(std::string_view raw) {
    std::string value;
    value.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size();) {
        const char c = raw[i];
        if (c == '\'' && i + 1 < raw.size() && raw[i + 1] == '\'') {
            value += '\'';
            i += 2;
        } else if (c == '\n' || c == '\r') {
            while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
            std::size_t breaks = 0;
            for (; i < raw.size() && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r'); ++i)
                if (raw[i] == '\n' || (raw[i] == '\r' && (i + 1 == raw.size() || raw[i + 1] != '\n'))) ++breaks;
            if (breaks == 1) value += ' ';
            else value.append(breaks - 1, '\n');
        } else {
            value += c;
            ++i;
        }
    }
    return value;
}

EventStream::EventStream(const SourceFile& source) : source_(source) {
    fy_diag_cfg diag_cfg{};
    fy_diag_cfg_default(&diag_cfg);
    diag_cfg.fp = nullptr;
    diag_cfg.output_fn = [](fy_diag*, void*, const char*, std::size_t) {};
    diag_.reset(fy_diag_create(&diag_cfg));
    if (diag_ == nullptr) throw std::bad_alloc();
    fy_diag_set_collect_errors(diag_.get(), true);
    fy_parse_cfg cfg{};
    // Depth is kompat's own limit, checked as events arrive; the parser itself keeps its
    // state on the heap.
    cfg.flags = static_cast<fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_JSON_NONE | FYPCF_DISABLE_DEPTH_LIMIT);
    cfg.diag = diag_.get();
    parser_.reset(fy_parser_create(&cfg));
    if (parser_ == nullptr || fy_parser_set_string(parser_.get(), source.bytes.data(), source.bytes.size()) != 0) throw std::bad_alloc();
}

// The parser is left as it is, never destroyed: a few kilobytes kept, not a crash. The
// leak checker of the sanitizer builds is told so.
void EventStream::abandon() {
    auto* parser = parser_.release();
    auto* diag = diag_.release();
#ifdef KOMPAT_ADDRESS_SANITIZER
    __lsan_ignore_object(parser);
    __lsan_ignore_object(diag);
#else
    static_cast<void>(parser);
    static_cast<void>(diag);
#endif
}

EventStream::Event EventStream::next() {
    Event event(fy_parser_parse(parser_.get()), EventFree{parser_.get()});
    if (event == nullptr && fy_parser_get_stream_error(parser_.get())) fail();
    if (event != nullptr) {
        if (const auto* mark = fy_event_end_mark(event.get())) last_end_ = *mark;
    }
    return event;
}

// After this one error, libfyaml 0.7.12 frees a parser's state twice when the parser is
// destroyed (pantoniou/libfyaml#57; found here by fuzz_yaml_reader with `? -?:<tab>-`).
constexpr std::string_view error_that_breaks_the_parser = "cannot use tab for indentation of block entry";

void EventStream::fail() {
    std::optional<InputError> first;
    bool broken = false;
    void* iterator = nullptr;
    while (const auto* error = fy_diag_errors_iterate(diag_.get(), &iterator)) {
        if (error->type != FYET_ERROR) continue;
        const std::string message = error->msg != nullptr ? error->msg : "syntax error";
        broken = broken || message == error_that_breaks_the_parser;
        // Collected errors carry 1-based lines and columns.
        const TextPosition position{static_cast<std::uint32_t>(std::max(error->line, 0)),
                                    static_cast<std::uint32_t>(std::max(error->column, 0))};
        if (!first) first.emplace(source_.name, position, "malformed YAML: " + message);
    }
    if (broken) abandon();
    if (first) throw *first;
    // Some errors (`--- |0`) come with no message: the place is after the last event read.
    throw InputError(source_.name, position_of_mark(&last_end_), "malformed YAML: cannot read what follows here");
}

}  // namespace kompat

namespace kompat {
namespace {

// The chomping indicator of a literal block scalar's header line: `-`, `+`, or ' ' for
// none; nullopt when the line is not a plain `|` header.
std::optional<char> literal_chomping(std::string_view header) {
    for (std::size_t at = 0; at < header.size(); ++at) {
        if (header[at] != '|' || (at > 0 && header[at - 1] != ' ' && header[at - 1] != '\t')) continue;
        auto next = at + 1;
        char chomping = ' ';
        if (next < header.size() && (header[next] == '-' || header[next] == '+')) chomping = header[next++];
        if (next < header.size() && header[next] >= '0' && header[next] <= '9') return std::nullopt;  // an indentation indicator
        if (next == header.size()) return chomping;
        if (header[next] != ' ' && header[next] != '\t') continue;
        const auto rest = header.find_first_not_of(" \t", next);
        // Only white space and a comment may follow; the first `|` so followed is the indicator.
        if (rest == std::string_view::npos || header[rest] == '#') return chomping;
    }
    return std::nullopt;
}

// The value of the content lines, indentation detected from the first that holds more
// than spaces (YAML 1.2.2, 8.1.1.1), chomped (8.1.1.2).
std::optional<std::string> literal_value(std::string_view raw, char chomping) {
    // libfyaml's token ends where the next one starts: after the next line's indentation.
    const auto last_break = raw.rfind('\n');
    if (last_break == std::string_view::npos || raw.find_first_not_of(' ', last_break + 1) != std::string_view::npos) return std::nullopt;
    raw = raw.substr(0, last_break + 1);
    if (raw.find('\t') != std::string_view::npos || raw.find('\r') != std::string_view::npos) return std::nullopt;
    // The indentation is that of the first line holding more than spaces.
    std::size_t indent = std::string_view::npos;
    for (std::size_t start = 0; start < raw.size();) {
        const auto end = raw.find('\n', start);
        const auto first = raw.find_first_not_of(' ', start);
        if (first < end) {
            indent = first - start;
            break;
        }
        start = end + 1;
    }
    if (indent == std::string_view::npos) return std::nullopt;  // only empty lines
    std::string value;
    value.reserve(raw.size());
    std::size_t content_end = 0;  // after the last line holding more than the indentation
    for (std::size_t start = 0; start < raw.size();) {
        const auto end = raw.find('\n', start);
        const auto line = raw.substr(start, end - start);
        const bool blank = line.find_first_not_of(' ') == std::string_view::npos;
        if (blank && line.size() <= indent) {
            value += '\n';
        } else if (blank && content_end == 0) {
            return std::nullopt;  // a leading empty line deeper than the first content: not YAML
        } else {
            if (line.size() < indent || line.substr(0, indent).find_first_not_of(' ') != std::string_view::npos) return std::nullopt;
            value.append(line.substr(indent));
            content_end = value.size();
            value += '\n';
        }
        start = end + 1;
    }
    if (chomping == '-') value.resize(content_end);
    else if (chomping == ' ') value.resize(content_end + 1);
    return value;
}

}  // namespace

std::optional<std::string> literal_block_value(std::string_view text, std::size_t begin, std::size_t end) {
    if (begin == 0 || begin > end || end > text.size() || text[begin - 1] != '\n') return std::nullopt;
    // A last line with no break at the end of the text is the scalar's own, not the next
    // line's indentation: left to libfyaml.
    if (end == text.size() && end > begin && text[end - 1] != '\n') return std::nullopt;
    // The header is the line before the first line of content.
    const auto header_end = begin - 1;
    const auto header_start = header_end == 0 ? 0 : text.rfind('\n', header_end - 1) + 1;
    const auto chomping = literal_chomping(text.substr(header_start, header_end - header_start));
    if (!chomping) return std::nullopt;
    return literal_value(text.substr(begin, end - begin), *chomping);
}

}  // namespace kompat
