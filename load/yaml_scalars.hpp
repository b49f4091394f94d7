#pragma once
// What a YAML scalar's text means, under the two rule sets kompat reads YAML by.
// Documented in docs/yaml.md.
#include <boost/json/value.hpp>

#include <string_view>

namespace kompat {

enum class ScalarRules {
    // How Kubernetes reads a manifest (sigs.k8s.io/yaml, go-yaml v2's YAML 1.1 rules):
    // y, yes, on and their cases are true; 010 is octal; 1_000 is 1000.
    kubernetes,
    // YAML 1.2's core schema, as OpenAPI tools read it: only true/false are booleans,
    // 010 is ten, and y, yes, on stay strings.
    core,
};

enum class ScalarKind { string, null, boolean, number, not_finite };

struct ResolvedScalar {
    ScalarKind kind = ScalarKind::string;
    boost::json::value value;  // null, bool, int64, uint64 or double; null for string
};

// A plain (unquoted, untagged) scalar.
ResolvedScalar resolve_plain(std::string_view text, ScalarRules rules);

// True when the two rule sets read this plain scalar differently.
bool rules_disagree(std::string_view text);

}  // namespace kompat
