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

}  // namespace

void SchemaComparer::compare_unions(const Schema& o, const Schema& n, const ComparePlace& at) const {
    const auto before = alternatives_of(o, context_.old_types);
    const auto after = alternatives_of(n, context_.new_types);
    // `anyOf [X, {type: null}]` says what `nullable: true` says.
    const bool was_nullable = o.nullable || before.null_branch;
    const bool is_nullable = n.nullable || after.null_branch;
    compare_keywords(context_, o, n, at.unit, at.path, std::pair{was_nullable, is_nullable});
    auto match = match_branches(before, context_.old_types, after, context_.new_types);
    if (match.pairs.empty()) {
        // Nothing in common: one change of the whole value, not one per field.
        context_.emit(at.unit, ChangeKind::type_changed, at.path, o, n, json::value(alternatives_text(before, was_nullable)),
                      json::value(alternatives_text(after, is_nullable)));
        return;
    }
    // Two oneOf branches that share values, whichever came first and in either direction,
    // refuse those values. An old oneOf branch that overlapped another already had its
    // values refused (or the spec relies on a discriminator): a new overlap with it
    // refuses nothing new.
    std::vector<bool> overlapping(after.branches.size(), false);
    if (after.keyword == "oneOf") {
        std::vector<bool> overlapped_before(before.branches.size(), false);
        if (before.keyword == "oneOf")
            for (std::size_t i = 0; i < before.branches.size(); ++i)
                for (std::size_t k = i + 1; k < before.branches.size(); ++k)
                    if (branches_overlap(*before.branches[i], context_.old_types, *before.branches[k], context_.old_types))
                        overlapped_before[i] = overlapped_before[k] = true;
        // Each new branch's old partner, when it has one.
        std::vector<std::optional<std::size_t>> partner(after.branches.size());
        for (const auto& [i, j] : match.pairs) partner[j] = i;
        const auto& branches = after.branches;
        for (std::size_t j = 0; j < branches.size(); ++j) {
            for (std::size_t k = j + 1; k < branches.size(); ++k) {
                if (!branches_overlap(*branches[j], context_.new_types, *branches[k], context_.new_types)) continue;
                const auto was_j = partner[j];
                const auto was_k = partner[k];
                if ((was_j && overlapped_before[*was_j]) || (was_k && overlapped_before[*was_k])) continue;
                // The message names the branch that was there and the one that now shares its values.
                const bool k_is_newer = !was_k || was_j;
                const auto& kept = *branches[k_is_newer ? j : k];
                const auto& added = *branches[k_is_newer ? k : j];
                context_.emit(at.unit, ChangeKind::one_of_branches_overlap, at.path, o, n, json::value(branch_text(kept)),
                              json::value(branch_text(added)));
                overlapping[j] = overlapping[k] = true;
            }
        }
        std::erase_if(match.only_new, [&](std::size_t j) { return overlapping[j]; });
    }
    const bool both_unions = !before.keyword.empty() && !after.keyword.empty();
    for (const auto& [i, j] : match.pairs) {
        // A value that became or stopped being a union keeps its place; a branch of a union
        // that stays one is placed at its branch.
        const auto part = both_unions ? "/" + std::string(after.keyword) + "[" + std::to_string(after.written_at[j]) + "]" : "";
        const PathScope branch(at.path, part);
        compare_matched(*before.branches[i], *after.branches[j], at.deeper());
    }
    if (!both_unions) {
        if (!match.only_new.empty())
            context_.emit(at.unit, ChangeKind::type_widened, at.path, o, n, json::value(alternatives_text(before, was_nullable)),
                          json::value(alternatives_text(after, is_nullable)), texts(after, match.only_new));
        if (!match.only_old.empty())
            context_.emit(at.unit, ChangeKind::type_narrowed, at.path, o, n, json::value(alternatives_text(before, was_nullable)),
                          json::value(alternatives_text(after, is_nullable)), texts(before, match.only_old));
        return;
    }
    if (before.keyword != after.keyword)
        context_.emit(at.unit, ChangeKind::unclassified_change, at.path, o, n, json::value(before.keyword), json::value(after.keyword),
                      "composition");
    for (const auto j : match.only_new) {
        const auto& added = *after.branches[j];
        context_.emit(at.unit, ChangeKind::union_branch_added, at.path, o, added, nullptr, json::value(branch_text(added)),
                      std::string(after.keyword));
    }
    for (const auto i : match.only_old) {
        const auto& removed = *before.branches[i];
        context_.emit(at.unit, ChangeKind::union_branch_removed, at.path, removed, n, json::value(branch_text(removed)), nullptr,
                      std::string(before.keyword));
    }
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
