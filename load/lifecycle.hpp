#pragma once
// A field's lifecycle (KEP-2558): from `x-kubernetes-api-lifecycle` when the spec
// publishes it, else inferred from the sentences Kubernetes writes in descriptions
// ("This field is alpha-level …", "… the `JobBackoffLimitPerIndex` feature gate …").
#include <string_view>

#include "load/schema.hpp"

namespace kompat {

enum class LifecycleStatus { none, alpha, beta, deprecated };
std::string_view to_string(LifecycleStatus status);  // "", "alpha", "beta", "deprecated"

struct Lifecycle {
    LifecycleStatus status = LifecycleStatus::none;
    std::string_view feature_gate;
    std::string_view min_version;
    bool inferred = false;  // read from the description, not the extension
    friend bool operator==(const Lifecycle&, const Lifecycle&) = default;
};

Lifecycle lifecycle_of(const Schema& schema);

// The feature gate a description names ("enable the Frobber2D feature",
// "the `JobBackoffLimitPerIndex` feature gate"), or "".
std::string_view feature_gate_in(std::string_view description);

}  // namespace kompat
