#pragma once
// Where a schema comparison stands, as every part of the differ that walks schemas passes
// it down. Internal to diff/.
#include "diff/unit_graph.hpp"

#include <string>
#include <string_view>

namespace kompat {

// A pair of schemas being compared further up, one of them a `$ref`: the chain a place
// walks to tell a reference that leads back to a comparison still open (a union that holds
// itself: `U: oneOf [$ref U, string]` against an inline `string`), which that comparison
// covers, from a real level below it.
struct OpenComparison {
    const Schema* old_schema;
    const Schema* new_schema;
    const OpenComparison* outer;
};

// Levels one comparison may descend (fields, items, maps, branches, references resolved
// against an inline schema). Real specs stay under 40; the loader's nesting limit keeps a
// document's own levels far below this; past it the differ stops with an input error that
// names the place, never silently.
constexpr int max_compare_depth = 10'000;

// Where a comparison stands: the unit it writes its changes to, the path inside that
// unit (extended for children and given back as it came), and what the place inherits
// from above it: inside an alpha field, how deep, the roles that ignore it (readOnly,
// writeOnly, or a request or response only), and the comparisons of references still open.
struct ComparePlace {
    Unit& unit;
    std::string& path;
    bool alpha = false;
    int depth = 0;
    unsigned roles = 0;
    const OpenComparison* open = nullptr;
    // Words that describe this place from outside its schema (a parameter's description),
    // read where the schema has none of its own; a child has its own.
    std::string_view documented{};

    // A child's place (its path part is added by a PathScope); alpha when the child is.
    [[nodiscard]] ComparePlace deeper(bool child_alpha = false) const { return {unit, path, alpha || child_alpha, depth + 1, roles, open}; }
};

}  // namespace kompat
