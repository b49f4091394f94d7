#include "objects/object_fields.hpp"

#include "model/lifecycle.hpp"
#include "objects/object_position.hpp"
#include "support/field_path.hpp"

namespace kompat {
namespace {
namespace json = boost::json;

struct FieldReview {
    const Snapshot& snapshot;
    const Manifest& object;
    LifecycleSource source;
    std::vector<ObjectField> found;

    // The property `name` of `schema` or of one of its allOf members.
    const Property* property_of(const Schema& schema, std::string_view name) const {
        if (const auto* property = schema.find_property(name)) return property;
        if (schema.composition)
            for (const auto& member : schema.subschemas().all_of)
                if (const auto* property = snapshot.resolve(member).find_property(name)) return property;
        return nullptr;
    }

    static bool lists_fields(const Schema& schema) {
        if (schema.preserve_unknown_fields || schema.additional_properties || schema.additional_properties_allowed.value_or(false))
            return false;
        if (!schema.properties.empty()) return true;
        if (!schema.composition) return false;
        const auto& parts = schema.subschemas();
        return !parts.all_of.empty() && parts.one_of.empty() && parts.any_of.empty();
    }

    // Where a schema that is a `$ref` leads: the named type, at its top.
    struct Place {
        const Schema* schema;
        std::string type;
        std::string at;
    };
    Place resolved(const Schema* schema, std::string type, std::string at) const {
        while (schema != nullptr && !schema->ref.empty()) {
            type = std::string(schema->ref);
            at.clear();
            schema = snapshot.find_type(schema->ref);
        }
        return {schema, std::move(type), std::move(at)};
    }

    void walk(const json::value& value, const Place& place, const std::string& path) {
        if (place.schema == nullptr) return;
        if (const auto* members = value.if_object()) {
            walk_members(*members, place, path);
        } else if (const auto* items = value.if_array(); items != nullptr && place.schema->items) {
            const auto element = resolved(place.schema->items.get(), place.type, place.at + "[*]");
            for (std::size_t i = 0; i < items->size(); ++i) walk((*items)[i], element, path + "[" + std::to_string(i) + "]");
        }
    }

    void walk_members(const json::object& members, const Place& place, const std::string& path) {
        const auto& [schema, type, at] = place;
        for (const auto& member : members) {
            // Every object has these; a CRD's schema need not describe them.
            if (path.empty() && (member.key() == "apiVersion" || member.key() == "kind" || member.key() == "metadata")) continue;
            const auto step = field_step(member.key());
            if (const auto* property = property_of(*schema, member.key())) {
                if (lifecycle_of(property->schema, source).status == LifecycleStatus::alpha)
                    found.push_back({path + step, type, at + step, position(path + step), true, true});
                walk(member.value(), resolved(&property->schema, type, at + step), path + step);
            } else if (schema->additional_properties) {
                walk(member.value(), resolved(schema->additional_properties.get(), type, at + "{*}"), path + step);
            } else if (lists_fields(*schema)) {
                found.push_back({path + step, type, at + step, position(path + step), false, false});
            }
        }
    }

    TextPosition position(const std::string& path) const { return position_of_field(*object.body, path, object.position); }
};

}  // namespace

std::vector<ObjectField> fields_to_review(const Snapshot& snapshot, const Kind& kind, const std::string& root_type,
                                          const Manifest& object) {
    FieldReview review{snapshot, object, snapshot.format == SnapshotFormat::crd ? LifecycleSource::crd : LifecycleSource::kubernetes, {}};
    if (object.body == nullptr) return {};
    // A CRD's kind schema stands in itself; a named type's `$ref` names it.
    const auto root = review.resolved(&kind.schema, root_type, "");
    if (root.schema != nullptr) review.walk_members(*object.body, root, "");
    return std::move(review.found);
}

}  // namespace kompat
