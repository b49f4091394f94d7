#include "support/text_safety.hpp"

#include "support/byte_scan.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>

namespace kompat {
namespace {

constexpr std::array<char, 16> hex_digits{'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};

// The length of the well-formed UTF-8 character at `at` and its code point; length 0
// when the bytes there are not one (RFC 3629, as Boost.JSON validates).
std::pair<std::size_t, std::uint32_t> decode(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) return {1, lead};
    std::size_t length = 0;
    std::uint32_t code = 0;
    std::uint32_t lowest = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2, code = lead & 0x1FU, lowest = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3, code = lead & 0x0FU, lowest = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4, code = lead & 0x07U, lowest = 0x10000;
    } else {
        return {0, 0};
    }
    if (at + length > text.size()) return {0, 0};
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0U) != 0x80) return {0, 0};
        code = (code << 6U) | (byte(at + i) & 0x3FU);
    }
    if (code < lowest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {0, 0};
    return {length, code};
}

bool must_escape(std::uint32_t code) {
    return code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F) || (code >= 0x202A && code <= 0x202E) ||
           (code >= 0x2066 && code <= 0x2069) || code == 0x2028 || code == 0x2029;
}

// A space or invisible blank beyond ASCII (NEL, NO-BREAK SPACE, the U+2000 spaces, zero
// widths, IDEOGRAPHIC SPACE, BOM): a runner may trim it before it reads a line.
bool unicode_blank(std::uint32_t code) {
    return code == 0x85 || code == 0xA0 || code == 0x1680 || code == 0x180E || (code >= 0x2000 && code <= 0x200D) || code == 0x2028 ||
           code == 0x2029 || code == 0x202F || code == 0x205F || code == 0x2060 || code == 0x3000 || code == 0xFEFF;
}

void append_escape(std::string& out, std::uint32_t code) {
    switch (code) {
        case '\n': out += "\\n"; return;
        case '\t': out += "\\t"; return;
        case '\r': out += "\\r"; return;
        default: break;
    }
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex_digits[(code >> static_cast<unsigned>(shift)) & 0xFU];
}

// Whether `code` is escaped; line breaks and tabs stay when `keep_layout`.
bool escapes(std::uint32_t code, bool keep_layout) { return must_escape(code) && !(keep_layout && (code == '\n' || code == '\t')); }

// As is_plain_text() and escape_control(), with line breaks and tabs kept when `keep_layout`.
bool plain(std::string_view text, bool keep_layout) {
    for (std::size_t at = 0; at < text.size();) {
        const auto [length, code] = decode(text, at);
        if (length == 0 || escapes(code, keep_layout)) return false;
        at += length;
    }
    return true;
}

std::string escaped(std::string_view text, bool keep_layout) {
    if (plain(text, keep_layout)) return std::string(text);
    std::string out;
    out.reserve(text.size() + 16);
    for (std::size_t at = 0; at < text.size();) {
        const auto [length, code] = decode(text, at);
        if (length == 0) {
            const auto byte = static_cast<unsigned char>(text[at]);
            out += "\\x";
            out += hex_digits[byte >> 4U];
            out += hex_digits[byte & 0xFU];
            ++at;
            continue;
        }
        if (escapes(code, keep_layout)) append_escape(out, code);
        else out.append(text.substr(at, length));
        at += length;
    }
    return out;
}

}  // namespace

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
    for (std::size_t at = 0; at < text.size();) {
        // Runs of ASCII, eight bytes at a time: most of a spec.
        std::uint64_t word = 0;
        if (text.size() - at >= sizeof word) {
            std::memcpy(&word, text.data() + at, sizeof word);
            if ((word & 0x8080808080808080ULL) == 0) {
                at += sizeof word;
                continue;
            }
        }
        const auto [length, code] = decode(text, at);
        if (length == 0) return at;
        at += length;
    }
    return std::nullopt;
}

bool is_plain_text(std::string_view text) { return plain(text, false); }

std::string escape_control(std::string_view text) { return escaped(text, false); }

std::string escape_control_lines(std::string_view text) { return escaped(text, true); }

std::string log_line(std::string_view text) { return defuse_workflow_commands(escape_control(text)); }

void defuse_workflow_commands(std::string_view text, const std::function<void(std::string_view)>& piece) {
    // Bytes go out in runs up to what is escaped, which is rare: text[copied, at) is
    // still to go.
    std::size_t copied = 0;
    const auto copy_to = [&](std::size_t at) {
        if (at > copied) piece(text.substr(copied, at - copied));
        copied = at;
    };
    bool line_start = true;  // in the leading blanks of a line
    for (std::size_t at = 0; at < text.size();) {
        // Past a line's leading blanks only `:`, `#` and a line break can start what is
        // escaped below (no byte of a multi-byte UTF-8 character is one of them). In the
        // leading blanks, the ASCII spaces and tabs, which stay as they are.
        at = line_start ? find_not_blank(text, at) : find_any_of(text, at, ':', '#', '\n');
        if (at == text.size()) break;
        const char c = text[at];
        if (c == '\n') {
            ++at;
            line_start = true;
            continue;
        }
        // GitHub's `::name ...::` and `##[name]` (the latter anywhere in a line), Azure's
        // `##vso[`: the first character becomes an escape, so no sequence survives.
        if (starts_workflow_command(text.substr(at))) {
            copy_to(at);
            piece(c == ':' ? "\\u003a" : "\\u0023");
            copied = ++at;
            line_start = false;
            continue;
        }
        if (!line_start) {  // a ':' or '#' within a line, kept
            ++at;
            continue;
        }
        // A blank a runner trims before it looks for a command: escaped where it leads a line.
        const auto [length, code] = decode(text, at);
        if (length > 0 && unicode_blank(code)) {
            copy_to(at);
            std::string escape;
            append_escape(escape, code);
            piece(escape);
            at += length;
            copied = at;
            continue;
        }
        line_start = false;
        at += std::max<std::size_t>(length, 1);
    }
    copy_to(text.size());
}

std::string defuse_workflow_commands(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    defuse_workflow_commands(text, [&](std::string_view piece) { out += piece; });
    return out;
}

std::size_t code_points(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U; }));
}

namespace {
bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U; }
}  // namespace

std::size_t character_start_before(std::string_view text, std::size_t at) {
    at = std::min(at, text.size());
    while (at > 0 && at < text.size() && continuation(text[at])) --at;
    return at;
}

std::size_t character_start_after(std::string_view text, std::size_t at) {
    while (at < text.size() && continuation(text[at])) ++at;
    return std::min(at, text.size());
}

}  // namespace kompat
