#include "diff/union_match.hpp"

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <tuple>

namespace kompat {

namespace {

// `$ref`s followed to a schema. The loader refuses chains of bare `$ref`s longer than its
// limit (64 unless raised) and every cycle of them; this bound only ends a cycle through
// `$ref`s that carry keywords beside them (OpenAPI 3.1), which no real spec writes.
constexpr int max_ref_hops = 100'000;

bool is_null_branch(const Schema& s) {
    if (!s.ref.empty() || !s.properties.empty() || s.items || s.composition) return false;
    if (s.type.size() == 1 && s.type.front() == "null") return true;
    if (s.enum_values != nullptr) return s.enum_values->size() == 1 && s.enum_values->front().is_null();
    return s.type.empty() && s.nullable;
}

// Keywords kompat does not model that still refuse values.
bool has_other_constraints(const Schema& s) {
    const auto& other = s.unmodelled().other_keywords;
    return !s.kubernetes().validations.empty() || find_keyword(other, "const") != nullptr || find_keyword(other, "not") != nullptr ||
           find_keyword(other, "patternProperties") != nullptr || find_keyword(other, "propertyNames") != nullptr;
}

bool is_integer_to_number(const TypeList& a, const TypeList& b) {
    return a.size() == 1 && b.size() == 1 &&
           ((a.front() == "integer" && b.front() == "number") || (a.front() == "number" && b.front() == "integer"));
}

// An object that requires nothing and admits properties it does not name (a `Problem` of
// optional fields): every object matches it, unless it names a field with a type the
// object's other schema requires with another type.
bool admits_any_object_of(const Schema& open, const Schema& object, const TypeIndex& object_types) {
    const bool is_object = open.type.size() == 1 && open.type.front() == "object";
    if (!is_object || !open.required.empty() || open.additional_properties || open.additional_properties_allowed == false ||
        open.composition || open.bounds || open.enum_values != nullptr || has_other_constraints(open))
        return false;
    const auto& object_type = merged_type(object, object_types);
    if (object_type.size() != 1 || object_type.front() != "object") return false;
    for (const auto name : object.required) {
        const auto* mine = open.find_property(name);
        const auto* theirs = object.find_property(name);
        if (mine == nullptr || theirs == nullptr) continue;
        const auto* a = &mine->schema;
        const auto* b = resolved_schema(theirs->schema, object_types);
        if (!a->ref.empty() || b == nullptr || a->type.empty() || b->type.empty()) continue;
        if (a->type != b->type) return false;
    }
    return true;
}

// How well an old alternative matches a new one; negative: not at all. The same named type
// matches best; otherwise the type must agree (integer and number count as near), and
// among same-typed objects the one sharing the most properties wins.
int match_score(const Schema& o, const TypeIndex& old_types, const Schema& n, const TypeIndex& new_types) {
    if (!o.ref.empty() && o.ref == n.ref) return 1'000'000;
    const auto* a = resolved_schema(o, old_types);
    const auto* b = resolved_schema(n, new_types);
    if (a == nullptr || b == nullptr) return -1;
    int score = 0;
    if (a->type == b->type) score = 1000;
    else if (is_integer_to_number(a->type, b->type)) score = 500;
    else return -1;
    if (!a->properties.empty() || !b->properties.empty()) {
        int shared = 0;
        for (const auto& property : a->properties)
            if (b->find_property(property.name) != nullptr) ++shared;
        if (shared == 0 && !a->properties.empty() && !b->properties.empty()) return -1;
        const auto unshared = static_cast<int>(a->properties.size() + b->properties.size()) - 2 * shared;
        score += 10 * shared - unshared;
    }
    if ((a->enum_values == nullptr) == (b->enum_values == nullptr)) score += 5;
    if (a->format == b->format) score += 3;
    if (static_cast<bool>(a->items) == static_cast<bool>(b->items)) score += 1;
    // Of two branches alike but for their bounds (`string` and `{string, maxLength: 3}`),
    // the one bounded as the old value was.
    if (static_cast<bool>(a->bounds) == static_cast<bool>(b->bounds)) score += 2;
    return score;
}

}  // namespace

const Schema* resolved_schema(const Schema& schema, const TypeIndex& types) {
    const Schema* at = &schema;
    for (int hop = 0; at != nullptr && !at->ref.empty() && hop < max_ref_hops; ++hop) at = types.find(at->ref);
    return at != nullptr && at->ref.empty() ? at : nullptr;
}

const TypeList& merged_type(const Schema& schema, const TypeIndex& types) {
    if (!schema.type.empty()) return schema.type;
    for (const auto& member : schema.subschemas().all_of)
        if (const auto* target = resolved_schema(member, types); target != nullptr && !target->type.empty()) return target->type;
    return schema.type;
}

bool admits_every_value_of(const Schema& open, const TypeIndex& open_types, const Schema& branch, const TypeIndex& branch_types) {
    const auto* a = resolved_schema(open, open_types);
    const auto* b = resolved_schema(branch, branch_types);
    if (a == nullptr || b == nullptr) return false;
    const bool constrains_nothing = a->properties.empty() && a->required.empty() && !a->items && !a->additional_properties &&
                                    a->additional_properties_allowed != false && !a->composition && !a->bounds &&
                                    a->enum_values == nullptr && a->format.empty() && !has_other_constraints(*a);
    if (!constrains_nothing) return false;
    const auto& branch_type = merged_type(*b, branch_types);
    if (branch_type.empty()) return a->type.empty();
    return a->type.empty() || type_change_kind(branch_type, a->type) == ChangeKind::type_widened || branch_type == a->type;
}

bool branches_overlap(const Schema& a, const TypeIndex& a_types, const Schema& b, const TypeIndex& b_types) {
    if (admits_every_value_of(a, a_types, b, b_types) || admits_every_value_of(b, b_types, a, a_types)) return true;
    const auto* x = resolved_schema(a, a_types);
    const auto* y = resolved_schema(b, b_types);
    if (x == nullptr || y == nullptr) return false;
    return admits_any_object_of(*x, *y, b_types) || admits_any_object_of(*y, *x, a_types);
}

std::string branch_text(const Schema& s) {
    if (!s.ref.empty()) return std::string(s.ref);
    std::string out;
    for (const auto type : s.type) out += (out.empty() ? "" : "|") + std::string(type);
    if (out.empty()) out = s.properties.empty() ? "any" : "object";
    // Objects are told apart by their fields (sorted: the same whatever order a spec writes).
    if (out == "object" && !s.properties.empty()) {
        std::vector<std::string_view> names;
        for (const auto& property : s.properties) names.push_back(property.name);
        std::sort(names.begin(), names.end());
        std::string fields;
        for (const auto name : names) {
            if (fields.size() > 40) {
                fields += ", …";
                break;
            }
            fields += (fields.empty() ? "" : ", ") + std::string(name);
        }
        out += " {" + fields + "}";
    }
    if (!s.format.empty()) out += " (" + std::string(s.format) + ")";
    if (s.bounds) {
        // The bounds that tell two branches of one type apart.
        const auto& b = *s.bounds;
        if (b.max_length) out += " maxLength " + std::to_string(*b.max_length);
        if (b.min_length) out += " minLength " + std::to_string(*b.min_length);
        if (b.max_items) out += " maxItems " + std::to_string(*b.max_items);
        if (b.pattern) out += " pattern " + std::string(*b.pattern);
    }
    if (s.enum_values != nullptr) out += " enum " + boost::json::serialize(*s.enum_values);
    if (s.items) out += " of " + branch_text(*s.items);
    return out;
}

bool is_union(const Schema& schema) {
    if (!schema.composition || schema.int_or_string || !schema.ref.empty()) return false;
    const auto& parts = schema.subschemas();
    if (!parts.all_of.empty() || parts.one_of.empty() == parts.any_of.empty()) return false;
    return schema.properties.empty() && !schema.items && !schema.additional_properties && schema.enum_values == nullptr;
}

bool offers_union(const Schema& schema, const TypeIndex& types) {
    if (is_union(schema)) return true;
    if (!schema.only_refers()) return false;
    const auto* target = resolved_schema(schema, types);
    return target != nullptr && is_union(*target);
}

ChangeKind type_change_kind(const TypeList& before, const TypeList& after) {
    if (before.empty() || after.empty()) return ChangeKind::type_changed;
    // Every integer is a number: a list that has number covers integer.
    const auto covers = [](const TypeList& list, std::string_view type) {
        return std::find(list.begin(), list.end(), type) != list.end() ||
               (type == "integer" && std::find(list.begin(), list.end(), "number") != list.end());
    };
    const auto all_covered = [&](const TypeList& part, const TypeList& whole) {
        return std::all_of(part.begin(), part.end(), [&](std::string_view type) { return covers(whole, type); });
    };
    if (all_covered(before, after)) return ChangeKind::type_widened;
    if (all_covered(after, before)) return ChangeKind::type_narrowed;
    return ChangeKind::type_changed;
}

Alternatives alternatives_of(const Schema& schema, const TypeIndex& types) {
    Alternatives out;
    const Schema* at = &schema;
    if (schema.only_refers())
        if (const auto* target = resolved_schema(schema, types); target != nullptr && is_union(*target)) at = target;
    if (!is_union(*at)) {
        out.branches.push_back(&schema);
        out.written_at.push_back(0);
        return out;
    }
    const auto& parts = at->subschemas();
    const auto& branches = parts.one_of.empty() ? parts.any_of : parts.one_of;
    out.keyword = parts.one_of.empty() ? "anyOf" : "oneOf";
    for (std::size_t i = 0; i < branches.size(); ++i) {
        if (is_null_branch(branches[i])) {
            out.null_branch = true;
            continue;
        }
        out.branches.push_back(&branches[i]);
        out.written_at.push_back(i);
    }
    return out;
}

BranchMatch match_branches(const Alternatives& before, const TypeIndex& old_types, const Alternatives& after, const TypeIndex& new_types) {
    // Every pair that can match, best first; ties by position, so the pairing is the same
    // for the same documents.
    std::vector<std::tuple<int, std::size_t, std::size_t>> candidates;
    for (std::size_t i = 0; i < before.branches.size(); ++i)
        for (std::size_t j = 0; j < after.branches.size(); ++j)
            if (const auto score = match_score(*before.branches[i], old_types, *after.branches[j], new_types); score >= 0)
                candidates.emplace_back(-score, i, j);
    std::sort(candidates.begin(), candidates.end());
    std::vector<bool> old_taken(before.branches.size());
    std::vector<bool> new_taken(after.branches.size());
    BranchMatch out;
    for (const auto& [score, i, j] : candidates) {
        if (old_taken[i] || new_taken[j]) continue;
        old_taken[i] = new_taken[j] = true;
        out.pairs.emplace_back(i, j);
    }
    std::sort(out.pairs.begin(), out.pairs.end());
    for (std::size_t i = 0; i < old_taken.size(); ++i)
        if (!old_taken[i]) out.only_old.push_back(i);
    for (std::size_t j = 0; j < new_taken.size(); ++j)
        if (!new_taken[j]) out.only_new.push_back(j);
    return out;
}

std::string alternatives_text(const Alternatives& alternatives, bool nullable) {
    std::string out;
    for (const auto* branch : alternatives.branches) out += (out.empty() ? "" : " | ") + branch_text(*branch);
    if (nullable) out += (out.empty() ? "null" : " | null");
    return out;
}

}  // namespace kompat
