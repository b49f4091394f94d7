#pragma once
// `kompat explain`: one kind or field in the layout of `kubectl explain` (KEP-3515),
// with what OpenAPI v3 adds, or as its raw v3 schema. Pure functions of the Snapshot.
#include <cstddef>
#include <string>

#include "report/explain_target.hpp"

namespace kompat {

struct ExplainOptions {
    bool recursive = false;  // the whole field tree, without descriptions
    // A recursive explain of a type graph that fans out can be far larger than the
    // spec; past this many lines it is an error rather than a flood.
    std::size_t max_lines = 100'000;
};

// Throws LookupError when the output would pass `options.max_lines`.
std::string explain_text(const Snapshot& snapshot, const ExplainTarget& target, const ExplainOptions& options);

// The selected schema as OpenAPI v3 JSON: the `$ref` of the field (and of its array items
// and map values) replaced by the named type it refers to; deeper `$ref`s kept, in the
// form `#/components/schemas/NAME`, and every type they reach included under the
// output's own `components.schemas`, so it resolves its references itself. Keys sorted,
// so the output does not depend on how the input was written (JSON or YAML, key order,
// Swagger 2.0 or OpenAPI 3).
std::string explain_openapi_v3(const Snapshot& snapshot, const ExplainTarget& target);

}  // namespace kompat
