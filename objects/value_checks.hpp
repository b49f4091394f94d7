#pragma once
// The checks of one value against one schema's own keywords, as the Kubernetes API server
// makes them for structural schemas (kube-openapi's validators): type, enum, numeric
// bounds, string length, pattern and format, array and object sizes. What lies inside a
// value (properties, items) is structural_validation's walk.
#include <boost/json/value.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/schema.hpp"

namespace re2 {
class RE2;
}

namespace kompat {

// One constraint an object fails: where, the keyword, and what (with the value).
struct Violation {
    std::string path;     // inside the object: `.spec.size`; `.` for the object itself
    std::string keyword;  // maximum, pattern, enum, required, type, ...
    std::string text;     // "11 is above maximum 10"
    boost::json::value value;  // the value that fails (null for a missing field)
};

// `pattern`s compiled once each with RE2, the dialect of the API server (Go's regexp).
class PatternCache {
public:
    PatternCache();
    PatternCache(const PatternCache&) = delete;
    PatternCache& operator=(const PatternCache&) = delete;
    ~PatternCache();
    // The compiled pattern, or null when RE2 cannot compile it (the API server refuses
    // such a CRD; a general OpenAPI document may hold an ECMA pattern).
    const re2::RE2* find(std::string_view pattern);
    // Patterns that could not be compiled, so were not checked.
    [[nodiscard]] std::size_t uncompiled() const { return uncompiled_; }

private:
    std::unordered_map<std::string, std::unique_ptr<re2::RE2>> compiled_;
    std::size_t uncompiled_ = 0;
};

// A value as a report shows it: compact JSON, cut to about 60 characters.
std::string value_text(const boost::json::value& value);

// False, with a violation, when `value` is none of the schema's types (null counts only
// where the schema is nullable); nothing else is checked of a value of the wrong type.
bool check_type(const boost::json::value& value, const Schema& schema, const std::string& path, std::vector<Violation>& out);

// enum, the numeric bounds, string length, pattern and format, array and object sizes.
void check_keywords(const boost::json::value& value, const Schema& schema, const std::string& path, PatternCache& patterns,
                    std::vector<Violation>& out);

// Equal as JSON values are equal to the API server: numbers by value (1 and 1.0 alike).
bool same_value(const boost::json::value& a, const boost::json::value& b);

// True when `text` is valid in `format`, or the format is one the API server does not
// check (docs/objects.md lists those it checks).
bool format_accepts(std::string_view format, std::string_view text);

}  // namespace kompat
