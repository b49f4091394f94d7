#pragma once
// The checks of one value against one schema's own keywords, as the Kubernetes API server
// makes them for structural schemas (kube-openapi's validators): type, enum, numeric
// bounds, string length, pattern and format, array and object sizes. What lies inside a
// value (properties, items) is structural_validation's walk.
#include <boost/json/value.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "model/schema.hpp"

namespace re2 {
class RE2;
}

namespace kompat {

// One constraint an object fails: where, the keyword, and what (with the value).
struct Violation {
    std::string path;          // inside the object: `.spec.size`; `.` for the object itself
    std::string keyword;       // maximum, pattern, enum, required, type, ...
    std::string text;          // "11 is above maximum 10"
    boost::json::value value;  // the value that fails (null for a missing field)
};

// What validation computes once per schema keyword and reuses for every value: `pattern`s
// compiled with RE2, the dialect of the API server (Go's regexp), an enum's values hashed,
// a default's size. And the cost of the work done that a step does not count (a pattern
// matched against a long string), which the validator takes and charges to its budget.
class CheckCache {
public:
    CheckCache();
    CheckCache(const CheckCache&) = delete;
    CheckCache& operator=(const CheckCache&) = delete;
    ~CheckCache();
    // The compiled pattern, or null when RE2 cannot compile it (the API server refuses
    // such a CRD; a general OpenAPI document may hold an ECMA pattern).
    const re2::RE2* find(std::string_view pattern);
    // Patterns that could not be compiled, so were not checked.
    [[nodiscard]] std::size_t uncompiled() const { return uncompiled_; }
    // Whether `value` is one of `allowed` (as same_value says), in time linear in the value.
    bool in_enum(const boost::json::array& allowed, const boost::json::value& value);
    // The values in `value` (itself, and each it holds), counted once per value.
    std::uint64_t values_in(const boost::json::value& value);
    // Adds steps of work done outside the walk: a match costs its text times its pattern.
    void charge(std::uint64_t steps) { cost_ += steps; }
    // The steps charged since the last call.
    std::uint64_t take_cost() { return std::exchange(cost_, 0); }

private:
    std::unordered_map<std::string, std::unique_ptr<re2::RE2>> compiled_;
    std::unordered_map<const boost::json::array*, std::unordered_set<std::string>> enums_;
    std::unordered_map<const boost::json::value*, std::uint64_t> sizes_;
    std::size_t uncompiled_ = 0;
    std::uint64_t cost_ = 0;
};

// A copy of `value` for a report, its cost bounded whatever the value's size: the value
// itself when small, else its text cut as value_text cuts it.
boost::json::value bounded_copy(const boost::json::value& value);

// A value as a report shows it: compact JSON, cut to about 60 characters.
std::string value_text(const boost::json::value& value);

// False, with a violation, when `value` is none of the schema's types (null counts only
// where the schema is nullable); nothing else is checked of a value of the wrong type.
bool check_type(const boost::json::value& value, const Schema& schema, const std::string& path, std::vector<Violation>& out);

// enum, the numeric bounds, string length, pattern and format, array and object sizes.
void check_keywords(const boost::json::value& value, const Schema& schema, const std::string& path, CheckCache& cache,
                    std::vector<Violation>& out);

// Equal as JSON values are equal to the API server: numbers by value (1 and 1.0 alike).
bool same_value(const boost::json::value& a, const boost::json::value& b);

// True when `text` is valid in `format`, or the format is one the API server does not
// check (docs/objects.md lists those it checks).
bool format_accepts(std::string_view format, std::string_view text);

}  // namespace kompat
