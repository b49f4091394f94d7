#pragma once
// What a schema says of its value alone, each keyword family in turn: type, format, enum,
// bounds, CEL validation rules, Kubernetes extensions; and branches of a composition whose
// count changed. Internal to diff/.
#include <boost/json/array.hpp>

#include <string_view>

#include "diff/diff_context.hpp"

namespace kompat {

// `type_comparable`: the types are compared here (not by a union's branches).
void compare_value_keywords(const SchemaSite& at, bool type_comparable);
// Branches of `keyword` whose count changed: one change, with the edit dtl finds.
void branches_edited(const SchemaSite& at, boost::json::array old_json, boost::json::array new_json, std::string_view keyword);

}  // namespace kompat
