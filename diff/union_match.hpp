#pragma once
// Unions (`oneOf`/`anyOf` with nothing of their own) seen as the alternatives a value may
// take, and the pairing of old alternatives with new ones: by `$ref` target first, then
// by type and shape. Internal to diff/.
#include "diff/diff_context.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kompat {

// The schema a `$ref` chain ends at (the schema itself when it refers nowhere); null when
// a target is missing or the chain is longer than any real spec's.
const Schema* resolved_schema(const Schema& schema, const TypeIndex& types);

// A schema's type, or, when it writes none, the type its first typed `allOf` member gives.
const TypeList& merged_type(const Schema& schema, const TypeIndex& types);

// True for a schema that is only a choice among its `oneOf` or `anyOf` branches: no type
// of its own beyond them, no properties, items, map values, enum or `allOf`. An
// x-kubernetes-int-or-string field is not one: Kubernetes judges it as one type.
bool is_union(const Schema& schema);

// True for a union, or a schema that only refers to a named union.
bool offers_union(const Schema& schema, const TypeIndex& types);

// integer → number, or a 3.1 type list that gained types: widened; the reverse:
// narrowed; anything else: changed.
ChangeKind type_change_kind(const TypeList& before, const TypeList& after);

struct Alternatives {
    std::vector<const Schema*> branches;  // the branches that are not null, as written
    std::vector<std::size_t> written_at;  // each branch's index in its keyword's list
    std::string_view keyword;             // "oneOf" or "anyOf"; "" when the value is no union
    bool null_branch = false;             // a branch `{type: "null"}` (or enum [null]): the value may be null
};

// What a value may be: a union's branches (a `$ref` to a named union counts as the union),
// or the schema itself.
Alternatives alternatives_of(const Schema& schema, const TypeIndex& types);

// Old and new alternatives paired, each used at most once; pairs that match better first.
struct BranchMatch {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;  // (old index, new index), by old index
    std::vector<std::size_t> only_old;
    std::vector<std::size_t> only_new;
};
BranchMatch match_branches(const Alternatives& before, const TypeIndex& old_types, const Alternatives& after, const TypeIndex& new_types);

// Whether `open` admits every value `branch` admits: it constrains nothing beyond a type
// that holds the branch's (an open object, `{}`). Then a value of the branch matches both,
// which `oneOf` refuses.
bool admits_every_value_of(const Schema& open, const TypeIndex& open_types, const Schema& branch, const TypeIndex& branch_types);

// Whether some value matches both branches, as far as the schemas can tell, in either
// order: one admits every value of the other, or one is an object that admits any object
// (optional fields only, others allowed) and the other is an object.
bool branches_overlap(const Schema& a, const TypeIndex& a_types, const Schema& b, const TypeIndex& b_types);

// A short text of one alternative: `string`, `terminal.location`, `string enum [""]`.
std::string branch_text(const Schema& branch);

// A short text of a value's alternatives, as a reader knows them: `string`,
// `terminal.location`, `string enum [""]`, joined by ` | `.
std::string alternatives_text(const Alternatives& alternatives, bool nullable);

}  // namespace kompat
