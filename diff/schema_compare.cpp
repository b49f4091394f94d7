#include "diff/keyword_compare.hpp"
#include "diff/schema_compare.hpp"

#include "diff/kubernetes_compare.hpp"
#include "diff/validation_rules_compare.hpp"
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
    if (at.depth > max_compare_depth) throw too_deep(n, at);
    if (o.ref.empty() != n.ref.empty()) {
        // A reference against an inline schema is the one step that may come back to a pair
        // compared further up; that comparison reports whatever differs here.
        for (const auto* open = at.open; open != nullptr; open = open->outer)
            if (open->old_schema == &o && open->new_schema == &n) return;
        const OpenComparison here{&o, &n, at.open};
        ComparePlace inner = at;
        inner.open = &here;
        compare_resolving(o, n, inner);
        return;
    }
    compare_resolving(o, n, at);
}

InputError SchemaComparer::too_deep(const Schema& n, const ComparePlace& at) const {
    const auto place = context_.position(context_.new_side, n.location);
    const auto& unit_name = at.unit.type.empty() ? at.unit.operation : at.unit.type;
    return {place.known() ? place.file : context_.new_side.source, place.position,
            "schemas nest more than " + std::to_string(max_compare_depth) + " levels deep at " + unit_name +
                (at.path.empty() ? "" : " " + at.path) + ", past the differ's depth limit: no real API nests so deep"};
}

void SchemaComparer::compare_resolving(const Schema& o, const Schema& n, const ComparePlace& at) const {
    if (!o.ref.empty() && !n.ref.empty()) {
        compare_keywords({context_, o, n, at.unit, at.path, at.documented});
        // OpenAPI 3.1 lets constraints stand beside a `$ref` (`{$ref: Name, maxLength: 10}`).
        if (o.bounds || n.bounds || o.enum_values != nullptr || n.enum_values != nullptr || !o.format.empty() || !n.format.empty())
            compare_value_keywords({context_, o, n, at.unit, at.path}, false);
        compare_map_type_beside_refs(o, n, at);
        refer(o.ref, n.ref, at);
        return;
    }
    if (!context_.lossy && (offers_union(o, context_.old_types) || offers_union(n, context_.new_types))) {
        compare_unions(o, n, at);
        return;
    }
    if (!o.ref.empty() || !n.ref.empty()) {
        // One side refers, the other is inline: compare the target with the inline schema.
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
    compare_keywords({context_, o, n, at.unit, at.path, at.documented});
    compare_structure(o, n, at);
}

void SchemaComparer::compare_map_type_beside_refs(const Schema& o, const Schema& n, const ComparePlace& at) const {
    // x-kubernetes-map-type beside a `$ref` is the field's own, over its type's (server-side
    // apply reads it so: 1.25 made PersistentVolumeSpec.claimRef granular, its
    // ObjectReference type atomic). Neither side writing one, the types' comparison says it.
    const auto& old_own = o.kubernetes().map_type;
    const auto& new_own = n.kubernetes().map_type;
    if (old_own.empty() && new_own.empty()) return;
    const auto effective = [](std::string_view own, const Schema* target) -> std::string_view {
        if (!own.empty()) return own;
        const auto type_own = target != nullptr ? target->kubernetes().map_type : std::string_view();
        // A struct with no map type is granular, which is Kubernetes' default.
        return type_own.empty() ? "granular" : type_own;
    };
    const auto before = effective(old_own, context_.old_types.find(o.ref));
    const auto after = effective(new_own, context_.new_types.find(n.ref));
    if (before != after) context_.emit(at.unit, ChangeKind::map_type_changed, at.path, o, n, json::value(before), json::value(after));
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
    compare_value_keywords({context_, o, n, at.unit, at.path}, type_comparable);

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
    branches_edited({context_, o, n, at.unit, at.path}, std::move(old_json), std::move(new_json), keyword);
}

}  // namespace kompat
