// The fields of an object compared one by one: each field on both sides at its own
// place, its requirement, its lifecycle and its access flags; fields removed and added,
// and a removed and an added one with the same schema as a possible rename.
#include "diff/field_changes.hpp"
#include "diff/kubernetes_compare.hpp"
#include "diff/validation_rules_compare.hpp"
#include "diff/path_scope.hpp"
#include "diff/schema_compare.hpp"
#include "diff/schema_summary.hpp"
#include "diff/value_compare.hpp"
#include "support/field_path.hpp"

#include <algorithm>

namespace kompat {
namespace json = boost::json;

namespace {

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

}  // namespace

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
    compare_lifecycle({context_, before.schema, after.schema, at.unit, at.path}, old_lifecycle, new_lifecycle);
    const bool child_alpha = at.alpha || is_alpha(old_lifecycle) || is_alpha(new_lifecycle);
    compare(before.schema, after.schema, at.deeper(child_alpha));
    if (const auto ignoring = roles_ignoring(after.schema)) filed.mark_ignored(at.unit, ignoring);
    compare_access({context_, before.schema, after.schema, at.unit, at.path});
}

void SchemaComparer::compare_properties(const Schema& o, const Schema& n, const ComparePlace& at) const {
    const SchemaSite object{context_, o, n, at.unit, at.path};
    std::vector<const Property*> removed;
    std::vector<const Property*> added;
    // Properties mostly keep their places: the same index is tried before a search.
    const auto counterpart = [](const Schema& in, std::size_t index, std::string_view name) {
        return index < in.properties.size() && in.properties[index].name == name ? &in.properties[index] : in.find_property(name);
    };
    for (std::size_t index = 0; index < o.properties.size(); ++index) {
        const auto& property = o.properties[index];
        if (const auto* other = counterpart(n, index, property.name); other != nullptr) {
            const bool was_required = o.requires_property(property.name);
            // A requirement a new CEL rule took over is that rule's finding.
            const bool is_required =
                n.requires_property(property.name) || (was_required && requirement_moved_into_rule(o, n, property.name));
            compare_field(property, *other, was_required, is_required, at);
        } else {
            removed.push_back(&property);
            field_removed(object, property);
        }
    }
    for (std::size_t index = 0; index < n.properties.size(); ++index) {
        const auto& property = n.properties[index];
        if (counterpart(o, index, property.name) != nullptr) continue;
        added.push_back(&property);
        field_added(object, property, n.requires_property(property.name));
    }
    possible_renames(object, std::move(removed), std::move(added));
}

}  // namespace kompat
