#pragma once
// One object validated against one kind's schema as the Kubernetes API server handles a
// custom resource: defaults applied, unknown fields pruned, then validated (structural
// schemas; KEP-2876's CEL rules are counted, not evaluated).
#include <boost/json/object.hpp>

#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "model/snapshot.hpp"
#include "objects/value_checks.hpp"

namespace kompat {

// A field a default filled in, with the value it was given: the schema's own default,
// which the snapshot holds (a copy for every object would cost its size each time).
struct AppliedDefault {
    std::string path;
    const boost::json::value* value = nullptr;
};

struct ValidationOutcome {
    std::vector<Violation> violations;     // in the order of the walk
    std::vector<std::string> pruned;       // fields dropped: the topmost of each dropped subtree
    std::vector<AppliedDefault> defaults;  // every field a default filled in, nested ones too
    std::size_t cel_rules = 0;             // x-kubernetes-validations on values present: not evaluated
    bool status_ignored = false;           // the object's status was set aside (see ignores_status)
};

// True when the API server ignores the status an object is sent with: a CRD version with
// the status subresource, and Kubernetes' own kinds (their status has its own endpoint).
// Such an object is validated without its status, which a dump (`kubectl get -o yaml`)
// holds but a create or update does not write.
bool ignores_status(const Kind& kind);

// The schema checks left (a value against a schema, each anyOf/oneOf branch tried anew):
// unions nested in unions cost the product of their branches, so a run has a budget. And
// how deep checks may nest: a type whose allOf/anyOf/oneOf refers back to itself nests at
// one value without end.
// Its steps also pay for work a step stands for: copying a default (its size), matching a
// pattern (its text times its program). And the violations one object may have, in number
// and in bytes, since each costs memory before any report is written (--max-findings,
// --max-report-bytes).
struct StepBudget {
    std::uint64_t left = 0;
    std::uint32_t max_depth = 0;
    std::uint64_t max_violations = UINT64_MAX;
    std::uint64_t max_violation_bytes = UINT64_MAX;
};

// Thrown when a validation would pass the budget: its steps, (`too_deep`) its depth, or
// (`too_many_findings`) the violations one object may have.
struct StepBudgetExceeded : std::exception {
    bool too_deep = false;
    bool too_many_findings = false;
    [[nodiscard]] const char* what() const noexcept override { return "validation budget exceeded"; }
};

// Validates `object` as an instance of `kind` of `snapshot`. `cache` keeps what is computed
// once per schema across objects. Throws StepBudgetExceeded.
ValidationOutcome validate_object(const Snapshot& snapshot, const Kind& kind, const boost::json::object& object, CheckCache& cache,
                                  StepBudget& budget);

}  // namespace kompat
