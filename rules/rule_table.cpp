#include "rules/rule_table.hpp"

#include <algorithm>
#include <array>

namespace kompat {

std::string_view to_string(Severity severity) {
    switch (severity) {
        case Severity::info: return "info";
        case Severity::warning: return "warning";
        case Severity::error: return "error";
    }
    return "error";
}

std::optional<Severity> severity_from(std::string_view text) {
    if (text == "info") return Severity::info;
    if (text == "warning") return Severity::warning;
    if (text == "error") return Severity::error;
    return std::nullopt;
}

namespace {

constexpr auto E = Severity::error;
constexpr auto W = Severity::warning;
constexpr auto I = Severity::info;

// The columns of DESIGN.md's table: spec, status, request-only, response-only.
constexpr RoleSeverities breaks_writers{E, I, E, I};   // tightened validation, new required, value removed
constexpr RoleSeverities breaks_readers{W, E, I, E};   // relaxed validation, field optional
constexpr RoleSeverities enum_addition{E, E, I, E};    // readers cannot handle a value they never saw
constexpr RoleSeverities breaks_both{E, E, E, E};      // removed, retyped, default changed
constexpr RoleSeverities needs_review{W, W, W, W};
constexpr RoleSeverities changes_apply{E, E, E, I};     // how server-side apply merges: nobody applies a response
// Granular ↔ atomic changes only how several appliers share one struct; Kubernetes makes
// that change to its own GA types in minor releases (ServiceBackendPort in 1.31).
constexpr RoleSeverities shares_apply{W, W, W, I};
constexpr RoleSeverities harmless{I, I, I, I};


template <ChangeKind kind, const RoleSeverities& severities>
constexpr std::array<JudgedChange, 1> one{{{kind, severities}}};

constexpr std::array<JudgedChange, 2> list_type_judges{{
    {ChangeKind::list_type_changed, changes_apply},
    {ChangeKind::list_type_became_mergeable, needs_review},  // atomic → set/map changes server-side apply merging
}};

// A Kubernetes API server's spec documents the Go default it applied already.
constexpr std::array<JudgedChange, 2> default_added_judges{{
    {ChangeKind::default_added, breaks_both},
    {ChangeKind::default_added_by_server, harmless},
}};

constexpr std::array<JudgedChange, 0> none{};

#define R(id, message, kind, severities) Rule{id, message, one<ChangeKind::kind, severities>}

const std::array rules{
    // surface
    R("kind-removed", "kind removed", kind_removed, breaks_both),
    R("kind-added", "kind added", kind_added, harmless),
    R("version-removed", "version of a kind removed", version_removed, breaks_both),
    R("version-added", "version of a kind added", version_added, harmless),
    R("operation-removed", "operation removed", operation_removed, breaks_both),
    R("operation-added", "operation added", operation_added, harmless),
    R("parameter-removed", "parameter removed", parameter_removed, breaks_both),
    R("parameter-added", "optional parameter added", parameter_added, harmless),
    R("parameter-added-required", "required parameter added", parameter_added_required, breaks_writers),
    R("parameter-became-required", "parameter became required", parameter_became_required, breaks_writers),
    R("parameter-became-optional", "parameter became optional", parameter_became_optional, breaks_readers),
    R("parameter-type-changed", "parameter type changed", parameter_type_changed, breaks_both),
    R("response-removed", "response removed", response_removed, breaks_both),
    R("response-added", "response added", response_added, harmless),
    R("crd-scope-changed", "CRD scope changed", crd_scope_changed, breaks_both),
    R("crd-version-unserved", "CRD version no longer served", crd_version_unserved, breaks_both),
    R("crd-version-served", "CRD version now served", crd_version_served, harmless),
    R("crd-storage-version-changed", "CRD storage version changed", crd_storage_version_changed, needs_review),
    // fields
    R("field-removed", "field removed", field_removed, breaks_both),
    R("field-added", "field added", field_added, harmless),
    R("field-added-required", "required field added", field_added_required, breaks_writers),
    R("field-became-required", "field became required", field_became_required, breaks_writers),
    R("field-became-optional", "field became optional", field_became_optional, breaks_readers),
    R("field-possibly-renamed", "a removed and an added field have the same schema: renamed?", field_possibly_renamed, harmless),
    R("type-changed", "type changed", type_changed, breaks_both),
    R("format-changed", "format changed", format_changed, breaks_both),
    R("nullable-removed", "field no longer nullable", nullable_removed, breaks_writers),
    R("nullable-added", "field became nullable", nullable_added, breaks_readers),
    // enums
    R("enum-value-added", "enum value added", enum_value_added, enum_addition),
    R("enum-value-removed", "enum value removed", enum_value_removed, breaks_writers),
    R("enum-restriction-added", "free value became an enum", enum_restriction_added, breaks_writers),
    R("enum-restriction-removed", "enum became a free value", enum_restriction_removed, breaks_readers),
    // validation
    R("max-length-tightened", "maxLength tightened", max_length_tightened, breaks_writers),
    R("max-length-relaxed", "maxLength relaxed", max_length_relaxed, breaks_readers),
    R("min-length-tightened", "minLength tightened", min_length_tightened, breaks_writers),
    R("min-length-relaxed", "minLength relaxed", min_length_relaxed, breaks_readers),
    R("maximum-tightened", "maximum tightened", maximum_tightened, breaks_writers),
    R("maximum-relaxed", "maximum relaxed", maximum_relaxed, breaks_readers),
    R("minimum-tightened", "minimum tightened", minimum_tightened, breaks_writers),
    R("minimum-relaxed", "minimum relaxed", minimum_relaxed, breaks_readers),
    R("exclusive-maximum-tightened", "maximum became exclusive", exclusive_maximum_tightened, breaks_writers),
    R("exclusive-maximum-relaxed", "maximum became inclusive", exclusive_maximum_relaxed, breaks_readers),
    R("exclusive-minimum-tightened", "minimum became exclusive", exclusive_minimum_tightened, breaks_writers),
    R("exclusive-minimum-relaxed", "minimum became inclusive", exclusive_minimum_relaxed, breaks_readers),
    R("pattern-tightened", "pattern added or narrowed: values it accepted are refused", pattern_tightened, breaks_writers),
    R("pattern-relaxed", "pattern removed or widened: values it refused are accepted", pattern_relaxed, breaks_readers),
    R("pattern-changed", "pattern changed: some values may now be refused, others accepted", pattern_changed, needs_review),
    R("max-items-tightened", "maxItems tightened", max_items_tightened, breaks_writers),
    R("max-items-relaxed", "maxItems relaxed", max_items_relaxed, breaks_readers),
    R("min-items-tightened", "minItems tightened", min_items_tightened, breaks_writers),
    R("min-items-relaxed", "minItems relaxed", min_items_relaxed, breaks_readers),
    R("unique-items-tightened", "items must now be unique", unique_items_tightened, breaks_writers),
    R("unique-items-relaxed", "items need no longer be unique", unique_items_relaxed, breaks_readers),
    R("max-properties-tightened", "maxProperties tightened", max_properties_tightened, breaks_writers),
    R("max-properties-relaxed", "maxProperties relaxed", max_properties_relaxed, breaks_readers),
    R("min-properties-tightened", "minProperties tightened", min_properties_tightened, breaks_writers),
    R("min-properties-relaxed", "minProperties relaxed", min_properties_relaxed, breaks_readers),
    R("multiple-of-tightened", "multipleOf tightened", multiple_of_tightened, breaks_writers),
    R("multiple-of-relaxed", "multipleOf relaxed", multiple_of_relaxed, breaks_readers),
    R("additional-properties-tightened", "additionalProperties tightened", additional_properties_tightened, breaks_writers),
    R("additional-properties-relaxed", "additionalProperties relaxed", additional_properties_relaxed, breaks_readers),
    R("cel-rules-tightened", "CEL validation rule added", cel_rules_tightened, breaks_writers),
    R("cel-rules-relaxed", "CEL validation rule removed", cel_rules_relaxed, breaks_readers),
    R("cel-rule-changed", "CEL validation rule rewritten: it may refuse values it accepted", cel_rule_changed, needs_review),
    // defaults
    Rule{"default-added", "default added", default_added_judges},
    R("default-removed", "default removed", default_removed, breaks_both),
    R("default-changed", "default changed", default_changed, breaks_both),
    Rule{"default-missing-in-version", "field has a default in another version of this kind but none here", none, true},
    // Kubernetes semantics
    Rule{"list-type-changed", "x-kubernetes-list-type changed", list_type_judges},
    R("list-map-keys-changed", "x-kubernetes-list-map-keys changed", list_map_keys_changed, changes_apply),
    R("map-type-changed", "x-kubernetes-map-type changed", map_type_changed, shares_apply),
    R("preserve-unknown-fields-removed", "unknown fields are now pruned", preserve_unknown_fields_removed, breaks_both),
    R("preserve-unknown-fields-added", "unknown fields are now preserved", preserve_unknown_fields_added, harmless),
    R("int-or-string-changed", "x-kubernetes-int-or-string changed", int_or_string_changed, breaks_both),
    R("embedded-resource-changed", "x-kubernetes-embedded-resource changed", embedded_resource_changed, breaks_both),
    R("patch-strategy-changed", "patch strategy changed", patch_strategy_changed, changes_apply),
    R("patch-merge-key-changed", "patch merge key changed", patch_merge_key_changed, changes_apply),
    R("field-became-immutable", "field became immutable (CEL transition rule)", field_became_immutable, breaks_writers),
    // lifecycle (KEP-2558)
    R("lifecycle-promoted", "field promoted", lifecycle_promoted, harmless),
    R("lifecycle-demoted", "field demoted", lifecycle_demoted, needs_review),
    R("lifecycle-deprecated", "field deprecated", lifecycle_deprecated, harmless),
    R("feature-gate-changed", "feature gate changed", feature_gate_changed, needs_review),
    Rule{"lifecycle-invalid", "invalid x-kubernetes-api-lifecycle", none, true},
    // review aids
    R("description-changed", "description changed", description_changed, harmless),
    R("definition-added", "named type added", definition_added, harmless),
    R("definition-removed", "named type removed", definition_removed, harmless),
    // the catch-all
    R("unclassified-change", "a difference no rule judges", unclassified_change, needs_review),
};

#undef R

}  // namespace

std::span<const Rule> rule_table() { return rules; }

const Rule* find_rule(std::string_view id) {
    const auto found = std::find_if(rules.begin(), rules.end(), [&](const Rule& rule) { return rule.id == id; });
    return found != rules.end() ? &*found : nullptr;
}

const Rule& rule_for(ChangeKind kind, const JudgedChange** judged) {
    for (const auto& rule : rules) {
        for (const auto& entry : rule.judges) {
            if (entry.change != kind) continue;
            if (judged != nullptr) *judged = &entry;
            return rule;
        }
    }
    // Every change kind is judged by one row (a test holds the table to that).
    return rule_for(ChangeKind::unclassified_change, judged);
}

}  // namespace kompat
