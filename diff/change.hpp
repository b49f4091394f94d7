#pragma once
// What the differ finds: one Change per difference, as data. Rules (rules/) judge
// changes by their kind; the differ knows nothing of severities.
#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/lifecycle.hpp"
#include "model/snapshot.hpp"

namespace kompat {

// Every kind of difference, named as the rule that usually judges it.
// clang-format off
#define KOMPAT_CHANGE_KINDS(X)                                                              \
    X(kind_removed, "kind-removed") X(kind_added, "kind-added")                             \
    X(version_removed, "version-removed") X(version_added, "version-added")                 \
    X(operation_removed, "operation-removed") X(operation_added, "operation-added")         \
    X(parameter_removed, "parameter-removed") X(parameter_added, "parameter-added")         \
    X(parameter_added_required, "parameter-added-required")                                 \
    X(parameter_became_required, "parameter-became-required")                               \
    X(parameter_became_optional, "parameter-became-optional")                               \
    X(parameter_type_changed, "parameter-type-changed")                                     \
    X(response_removed, "response-removed") X(response_added, "response-added")             \
    X(error_response_removed, "error-response-removed")                                     \
    X(response_header_removed, "response-header-removed")                                   \
    X(response_header_added, "response-header-added")                                       \
    X(response_header_became_optional, "response-header-became-optional")                   \
    X(response_header_became_required, "response-header-became-required")                   \
    X(operation_id_changed, "operation-id-changed") X(operation_tags_changed, "operation-tags-changed") \
    X(path_parameter_renamed, "path-parameter-renamed")                                     \
    X(parameter_style_changed, "parameter-style-changed") X(servers_changed, "servers-changed") \
    X(security_requirement_added, "security-requirement-added")                             \
    X(security_requirement_removed, "security-requirement-removed")                         \
    X(security_scheme_changed, "security-scheme-changed")                                   \
    X(request_body_removed, "request-body-removed") X(request_body_added, "request-body-added") \
    X(request_body_added_required, "request-body-added-required")                           \
    X(request_body_became_required, "request-body-became-required")                         \
    X(request_body_became_optional, "request-body-became-optional")                         \
    X(media_type_removed, "media-type-removed") X(media_type_added, "media-type-added")     \
    X(crd_scope_changed, "crd-scope-changed") X(crd_version_unserved, "crd-version-unserved") \
    X(crd_version_served, "crd-version-served")                                             \
    X(crd_version_deprecated, "crd-version-deprecated")                                     \
    X(unserved_version_removed, "unserved-version-removed")                                 \
    X(unstored_version_removed, "unstored-version-removed")                                 \
    X(unreleased_change, "unreleased-change")                                               \
    X(version_not_bumped, "version-not-bumped")                                             \
    X(object_rejected, "object-rejected") X(object_field_pruned, "object-field-pruned")     \
    X(object_default_changed, "object-default-changed")                                     \
    X(object_version_unserved, "object-version-unserved")                                   \
    X(object_invalid_before, "object-invalid-before") X(object_invalid, "object-invalid")   \
    X(convention_float, "convention-float")                                                 \
    X(convention_integer_format, "convention-integer-format")                               \
    X(convention_string_max_length, "convention-string-max-length")                         \
    X(convention_list_max_items, "convention-list-max-items")                               \
    X(convention_list_type, "convention-list-type")                                         \
    X(convention_conditions, "convention-conditions")                                       \
    X(convention_status_subresource, "convention-status-subresource")                       \
    X(convention_phase, "convention-phase")                                                 \
    X(convention_field_name, "convention-field-name")                                       \
    X(convention_map, "convention-map")                                                     \
    X(convention_bool, "convention-bool")                                                   \
    X(crd_storage_version_changed, "crd-storage-version-changed")                           \
    X(crd_storage_version_changed_nothing_stored, "crd-storage-version-changed-nothing-stored") \
    X(crd_stored_version_removed, "crd-stored-version-removed")                             \
    X(crd_stored_version_unserved, "crd-stored-version-unserved")                           \
    X(crd_cluster_drift, "crd-cluster-drift")                                               \
    X(crd_short_name_removed, "crd-short-name-removed")                                     \
    X(crd_category_removed, "crd-category-removed")                                         \
    X(crd_unaccepted_short_name_removed, "crd-unaccepted-short-name-removed")               \
    X(crd_unaccepted_category_removed, "crd-unaccepted-category-removed")                   \
    X(crd_list_kind_changed, "crd-list-kind-changed")                                       \
    X(crd_singular_changed, "crd-singular-changed")                                         \
    X(field_removed, "field-removed") X(field_added, "field-added")                         \
    X(field_added_required, "field-added-required")                                         \
    X(field_became_required, "field-became-required")                                       \
    X(field_became_optional, "field-became-optional")                                       \
    X(field_possibly_renamed, "field-possibly-renamed")                                     \
    X(type_changed, "type-changed") X(format_changed, "format-changed")                     \
    X(type_widened, "type-widened") X(type_narrowed, "type-narrowed")                       \
    X(union_branch_added, "union-branch-added") X(union_branch_removed, "union-branch-removed") \
    X(one_of_branches_overlap, "one-of-branches-overlap")                                   \
    X(discriminator_changed, "discriminator-changed")                                       \
    X(discriminator_value_added, "discriminator-value-added")                               \
    X(nullable_removed, "nullable-removed") X(nullable_added, "nullable-added")             \
    X(enum_value_added, "enum-value-added") X(enum_value_removed, "enum-value-removed")     \
    X(enum_restriction_added, "enum-restriction-added")                                     \
    X(enum_restriction_removed, "enum-restriction-removed")                                 \
    X(max_length_tightened, "max-length-tightened") X(max_length_relaxed, "max-length-relaxed") \
    X(min_length_tightened, "min-length-tightened") X(min_length_relaxed, "min-length-relaxed") \
    X(maximum_tightened, "maximum-tightened") X(maximum_relaxed, "maximum-relaxed")         \
    X(minimum_tightened, "minimum-tightened") X(minimum_relaxed, "minimum-relaxed")         \
    X(exclusive_maximum_tightened, "exclusive-maximum-tightened")                           \
    X(exclusive_maximum_relaxed, "exclusive-maximum-relaxed")                               \
    X(exclusive_minimum_tightened, "exclusive-minimum-tightened")                           \
    X(exclusive_minimum_relaxed, "exclusive-minimum-relaxed")                               \
    X(pattern_tightened, "pattern-tightened") X(pattern_relaxed, "pattern-relaxed")         \
    X(pattern_changed, "pattern-changed")                                                   \
    X(max_items_tightened, "max-items-tightened") X(max_items_relaxed, "max-items-relaxed") \
    X(min_items_tightened, "min-items-tightened") X(min_items_relaxed, "min-items-relaxed") \
    X(unique_items_tightened, "unique-items-tightened") X(unique_items_relaxed, "unique-items-relaxed") \
    X(max_properties_tightened, "max-properties-tightened")                                 \
    X(max_properties_relaxed, "max-properties-relaxed")                                     \
    X(min_properties_tightened, "min-properties-tightened")                                 \
    X(min_properties_relaxed, "min-properties-relaxed")                                     \
    X(multiple_of_tightened, "multiple-of-tightened") X(multiple_of_relaxed, "multiple-of-relaxed") \
    X(additional_properties_tightened, "additional-properties-tightened")                   \
    X(additional_properties_relaxed, "additional-properties-relaxed")                       \
    X(cel_rules_tightened, "cel-rules-tightened") X(cel_rules_relaxed, "cel-rules-relaxed") \
    X(cel_rule_changed, "cel-rule-changed")                                                 \
    X(cel_rule_on_new_fields, "cel-rule-on-new-fields")                                     \
    X(cel_rule_implied_by_schema, "cel-rule-implied-by-schema")                             \
    X(field_became_read_only, "field-became-read-only")                                     \
    X(format_added, "format-added") X(format_removed, "format-removed")                     \
    X(field_became_write_only, "field-became-write-only")                                   \
    X(field_access_relaxed, "field-access-relaxed")                                         \
    X(extensible_enum_value_added, "extensible-enum-value-added")                           \
    X(required_replaced_by_cel_rule, "required-replaced-by-cel-rule")                       \
    X(validation_keyword_added, "validation-keyword-added")                                 \
    X(validation_keyword_removed, "validation-keyword-removed")                             \
    X(contains_bound_tightened, "contains-bound-tightened")                                 \
    X(contains_bound_relaxed, "contains-bound-relaxed")                                     \
    X(default_added, "default-added") X(default_removed, "default-removed")                 \
    X(default_added_by_server, "default-added-by-server")                                   \
    X(default_added_as_documented, "default-added-as-documented")                           \
    X(default_added_zero_value, "default-added-zero-value")                                 \
    X(default_changed, "default-changed")                                                   \
    X(list_type_changed, "list-type-changed") X(list_map_keys_changed, "list-map-keys-changed") \
    X(list_type_became_mergeable, "list-type-became-mergeable")                             \
    X(map_type_changed, "map-type-changed")                                                 \
    X(preserve_unknown_fields_removed, "preserve-unknown-fields-removed")                   \
    X(preserve_unknown_fields_added, "preserve-unknown-fields-added")                       \
    X(schema_became_untyped, "schema-became-untyped")                                       \
    X(schema_became_typed, "schema-became-typed")                                           \
    X(int_or_string_changed, "int-or-string-changed")                                       \
    X(embedded_resource_changed, "embedded-resource-changed")                               \
    X(patch_strategy_changed, "patch-strategy-changed")                                     \
    X(patch_merge_key_changed, "patch-merge-key-changed")                                   \
    X(field_became_immutable, "field-became-immutable")                                     \
    X(union_option_added, "union-option-added")                                             \
    X(lifecycle_promoted, "lifecycle-promoted") X(lifecycle_demoted, "lifecycle-demoted")   \
    X(lifecycle_stage_unstated, "lifecycle-stage-unstated")                                 \
    X(lifecycle_stage_stated, "lifecycle-stage-stated")                                     \
    X(lifecycle_deprecated, "lifecycle-deprecated")                                         \
    X(deprecated_sunset_past, "deprecated-sunset-past")                                     \
    X(stability_level_decreased, "stability-level-decreased")                               \
    X(feature_gate_changed, "feature-gate-changed")                                         \
    X(description_changed, "description-changed")                                           \
    X(annotation_changed, "annotation-changed")                                             \
    X(definition_added, "definition-added") X(definition_removed, "definition-removed")     \
    X(unclassified_change, "unclassified-change")
// clang-format on

enum class ChangeKind : std::uint8_t {
#define KOMPAT_ENUM(name, text) name,
    KOMPAT_CHANGE_KINDS(KOMPAT_ENUM)
#undef KOMPAT_ENUM
};

// A change kind's id: the rule that judges it alone has this id (rules/rule_table.cpp), so
// it is spelled once, here.
constexpr std::string_view to_string(ChangeKind kind) {
    switch (kind) {
#define KOMPAT_CASE(name, text) \
    case ChangeKind::name: return text;
        KOMPAT_CHANGE_KINDS(KOMPAT_CASE)
#undef KOMPAT_CASE
    }
    return "unclassified-change";
}

// Who writes and who reads the value a change is about.
enum Role : unsigned {
    role_spec = 1U,      // users write, controllers read (a kind's fields outside .status)
    role_status = 2U,    // the server writes, clients read (.status)
    role_request = 4U,   // an operation's parameters and request body
    role_response = 8U,  // an operation's responses
    // Reached only in roles that ignore the value: a readOnly field in a request, a
    // writeOnly field in a response. Judged info.
    role_ignored = 16U,
};

// A file position in one of the two inputs.
struct SourcePosition {
    std::string file;
    TextPosition position;
    [[nodiscard]] bool known() const { return !file.empty(); }
};

// One place a change is reached from: a kind (with the path from its root) or an operation.
struct Reach {
    std::string from;  // "apps/v1 Deployment" or "GET /api/v1/pods"
    std::string path;  // from the kind's root (".spec.template.spec.containers[*]"), or inside the operation
    bool is_kind = true;
    unsigned roles = 0;
    Stability stability = Stability::ga;
    bool alpha_field = false;  // reached through a field whose lifecycle is alpha
    // False for an operation reaching a type that a kind reaches too: the kind's roles judge it.
    bool judges = true;
    bool list_kind = false;  // from a List kind (`PodList`), folded into its item kind where that reaches too
    bool at_root = false;    // the change stands in the kind's own schema (its root type or a CRD version's schema)
};

struct Change {
    ChangeKind kind = ChangeKind::unclassified_change;
    std::string type;       // the named type (or CRD kind) where the change stands; "" for operation surface
    std::string path;       // inside `type`; "." for the type itself
    std::string operation;  // "GET /api/v1/pods" for operation changes
    // For an operation added or removed: the kind it serves ("v1 Pod", from the spec's
    // x-kubernetes-group-version-kind), so release notes fold it into its kind.
    std::string operation_kind;
    std::string detail;  // what exactly: the enum value, the keyword, the parameter
    // Said after the change (the sentence's `{aside}`) but not what identifies it: what the
    // inputs tell of its consequence (which versions a cluster stores), outside the fingerprint.
    std::string aside;
    boost::json::value old_value;  // null when absent
    boost::json::value new_value;
    SourcePosition old_position;
    SourcePosition new_position;
    Lifecycle lifecycle;         // of the field the change is about (new side, else old)
    std::vector<Reach> reaches;  // sorted; filled by the differ
    // For kind and version removals: the whole group-version is gone.
    bool whole_group_version = false;
    // For an operation removed: the kind version it serves is removed too, and says it.
    bool with_its_kind = false;
    Stability stability = Stability::ga;  // of the kind, for kind-level changes
    // Roles that ignore the value changed: request for a readOnly field (clients do not
    // send it), response for a writeOnly one (servers do not return it).
    unsigned ignored_by = 0;
    // In a named type that no kind and no operation reaches, in a snapshot that has some:
    // nobody sends or reads it through this API.
    bool unreached = false;
};

// `roles` without those that ignore the value; role_ignored when none is left.
inline unsigned roles_heeding(unsigned roles, unsigned ignored_by) {
    if (roles == 0 || ignored_by == 0) return roles;
    const auto left = roles & ~ignored_by;
    return left != 0 ? left : role_ignored;
}

struct DiffResult {
    std::vector<Change> changes;
    std::vector<std::string> notes;  // e.g. what a v2/v3 comparison leaves out
};

}  // namespace kompat
