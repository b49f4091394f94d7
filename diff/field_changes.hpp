#pragma once
// The changes to an object's list of fields that need no comparison below them: a field
// removed, a field added, a removed and an added field that may be one renamed. `object`
// is the pair of objects whose fields they are. Internal to diff/.
#include "diff/diff_context.hpp"

#include <vector>

namespace kompat {

// Roles that ignore a field: clients do not send a readOnly field, servers do not return
// a writeOnly one (OpenAPI 3), so what changes in it does not concern them.
unsigned roles_ignoring(const Schema& field);

// Placed, in the new file, at the parent object: a reader (a CI annotation) looks there.
void field_removed(const SchemaSite& object, const Property& property);
void field_added(const SchemaSite& object, const Property& property, bool required);
// A removed and an added field with the same schema in one object: perhaps a rename.
void possible_renames(const SchemaSite& object, std::vector<const Property*> removed, std::vector<const Property*> added);

}  // namespace kompat
