#include "diff/schema_compare.hpp"

#include "support/field_path.hpp"
#include "diff/kubernetes_compare.hpp"
#include "diff/path_scope.hpp"
#include "diff/schema_summary.hpp"
#include "diff/union_match.hpp"
#include "diff/value_compare.hpp"
#include "support/json_values.hpp"

#include <boost/json/serialize.hpp>

#include <algorithm>

namespace kompat {
namespace json = boost::json;

namespace {

// Roles that ignore a field: clients do not send a readOnly field, servers do not return
// a writeOnly one (OpenAPI 3), so what changes in it does not concern them.
unsigned roles_ignoring(const Schema& field) {
    if (!field.unmodelled_keywords) return 0;
    const auto set = [&](std::string_view name) {
        const auto* value = find_keyword(field.unmodelled().other_keywords, name);
        return value != nullptr && value->is_bool() && value->get_bool();
    };
    return (set("readOnly") ? role_request : 0U) | (set("writeOnly") ? role_response : 0U);
}

// What a unit held before a field was compared, so that what the field added can be marked.
struct Filed {
    explicit Filed(const Unit& unit) : changes(unit.changes.size()), edges(unit.edges.size()), later_edges(unit.later_edges.size()) {}
    void mark_ignored(Unit& unit, unsigned roles) const {
        for (auto i = changes; i < unit.changes.size(); ++i) unit.changes[i].ignored_by |= roles;
        for (auto i = edges; i < unit.edges.size(); ++i) unit.edges[i].ignored_by |= roles;
        for (auto i = later_edges; i < unit.later_edges.size(); ++i) unit.later_edges[i].ignored_by |= roles;
    }
    std::size_t changes;
    std::size_t edges;
    std::size_t later_edges;
};

// A schema that says nothing of the value's shape (no type, reference, fields, items or
// map values): only which values are valid (required lists, enums, bounds, patterns).
bool only_validates(const Schema& s) {
    return s.ref.empty() && s.type.empty() && s.properties.empty() && !s.items && !s.additional_properties && !s.composition;
}

// A typed object whose properties gave way to x-kubernetes-preserve-unknown-fields (and
// nothing else that types it): it now accepts and keeps any field.
bool became_untyped(const Schema& o, const Schema& n) {
    const bool object_or_untyped = n.type.empty() || (n.type.size() == 1 && n.type.front() == "object");
    return !o.properties.empty() && !o.preserve_unknown_fields && n.preserve_unknown_fields && n.properties.empty() && object_or_untyped &&
           !n.additional_properties && !n.items && !n.composition && n.ref.empty();
}

}  // namespace

void SchemaComparer::compare(const Schema& o, const Schema& n, const ComparePlace& at) const {
    if (!o.ref.empty() && !n.ref.empty()) {
        compare_keywords(context_, o, n, at.unit, at.path);
        // OpenAPI 3.1 lets constraints stand beside a `$ref` (`{$ref: Name, maxLength: 10}`).
        if (o.bounds || n.bounds || o.enum_values != nullptr || n.enum_values != nullptr || !o.format.empty() || !n.format.empty())
            compare_value_keywords(o, n, at.unit, at.path, false);
        refer(o.ref, n.ref, at);
        return;
    }
    if (!context_.lossy && (offers_union(o, context_.old_types) || offers_union(n, context_.new_types))) {
        compare_unions(o, n, at);
        return;
    }
    if (!o.ref.empty() || !n.ref.empty()) {
        // One side refers, the other is inline: compare the target with the inline schema.
        if (at.depth > 64) return;
        const auto* old_target = o.ref.empty() ? &o : context_.old_types.find(o.ref);
        const auto* new_target = n.ref.empty() ? &n : context_.new_types.find(n.ref);
        if (old_target != nullptr && new_target != nullptr) compare(*old_target, *new_target, at.deeper());
        return;
    }
    if (became_untyped(o, n)) {
        // One change: the fields are not removed (every stored one is kept), the schema
        // stopped describing them.
        context_.emit(at.unit, ChangeKind::schema_became_untyped, at.path, o, n, schema_summary(o), schema_summary(n));
        return;
    }
    if (became_untyped(n, o)) {
        // The other way: one change. What was stored was never checked against these
        // types, so whether it fits cannot be told; the fields are not "added" to it.
        context_.emit(at.unit, ChangeKind::schema_became_typed, at.path, o, n, schema_summary(o), schema_summary(n));
        return;
    }
    compare_keywords(context_, o, n, at.unit, at.path);
    compare_structure(o, n, at);
}

void SchemaComparer::refer(std::string_view old_name, std::string_view new_name, const ComparePlace& at) const {
    const auto* old_schema = context_.old_types.find(old_name);
    const auto* new_schema = context_.new_types.find(new_name);
    if (old_schema == nullptr || new_schema == nullptr) return;
    if (const auto found = graph_.type_units.find({old_schema, new_schema}); found != graph_.type_units.end())
        at.unit.edges.push_back({at.path, found->second, at.alpha, at.roles});
    else at.unit.later_edges.push_back({at.path, old_schema, new_schema, new_name, at.alpha, at.roles});
}

void SchemaComparer::compare_structure(const Schema& o, const Schema& n, const ComparePlace& at) const {
    // v2 writes a oneOf/anyOf of types (Quantity, IntOrString) as `type: string`.
    const auto flattened = [](const Schema& s) {
        return s.type.empty() && (!s.subschemas().one_of.empty() || !s.subschemas().any_of.empty());
    };
    const bool type_comparable = !context_.lossy || (!flattened(o) && !flattened(n));
    compare_value_keywords(o, n, at.unit, at.path, type_comparable);

    if (o.subschemas().all_of.empty() && n.subschemas().all_of.empty()) compare_properties(o, n, at);
    else compare_merged_fields(o, n, at);

    if (o.items && n.items) {
        const PathScope items(at.path, "[*]");
        compare(*o.items, *n.items, at.deeper());
    } else if (o.items || n.items) {
        context_.emit(at.unit, ChangeKind::unclassified_change, at.path, o, n, o.items ? schema_summary(*o.items) : json::value(nullptr),
                      n.items ? schema_summary(*n.items) : json::value(nullptr), "items");
    }

    compare_additional_properties(o, n, at);
    if (o.composition || n.composition) compare_subschemas(o, n, at);
}

void SchemaComparer::compare_value_keywords(const Schema& o, const Schema& n, Unit& unit, const std::string& path,
                                            bool type_comparable) const {
    // `type: object` written by the object or by the types it extends (allOf) says the same.
    const auto& old_type = merged_type(o, context_.old_types);
    const auto& new_type = merged_type(n, context_.new_types);
    if (old_type != new_type && type_comparable) {
        // No type is absent ("none" in reports), not an empty list.
        const auto types = [](const auto& type) { return type.empty() ? json::value(nullptr) : strings_json(type); };
        context_.emit(unit, type_change_kind(old_type, new_type), path, o, n, types(old_type), types(new_type));
    }
    // A format added only narrows the values (writers may be refused); removed, only widens.
    const auto format_kind = o.format.empty()   ? ChangeKind::format_added
                             : n.format.empty() ? ChangeKind::format_removed
                                                : ChangeKind::format_changed;
    compare_text(context_, o.format, n.format, format_kind, unit, path, o, n);
    compare_enum(context_, o, n, unit, path);
    compare_extensible_enum(context_, o, n, unit, path);
    if (o.bounds || n.bounds) compare_bounds(context_, o, n, unit, path);
    compare_validations(context_, o, n, unit, path);
    compare_kubernetes_extensions(context_, o, n, unit, path);
}

void SchemaComparer::compare_subschemas(const Schema& o, const Schema& n, const ComparePlace& at) const {
    const auto& before = o.subschemas();
    const auto& after = n.subschemas();
    // allOf members are fields of the object: compare_merged_fields compared them.
    if (!context_.lossy) {
        compare_branches(before.one_of, after.one_of, "oneOf", o, n, at);
        compare_branches(before.any_of, after.any_of, "anyOf", o, n, at);
    }
}

void SchemaComparer::compare_additional_properties(const Schema& o, const Schema& n, const ComparePlace& at) const {
    if (o.additional_properties && n.additional_properties) {
        const PathScope values(at.path, "{*}");
        compare(*o.additional_properties, *n.additional_properties, at.deeper());
        return;
    }
    // How open the map is: any value (absent or true) > a schema > nothing (false).
    const auto openness = [](const Schema& s) {
        if (s.additional_properties) return 1;
        return s.additional_properties_allowed == false ? 0 : 2;
    };
    const auto describe = [](const Schema& s) -> json::value {
        if (s.additional_properties) return schema_summary(*s.additional_properties);
        if (s.additional_properties_allowed) return *s.additional_properties_allowed;
        return nullptr;
    };
    const auto before = openness(o);
    const auto after = openness(n);
    if (before == after) return;
    context_.emit(at.unit, after < before ? ChangeKind::additional_properties_tightened : ChangeKind::additional_properties_relaxed,
                  at.path, o, n, describe(o), describe(n));
}

void SchemaComparer::compare_branches(const std::vector<Schema>& before, const std::vector<Schema>& after, std::string_view keyword,
                                      const Schema& o, const Schema& n, const ComparePlace& at) const {
    if (before.empty() && after.empty()) return;
    if (before.size() == after.size()) {
        for (std::size_t i = 0; i < before.size(); ++i) {
            const PathScope branch(at.path, "/" + std::string(keyword), "[" + std::to_string(i) + "]");
            compare(before[i], after[i], at.deeper());
        }
        return;
    }
    json::array old_json;
    json::array new_json;
    for (const auto& s : before) old_json.push_back(schema_summary(s));
    for (const auto& s : after) new_json.push_back(schema_summary(s));
    // A oneOf/anyOf that only validates (a structural schema's, or one of required lists
    // and value constraints) added can only refuse values; removed, only accept more.
    const auto& present = before.empty() ? after : before;
    if (before.empty() != after.empty() &&
        (context_.new_side.format == SnapshotFormat::crd || std::all_of(present.begin(), present.end(), only_validates))) {
        context_.emit(at.unit, before.empty() ? ChangeKind::validation_keyword_added : ChangeKind::validation_keyword_removed, at.path, o,
                      n, before.empty() ? json::value(nullptr) : json::value(std::move(old_json)),
                      after.empty() ? json::value(nullptr) : json::value(std::move(new_json)), std::string(keyword));
        return;
    }
    branches_edited(std::move(old_json), std::move(new_json), keyword, at.unit, at.path, o, n);
}

void SchemaComparer::branches_edited(json::array old_json, json::array new_json, std::string_view keyword, Unit& unit,
                                     const std::string& path, const Schema& o, const Schema& n) const {
    // Branches added or removed: said once, with the edit dtl finds.
    std::vector<std::string> old_text;
    std::vector<std::string> new_text;
    for (const auto& v : old_json) old_text.push_back(json::serialize(v));
    for (const auto& v : new_json) new_text.push_back(json::serialize(v));
    const auto [removed, added] = edits(old_text, new_text);
    if (removed.empty() && added.empty()) return;  // only their order changed
    std::string detail(keyword);
    for (const auto& r : removed) detail += " -" + r;
    for (const auto& a : added) detail += " +" + a;
    context_.emit(unit, ChangeKind::unclassified_change, path, o, n, std::move(old_json), std::move(new_json), detail);
}

void SchemaComparer::compare_field(const Property& before, const Property& after, bool was_required, bool is_required,
                                   const ComparePlace& at) const {
    const PathScope field(at.path, field_step(before.name));
    const Filed filed(at.unit);
    if (was_required != is_required)
        context_.emit(at.unit, is_required ? ChangeKind::field_became_required : ChangeKind::field_became_optional, at.path, before.schema,
                      after.schema, was_required, is_required);
    const auto old_lifecycle = context_.lifecycle(before.schema);
    // The same description, no lifecycle extension and no `deprecated` keyword on either
    // side: the same lifecycle.
    const bool same_source = before.schema.description == after.schema.description && before.schema.kubernetes().lifecycle.empty() &&
                             after.schema.kubernetes().lifecycle.empty() && !before.schema.unmodelled_keywords &&
                             !after.schema.unmodelled_keywords;
    const auto new_lifecycle = same_source ? old_lifecycle : context_.lifecycle(after.schema);
    compare_lifecycle(context_, before.schema, after.schema, old_lifecycle, new_lifecycle, at.unit, at.path);
    const bool child_alpha = at.alpha || is_alpha(old_lifecycle) || is_alpha(new_lifecycle);
    compare(before.schema, after.schema, at.deeper(child_alpha));
    if (const auto ignoring = roles_ignoring(after.schema)) filed.mark_ignored(at.unit, ignoring);
    compare_access(context_, before.schema, after.schema, at.unit, at.path);
}

void SchemaComparer::field_removed(const Property& property, const Schema& new_parent, Unit& unit, const std::string& path) const {
    const auto child = path + field_step(property.name);
    auto change = context_.make(ChangeKind::field_removed, child, property.schema, property.schema);
    // Where it was in the new file: its parent object (a reader, a CI annotation, looks there).
    change.new_position = context_.position(context_.new_side, new_parent.location);
    change.old_value = schema_summary(property.schema);
    change.lifecycle = context_.lifecycle(property.schema);
    change.ignored_by = roles_ignoring(property.schema);
    add_change(unit, std::move(change));
}

void SchemaComparer::field_added(const Property& property, bool required, Unit& unit, const std::string& path) const {
    const auto child = path + field_step(property.name);
    auto change =
        context_.make(required ? ChangeKind::field_added_required : ChangeKind::field_added, child, property.schema, property.schema);
    change.old_position = {};
    change.new_value = schema_summary(property.schema);
    change.ignored_by = roles_ignoring(property.schema);
    add_change(unit, std::move(change));
}

void SchemaComparer::possible_renames(std::vector<const Property*> removed, std::vector<const Property*> added, Unit& unit,
                                      const std::string& path) const {
    // A removed and an added field with the same schema in one object: perhaps a rename.
    if (removed.empty() || added.empty()) return;
    // By name, so which added field a removed one is matched with does not depend on key order.
    const auto by_name = [](const Property* a, const Property* b) { return a->name < b->name; };
    std::sort(removed.begin(), removed.end(), by_name);
    std::sort(added.begin(), added.end(), by_name);
    std::vector<json::value> added_summaries;
    for (const auto* fresh : added) added_summaries.push_back(schema_summary(fresh->schema));
    for (const auto* gone : removed) {
        const auto gone_summary = schema_summary(gone->schema);
        for (std::size_t i = 0; i < added.size(); ++i) {
            const auto* fresh = added[i];
            if (added_summaries[i] != gone_summary) continue;
            auto change = context_.make(ChangeKind::field_possibly_renamed, path + field_step(fresh->name), gone->schema, fresh->schema);
            change.old_value = json::value(gone->name);
            change.new_value = json::value(fresh->name);
            change.detail = std::string(gone->name) + " -> " + std::string(fresh->name);
            add_change(unit, std::move(change));
            break;
        }
    }
}

void SchemaComparer::compare_properties(const Schema& o, const Schema& n, const ComparePlace& at) const {
    const auto required_in = [](const Schema& s, std::string_view name) {
        return std::find(s.required.begin(), s.required.end(), name) != s.required.end();
    };
    std::vector<const Property*> removed;
    std::vector<const Property*> added;
    // Properties mostly keep their places: the same index is tried before a search.
    const auto counterpart = [](const Schema& in, std::size_t index, std::string_view name) {
        return index < in.properties.size() && in.properties[index].name == name ? &in.properties[index] : in.find_property(name);
    };
    for (std::size_t index = 0; index < o.properties.size(); ++index) {
        const auto& property = o.properties[index];
        if (const auto* other = counterpart(n, index, property.name); other != nullptr) {
            // A requirement a new CEL rule took over is that rule's finding.
            const bool is_required = required_in(n, property.name) || requirement_moved_into_rule(o, n, property.name);
            compare_field(property, *other, required_in(o, property.name), is_required, at);
        } else {
            removed.push_back(&property);
            field_removed(property, n, at.unit, at.path);
        }
    }
    for (std::size_t index = 0; index < n.properties.size(); ++index) {
        const auto& property = n.properties[index];
        if (counterpart(o, index, property.name) != nullptr) continue;
        added.push_back(&property);
        field_added(property, required_in(n, property.name), at.unit, at.path);
    }
    possible_renames(std::move(removed), std::move(added), at.unit, at.path);
}

}  // namespace kompat
