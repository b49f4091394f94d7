// An object with `allOf` members is one object: its own fields and every member's. A
// member `$ref` paired with one on the other side is compared in its own named type (an
// edge of the unit graph); the fields of a member added or removed are fields added or
// removed here, required when the member or the object requires them; a field that moved
// between the object and a member is compared where it now stands, not reported gone.
#include "support/field_path.hpp"
#include "diff/field_changes.hpp"
#include "diff/keyword_compare.hpp"
#include "diff/path_scope.hpp"
#include "diff/schema_compare.hpp"
#include "diff/schema_summary.hpp"
#include "diff/value_compare.hpp"
#include "diff/union_match.hpp"

#include <algorithm>

namespace kompat {

namespace {

struct Field {
    const Property* property = nullptr;
    bool required = false;
};

using Fields = std::vector<Field>;

const Field* find_field(const Fields& fields, std::string_view name) {
    const auto found = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.property->name == name; });
    return found != fields.end() ? &*found : nullptr;
}

bool listed(const std::vector<std::string_view>& names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Marks the fields a `required` list names; the first field of a name counts.
void mark_required(Fields& fields, const std::vector<std::string_view>& required) {
    for (auto& field : fields)
        if (listed(required, field.property->name)) field.required = true;
}

// The object's own fields and those of its inline members, and its `$ref` members.
struct MergedObject {
    Fields fields;
    std::vector<std::string_view> required;  // every `required` list of the object and its inline members
    Alternatives ref_members;
};

// Inline members nest no deeper than the loader's nesting limit lets a document write, so
// every level is collected.
void collect(const Schema& schema, MergedObject& out) {
    for (const auto& property : schema.properties)
        if (find_field(out.fields, property.name) == nullptr) out.fields.push_back({&property, false});
    out.required.insert(out.required.end(), schema.required.begin(), schema.required.end());
    const auto& members = schema.subschemas().all_of;
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (!members[i].ref.empty()) {
            out.ref_members.branches.push_back(&members[i]);
            out.ref_members.written_at.push_back(i);
        } else {
            collect(members[i], out);
        }
    }
}

MergedObject merged(const Schema& schema) {
    MergedObject out;
    collect(schema, out);
    mark_required(out.fields, out.required);
    return out;
}

// Every field a schema brings, through `$ref`s and members, each required as it says.
// `open` holds the schemas being flattened further up: a member that refers back to one of
// them (`A: allOf [$ref A]`) brings nothing new, so the walk ends at every depth of real
// nesting but never loops.
void flatten(const Schema& schema, const TypeIndex& types, Fields& out, std::vector<const Schema*>& open) {
    const auto* at = resolved_schema(schema, types);
    if (at == nullptr || std::find(open.begin(), open.end(), at) != open.end()) return;
    open.push_back(at);
    const auto first = out.size();
    for (const auto& property : at->properties)
        if (find_field(out, property.name) == nullptr) out.push_back({&property, listed(at->required, property.name)});
    for (const auto& member : at->subschemas().all_of) flatten(member, types, out, open);
    open.pop_back();
    for (auto i = first; i < out.size(); ++i)
        if (listed(at->required, out[i].property->name)) out[i].required = true;
}

Fields fields_of(const Alternatives& members, const std::vector<std::size_t>& which, const TypeIndex& types) {
    Fields out;
    std::vector<const Schema*> open;
    for (const auto index : which) flatten(*members.branches[index], types, out, open);
    return out;
}

std::vector<std::size_t> firsts(const std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
    std::vector<std::size_t> out;
    for (const auto& pair : pairs) out.push_back(pair.first);
    return out;
}

std::vector<std::size_t> seconds(const std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
    std::vector<std::size_t> out;
    for (const auto& pair : pairs) out.push_back(pair.second);
    return out;
}

// An inline member that says more than which fields exist: a type, an enum, bounds, rules.
bool constrains(const Schema& m) {
    const auto& parts = m.subschemas();
    return m.ref.empty() &&
           (!m.type.empty() || !m.format.empty() || m.enum_values != nullptr || m.bounds || m.items || m.additional_properties ||
            m.additional_properties_allowed || m.kubernetes_extensions || m.unmodelled_keywords || !parts.one_of.empty() ||
            !parts.any_of.empty() || m.nullable || m.default_value != nullptr);
}

std::vector<const Schema*> constraining_members(const Schema& schema) {
    std::vector<const Schema*> out;
    for (const auto& member : schema.subschemas().all_of)
        if (constrains(member)) out.push_back(&member);
    return out;
}

// A member's summary without its fields, which the object's fields already stand for.
boost::json::array constraint_summaries(const std::vector<const Schema*>& members) {
    boost::json::array out;
    for (const auto* member : members) {
        auto summary = schema_summary(*member);
        summary.as_object().erase("properties");
        summary.as_object().erase("required");
        out.push_back(std::move(summary));
    }
    return out;
}

// The fields of both sides of an object with allOf members, by where they come from: the
// object and its inline members, `$ref` members paired across the sides, and the others.
struct MergedFieldSets {
    const MergedObject& before;
    const MergedObject& after;
    Fields old_paired;
    Fields new_paired;
    Fields old_unpaired;
    Fields new_unpaired;

    static const Field* anywhere(std::string_view name, std::initializer_list<const Fields*> lists) {
        for (const auto* list : lists)
            if (const auto* found = find_field(*list, name)) return found;
        return nullptr;
    }
    static bool required_by(const Fields& fields, std::string_view name) {
        const auto* found = find_field(fields, name);
        return found != nullptr && found->required;
    }
    // allOf requires what any member requires: a field an inline member redeclares stays
    // required when a `$ref` member requires it. A paired member's requirement counts only
    // where it holds on both sides; when it changes, that member's type reports it.
    [[nodiscard]] bool was_required(std::string_view name) const {
        return listed(before.required, name) || required_by(old_unpaired, name) ||
               (required_by(old_paired, name) && required_by(new_paired, name));
    }
    [[nodiscard]] bool is_required(std::string_view name) const {
        return listed(after.required, name) || required_by(new_unpaired, name) ||
               (required_by(old_paired, name) && required_by(new_paired, name));
    }
};

// What becomes of each field, in the order they are reported: compared with its other
// side, removed, or added.
struct FieldStep {
    const Field* old_field;  // null: added
    const Field* new_field;  // null: removed
};

// A field of the new side not in the object's old own fields: compared with where it was, or added.
void step_of_new_field(const MergedFieldSets& sets, const Field& field, std::vector<FieldStep>& steps) {
    const auto* other = MergedFieldSets::anywhere(field.property->name, {&sets.old_unpaired, &sets.old_paired});
    steps.push_back({other, &field});
}

std::vector<FieldStep> field_steps(const MergedFieldSets& sets) {
    std::vector<FieldStep> steps;
    const auto& [before, after, old_paired, new_paired, old_unpaired, new_unpaired] = sets;
    for (const auto& field : before.fields)
        steps.push_back({&field, MergedFieldSets::anywhere(field.property->name, {&after.fields, &new_unpaired, &new_paired})});
    for (const auto& field : after.fields)
        if (find_field(before.fields, field.property->name) == nullptr) step_of_new_field(sets, field, steps);
    for (const auto& field : new_unpaired)
        if (MergedFieldSets::anywhere(field.property->name, {&before.fields, &after.fields}) == nullptr)
            step_of_new_field(sets, field, steps);
    for (const auto& field : old_unpaired)
        if (MergedFieldSets::anywhere(field.property->name, {&before.fields, &after.fields, &new_unpaired, &new_paired}) == nullptr)
            steps.push_back({&field, nullptr});
    return steps;
}

// A paired member's field the object itself began or stopped requiring.
void compare_paired_requirements(const DiffContext& context, const MergedFieldSets& sets, Unit& unit, std::string& path) {
    for (const auto& field : sets.new_paired) {
        const auto name = field.property->name;
        const auto* other = find_field(sets.old_paired, name);
        if (other == nullptr || MergedFieldSets::anywhere(name, {&sets.before.fields, &sets.after.fields}) != nullptr) continue;
        const bool was_listed = listed(sets.before.required, name);
        const bool is_listed = listed(sets.after.required, name);
        const bool was_required = other->required || was_listed;
        const bool is_required = field.required || is_listed;
        if (was_listed == is_listed || was_required == is_required) continue;
        const PathScope place(path, field_step(name));
        context.emit(unit, is_required ? ChangeKind::field_became_required : ChangeKind::field_became_optional, path,
                     other->property->schema, field.property->schema, was_required, is_required);
    }
}

}  // namespace

void SchemaComparer::compare_member_constraints(const Schema& o, const Schema& n, const ComparePlace& at) const {
    const auto before = constraining_members(o);
    const auto after = constraining_members(n);
    if (before.size() != after.size()) {
        branches_edited({context_, o, n, at.unit, at.path}, constraint_summaries(before), constraint_summaries(after), "allOf");
        return;
    }
    for (std::size_t i = 0; i < before.size(); ++i) {
        const auto& a = *before[i];
        const auto& b = *after[i];
        const PathScope member(at.path, "/allOf[" + std::to_string(i) + "]");
        compare_keywords({context_, a, b, at.unit, at.path});
        compare_value_keywords({context_, a, b, at.unit, at.path}, true);
        if (a.items && b.items) {
            const PathScope items(at.path, "[*]");
            compare(*a.items, *b.items, at.deeper());
        }
        compare_additional_properties(a, b, at);
        if (a.composition || b.composition) compare_subschemas(a, b, at);
        // A member's own inline members constrain the object too (their fields are the
        // object's already): compared at every level, as deep as they nest.
        if (!a.subschemas().all_of.empty() || !b.subschemas().all_of.empty()) compare_member_constraints(a, b, at);
    }
}

void SchemaComparer::compare_merged_fields(const Schema& o, const Schema& n, const ComparePlace& at) const {
    const auto before = merged(o);
    const auto after = merged(n);
    const auto& old_types = context_.old_types;
    const auto& new_types = context_.new_types;
    const auto members = match_branches(before.ref_members, old_types, after.ref_members, new_types);
    for (const auto& [i, j] : members.pairs) compare_matched(*before.ref_members.branches[i], *after.ref_members.branches[j], at.deeper());
    // What paired members bring is compared in their types; what the others bring is here.
    const MergedFieldSets sets{before,
                               after,
                               fields_of(before.ref_members, firsts(members.pairs), old_types),
                               fields_of(after.ref_members, seconds(members.pairs), new_types),
                               fields_of(before.ref_members, members.only_old, old_types),
                               fields_of(after.ref_members, members.only_new, new_types)};
    const SchemaSite object{context_, o, n, at.unit, at.path};
    std::vector<const Property*> removed;
    std::vector<const Property*> added;
    for (const auto& [old_field, new_field] : field_steps(sets)) {
        if (old_field != nullptr && new_field != nullptr) {
            const auto name = new_field->property->name;
            compare_field(*old_field->property, *new_field->property, sets.was_required(name), sets.is_required(name), at);
        } else if (old_field != nullptr) {
            removed.push_back(old_field->property);
            field_removed(object, *old_field->property);
        } else {
            added.push_back(new_field->property);
            field_added(object, *new_field->property, sets.is_required(new_field->property->name));
        }
    }
    compare_paired_requirements(context_, sets, at.unit, at.path);
    possible_renames(object, std::move(removed), std::move(added));
    compare_member_constraints(o, n, at);
}

}  // namespace kompat
