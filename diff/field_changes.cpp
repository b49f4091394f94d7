#include "diff/field_changes.hpp"

#include <algorithm>
#include <optional>

#include "diff/schema_summary.hpp"
#include "diff/value_compare.hpp"
#include "support/ascii_case.hpp"
#include "support/edit_distance.hpp"
#include "support/field_path.hpp"

namespace kompat {
namespace json = boost::json;

unsigned roles_ignoring(const Schema& field) {
    return (keyword_is_true(field, "readOnly") ? role_request : 0U) | (keyword_is_true(field, "writeOnly") ? role_response : 0U);
}

void field_removed(const SchemaSite& object, const Property& property) {
    const auto& context = object.context;
    const auto child = object.path + field_step(property.name);
    auto change = context.make(ChangeKind::field_removed, child, property.schema, property.schema);
    // Where it was in the new file: its parent object (a reader, a CI annotation, looks there).
    change.new_position = context.position(context.new_side, object.n.location);
    change.old_value = schema_summary(property.schema);
    change.lifecycle = context.lifecycle(property.schema);
    change.ignored_by = roles_ignoring(property.schema);
    add_change(object.unit, std::move(change));
}

void field_added(const SchemaSite& object, const Property& property, bool required) {
    const auto child = object.path + field_step(property.name);
    auto change =
        object.context.make(required ? ChangeKind::field_added_required : ChangeKind::field_added, child, property.schema, property.schema);
    change.old_position = {};
    change.new_value = schema_summary(property.schema);
    change.ignored_by = roles_ignoring(property.schema);
    add_change(object.unit, std::move(change));
}

void possible_renames(const SchemaSite& object, std::vector<const Property*> removed, std::vector<const Property*> added) {
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
        // Of the added fields with the same schema, the nearest name: `proxyURL` became
        // `proxyUrl`, not `noProxy` beside it (case counts least).
        const auto gone_name = ascii_lowered(gone->name);
        std::optional<std::size_t> nearest;
        std::size_t best = 0;
        for (std::size_t i = 0; i < added.size(); ++i) {
            if (added_summaries[i] != gone_summary) continue;
            const auto distance = edit_distance(gone_name, ascii_lowered(added[i]->name));
            if (!nearest || distance < best) {
                nearest = i;
                best = distance;
            }
        }
        if (nearest) {
            const auto* fresh = added[*nearest];
            auto change =
                object.context.make(ChangeKind::field_possibly_renamed, object.path + field_step(fresh->name), gone->schema, fresh->schema);
            change.old_value = json::value(gone->name);
            change.new_value = json::value(fresh->name);
            change.detail = std::string(gone->name) + " -> " + std::string(fresh->name);
            add_change(object.unit, std::move(change));
            // The removal says it too: its own sentence is what a reviewer reads.
            const auto gone_path = object.path + field_step(gone->name);
            for (auto& removal : object.unit.changes)
                if (removal.kind == ChangeKind::field_removed && removal.path == gone_path)
                    removal.aside +=
                        (removal.aside.empty() ? "" : "; ") + ("possibly renamed to `" + std::string(fresh->name) + "`: same schema");
        }
    }
}

}  // namespace kompat
