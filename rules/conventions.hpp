#pragma once
// Kubernetes API conventions checked on the schema side (CRDs and Kubernetes-style
// OpenAPI, whatever produced them): the `convention-*` rules of the rule table, each at the
// field's place. `kompat lint` reports them all; `check --lint` only those a change adds.
// docs/conventions.md maps them to kube-api-linter's linters.
#include <vector>

#include "model/snapshot.hpp"
#include "rules/finding.hpp"

namespace kompat {

// Every convention violation of the snapshot's kinds (and the named types they use, each
// once, at the place inside the type). Warnings; info inside alpha versions and alpha
// fields. A snapshot with no kinds (a general OpenAPI API) has none.
std::vector<Finding> convention_findings(const Snapshot& snapshot);

// The violations of `after` that `before` does not have at the same place: a violation at
// a place where the old snapshot had the same one is not new.
std::vector<Finding> new_convention_findings(const Snapshot& before, const Snapshot& after);

// True for the rules of this file: reports show them apart from compatibility findings.

}  // namespace kompat
