#include "support/byte_scan.hpp"

#include <array>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace kompat {
namespace {

// The bytes a scan looks for beside the C0 controls, written once for the vector and
// the byte-by-byte paths.
struct MarkupSpecials {  // HTML's five, and ':' and '#', which start CI workflow commands
    static constexpr std::string_view bytes = "&<>\"':#";
};
struct JsonSpecials {  // what JSON escapes
    static constexpr std::string_view bytes = "\"\\";
};

#if defined(__SSE2__)
constexpr std::size_t step = 16;

__m128i load(const char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }  // NOLINT: the intrinsic's type

// The `size` (under sixteen) bytes at p, then 'a', a byte no scan here looks for: a short
// text (most keys, names and paths of a report) in one step, never read past its end.
__m128i load_short(const char* p, std::size_t size) {
    alignas(step) std::array<char, step> padded{};
    padded.fill('a');
    std::memcpy(padded.data(), p, size);
    return _mm_load_si128(reinterpret_cast<const __m128i*>(padded.data()));  // NOLINT: the intrinsic's type
}

// Bit i set when byte i of the sixteen matched.
unsigned matches(__m128i hits) { return static_cast<unsigned>(_mm_movemask_epi8(hits)); }

// A C0 control: unsigned, a byte is at most 0x1F when the lesser of it and 0x1F is itself.
__m128i controls(__m128i bytes) { return _mm_cmpeq_epi8(_mm_min_epu8(bytes, _mm_set1_epi8(0x1F)), bytes); }

template <typename Specials>
unsigned specials(__m128i bytes) {
    auto hits = controls(bytes);
    for (const char wanted : Specials::bytes) hits = _mm_or_si128(hits, _mm_cmpeq_epi8(bytes, _mm_set1_epi8(wanted)));
    return matches(hits);
}

// The first special byte at or after `at`, or text.size(): sixteen bytes a step, the
// last few padded into one.
template <typename Specials>
std::size_t find_special(std::string_view text, std::size_t at) {
    for (; at < text.size() && text.size() - at >= step; at += step)
        if (const auto mask = specials<Specials>(load(text.data() + at)); mask != 0)
            return at + static_cast<std::size_t>(std::countr_zero(mask));
    if (at < text.size())
        if (const auto mask = specials<Specials>(load_short(text.data() + at, text.size() - at)); mask != 0)
            return at + static_cast<std::size_t>(std::countr_zero(mask));
    return text.size();
}
#else
template <typename Specials>
std::size_t find_special(std::string_view text, std::size_t at) {
    for (; at < text.size(); ++at)
        if (static_cast<unsigned char>(text[at]) < 0x20 || Specials::bytes.find(text[at]) != std::string_view::npos) return at;
    return text.size();
}
#endif

}  // namespace

std::size_t find_any_of(std::string_view text, std::size_t at, char a, char b, char c) {
#if defined(__SSE2__)
    const auto wanted_a = _mm_set1_epi8(a);
    const auto wanted_b = _mm_set1_epi8(b);
    const auto wanted_c = _mm_set1_epi8(c);
    for (; at < text.size() && text.size() - at >= step; at += step) {
        const auto bytes = load(text.data() + at);
        const auto hits =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(bytes, wanted_a), _mm_cmpeq_epi8(bytes, wanted_b)), _mm_cmpeq_epi8(bytes, wanted_c));
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

std::size_t find_markup_special(std::string_view text, std::size_t at) { return find_special<MarkupSpecials>(text, at); }

bool has_json_special(std::string_view text) { return find_special<JsonSpecials>(text, 0) != text.size(); }

}  // namespace kompat
