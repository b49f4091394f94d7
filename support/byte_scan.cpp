#include "support/byte_scan.hpp"

#include <bit>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace kompat {

#if defined(__SSE2__)
namespace {

constexpr std::size_t step = 16;

__m128i load(const char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }  // NOLINT: the intrinsic's type

// Bit i set when byte i of the sixteen matched.
unsigned matches(__m128i hits) { return static_cast<unsigned>(_mm_movemask_epi8(hits)); }

}  // namespace
#endif

std::size_t find_any_of(std::string_view text, std::size_t at, char a, char b, char c) {
#if defined(__SSE2__)
    const auto wanted_a = _mm_set1_epi8(a);
    const auto wanted_b = _mm_set1_epi8(b);
    const auto wanted_c = _mm_set1_epi8(c);
    for (; at < text.size() && text.size() - at >= step; at += step) {
        const auto bytes = load(text.data() + at);
        const auto hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, wanted_a), _mm_cmpeq_epi8(bytes, wanted_b)),
                                       _mm_cmpeq_epi8(bytes, wanted_c));
        if (const auto mask = matches(hits); mask != 0) return at + static_cast<std::size_t>(std::countr_zero(mask));
    }
#endif
    for (; at < text.size(); ++at)
        if (text[at] == a || text[at] == b || text[at] == c) return at;
    return text.size();
}

std::size_t find_not_blank(std::string_view text, std::size_t at) {
#if defined(__SSE2__)
    const auto space = _mm_set1_epi8(' ');
    const auto tab = _mm_set1_epi8('\t');
    for (; at < text.size() && text.size() - at >= step; at += step) {
        const auto bytes = load(text.data() + at);
        const auto blanks = matches(_mm_or_si128(_mm_cmpeq_epi8(bytes, space), _mm_cmpeq_epi8(bytes, tab)));
        if (blanks != 0xFFFFU) return at + static_cast<std::size_t>(std::countr_one(blanks));
    }
#endif
    for (; at < text.size(); ++at)
        if (text[at] != ' ' && text[at] != '\t') return at;
    return text.size();
}

std::size_t find_markup_special(std::string_view text, std::size_t at) {
    const auto special = [](char c) {
        return static_cast<unsigned char>(c) < 0x20 || c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' || c == ':' || c == '#';
    };
#if defined(__SSE2__)
    const auto last_control = _mm_set1_epi8(0x1F);
    for (; at < text.size() && text.size() - at >= step; at += step) {
        const auto bytes = load(text.data() + at);
        auto hits = _mm_cmpeq_epi8(_mm_min_epu8(bytes, last_control), bytes);
        for (const char wanted : {'&', '<', '>', '"', '\'', ':', '#'}) hits = _mm_or_si128(hits, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(wanted)));
        if (const auto mask = matches(hits); mask != 0) return at + static_cast<std::size_t>(std::countr_zero(mask));
    }
#endif
    for (; at < text.size(); ++at)
        if (special(text[at])) return at;
    return text.size();
}

bool has_json_special(std::string_view text) {
    std::size_t at = 0;
#if defined(__SSE2__)
    const auto quote = _mm_set1_epi8('"');
    const auto backslash = _mm_set1_epi8('\\');
    const auto last_control = _mm_set1_epi8(0x1F);
    for (; text.size() - at >= step; at += step) {
        const auto bytes = load(text.data() + at);
        // Unsigned: a byte is at most 0x1F when the lesser of it and 0x1F is itself.
        const auto controls = _mm_cmpeq_epi8(_mm_min_epu8(bytes, last_control), bytes);
        const auto hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)), controls);
        if (matches(hits) != 0) return true;
    }
#endif
    for (; at < text.size(); ++at) {
        const auto byte = static_cast<unsigned char>(text[at]);
        if (byte < 0x20 || byte == '"' || byte == '\\') return true;
    }
    return false;
}

}  // namespace kompat
