#pragma once
// Operations: added and removed, and each pair's identity (operationId, tags, deprecation,
// stability level), parameters, request body, responses and security. Internal to diff/.
#include "diff/surface_diff.hpp"

namespace kompat {

// Operations added and removed; each pair's parameters, request body and responses.
void diff_operations(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan);

}  // namespace kompat
