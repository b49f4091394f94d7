#pragma once
// A field's lifecycle (KEP-2558): from `x-kubernetes-api-lifecycle` when the spec
// publishes it, else inferred from the sentences Kubernetes and CRD projects write in
// descriptions ("This field is alpha-level …", "… the `JobBackoffLimitPerIndex` feature
// gate …"); docs/lifecycle-sentences.md lists every form.
#include <string_view>

#include "model/schema.hpp"

namespace kompat {

enum class LifecycleStatus { none, alpha, beta, deprecated };
std::string_view to_string(LifecycleStatus status);  // "", "alpha", "beta", "deprecated"

struct Lifecycle {
    LifecycleStatus status = LifecycleStatus::none;
    std::string_view feature_gate;
    std::string_view min_version;
    bool inferred = false;  // read from the description, not the extension
    // In a CRD, read from a core type's text the CRD copied (a Kubernetes gate named
    // bare): the stage is Kubernetes', often stale (the CRD keeps the text of the release it
    // copied), so the field has none (`status`), and its changes are not the CRD's to
    // announce. `copied_stage` keeps what the text said.
    bool copied = false;
    LifecycleStatus copied_stage = LifecycleStatus::none;
    // Said by OpenAPI's `deprecated: true` (on a property, parameter or operation), with the
    // date an `x-sunset` extension gives for its removal ("2025-06-30"), when it does.
    bool declared = false;
    std::string_view sunset;
    friend bool operator==(const Lifecycle&, const Lifecycle&) = default;
};

// Where a schema comes from: in a CRD, a description that names a Kubernetes feature gate
// bare is a core type's text the CRD copied (a pod template): Lifecycle::copied.
enum class LifecycleSource { kubernetes, crd };

Lifecycle lifecycle_of(const Schema& schema, LifecycleSource source = LifecycleSource::kubernetes);

// OpenAPI's `deprecated: true` and `x-sunset` as a lifecycle (none when not deprecated).
Lifecycle declared_lifecycle(bool deprecated, std::string_view sunset);

// The feature gate a description names ("enable the Frobber2D feature",
// "the `JobBackoffLimitPerIndex` feature gate", "the feature gate PDBUnhealthyPodEvictionPolicy"), or "".
std::string_view feature_gate_in(std::string_view description);

}  // namespace kompat
