#include "objects/value_checks.hpp"

#include <boost/json/serialize.hpp>
#include <boost/json/serializer.hpp>
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>

#include "support/json_values.hpp"
#include "support/text_safety.hpp"

namespace kompat {
namespace {

namespace json = boost::json;

std::optional<double> number_of(const json::value& value) {
    if (value.is_int64()) return static_cast<double>(value.get_int64());
    if (value.is_uint64()) return static_cast<double>(value.get_uint64());
    if (value.is_double()) return value.get_double();
    return std::nullopt;
}

bool is_integer(const json::value& value) {
    if (value.is_int64() || value.is_uint64()) return true;
    // Go decodes 2.0 as a float64, which kube-openapi takes as an integer.
    return value.is_double() && std::isfinite(value.get_double()) && std::trunc(value.get_double()) == value.get_double();
}

std::string_view kind_name(const json::value& value) {
    switch (value.kind()) {
        case json::kind::null: return "null";
        case json::kind::bool_: return "a boolean";
        case json::kind::string: return "a string";
        case json::kind::array: return "an array";
        case json::kind::object: return "an object";
        default: return is_integer(value) ? "an integer" : "a number";
    }
}

bool of_type(const json::value& value, std::string_view type) {
    if (type == "object") return value.is_object();
    if (type == "array") return value.is_array();
    if (type == "string") return value.is_string();
    if (type == "boolean") return value.is_bool();
    if (type == "integer") return is_integer(value);
    if (type == "number") return number_of(value).has_value();
    if (type == "null") return value.is_null();
    return true;  // a type JSON Schema does not name: not for kompat to refuse
}

std::string number_text(double number) { return fmt::format("{}", number); }

void add(std::vector<Violation>& out, const std::string& path, std::string_view keyword, std::string text, const json::value& value) {
    out.push_back({path, std::string(keyword), std::move(text), bounded_copy(value)});
}

// Equal keys for values same_value calls equal: numbers by value (1 and 1.0 alike),
// object members in key order.
void append_key(const json::value& value, std::string& out) {
    if (const auto number = number_of(value)) {
        out += fmt::format("n{}", *number);
    } else if (const auto* array = value.if_array()) {
        out += '[';
        for (const auto& item : *array) {
            append_key(item, out);
            out += ',';
        }
        out += ']';
    } else if (const auto* object = value.if_object()) {
        std::vector<const json::key_value_pair*> members;
        for (const auto& member : *object) members.push_back(&member);
        std::sort(members.begin(), members.end(), [](const auto* a, const auto* b) { return a->key() < b->key(); });
        out += '{';
        for (const auto* member : members) {
            out += json::serialize(member->key());
            out += ':';
            append_key(member->value(), out);
            out += ',';
        }
        out += '}';
    } else {
        out += json::serialize(value);
    }
}

std::string key_of(const json::value& value) {
    std::string out;
    append_key(value, out);
    return out;
}

// Below this many values an enum is searched in place; above, through a hash of its keys.
constexpr std::size_t enum_scan_limit = 8;

// A match of a text by a pattern's program: RE2's DFA is linear in the text, but when its
// cache fills RE2 falls back to the NFA, linear in the text times the program. Charged as
// that worst case, this many (character, instruction) pairs a step.
constexpr std::uint64_t match_units_a_step = 50;

bool all_hex(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int number_in(std::string_view digits) {
    int n = 0;
    for (const char c : digits) n = n * 10 + (c - '0');
    return n;
}

// YYYY-MM-DD with a real day of a real month.
bool is_date(std::string_view text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
    const auto year = text.substr(0, 4), month = text.substr(5, 2), day = text.substr(8, 2);
    if (!all_digits(year) || !all_digits(month) || !all_digits(day)) return false;
    const int y = number_in(year), m = number_in(month), d = number_in(day);
    if (m < 1 || m > 12 || d < 1) return false;
    constexpr int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= (m == 2 && !leap ? 28 : days[m - 1]);
}

// A date, `T`, HH:MM[:SS[.fraction]] and an optional zone (Z, ±HH:MM, ±HHMM): the
// layouts go-openapi's strfmt.ParseDateTime accepts (RFC 3339 and its ISO 8601 relatives).
bool is_date_time(std::string_view text) {
    if (text.size() < 16 || !is_date(text.substr(0, 10)) || (text[10] != 'T' && text[10] != 't')) return false;
    auto rest = text.substr(11);
    const auto two = [&rest](int max) {
        if (rest.size() < 2 || !all_digits(rest.substr(0, 2)) || number_in(rest.substr(0, 2)) > max) return false;
        rest.remove_prefix(2);
        return true;
    };
    if (!two(23) || rest.empty() || rest.front() != ':') return false;
    rest.remove_prefix(1);
    if (!two(59)) return false;
    if (!rest.empty() && rest.front() == ':') {
        rest.remove_prefix(1);
        if (!two(60)) return false;
        if (!rest.empty() && rest.front() == '.') {
            rest.remove_prefix(1);
            const auto digits = rest.find_first_not_of("0123456789");
            if (digits == 0) return false;
            rest.remove_prefix(digits == std::string_view::npos ? rest.size() : digits);
        }
    }
    if (rest.empty() || rest == "Z" || rest == "z") return true;
    if (rest.front() != '+' && rest.front() != '-') return false;
    rest.remove_prefix(1);
    if (!two(23)) return false;
    if (!rest.empty() && rest.front() == ':') rest.remove_prefix(1);
    return two(59) && rest.empty();
}

// Standard base64 with padding (Go's base64.StdEncoding).
bool is_base64(std::string_view text) {
    if (text.size() % 4 != 0) return false;
    std::size_t padding = 0;
    while (padding < 2 && padding < text.size() && text[text.size() - 1 - padding] == '=') ++padding;
    return std::all_of(text.begin(), text.end() - static_cast<std::ptrdiff_t>(padding),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '+' || c == '/'; });
}

// 8-4-4-4-12 hex digits, or 32 of them; `version` (3, 4, 5) asks that version and RFC 4122's variant.
bool is_uuid(std::string_view text, char version = 0) {
    std::string digits;
    if (text.size() == 36) {
        for (const std::size_t dash : {8U, 13U, 18U, 23U})
            if (text[dash] != '-') return false;
        for (std::size_t i = 0; i < text.size(); ++i)
            if (i != 8 && i != 13 && i != 18 && i != 23) digits += text[i];
    } else if (text.size() == 32 && version == 0) {
        digits = text;
    } else {
        return false;
    }
    if (!all_hex(digits)) return false;
    if (version == 0) return true;
    const char variant = static_cast<char>(std::tolower(static_cast<unsigned char>(digits[16])));
    return digits[12] == version && (variant == '8' || variant == '9' || variant == 'a' || variant == 'b');
}

// A dotted quad, each part 0-255 without leading zeros (Go's net.ParseIP).
bool is_ipv4(std::string_view text) {
    int parts = 0;
    while (true) {
        const auto dot = text.find('.');
        const auto part = text.substr(0, dot);
        if (!all_digits(part) || part.size() > 3 || (part.size() > 1 && part[0] == '0') || number_in(part) > 255) return false;
        ++parts;
        if (dot == std::string_view::npos) break;
        text.remove_prefix(dot + 1);
    }
    return parts == 4;
}

// Eight groups of up to four hex digits, one `::` standing for one or more zero groups,
// the last two groups possibly a dotted quad.
bool is_ipv6(std::string_view text) {
    const auto gap = text.find("::");
    if (gap != std::string_view::npos && text.find("::", gap + 1) != std::string_view::npos) return false;
    int groups = 0;
    const auto count = [&groups](std::string_view part, bool last) {
        if (part.empty()) return true;
        while (true) {
            const auto colon = part.find(':');
            const auto group = part.substr(0, colon);
            if (colon == std::string_view::npos && last && group.find('.') != std::string_view::npos) {
                if (!is_ipv4(group)) return false;
                groups += 2;
                return true;
            }
            if (group.empty() || group.size() > 4 || !all_hex(group)) return false;
            ++groups;
            if (colon == std::string_view::npos) return true;
            part.remove_prefix(colon + 1);
        }
    };
    if (gap == std::string_view::npos) return count(text, true) && groups == 8;
    return count(text.substr(0, gap), false) && count(text.substr(gap + 2), true) && groups < 8;
}

bool is_cidr(std::string_view text) {
    const auto slash = text.find('/');
    if (slash == std::string_view::npos) return false;
    const auto address = text.substr(0, slash), prefix = text.substr(slash + 1);
    if (!all_digits(prefix) || prefix.size() > 3 || (prefix.size() > 1 && prefix[0] == '0')) return false;
    if (is_ipv4(address)) return number_in(prefix) <= 32;
    return address.find(':') != std::string_view::npos && is_ipv6(address) && number_in(prefix) <= 128;
}

// Go's net.ParseMAC: 6, 8 or 20 octets as hex pairs split by `:` or `-`, or groups of
// four hex digits split by `.`.
bool is_mac(std::string_view text) {
    const auto octets = [](std::size_t n) { return n == 6 || n == 8 || n == 20; };
    if (text.size() >= 14 && text[4] == '.') {
        if ((text.size() + 1) % 5 != 0 || !octets((text.size() + 1) / 5 * 2)) return false;
        for (std::size_t i = 0; i < text.size(); ++i)
            if ((i % 5 == 4) ? text[i] != '.' : !all_hex(text.substr(i, 1))) return false;
        return true;
    }
    if (text.size() < 17 || (text[2] != ':' && text[2] != '-') || (text.size() + 1) % 3 != 0 || !octets((text.size() + 1) / 3))
        return false;
    for (std::size_t i = 0; i < text.size(); ++i)
        if ((i % 3 == 2) ? text[i] != text[2] : !all_hex(text.substr(i, 1))) return false;
    return true;
}

// Cut to about `shown` bytes, never inside a UTF-8 sequence.
std::string cut_text(std::string_view text, std::size_t shown = 60) {
    if (text.size() <= shown) return std::string(text);
    return std::string(text.substr(0, character_start_before(text, shown))) + "…";
}

std::string quoted(std::string_view text) { return "`" + cut_text(text) + "`"; }

void check_number(const json::value& value, double number, const Bounds& bounds, const std::string& path, std::vector<Violation>& out) {
    if (bounds.maximum && (bounds.exclusive_maximum ? number >= *bounds.maximum : number > *bounds.maximum))
        add(out, path, bounds.exclusive_maximum ? "exclusiveMaximum" : "maximum",
            fmt::format("{} is above {}maximum {}", value_text(value), bounds.exclusive_maximum ? "or at the exclusive " : "",
                        number_text(*bounds.maximum)),
            value);
    if (bounds.minimum && (bounds.exclusive_minimum ? number <= *bounds.minimum : number < *bounds.minimum))
        add(out, path, bounds.exclusive_minimum ? "exclusiveMinimum" : "minimum",
            fmt::format("{} is below {}minimum {}", value_text(value), bounds.exclusive_minimum ? "or at the exclusive " : "",
                        number_text(*bounds.minimum)),
            value);
    if (bounds.multiple_of && *bounds.multiple_of > 0) {
        const double quotient = number / *bounds.multiple_of;
        // go-openapi takes a quotient within 1e-9 of a whole number as whole.
        if (std::fabs(quotient - std::round(quotient)) > 1e-9)
            add(out, path, "multipleOf", fmt::format("{} is not a multiple of {}", value_text(value), number_text(*bounds.multiple_of)),
                value);
    }
}

void check_string(const json::value& value, std::string_view text, const Schema& schema, const std::string& path, CheckCache& cache,
                  std::vector<Violation>& out) {
    const auto& bounds = schema.value_bounds();
    if (bounds.max_length || bounds.min_length) {
        const auto length = code_points(text);  // Go counts runes
        if (bounds.max_length && length > *bounds.max_length)
            add(out, path, "maxLength", fmt::format("{} characters, over maxLength {}", length, *bounds.max_length), value);
        if (bounds.min_length && length < *bounds.min_length)
            add(out, path, "minLength", fmt::format("{} characters, under minLength {}", length, *bounds.min_length), value);
    }
    if (bounds.pattern) {
        if (const auto* pattern = cache.find(*bounds.pattern); pattern != nullptr) {
            cache.charge(text.size() * static_cast<std::uint64_t>(std::max(pattern->ProgramSize(), 1)) / match_units_a_step);
            if (!re2::RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *pattern))
                add(out, path, "pattern", fmt::format("{} does not match pattern {}", quoted(text), quoted(*bounds.pattern)), value);
        }
    }
    if (!schema.format.empty() && !format_accepts(schema.format, text))
        add(out, path, "format", fmt::format("{} fails format {}", quoted(text), schema.format), value);
}

}  // namespace

CheckCache::CheckCache() = default;
CheckCache::~CheckCache() = default;

const re2::RE2* CheckCache::find(std::string_view pattern) {
    const std::string key(pattern);
    auto found = compiled_.find(key);
    if (found == compiled_.end()) {
        re2::RE2::Options options;
        options.set_log_errors(false);
        // RE2's memory for one pattern, its program and its DFA cache (RE2's default, said
        // here because the match cost charged to the step budget rests on it): a program
        // of at most about 350,000 instructions; a pattern that needs more is not compiled,
        // so not checked, and the run's notes count it.
        options.set_max_mem(std::int64_t{8} << 20);
        auto compiled = std::make_unique<re2::RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
        if (!compiled->ok()) {
            compiled.reset();
            ++uncompiled_;
        }
        found = compiled_.emplace(key, std::move(compiled)).first;
    }
    return found->second.get();
}

bool CheckCache::in_enum(const json::array& allowed, const json::value& value) {
    if (allowed.size() <= enum_scan_limit)
        return std::any_of(allowed.begin(), allowed.end(), [&](const json::value& entry) { return same_value(entry, value); });
    auto [found, inserted] = enums_.try_emplace(&allowed);
    if (inserted)
        for (const auto& entry : allowed) found->second.insert(key_of(entry));
    return found->second.contains(key_of(value));
}

std::uint64_t CheckCache::values_in(const json::value& value) {
    auto [found, inserted] = sizes_.try_emplace(&value, 1);
    if (!inserted) return found->second;
    std::uint64_t count = 1;
    if (const auto* array = value.if_array())
        for (const auto& item : *array) count += values_in(item);
    if (const auto* object = value.if_object())
        for (const auto& member : *object) count += values_in(member.value());
    return sizes_[&value] = count;
}

namespace {

// The first bytes of a value's JSON text, however long the whole: Boost.JSON's serializer
// writes into a buffer of the caller's and stops when it is full.
constexpr std::size_t shown_json_bytes = 256;

std::string json_start(const json::value& value, bool& whole) {
    json::serializer writer;
    writer.reset(&value);
    std::array<char, shown_json_bytes> buffer{};
    const auto written = writer.read(buffer.data(), buffer.size());
    whole = writer.done();
    return std::string(written);
}

}  // namespace

std::string value_text(const json::value& value) {
    // Boost.JSON writes 1.5 as 1.5E0; people write 1.5.
    if (value.is_double()) return fmt::format("{}", value.get_double());
    bool whole = false;
    return cut_text(json_start(value, whole));
}

json::value bounded_copy(const json::value& value) {
    if (!value.is_array() && !value.is_object() && !(value.is_string() && value.get_string().size() > shown_json_bytes))
        return detached(value);
    bool whole = false;
    auto text = json_start(value, whole);
    if (whole) return detached(value);
    return json::value(cut_text(text));
}

bool same_value(const json::value& a, const json::value& b) {
    const auto x = number_of(a), y = number_of(b);
    if (x && y) return *x == *y;
    if (a.kind() != b.kind()) return false;
    if (const auto* array = a.if_array()) {
        const auto& other = b.get_array();
        if (array->size() != other.size()) return false;
        for (std::size_t i = 0; i < array->size(); ++i)
            if (!same_value((*array)[i], other[i])) return false;
        return true;
    }
    if (const auto* object = a.if_object()) {
        const auto& other = b.get_object();
        if (object->size() != other.size()) return false;
        for (const auto& member : *object) {
            const auto* found = other.if_contains(member.key());
            if (found == nullptr || !same_value(member.value(), *found)) return false;
        }
        return true;
    }
    return a == b;
}

bool format_accepts(std::string_view format, std::string_view text) {
    if (format == "date") return is_date(text);
    if (format == "date-time" || format == "datetime") return is_date_time(text);
    if (format == "byte") return is_base64(text);
    if (format == "uuid") return is_uuid(text);
    if (format == "uuid3") return is_uuid(text, '3');
    if (format == "uuid4") return is_uuid(text, '4');
    if (format == "uuid5") return is_uuid(text, '5');
    if (format == "ipv4") return is_ipv4(text);
    if (format == "ipv6") return text.find(':') != std::string_view::npos && is_ipv6(text);
    if (format == "cidr") return is_cidr(text);
    if (format == "mac") return is_mac(text);
    return true;
}

bool check_type(const json::value& value, const Schema& schema, const std::string& path, std::vector<Violation>& out) {
    if (value.is_null()) {
        if (schema.nullable || schema.type.empty() || schema.preserve_unknown_fields ||
            std::find(schema.type.begin(), schema.type.end(), "null") != schema.type.end())
            return true;
        add(out, path, "nullable", "null, and the schema is not nullable", value);
        return false;
    }
    // OpenAPI v2 writes Kubernetes' IntOrString as `type: string, format: int-or-string`.
    if (schema.int_or_string || schema.format == "int-or-string") {
        if (is_integer(value) || value.is_string()) return true;
        add(out, path, "type", fmt::format("{} ({}) fails x-kubernetes-int-or-string", value_text(value), kind_name(value)), value);
        return false;
    }
    if (schema.type.empty() || std::any_of(schema.type.begin(), schema.type.end(), [&](std::string_view t) { return of_type(value, t); }))
        return true;
    std::string wanted;
    for (const auto type : schema.type) wanted += (wanted.empty() ? "" : " or ") + std::string(type);
    add(out, path, "type", fmt::format("{} ({}) fails type {}", value_text(value), kind_name(value), wanted), value);
    return false;
}

void check_keywords(const json::value& value, const Schema& schema, const std::string& path, CheckCache& cache,
                    std::vector<Violation>& out) {
    if (schema.enum_values != nullptr && !schema.enum_values->empty() && !value.is_null() && !cache.in_enum(*schema.enum_values, value)) {
        std::string allowed;
        std::size_t shown = 0;
        for (const auto& entry : *schema.enum_values) {
            if (shown++ == 8) {
                allowed += fmt::format(", … ({} in all)", schema.enum_values->size());
                break;
            }
            allowed += (allowed.empty() ? "`" : ", `") + value_text(entry) + "`";
        }
        add(out, path, "enum", fmt::format("`{}` is not in enum {}", value_text(value), allowed), value);
    }
    const auto& bounds = schema.value_bounds();
    if (const auto number = number_of(value)) check_number(value, *number, bounds, path, out);
    if (const auto* text = value.if_string()) check_string(value, *text, schema, path, cache, out);
    if (const auto* array = value.if_array()) {
        if (bounds.max_items && array->size() > *bounds.max_items)
            add(out, path, "maxItems", fmt::format("{} items, over maxItems {}", array->size(), *bounds.max_items), nullptr);
        if (bounds.min_items && array->size() < *bounds.min_items)
            add(out, path, "minItems", fmt::format("{} items, under minItems {}", array->size(), *bounds.min_items), nullptr);
    }
    if (const auto* object = value.if_object()) {
        if (bounds.max_properties && object->size() > *bounds.max_properties)
            add(out, path, "maxProperties", fmt::format("{} properties, over maxProperties {}", object->size(), *bounds.max_properties),
                nullptr);
        if (bounds.min_properties && object->size() < *bounds.min_properties)
            add(out, path, "minProperties", fmt::format("{} properties, under minProperties {}", object->size(), *bounds.min_properties),
                nullptr);
    }
}

}  // namespace kompat
