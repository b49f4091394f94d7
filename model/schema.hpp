#pragma once
// One OpenAPI / JSON Schema node as kompat understands it, for every input format.
// Strings are views into the snapshot's parsed documents, which the Snapshot owns.
#include <boost/container/small_vector.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/input_error.hpp"

namespace kompat {

// Where a value stands: a file of the snapshot (index into Snapshot::files) and the
// line and column of the key that names it.
struct Location {
    std::uint32_t file = 0;
    TextPosition position;
};

struct GroupVersionKind {
    std::string group;  // "" for the core group
    std::string version;
    std::string kind;

    // `apps/v1`, or `v1` for the core group.
    [[nodiscard]] std::string group_version() const { return group.empty() ? version : group + "/" + version; }
    // `apps/v1 Deployment`, the form reports use.
    [[nodiscard]] std::string to_string() const { return group_version() + " " + kind; }
    friend auto operator<=>(const GroupVersionKind&, const GroupVersionKind&) = default;
};

// The reverse of GroupVersionKind::to_string: `apps/v1 Deployment`, `v1 Pod`; a text with
// no space is a kind alone.
inline GroupVersionKind parse_group_version_kind(std::string_view text) {
    const auto space = text.rfind(' ');
    if (space == std::string_view::npos) return {"", "", std::string(text)};
    const auto group_version = text.substr(0, space);
    const auto slash = group_version.find('/');
    if (slash == std::string_view::npos) return {"", std::string(group_version), std::string(text.substr(space + 1))};
    return {std::string(group_version.substr(0, slash)), std::string(group_version.substr(slash + 1)), std::string(text.substr(space + 1))};
}

// One entry of `x-kubernetes-validations` (CEL).
struct ValidationRule {
    std::string_view rule;
    std::string_view message;
    std::string_view message_expression;
    std::string_view reason;
    std::string_view field_path;
    std::optional<bool> optional_old_self;
    Location location;
};

// One project's entry of `x-kubernetes-api-lifecycle` (KEP-2558), as written.
struct LifecycleEntry {
    std::string_view project;  // "kubernetes", or a CRD project's name
    std::string_view status;   // alpha, beta, deprecated
    std::string_view min_version;
    std::string_view feature_gate;
};

// A keyword kompat keeps as written: unknown `x-*` extensions and the JSON Schema
// keywords it does not model (title, example, readOnly, ...), so the diff can still
// see them change.
struct Keyword {
    std::string_view name;
    const boost::json::value* value = nullptr;
    Location location;
};

// The value of the keyword `name` among `keywords`, or null when it is not there.
inline const boost::json::value* find_keyword(const std::vector<Keyword>& keywords, std::string_view name) {
    for (const auto& keyword : keywords)
        if (keyword.name == name) return keyword.value;
    return nullptr;
}

struct Property;
struct Composition;

// The Kubernetes extensions that are more than a flag. Most schemas write none, so they
// are kept apart, as Bounds are: a Schema's size is what a spec of many small properties
// costs (docs/limits.md).
struct KubernetesExtensions {
    std::string_view list_type;                         // x-kubernetes-list-type
    std::vector<std::string_view> list_map_keys;        // x-kubernetes-list-map-keys
    std::string_view map_type;                          // x-kubernetes-map-type
    std::vector<ValidationRule> validations;            // x-kubernetes-validations
    std::string_view patch_strategy;                    // x-kubernetes-patch-strategy
    std::string_view patch_merge_key;                   // x-kubernetes-patch-merge-key
    std::vector<GroupVersionKind> group_version_kinds;  // x-kubernetes-group-version-kind
    std::vector<LifecycleEntry> lifecycle;              // x-kubernetes-api-lifecycle
};

// Keywords kompat keeps as written, so that the diff still sees them change.
struct UnmodelledKeywords {
    std::vector<Keyword> extensions;      // x-* extensions not modelled above
    std::vector<Keyword> other_keywords;  // JSON Schema keywords not modelled (title, example, readOnly, ...)
};

// A schema's types: nearly always one, held in place (a snapshot holds thousands of schemas).
using TypeList = boost::container::small_vector<std::string_view, 1>;

// The keywords that bound a value (JSON Schema's validation keywords for numbers,
// strings, arrays and objects). Most schemas write none, so they are kept apart: a
// snapshot holds thousands of Schemas, built, compared and freed on every check.
struct Bounds {
    std::optional<double> maximum;
    std::optional<double> minimum;
    bool exclusive_maximum = false;  // 3.1's numeric form is read into maximum + this flag
    bool exclusive_minimum = false;
    bool unique_items = false;
    std::optional<double> multiple_of;
    std::optional<std::uint64_t> max_length;
    std::optional<std::uint64_t> min_length;
    std::optional<std::uint64_t> max_items;
    std::optional<std::uint64_t> min_items;
    std::optional<std::uint64_t> max_properties;
    std::optional<std::uint64_t> min_properties;
    std::optional<std::string_view> pattern;
};

struct Schema {
    Location location;
    // The flags first, beside the location, where they fill what would be padding.
    bool nullable = false;                              // `nullable: true`, or "null" among 3.1 types
    std::optional<bool> additional_properties_allowed;  // `additionalProperties: true|false`
    bool preserve_unknown_fields = false;               // x-kubernetes-preserve-unknown-fields
    bool int_or_string = false;                         // x-kubernetes-int-or-string
    bool embedded_resource = false;                     // x-kubernetes-embedded-resource

    // The named type this schema refers to (a key of Snapshot::types), or "". A
    // one-element `allOf` around a `$ref` is read as the `$ref` itself (KEP-2896).
    // Views Snapshot::ref_names or a key of Snapshot::types.
    std::string_view ref;

    TypeList type;  // one entry, or several in OpenAPI 3.1
    std::string_view format;
    std::string_view description;
    const boost::json::array* enum_values = nullptr;
    const boost::json::value* default_value = nullptr;

    std::vector<std::string_view> required;
    std::vector<Property> properties;  // in document order
    std::unique_ptr<Schema> items;
    std::unique_ptr<Schema> additional_properties;  // `additionalProperties: {schema}`
    std::unique_ptr<Composition> composition;       // null when the schema writes none

    std::unique_ptr<Bounds> bounds;  // null when the schema writes none

    // The Kubernetes extensions that are more than a flag, and the keywords kept as written.
    std::unique_ptr<KubernetesExtensions> kubernetes_extensions;  // null when the schema writes none
    std::unique_ptr<UnmodelledKeywords> unmodelled_keywords;      // null when the schema writes none

    // Its bounds (none written: all empty), and the bounds to fill in while building.
    [[nodiscard]] const Bounds& value_bounds() const;
    Bounds& writable_bounds();
    // Its subschemas (none written: all empty), and those to fill in while building.
    [[nodiscard]] const Composition& subschemas() const;
    Composition& writable_subschemas();
    [[nodiscard]] const KubernetesExtensions& kubernetes() const;
    KubernetesExtensions& writable_kubernetes();
    [[nodiscard]] const UnmodelledKeywords& unmodelled() const;
    UnmodelledKeywords& writable_unmodelled();

    [[nodiscard]] const Property* find_property(std::string_view name) const;
    // Whether its `required` list names the property.
    [[nodiscard]] bool requires_property(std::string_view name) const;
    // True when the schema only points elsewhere: a `$ref` with at most annotations
    // beside it. A cycle of such schemas describes no value at all.
    [[nodiscard]] bool only_refers() const;
};

struct Property {
    std::string_view name;
    Schema schema;  // schema.location is where the property's key stands
};

// The subschemas a schema combines. Few schemas write any, so they are kept apart, as
// Bounds are.
struct Composition {
    std::vector<Schema> all_of;
    std::vector<Schema> one_of;
    std::vector<Schema> any_of;
};

// A part kept apart (Bounds, Composition): as written, or empty when none is; and the
// part to fill in, made when first written.
template <typename Part>
const Part& part_or_none(const std::unique_ptr<Part>& part) {
    static const Part none;
    return part ? *part : none;
}

template <typename Part>
Part& part_to_write(std::unique_ptr<Part>& part) {
    if (!part) part = std::make_unique<Part>();
    return *part;
}

inline const Composition& Schema::subschemas() const { return part_or_none(composition); }
inline Composition& Schema::writable_subschemas() { return part_to_write(composition); }
inline const Bounds& Schema::value_bounds() const { return part_or_none(bounds); }
inline Bounds& Schema::writable_bounds() { return part_to_write(bounds); }
inline const KubernetesExtensions& Schema::kubernetes() const { return part_or_none(kubernetes_extensions); }
inline KubernetesExtensions& Schema::writable_kubernetes() { return part_to_write(kubernetes_extensions); }
inline const UnmodelledKeywords& Schema::unmodelled() const { return part_or_none(unmodelled_keywords); }
inline UnmodelledKeywords& Schema::writable_unmodelled() { return part_to_write(unmodelled_keywords); }

inline const Property* Schema::find_property(std::string_view name) const {
    for (const auto& property : properties)
        if (property.name == name) return &property;
    return nullptr;
}

inline bool Schema::requires_property(std::string_view name) const {
    for (const auto required_name : required)
        if (required_name == name) return true;
    return false;
}

inline bool Schema::only_refers() const {
    return !ref.empty() && type.empty() && properties.empty() && !items && !additional_properties && subschemas().all_of.empty() &&
           subschemas().one_of.empty() && subschemas().any_of.empty() && enum_values == nullptr;
}

}  // namespace kompat
