#pragma once
// Comparing what one schema says of its values: description, default, nullable, format,
// enum, bounds and pattern, and keywords no change kind names. Internal to diff/.
#include "diff/diff_context.hpp"
#include "support/whitespace.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kompat {

// Description, default, nullable, and the extensions and keywords kept as JSON.
// `nullable` (before, after) stands for the schemas' own where a union says more.
void compare_keywords(const SchemaSite& at, std::optional<std::pair<bool, bool>> nullable = std::nullopt);
void compare_enum(const SchemaSite& at);
void compare_bounds(const SchemaSite& at);
// x-extensible-enum: a value removed as from an enum; one added is news to readers that
// handle unknown values anyway.
void compare_extensible_enum(const SchemaSite& at);
// A field become readOnly (clients may no longer send it) or writeOnly (readers no longer
// get it), or no longer either. Called after the field's roles are marked: it concerns
// exactly the role the flag takes the field away from.
void compare_access(const SchemaSite& at);
// Whether a keyword kompat keeps as written (readOnly, writeOnly) is `true`.
bool keyword_is_true(const Schema& schema, std::string_view keyword);
// A text keyword (format, map type, patch strategy): absent is null in the change.
void compare_text(const SchemaSite& at, std::string_view before, std::string_view after, ChangeKind kind);
void compare_flag(const SchemaSite& at, bool before, bool after, ChangeKind on, ChangeKind off);

// The values dtl finds only on one side (removed, added); a value that merely moved is on both.
std::pair<std::vector<std::string>, std::vector<std::string>> edits(const std::vector<std::string>& before,
                                                                    const std::vector<std::string>& after);

}  // namespace kompat
