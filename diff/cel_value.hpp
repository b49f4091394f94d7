#pragma once
// What an object OLD admitted may hold at one place of a CEL rule, and the outcomes a
// boolean of the rule may have: the values cel_old_objects.cpp evaluates over. Internal
// to diff/.
#include "diff/cel_syntax.hpp"
#include "model/schema.hpp"

#include <climits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kompat {

// The outcomes a boolean may have.
struct Outcomes {
    bool can_be_true = false;
    bool can_be_false = false;
    bool can_fail = false;  // an evaluation error: the rule refuses the object
};

inline Outcomes operator|(Outcomes a, Outcomes b) {
    return {a.can_be_true || b.can_be_true, a.can_be_false || b.can_be_false, a.can_fail || b.can_fail};
}

constexpr Outcomes only_true{true, false, false};
constexpr Outcomes only_false{false, true, false};
constexpr Outcomes only_error{false, false, true};
constexpr Outcomes true_or_false{true, true, false};

// The integers a value may be, both ends included; `most` LLONG_MAX for no bound.
struct IntegerRange {
    long long least = 0;
    long long most = LLONG_MAX;
};

struct CelValue {
    bool can_succeed = true;                        // false: reading it is an error for every old object
    bool can_fail = false;                          // reading it may be an error (a field absent, an index beyond the end)
    std::optional<std::vector<CelLiteral>> values;  // the values it may have; nullopt: any
    std::optional<std::vector<CelLiteral>> items;   // a list literal's items, each one value
    std::optional<IntegerRange> range;              // an integer's bounds, when known
    const Schema* old_schema = nullptr;             // OLD's schema of it; null: unknown
    const Schema* new_schema = nullptr;
    std::string path;    // the key of its choices when reached from a root (`self.spec.mode`)
    std::string name;    // the field it is, for the reasons
    bool empty = false;  // a list no old object has an item of (`filter` of what none has)
};

CelValue error_value();
CelValue any_value(bool can_fail);
CelValue literal_value(CelLiteral literal);
CelValue integer_value(IntegerRange range, bool can_fail);
CelValue boolean_value(Outcomes o);
Outcomes outcomes_of(const CelValue& v);

// The values OLD's schema allows: its enum (and null when nullable), or nullopt for any.
std::optional<std::vector<CelLiteral>> allowed_values(const Schema* s);

// The schema's default as a literal, when it is a scalar.
std::optional<CelLiteral> default_literal(const Schema& s);

// Whether two literals are equal; nullopt where CEL's answer depends on more than the
// text (numbers of other types, hexadecimal, escapes not decoded).
std::optional<bool> literals_equal(const CelLiteral& a, const CelLiteral& b);

// The bounds of a count (items, properties, characters) OLD states for its values.
IntegerRange size_range(const Schema& s);

// The sum of two ranges, an end beyond long long unbounded.
IntegerRange sum(IntegerRange a, IntegerRange b);

// OLD admits no field beyond its properties here: structural pruning dropped any other.
bool closed(const Schema& s);
const Schema* property_schema(const Schema* s, std::string_view field);

void add_once(std::vector<std::string>& list, std::string item);

}  // namespace kompat
