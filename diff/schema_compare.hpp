#pragma once
// Comparing two schemas at one place: their structure (type, properties, items, maps,
// allOf/oneOf/anyOf) walked field by field, and `$ref`s recorded as edges of the unit graph.
// The class is the recursion only, its parts calling compare() again below them, a concept
// a file: schema_compare.cpp (structure), field_compare.cpp (fields), all_of_compare.cpp
// (an object and its allOf members), union_compare.cpp (oneOf/anyOf). What needs no
// comparison below it takes a SchemaSite and is a free function: each place's own
// keywords (keyword_compare, value_compare, kubernetes_compare, validation_rules_compare),
// fields removed, added or renamed (field_changes). Internal to diff/.
#include "diff/compare_place.hpp"
#include "diff/diff_context.hpp"
#include "diff/unit_graph.hpp"
#include "support/input_error.hpp"

#include <boost/json/array.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace kompat {

// Read-only while it compares: each comparison writes only to its own unit and reads units
// that exist already, so several threads may compare at once.
class SchemaComparer {
public:
    SchemaComparer(const DiffContext& context, const UnitGraph& graph) : context_(context), graph_(graph) {}

    // Throws InputError when the schemas nest past max_compare_depth.
    void compare(const Schema& o, const Schema& n, const ComparePlace& at) const;

private:
    // compare() once the place is known to be no comparison still open further up.
    void compare_resolving(const Schema& o, const Schema& n, const ComparePlace& at) const;
    [[nodiscard]] InputError too_deep(const Schema& n, const ComparePlace& at) const;
    void compare_structure(const Schema& o, const Schema& n, const ComparePlace& at) const;
    void compare_properties(const Schema& o, const Schema& n, const ComparePlace& at) const;
    // One field on both sides, at `path` + its name.
    void compare_field(const Property& before, const Property& after, bool was_required, bool is_required, const ComparePlace& at) const;
    // The fields of an object with `allOf` members: its own and its members' taken as one
    // object, members paired by `$ref` target, fields moved between them not removed.
    void compare_merged_fields(const Schema& o, const Schema& n, const ComparePlace& at) const;
    void compare_additional_properties(const Schema& o, const Schema& n, const ComparePlace& at) const;
    void compare_subschemas(const Schema& o, const Schema& n, const ComparePlace& at) const;
    void compare_branches(const std::vector<Schema>& before, const std::vector<Schema>& after, std::string_view keyword, const Schema& o,
                          const Schema& n, const ComparePlace& at) const;
    // Either side a union (`oneOf`/`anyOf`): its branches paired with the other side's
    // alternatives and compared; what is left over widens or narrows the value.
    void compare_unions(const Schema& o, const Schema& n, const ComparePlace& at) const;
    void compare_map_type_beside_refs(const Schema& o, const Schema& n, const ComparePlace& at) const;
    // Two paired alternatives, whose annotations were compared with their union's.
    void compare_matched(const Schema& o, const Schema& n, const ComparePlace& at) const;
    // The inline `allOf` members' own constraints (their fields are the object's).
    void compare_member_constraints(const Schema& o, const Schema& n, const ComparePlace& at) const;
    // A reference from `unit` at `path` to the pair of named types old_name → new_name:
    // an edge to its unit, or, when the pair has none yet, a later edge.
    void refer(std::string_view old_name, std::string_view new_name, const ComparePlace& at) const;

    const DiffContext& context_;
    const UnitGraph& graph_;
};

}  // namespace kompat
