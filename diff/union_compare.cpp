// Unions compared alternative by alternative, so that wrapping a type in `anyOf` (Stripe's
// `$ref X` → `anyOf [X, deleted_X]`, `string` → `anyOf [string, enum [""]]`) reads as the
// value widened, not as the old type and each of its fields gone.
#include "diff/path_scope.hpp"
#include "diff/schema_compare.hpp"
#include "diff/union_match.hpp"
#include "diff/value_compare.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace kompat {
namespace json = boost::json;

namespace {

std::string texts(const Alternatives& alternatives, const std::vector<std::size_t>& which) {
    std::string out;
    for (const auto index : which) out += (out.empty() ? "" : " | ") + branch_text(*alternatives.branches[index]);
    return out;
}

// Which branches of a oneOf overlap another of its branches.
std::vector<bool> overlapping_branches(const Alternatives& union_of, const TypeIndex& types) {
    std::vector<bool> overlapped(union_of.branches.size(), false);
    if (union_of.keyword != "oneOf") return overlapped;
    for (std::size_t i = 0; i < union_of.branches.size(); ++i)
        for (std::size_t k = i + 1; k < union_of.branches.size(); ++k)
            if (branches_overlap(*union_of.branches[i], types, *union_of.branches[k], types)) overlapped[i] = overlapped[k] = true;
    return overlapped;
}

// The two sides of a union comparison, as both reports of it need them.
struct UnionSides {
    const Schema& o;
    const Schema& n;
    const Alternatives& before;
    const Alternatives& after;
    bool was_nullable;
    bool is_nullable;
};

// Two oneOf branches that share values, whichever came first and in either direction,
// refuse those values. An old oneOf branch that overlapped another already had its values
// refused (or the spec relies on a discriminator): a new overlap with it refuses nothing
// new. The new branches that overlap are not also reported as added.
void report_overlaps(const DiffContext& context, const UnionSides& sides, BranchMatch& match, Unit& unit, const std::string& path) {
    const auto& branches = sides.after.branches;
    const auto overlapped_before = overlapping_branches(sides.before, context.old_types);
    // Each new branch's old partner, when it has one.
    std::vector<std::optional<std::size_t>> partner(branches.size());
    for (const auto& [i, j] : match.pairs) partner[j] = i;
    const auto overlapped_already = [&](std::size_t j) { return partner[j] && overlapped_before[*partner[j]]; };
    std::vector<bool> overlapping(branches.size(), false);
    for (std::size_t j = 0; j < branches.size(); ++j) {
        for (std::size_t k = j + 1; k < branches.size(); ++k) {
            if (overlapped_already(j) || overlapped_already(k)) continue;
            if (!branches_overlap(*branches[j], context.new_types, *branches[k], context.new_types)) continue;
            // The message names the branch that was there and the one that now shares its values.
            const bool k_is_newer = !partner[k] || partner[j];
            const auto& kept = *branches[k_is_newer ? j : k];
            const auto& added = *branches[k_is_newer ? k : j];
            context.emit(unit, ChangeKind::one_of_branches_overlap, path, sides.o, sides.n, json::value(branch_text(kept)),
                         json::value(branch_text(added)));
            overlapping[j] = overlapping[k] = true;
        }
    }
    std::erase_if(match.only_new, [&](std::size_t j) { return overlapping[j]; });
}

// What is left unpaired: a value that became or stopped being a union widens or narrows;
// a union that stays one gains or loses branches.
void report_unpaired(const DiffContext& context, const UnionSides& sides, const BranchMatch& match, Unit& unit, const std::string& path) {
    const auto& [o, n, before, after, was_nullable, is_nullable] = sides;
    if (before.keyword.empty() || after.keyword.empty()) {
        if (!match.only_new.empty())
            context.emit(unit, ChangeKind::type_widened, path, o, n, json::value(alternatives_text(before, was_nullable)),
                         json::value(alternatives_text(after, is_nullable)), texts(after, match.only_new));
        if (!match.only_old.empty())
            context.emit(unit, ChangeKind::type_narrowed, path, o, n, json::value(alternatives_text(before, was_nullable)),
                         json::value(alternatives_text(after, is_nullable)), texts(before, match.only_old));
        return;
    }
    if (before.keyword != after.keyword)
        context.emit(unit, ChangeKind::unclassified_change, path, o, n, json::value(before.keyword), json::value(after.keyword),
                     "composition");
    for (const auto j : match.only_new) {
        const auto& added = *after.branches[j];
        context.emit(unit, ChangeKind::union_branch_added, path, o, added, nullptr, json::value(branch_text(added)),
                     std::string(after.keyword));
    }
    for (const auto i : match.only_old) {
        const auto& removed = *before.branches[i];
        context.emit(unit, ChangeKind::union_branch_removed, path, removed, n, json::value(branch_text(removed)), nullptr,
                     std::string(before.keyword));
    }
}

}  // namespace

void SchemaComparer::compare_unions(const Schema& o, const Schema& n, const ComparePlace& at) const {
    const auto before = alternatives_of(o, context_.old_types);
    const auto after = alternatives_of(n, context_.new_types);
    // `anyOf [X, {type: null}]` says what `nullable: true` says.
    const UnionSides sides{o, n, before, after, o.nullable || before.null_branch, n.nullable || after.null_branch};
    compare_keywords({context_, o, n, at.unit, at.path}, std::pair{sides.was_nullable, sides.is_nullable});
    auto match = match_branches(before, context_.old_types, after, context_.new_types);
    if (match.pairs.empty()) {
        // Nothing in common: one change of the whole value, not one per field.
        context_.emit(at.unit, ChangeKind::type_changed, at.path, o, n, json::value(alternatives_text(before, sides.was_nullable)),
                      json::value(alternatives_text(after, sides.is_nullable)));
        return;
    }
    if (after.keyword == "oneOf") report_overlaps(context_, sides, match, at.unit, at.path);
    const bool both_unions = !before.keyword.empty() && !after.keyword.empty();
    for (const auto& [i, j] : match.pairs) {
        // A value that became or stopped being a union keeps its place; a branch of a union
        // that stays one is placed at its branch.
        const auto part = both_unions ? "/" + std::string(after.keyword) + "[" + std::to_string(after.written_at[j]) + "]" : "";
        const PathScope branch(at.path, part);
        compare_matched(*before.branches[i], *after.branches[j], at.deeper());
    }
    report_unpaired(context_, sides, match, at.unit, at.path);
}

void SchemaComparer::compare_matched(const Schema& o, const Schema& n, const ComparePlace& at) const {
    if (!o.ref.empty() && !n.ref.empty()) {
        refer(o.ref, n.ref, at);
        return;
    }
    // A reference against an inline schema: compare() resolves it, with the target's annotations.
    if (!o.ref.empty() || !n.ref.empty()) {
        compare(o, n, at);
        return;
    }
    compare_structure(o, n, at);
}

}  // namespace kompat
