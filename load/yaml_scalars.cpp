#include "load/yaml_scalars.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>

namespace kompat {
namespace json = boost::json;
namespace {

bool one_of(std::string_view text, std::initializer_list<std::string_view> words) {
    for (const auto word : words)
        if (text == word) return true;
    return false;
}

bool is_digit(char c, int base) {
    if (base == 16) return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    return c >= '0' && c < static_cast<char>('0' + base);
}

bool all_digits(std::string_view digits, int base) {
    if (digits.empty()) return false;
    for (const char c : digits)
        if (!is_digit(c, base)) return false;
    return true;
}

ResolvedScalar number(json::value value) { return {ScalarKind::number, value}; }
ResolvedScalar string() { return {}; }

// An unsigned magnitude in `base`, with its sign, as int64, else uint64; nullopt past uint64.
std::optional<ResolvedScalar> integer(std::string_view digits, int base, bool negative) {
    std::uint64_t magnitude = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
    if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    constexpr auto int64_max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (!negative) {
        if (magnitude <= int64_max) return number(static_cast<std::int64_t>(magnitude));
        return number(magnitude);
    }
    if (magnitude <= int64_max) return number(-static_cast<std::int64_t>(magnitude));
    if (magnitude == int64_max + 1) return number(std::numeric_limits<std::int64_t>::min());
    return std::nullopt;
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?: the float form of both rule sets.
bool float_form(std::string_view text) {
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    const auto whole_start = i;
    while (i < text.size() && is_digit(text[i], 10)) ++i;
    const bool whole = i > whole_start;
    bool fraction = false;
    if (i < text.size() && text[i] == '.') {
        ++i;
        const auto fraction_start = i;
        while (i < text.size() && is_digit(text[i], 10)) ++i;
        fraction = i > fraction_start;
    }
    if (!whole && !fraction) return false;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
        const auto exponent_start = i;
        while (i < text.size() && is_digit(text[i], 10)) ++i;
        if (i == exponent_start) return false;
    }
    return i == text.size();
}

double parse_double(std::string_view text) {
    const std::string copy(text);  // strtod needs a terminated string; only number-like text gets here
    return std::strtod(copy.c_str(), nullptr);
}

std::optional<ResolvedScalar> special_float(std::string_view text) {
    if (one_of(text, {".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN"}))
        return ResolvedScalar{ScalarKind::not_finite, nullptr};
    return std::nullopt;
}

// YAML 1.2.2, 10.3.2 (the core schema).
ResolvedScalar resolve_core(std::string_view text) {
    if (one_of(text, {"", "~", "null", "Null", "NULL"})) return {ScalarKind::null, nullptr};
    if (one_of(text, {"true", "True", "TRUE"})) return {ScalarKind::boolean, true};
    if (one_of(text, {"false", "False", "FALSE"})) return {ScalarKind::boolean, false};
    const char first = text.front();
    if (!is_digit(first, 10) && first != '-' && first != '+' && first != '.') return string();
    if (auto special = special_float(text)) return *special;
    if (text.starts_with("0o") && all_digits(text.substr(2), 8)) return integer(text.substr(2), 8, false).value_or(string());
    if (text.starts_with("0x") && all_digits(text.substr(2), 16)) return integer(text.substr(2), 16, false).value_or(string());
    const bool sign = first == '-' || first == '+';
    if (all_digits(text.substr(sign ? 1 : 0), 10)) {
        if (auto value = integer(text.substr(sign ? 1 : 0), 10, first == '-')) return *value;
    }
    if (float_form(text)) {
        const auto real = parse_double(text);
        if (!std::isfinite(real)) return {ScalarKind::not_finite, nullptr};
        return number(real);
    }
    return string();
}

// go-yaml v2's resolve() as sigs.k8s.io/yaml vendors it, with Go's strconv.ParseInt
// (base 0: 0x, 0o, 0b and a leading 0 for octal) after underscores are removed.
std::optional<ResolvedScalar> go_integer(std::string_view text) {
    bool negative = false;
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) base = 16;
    else if (text.size() > 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'O')) base = 8;
    else if (text.size() > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) base = 2;
    if (base != 10) text.remove_prefix(2);
    else if (text.size() > 1 && text[0] == '0') {
        base = 8;
        text.remove_prefix(1);
    }
    if (!all_digits(text, base)) return std::nullopt;
    return integer(text, base, negative);
}

ResolvedScalar resolve_kubernetes(std::string_view text) {
    if (one_of(text, {"", "~", "null", "Null", "NULL"})) return {ScalarKind::null, nullptr};
    if (one_of(text, {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})) return {ScalarKind::boolean, true};
    if (one_of(text, {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})) return {ScalarKind::boolean, false};
    if (auto special = special_float(text)) return *special;
    const char first = text.front();
    if (first == '.') {
        // Go's ParseFloat on the text as it is; past a double's range it fails, so a string.
        if (!float_form(text)) return string();
        const auto real = parse_double(text);
        return std::isfinite(real) ? number(real) : string();
    }
    if (!is_digit(first, 10) && first != '-' && first != '+') return string();
    std::string plain;
    plain.reserve(text.size());
    for (const char c : text)
        if (c != '_') plain += c;
    // A timestamp (2001-12-14) is read back as its text; it never parses as a number.
    if (auto value = go_integer(plain)) return *value;
    if (float_form(plain)) {
        const auto real = parse_double(plain);
        return std::isfinite(real) ? number(real) : string();
    }
    return string();
}

}  // namespace

ResolvedScalar resolve_plain(std::string_view text, ScalarRules rules) {
    return rules == ScalarRules::core ? resolve_core(text) : resolve_kubernetes(text);
}

bool rules_disagree(std::string_view text) {
    if (text.empty()) return false;
    // Only these first characters start a boolean of YAML 1.1, a number or .inf/.nan.
    static constexpr std::string_view starts = "yYnNoO0123456789+-.";
    if (starts.find(text.front()) == std::string_view::npos) return false;
    const auto a = resolve_core(text);
    const auto b = resolve_kubernetes(text);
    return a.kind != b.kind || a.value != b.value;
}

}  // namespace kompat
