#pragma once
// What one release holds that its history follows (`kompat history`): its kind versions,
// operations and fields, each with what it says of its own lifecycle. Owned strings: the
// facts outlive the snapshot they were read from, so history holds two snapshots at most.
#include <map>
#include <string>
#include <vector>

#include "model/lifecycle.hpp"
#include "model/snapshot.hpp"

namespace kompat {

// A prerelease stage as history follows it: a field's stage is what its description or
// x-kubernetes-api-lifecycle says (alpha, beta), else GA.
enum class FieldStage { alpha, beta, ga };
std::string_view to_string(FieldStage stage);  // "alpha", "beta", "ga"

struct KindFact {
    std::string kind;  // "batch/v1 CronJob"
    bool served = true;
    bool deprecated = false;  // CRD `deprecated: true`, or its type's description or lifecycle says so
    friend auto operator<=>(const KindFact&, const KindFact&) = default;
};

struct OperationFact {
    std::string operation;  // "GET /api/v1/pods"
    std::string kind;       // the kind it serves, when the spec says ("v1 Pod")
    bool deprecated = false;
};

struct FieldFact {
    std::string type;  // the named type, or for a CRD the kind version ("example.com/v1 Widget")
    std::string path;  // `.spec.replicas`, `.items[*].name`, as findings write paths
    FieldStage stage = FieldStage::ga;
    bool deprecated = false;
};

struct ReleaseFacts {
    std::vector<KindFact> kinds;            // sorted; List kinds and meta kinds (DeleteOptions, …) left out
    std::vector<OperationFact> operations;  // sorted by operation
    std::vector<FieldFact> fields;          // sorted by type, then path; once each
    std::vector<std::string> kind_types;    // the types that are a kind's own schema, sorted
    // The kinds that reach each type holding fields (a type no kind reaches: none), sorted.
    std::map<std::string, std::vector<std::string>, std::less<>> kinds_of_type;
};

ReleaseFacts facts_of(const Snapshot& snapshot);

// The type a field of `kind` stands in, as FieldFact::type names it.
std::string field_type_of(const Kind& kind);

}  // namespace kompat
