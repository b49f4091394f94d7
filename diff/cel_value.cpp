#include "diff/cel_value.hpp"

#include <boost/json/value.hpp>

#include <algorithm>
#include <charconv>

namespace kompat {
namespace json = boost::json;

CelValue error_value() {
    CelValue out;
    out.can_succeed = false;
    out.can_fail = true;
    return out;
}

CelValue any_value(bool can_fail) {
    CelValue out;
    out.can_fail = can_fail;
    return out;
}

CelValue literal_value(CelLiteral literal) {
    CelValue out;
    if (literal.type == CelLiteral::Type::integer) {
        long long n = 0;
        const auto* end = literal.text.data() + literal.text.size();
        const auto [at, error] = std::from_chars(literal.text.data(), end, n);
        if (error == std::errc() && at == end) out.range = IntegerRange{n, n};
    }
    out.values = std::vector{std::move(literal)};
    return out;
}

CelValue integer_value(IntegerRange range, bool can_fail) {
    // One integer is a literal: equality and `in` compare it as one.
    CelValue out = range.least == range.most ? literal_value({CelLiteral::Type::integer, std::to_string(range.least)}) : CelValue{};
    out.range = range;
    out.can_fail = can_fail;
    return out;
}

CelValue boolean_value(Outcomes o) {
    CelValue out;
    out.can_succeed = o.can_be_true || o.can_be_false;
    out.can_fail = o.can_fail;
    out.values.emplace();
    if (o.can_be_true) out.values->push_back({CelLiteral::Type::boolean, "true"});
    if (o.can_be_false) out.values->push_back({CelLiteral::Type::boolean, "false"});
    return out;
}

Outcomes outcomes_of(const CelValue& v) {
    if (!v.can_succeed) return only_error;
    Outcomes out{false, false, v.can_fail};
    if (!v.values) return out | true_or_false;
    for (const auto& literal : *v.values) {
        if (literal.type != CelLiteral::Type::boolean) out.can_fail = true;
        else if (literal.text == "true") out.can_be_true = true;
        else out.can_be_false = true;
    }
    return out;
}

namespace {

std::optional<CelLiteral> literal_of(const json::value& v) {
    if (v.is_string()) return CelLiteral{CelLiteral::Type::string, std::string(v.as_string())};
    if (v.is_bool()) return CelLiteral{CelLiteral::Type::boolean, v.as_bool() ? "true" : "false"};
    if (v.is_int64()) return CelLiteral{CelLiteral::Type::integer, std::to_string(v.as_int64())};
    if (v.is_uint64()) return CelLiteral{CelLiteral::Type::integer, std::to_string(v.as_uint64())};
    if (v.is_null()) return CelLiteral{CelLiteral::Type::null_value, "null"};
    return std::nullopt;
}

long long clamped(std::uint64_t n) { return n > static_cast<std::uint64_t>(LLONG_MAX) ? LLONG_MAX : static_cast<long long>(n); }

}  // namespace

std::optional<std::vector<CelLiteral>> allowed_values(const Schema* s) {
    if (s == nullptr || s->enum_values == nullptr) return std::nullopt;
    std::vector<CelLiteral> out;
    for (const auto& v : *s->enum_values) {
        auto literal = literal_of(v);
        if (!literal) return std::nullopt;
        out.push_back(std::move(*literal));
    }
    if (s->nullable) out.push_back({CelLiteral::Type::null_value, "null"});
    return out;
}

std::optional<CelLiteral> default_literal(const Schema& s) {
    return s.default_value == nullptr ? std::nullopt : literal_of(*s.default_value);
}

std::optional<bool> literals_equal(const CelLiteral& a, const CelLiteral& b) {
    const auto plain = [](const CelLiteral& l) {
        const bool number = l.type == CelLiteral::Type::integer || l.type == CelLiteral::Type::unsigned_integer;
        return l.type != CelLiteral::Type::floating && l.type != CelLiteral::Type::opaque &&
               !(number && l.text.find_first_of("xX") != std::string::npos);
    };
    if (a.type != b.type || !plain(a) || !plain(b)) return std::nullopt;
    return a.text == b.text;
}

IntegerRange size_range(const Schema& s) {
    const auto& bounds = s.value_bounds();
    const auto type = s.type.size() == 1 ? s.type.front() : std::string_view();
    std::optional<std::uint64_t> least;
    std::optional<std::uint64_t> most;
    if (type == "array") {
        least = bounds.min_items;
        most = bounds.max_items;
    } else if (type == "object") {
        least = bounds.min_properties;
        most = bounds.max_properties;
    }
    // A string's length in characters is what CEL's size() counts, as maxLength does.
    else if (type == "string") {
        least = bounds.min_length;
        most = bounds.max_length;
    }
    return {clamped(least.value_or(0)), most ? clamped(*most) : LLONG_MAX};
}

IntegerRange sum(IntegerRange a, IntegerRange b) {
    const auto add = [](long long x, long long y) {
        long long out = 0;
        if (x == LLONG_MAX || y == LLONG_MAX || __builtin_add_overflow(x, y, &out)) return x < 0 && y < 0 ? LLONG_MIN : LLONG_MAX;
        return out;
    };
    return {add(a.least, b.least), add(a.most, b.most)};
}

bool closed(const Schema& s) {
    const bool object = (s.type.size() == 1 && s.type.front() == "object") || (s.type.empty() && !s.properties.empty());
    return object && s.ref.empty() && !s.preserve_unknown_fields && !s.additional_properties && s.additional_properties_allowed != true &&
           !s.embedded_resource && !s.composition;
}

const Schema* property_schema(const Schema* s, std::string_view field) {
    const auto* property = s == nullptr ? nullptr : s->find_property(field);
    return property == nullptr ? nullptr : &property->schema;
}

void add_once(std::vector<std::string>& list, std::string item) {
    if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(std::move(item));
}

}  // namespace kompat
