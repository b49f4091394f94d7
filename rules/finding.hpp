#pragma once
// What a change means: a rule, a severity, where, and whom it affects.
#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <vector>

#include "diff/change.hpp"
#include "rules/rule_table.hpp"
#include "rules/severity.hpp"

namespace kompat {

// A field's lifecycle as a finding keeps it: owned, so a finding outlives its snapshots.
struct FindingLifecycle {
    LifecycleStatus status = LifecycleStatus::none;
    std::string feature_gate;
    std::string min_version;
    bool inferred = false;
};

// One kind (or, for a type no kind reaches, one operation) that reaches a finding, and
// the path from its root to it.
struct AffectedPlace {
    std::string from;
    std::string path;
    friend auto operator<=>(const AffectedPlace&, const AffectedPlace&) = default;
};

struct Finding {
    RuleRef rule;
    // An unreleased-change finding (check --release): the rule it restates, no release having the change.
    std::optional<RuleRef> restates;
    Severity severity = Severity::error;
    std::string message;
    std::string detail;  // what exactly (the enum value, the parameter, the version); also at the end of `message`
    std::string aside;   // what the inputs tell of its consequence (Change::aside); also at the end of `message`
    // Where the change stands. In a kind's own schema: that kind, and the path from its root.
    // In a named type that others use (PodSpec): no kind, and the path inside `type`; the
    // kinds reaching it are `affects`. In an operation: the operation, and the path inside it.
    std::optional<std::string> kind;       // "apps/v1 Deployment"
    std::string type;                      // the named type (or CRD kind) where it stands
    std::string path;                      // "." for the object itself
    std::optional<std::string> operation;  // "GET /api/v1/pods"
    std::string operation_kind;            // the kind an added or removed operation serves, when the spec says
    boost::json::value old_value;
    boost::json::value new_value;
    std::optional<Stability> stability;  // of the most stable kind it affects
    // Whose use of the value decided the severity: "spec" (users write, controllers read),
    // "status" (the server writes, clients read), "request" or "response"; "" when no role does.
    std::string role;
    FindingLifecycle lifecycle;
    std::vector<std::string> affects;            // every kind (or, for operation-only types, operation) it reaches
    std::vector<AffectedPlace> affected_places;  // each of `affects` with its path to the change, sorted
    bool reachable = true;                       // false: in a named type no kind and no operation reaches (a warning at most)
    std::vector<std::string> releases;           // with `check --release`: the releases it breaks
    std::string fingerprint;
    SourcePosition old_location;
    SourcePosition new_location;
};

struct Summary {
    std::size_t error = 0;
    std::size_t warning = 0;
    std::size_t info = 0;
};

// What a finding is about, as one line: the kind (or operation, or named type) and path.
std::string place_of(const Finding& finding);
// Every place a finding can be named by: its own first, then its type's, then the place
// through each kind it affects (`v1 Pod .spec.hostAliases[*].ip` for a PodSpec change).
std::vector<std::string> places_of(const Finding& finding);

// Orders findings as every report shows them: severity (errors first), kind, path, rule.
void sort_findings(std::vector<Finding>& findings);
Summary summarize(const std::vector<Finding>& findings);

// The digits of a fingerprint: 64 bits in hex.
inline constexpr std::size_t fingerprint_digits = 16;

// A stable hash (the first 64 bits of SHA-1, in hex) of the rule, the place where the
// change stands (type and path inside it, or operation) and the old and new values: the
// same across runs, machines and unrelated edits (which kinds reach a type does not enter it).
std::string fingerprint_of(std::string_view rule, std::string_view place, const boost::json::value& old_value,
                           const boost::json::value& new_value);

// The same, of values written as canonical JSON already.
std::string fingerprint_of_canonical(std::string_view rule, std::string_view place, std::string_view old_text, std::string_view new_text);

// Canonical JSON text (object keys sorted), for hashing and comparing.
std::string canonical_json(const boost::json::value& value);

}  // namespace kompat
