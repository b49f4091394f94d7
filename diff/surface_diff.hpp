#pragma once
// The API surface: kinds and versions (and a CRD's scope, served versions and storage
// version), named types, operations with their parameters and responses. Each pair found
// on both sides becomes a unit whose schemas are compared later, as a job. Internal to
// diff/.
#include "diff/diff_context.hpp"
#include "diff/schema_compare.hpp"
#include "diff/unit_graph.hpp"

#include <boost/container_hash/hash.hpp>

#include <functional>
#include <unordered_set>
#include <utility>
#include <vector>

namespace kompat {

// What one compare thread keeps for itself. Operations share parameters (the loader
// keeps one Parameter per definition), so one pair of parameters comes up in hundreds of
// operations; what a pair adds to an operation depends on the pair alone, and a pair
// that added nothing is not compared again by the thread that compared it.
using ParameterPair = std::pair<const Parameter*, const Parameter*>;
struct Worker {
    std::unordered_set<ParameterPair, boost::hash<ParameterPair>> clean_parameters;
};

// How a change to a whole kind (added, removed, its CRD's scope or storage, a cluster's
// drift from it) is reached: from the kind itself.
Reach whole_kind_reach(const Kind& kind);

// What the surface diff hands on: the comparisons to run, the roots reaches start from,
// and the changes of the surface itself (which need no propagation).
struct DiffPlan {
    std::vector<std::function<void(Worker&)>> jobs;
    std::vector<Root> roots;
    std::vector<Change> surface;
    std::vector<std::string> notes;  // what the report should say it left out, and why
};

// Named types of one side alone are surface changes; each pair in both is a unit. Fail
// closed: pairs nothing reaches are compared too.
void diff_definitions(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan);
// Kinds and versions added and removed, CRD versions served and unserved, scope and storage version.
void diff_kinds(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan);

}  // namespace kompat
