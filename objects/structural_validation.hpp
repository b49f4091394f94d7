#pragma once
// One object validated against one kind's schema as the Kubernetes API server handles a
// custom resource: defaults applied, unknown fields pruned, then validated (structural
// schemas; KEP-2876's CEL rules are counted, not evaluated).
#include <boost/json/object.hpp>

#include <string>
#include <vector>

#include "model/snapshot.hpp"
#include "objects/value_checks.hpp"

namespace kompat {

// A field a default filled in, with the value it was given.
struct AppliedDefault {
    std::string path;
    boost::json::value value;
};

struct ValidationOutcome {
    std::vector<Violation> violations;     // in the order of the walk
    std::vector<std::string> pruned;       // fields dropped: the topmost of each dropped subtree
    std::vector<AppliedDefault> defaults;  // every field a default filled in, nested ones too
    std::size_t cel_rules = 0;             // x-kubernetes-validations on values present: not evaluated
};

// Validates `object` as an instance of `kind` of `snapshot`. `patterns` caches compiled
// patterns across objects.
ValidationOutcome validate_object(const Snapshot& snapshot, const Kind& kind, const boost::json::object& object, PatternCache& patterns);

}  // namespace kompat
