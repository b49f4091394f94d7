#pragma once
// Comparing two schemas at one place: their structure (type, properties, items, maps,
// allOf/oneOf/anyOf) walked field by field, each place's keywords handed to
// value_compare and kubernetes_compare, and `$ref`s recorded as edges of the unit graph.
// One class, its parts calling compare() again below them, implemented a concept a file:
// schema_compare.cpp (structure), field_compare.cpp (fields), all_of_compare.cpp (an
// object and its allOf members), union_compare.cpp (oneOf/anyOf). Internal to diff/.
#include "diff/diff_context.hpp"
#include "diff/unit_graph.hpp"
#include "support/input_error.hpp"

#include <boost/json/array.hpp>

#include <string>
#include <string_view>
#include <vector>

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

    // A child's place (its path part is added by a PathScope); alpha when the child is.
    [[nodiscard]] ComparePlace deeper(bool child_alpha = false) const { return {unit, path, alpha || child_alpha, depth + 1, roles, open}; }
};

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
    void field_removed(const Property& property, const Schema& new_parent, Unit& unit, const std::string& path) const;
    void field_added(const Property& property, bool required, Unit& unit, const std::string& path) const;
    void possible_renames(std::vector<const Property*> removed, std::vector<const Property*> added, Unit& unit,
                          const std::string& path) const;
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
    // Two paired alternatives, whose annotations were compared with their union's.
    void compare_matched(const Schema& o, const Schema& n, const ComparePlace& at) const;
    // Branches of `keyword` whose count changed: one change, with the edit dtl finds.
    void branches_edited(boost::json::array old_json, boost::json::array new_json, std::string_view keyword, Unit& unit,
                         const std::string& path, const Schema& o, const Schema& n) const;
    // What a schema says of its value alone: type, format, enum, bounds, validation rules.
    void compare_value_keywords(const Schema& o, const Schema& n, Unit& unit, const std::string& path, bool type_comparable) const;
    // The inline `allOf` members' own constraints (their fields are the object's).
    void compare_member_constraints(const Schema& o, const Schema& n, const ComparePlace& at) const;
    // A reference from `unit` at `path` to the pair of named types old_name → new_name:
    // an edge to its unit, or, when the pair has none yet, a later edge.
    void refer(std::string_view old_name, std::string_view new_name, const ComparePlace& at) const;

    const DiffContext& context_;
    const UnitGraph& graph_;
};

}  // namespace kompat
