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

// A client handles an error status it no longer gets as it did: only a success response removed breaks it.
constexpr std::array<JudgedChange, 2> response_removed_judges{{
    {ChangeKind::response_removed, breaks_both},
    {ChangeKind::error_response_removed, harmless},
}};

constexpr std::array<JudgedChange, 0> none{};

// What to do about a finding, by what it breaks: one sentence each, shared by the rows.
constexpr std::string_view remedy_nothing = "Nothing to do: it is for release notes and review.";
constexpr std::string_view remedy_retire =
    "Deprecate it first and retire it only with an API version, after its clients have moved; "
    "if this is that retirement, accept the finding in a baseline.";
constexpr std::string_view remedy_in_place =
    "Do not change it in place: add a new field or serve a new API version, and deprecate the old one.";
constexpr std::string_view remedy_writers =
    "Keep accepting what was valid (ratchet the rule to new and changed values) or tighten it in a new API version.";
constexpr std::string_view remedy_readers =
    "Check that every reader (controllers, clients) handles the new values; if they do, accept the finding in a baseline.";
constexpr std::string_view remedy_apply =
    "Keep the merge semantics of a served version; change them in a new API version.";
constexpr std::string_view remedy_storage =
    "Migrate stored objects (a storage version migration) before the old version stops being served.";
constexpr std::string_view remedy_review = "Review the change; if it is intended, accept the finding in a baseline.";
constexpr std::string_view remedy_fix_spec = "Fix the spec.";

#define R(id, message, kind, severities, sentence, breaks, remedy) Rule{id, message, sentence, breaks, remedy, one<ChangeKind::kind, severities>}

const std::array rules{
    // surface
    R("kind-removed", "kind removed", kind_removed, breaks_both,
      "kind removed",
      "Every client and manifest of the kind stops working.", remedy_retire),
    R("kind-added", "kind added", kind_added, harmless,
      "kind added",
      "Nobody: release-note material.", remedy_nothing),
    R("version-removed", "version of a kind removed", version_removed, breaks_both,
      "version removed",
      "Clients and manifests still using that version.", remedy_retire),
    R("version-added", "version of a kind added", version_added, harmless,
      "version added",
      "Nobody.", remedy_nothing),
    R("operation-removed", "operation removed", operation_removed, breaks_both,
      "operation removed",
      "Every client calling it.", remedy_retire),
    R("operation-added", "operation added", operation_added, harmless,
      "operation added",
      "Nobody.", remedy_nothing),
    R("parameter-removed", "parameter removed", parameter_removed, breaks_both,
      "parameter {detail} removed",
      "Clients sending it (rejected or silently ignored).", remedy_retire),
    R("parameter-added", "optional parameter added", parameter_added, harmless,
      "optional parameter {detail} added",
      "Nobody.", remedy_nothing),
    R("parameter-added-required", "required parameter added", parameter_added_required, breaks_writers,
      "required parameter {detail} added",
      "Every existing caller, who does not send it.", remedy_writers),
    R("parameter-became-required", "parameter became required", parameter_became_required, breaks_writers,
      "parameter {detail} became required",
      "Callers that leave it out.", remedy_writers),
    R("parameter-became-optional", "parameter became optional", parameter_became_optional, breaks_readers,
      "parameter {detail} became optional",
      "Readers of the request (servers, proxies) that relied on it being there; on a request, info.", remedy_readers),
    R("parameter-type-changed", "parameter type changed", parameter_type_changed, breaks_both,
      "type of parameter {detail} changed from {old} to {new}",
      "Callers sending the old type.", remedy_in_place),
    Rule{"response-removed", "response removed", "response {detail} removed",
         "Clients that handle it: a success response (2xx, 3xx) removed is an error; an error response (4xx, 5xx, "
         "default), info.", remedy_retire, response_removed_judges},
    R("response-header-removed", "response header removed", response_header_removed, breaks_both,
      "response header {detail} removed",
      "Clients that read it.", remedy_retire),
    R("response-header-added", "response header added", response_header_added, harmless,
      "response header {detail} added",
      "Nobody.", remedy_nothing),
    R("response-header-became-optional", "response header became optional", response_header_became_optional, breaks_readers,
      "response header {detail} became optional",
      "Clients that relied on it being sent.", remedy_readers),
    R("response-header-became-required", "response header became required", response_header_became_required, harmless,
      "response header {detail} became required",
      "Nobody: clients get it every time now.", remedy_nothing),
    R("security-requirement-added", "security requirement added: a client must present more", security_requirement_added,
      breaks_writers,
      "security tightened from {old} to {new}",
      "Clients that authenticated as the old requirements allowed: a new scheme or scope, or an alternative removed.",
      remedy_writers),
    R("security-requirement-removed", "security requirement removed or an alternative added", security_requirement_removed, harmless,
      "security relaxed from {old} to {new}",
      "Nobody: a client that met the old requirements meets the new ones.", remedy_nothing),
    R("security-scheme-changed", "security scheme changed", security_scheme_changed, breaks_both,
      "security scheme {field} changed from {old} to {new}",
      "Every client that authenticates by it: its type, where the credential goes, or its flows' URLs changed.", remedy_in_place),
    R("parameter-style-changed", "parameter serialization changed", parameter_style_changed, breaks_both,
      "serialization of parameter {detail} changed from {old} to {new}",
      "Callers that send it the old way (style, explode), and servers that parse it.", remedy_in_place),
    R("servers-changed", "server URLs changed", servers_changed, needs_review,
      "servers changed from {old} to {new}",
      "Perhaps every client configured with an old URL; a review decides.", remedy_review),
    R("operation-id-changed", "operationId changed", operation_id_changed, needs_review,
      "operationId changed from {old} to {new}",
      "Generated clients: their method for the operation is renamed.", remedy_review),
    R("operation-tags-changed", "operation tags changed", operation_tags_changed, harmless,
      "tags changed from {old} to {new}",
      "Nobody: tags group operations in docs and generated clients.", remedy_nothing),
    R("path-parameter-renamed", "path parameter renamed", path_parameter_renamed, harmless,
      "path parameter {old} renamed to {new}",
      "Nobody on the wire: the URL is the same; generated clients may rename an argument.", remedy_nothing),
    R("response-added", "response added", response_added, harmless,
      "response {detail} added",
      "Nobody (info).", remedy_nothing),
    R("request-body-removed", "request body removed", request_body_removed, breaks_both,
      "request body removed",
      "Callers that send one: it is refused or ignored.", remedy_retire),
    R("request-body-added", "optional request body added", request_body_added, harmless,
      "optional request body added",
      "Nobody.", remedy_nothing),
    R("request-body-added-required", "required request body added", request_body_added_required, breaks_writers,
      "required request body added",
      "Every existing caller, who sends none.", remedy_writers),
    R("request-body-became-required", "request body became required", request_body_became_required, breaks_writers,
      "request body became required",
      "Callers that send none.", remedy_writers),
    R("request-body-became-optional", "request body became optional", request_body_became_optional, breaks_readers,
      "request body became optional",
      "Readers of the request (servers, proxies) that relied on one; on a request, info.", remedy_readers),
    R("media-type-removed", "media type removed", media_type_removed, breaks_both,
      "media type {old} removed",
      "Clients that send or accept it.", remedy_retire),
    R("media-type-added", "media type added", media_type_added, harmless,
      "media type {new} added",
      "Nobody.", remedy_nothing),
    R("crd-scope-changed", "CRD scope changed", crd_scope_changed, breaks_both,
      "scope changed from {old} to {new}",
      "Every client and stored object: the resource's paths and identity change.", remedy_in_place),
    R("crd-version-unserved", "CRD version no longer served", crd_version_unserved, breaks_both,
      "{detail} no longer served",
      "Clients of that version.", remedy_retire),
    R("crd-version-served", "CRD version now served", crd_version_served, harmless,
      "{detail} now served",
      "Nobody.", remedy_nothing),
    R("crd-storage-version-changed", "CRD storage version changed", crd_storage_version_changed, needs_review,
      "storage version changed from {old} to {new}",
      "Needs a human: stored objects must be migrated before the old version goes.", remedy_storage),
    // fields
    R("field-removed", "field removed", field_removed, breaks_both,
      "field {field} removed",
      "Writers that set it and readers that read it.", remedy_retire),
    R("field-added", "field added", field_added, harmless,
      "field {field} added",
      "Nobody.", remedy_nothing),
    R("field-added-required", "required field added", field_added_required, breaks_writers,
      "required field {field} added",
      "Every writer: old manifests lack it.", remedy_writers),
    R("field-became-required", "field became required", field_became_required, breaks_writers,
      "{field} became required",
      "Writers that leave it out (on status: info).", remedy_writers),
    R("field-became-optional", "field became optional", field_became_optional, breaks_readers,
      "{field} became optional",
      "Readers that relied on it being set (on spec: warning).", remedy_readers),
    R("field-possibly-renamed", "a removed and an added field have the same schema: renamed?", field_possibly_renamed, harmless,
      "{detail}: renamed?",
      "Whoever used the old name; the hint helps a reviewer see the rename.", remedy_nothing),
    R("type-changed", "type changed", type_changed, breaks_both,
      "type of {field} changed from {old} to {new}",
      "Writers and readers of the old type.", remedy_in_place),
    R("type-widened", "type widened: more kinds of value are valid", type_widened, breaks_readers,
      "{field} widened from {old} to {new}",
      "Readers that handle only the old type: integer became number, or the value became a union that holds the old type.",
      remedy_readers),
    R("type-narrowed", "type narrowed: fewer kinds of value are valid", type_narrowed, breaks_writers,
      "{field} narrowed from {old} to {new}",
      "Writers that send a value of the type that was dropped.", remedy_writers),
    R("union-branch-added", "oneOf/anyOf branch added", union_branch_added, breaks_readers,
      "{field} may now also be {new}",
      "Readers that meet a value of the new branch.", remedy_readers),
    R("union-branch-removed", "oneOf/anyOf branch removed", union_branch_removed, breaks_writers,
      "{field} can no longer be {old}",
      "Writers that send a value of the removed branch.", remedy_writers),
    R("discriminator-changed", "discriminator property or mapping changed", discriminator_changed, breaks_both,
      "{detail} of {field} changed from {old} to {new}",
      "Readers (generated clients) and the server pick a union's branch by it.", remedy_in_place),
    R("discriminator-value-added", "discriminator value mapped anew", discriminator_value_added, enum_addition,
      "{detail} of {field} added, for {new}",
      "Readers that dispatch on the discriminator and meet a value they never saw.", remedy_readers),
    R("format-changed", "format changed", format_changed, breaks_both,
      "format of {field} changed from {old} to {new}",
      "Readers and writers that parse it.", remedy_in_place),
    R("nullable-removed", "field no longer nullable", nullable_removed, breaks_writers,
      "{field} is no longer nullable",
      "Writers sending null.", remedy_writers),
    R("nullable-added", "field became nullable", nullable_added, breaks_readers,
      "{field} became nullable",
      "Readers that never expected null.", remedy_readers),
    // enums
    R("enum-value-added", "enum value added", enum_value_added, enum_addition,
      "enum value {new} added to {field}",
      "Readers that switch over the values and meet one they never saw; on spec too, since controllers read spec.", remedy_readers),
    R("enum-value-removed", "enum value removed", enum_value_removed, breaks_writers,
      "enum value {old} removed from {field}",
      "Writers sending it.", remedy_writers),
    R("enum-restriction-added", "free value became an enum", enum_restriction_added, breaks_writers,
      "{field} became an enum of {new}",
      "Writers sending values outside it.", remedy_writers),
    R("enum-restriction-removed", "enum became a free value", enum_restriction_removed, breaks_readers,
      "{field} is no longer an enum of {old}",
      "Readers that handle only the old values.", remedy_readers),
    // validation
    R("max-length-tightened", "maxLength tightened", max_length_tightened, breaks_writers,
      "maxLength of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("max-length-relaxed", "maxLength relaxed", max_length_relaxed, breaks_readers,
      "maxLength of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("min-length-tightened", "minLength tightened", min_length_tightened, breaks_writers,
      "minLength of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("min-length-relaxed", "minLength relaxed", min_length_relaxed, breaks_readers,
      "minLength of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("maximum-tightened", "maximum tightened", maximum_tightened, breaks_writers,
      "maximum of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("maximum-relaxed", "maximum relaxed", maximum_relaxed, breaks_readers,
      "maximum of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("minimum-tightened", "minimum tightened", minimum_tightened, breaks_writers,
      "minimum of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("minimum-relaxed", "minimum relaxed", minimum_relaxed, breaks_readers,
      "minimum of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("exclusive-maximum-tightened", "maximum became exclusive", exclusive_maximum_tightened, breaks_writers,
      "maximum of {field} became exclusive",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("exclusive-maximum-relaxed", "maximum became inclusive", exclusive_maximum_relaxed, breaks_readers,
      "maximum of {field} became inclusive",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("exclusive-minimum-tightened", "minimum became exclusive", exclusive_minimum_tightened, breaks_writers,
      "minimum of {field} became exclusive",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("exclusive-minimum-relaxed", "minimum became inclusive", exclusive_minimum_relaxed, breaks_readers,
      "minimum of {field} became inclusive",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("pattern-tightened", "pattern added or narrowed: values it accepted are refused", pattern_tightened, breaks_writers,
      "pattern of {field} narrowed from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("pattern-relaxed", "pattern removed or widened: values it refused are accepted", pattern_relaxed, breaks_readers,
      "pattern of {field} widened from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("pattern-changed", "pattern changed: some values may now be refused, others accepted", pattern_changed, needs_review,
      "pattern of {field} changed from {old} to {new}",
      "Perhaps writers (values now refused) and readers (values now accepted).", remedy_review),
    R("max-items-tightened", "maxItems tightened", max_items_tightened, breaks_writers,
      "maxItems of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("max-items-relaxed", "maxItems relaxed", max_items_relaxed, breaks_readers,
      "maxItems of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("min-items-tightened", "minItems tightened", min_items_tightened, breaks_writers,
      "minItems of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("min-items-relaxed", "minItems relaxed", min_items_relaxed, breaks_readers,
      "minItems of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("unique-items-tightened", "items must now be unique", unique_items_tightened, breaks_writers,
      "items of {field} must now be unique",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("unique-items-relaxed", "items need no longer be unique", unique_items_relaxed, breaks_readers,
      "items of {field} need no longer be unique",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("max-properties-tightened", "maxProperties tightened", max_properties_tightened, breaks_writers,
      "maxProperties of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("max-properties-relaxed", "maxProperties relaxed", max_properties_relaxed, breaks_readers,
      "maxProperties of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("min-properties-tightened", "minProperties tightened", min_properties_tightened, breaks_writers,
      "minProperties of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("min-properties-relaxed", "minProperties relaxed", min_properties_relaxed, breaks_readers,
      "minProperties of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("multiple-of-tightened", "multipleOf tightened", multiple_of_tightened, breaks_writers,
      "multipleOf of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("multiple-of-relaxed", "multipleOf relaxed", multiple_of_relaxed, breaks_readers,
      "multipleOf of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("additional-properties-tightened", "additionalProperties tightened", additional_properties_tightened, breaks_writers,
      "additionalProperties of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("additional-properties-relaxed", "additionalProperties relaxed", additional_properties_relaxed, breaks_readers,
      "additionalProperties of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("cel-rules-tightened", "CEL validation rule added", cel_rules_tightened, breaks_writers,
      "CEL rule {new} added to {field}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("cel-rules-relaxed", "CEL validation rule removed", cel_rules_relaxed, breaks_readers,
      "CEL rule {old} removed from {field}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R("cel-rule-changed", "CEL validation rule rewritten: it may refuse values it accepted", cel_rule_changed, needs_review,
      "CEL rule of {field} rewritten from {old} to {new}",
      "Perhaps writers (values the new rule refuses).", remedy_review),
    R("validation-keyword-added", "a validation keyword kompat does not evaluate added: values it accepted may be refused",
      validation_keyword_added, breaks_writers, "{detail} added to {field}: a constraint that can only refuse more",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R("validation-keyword-removed", "a validation keyword kompat does not evaluate removed: values it refused are accepted",
      validation_keyword_removed, breaks_readers, "{detail} removed from {field}: a constraint that could only refuse",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    // defaults
    Rule{"default-added", "default added", "default {new} added to {field}",
         "Both: objects read back differ from what was written.", remedy_in_place, default_added_judges},
    R("default-removed", "default removed", default_removed, breaks_both,
      "default {old} removed from {field}",
      "Both: readers relied on the value being set.", remedy_in_place),
    R("default-changed", "default changed", default_changed, breaks_both,
      "default of {field} changed from {old} to {new}",
      "Both: the same manifest now means something else.", remedy_in_place),
    Rule{"default-missing-in-version", "field has a default in another version of this kind but none here", "{field} has no default here, but is {detail}",
         "Round-tripping an object between versions changes it.", remedy_fix_spec, none, true},
    // Kubernetes semantics
    Rule{"list-type-changed", "x-kubernetes-list-type changed", "list type of {field} changed from {old} to {new}",
         "Server-side apply users: field ownership and merging change.", remedy_apply, list_type_judges},
    R("list-map-keys-changed", "x-kubernetes-list-map-keys changed", list_map_keys_changed, changes_apply,
      "list map keys of {field} changed from {old} to {new}",
      "Server-side apply users: entries are matched differently.", remedy_apply),
    R("map-type-changed", "x-kubernetes-map-type changed", map_type_changed, shares_apply,
      "map type of {field} changed from {old} to {new}",
      "Server-side apply users.", remedy_apply),
    R("preserve-unknown-fields-removed", "unknown fields are now pruned", preserve_unknown_fields_removed, breaks_both,
      "unknown fields under {field} are now pruned",
      "Writers storing fields the schema does not list.", remedy_in_place),
    R("preserve-unknown-fields-added", "unknown fields are now preserved", preserve_unknown_fields_added, harmless,
      "unknown fields under {field} are now preserved",
      "Nobody (info).", remedy_nothing),
    R("int-or-string-changed", "x-kubernetes-int-or-string changed", int_or_string_changed, breaks_both,
      "x-kubernetes-int-or-string of {field} changed from {old} to {new}",
      "Writers and readers of the value.", remedy_in_place),
    R("embedded-resource-changed", "x-kubernetes-embedded-resource changed", embedded_resource_changed, breaks_both,
      "x-kubernetes-embedded-resource of {field} changed from {old} to {new}",
      "Writers: embedded objects are validated (apiVersion, kind, metadata) differently.", remedy_in_place),
    R("patch-strategy-changed", "patch strategy changed", patch_strategy_changed, changes_apply,
      "patch strategy of {field} changed from {old} to {new}",
      "Clients using strategic merge patch.", remedy_apply),
    R("patch-merge-key-changed", "patch merge key changed", patch_merge_key_changed, changes_apply,
      "patch merge key of {field} changed from {old} to {new}",
      "Clients using strategic merge patch.", remedy_apply),
    R("field-became-immutable", "field became immutable (CEL transition rule)", field_became_immutable, breaks_writers,
      "{field} became immutable: {new}",
      "Writers that update it.", remedy_writers),
    // lifecycle (KEP-2558)
    R("lifecycle-promoted", "field promoted", lifecycle_promoted, harmless,
      "{field} promoted from {old} to {new}",
      "Nobody: release-note material.", remedy_nothing),
    R("lifecycle-demoted", "field demoted", lifecycle_demoted, needs_review,
      "{field} demoted from {old} to {new}",
      "Needs a human: users of the field may lose it.", remedy_review),
    R("stability-level-decreased", "x-stability-level decreased", stability_level_decreased, breaks_both,
      "x-stability-level decreased from {old} to {new}",
      "Clients that relied on the promise of the higher level.", remedy_in_place),
    R("lifecycle-deprecated", "field deprecated", lifecycle_deprecated, harmless,
      "{field} deprecated",
      "Nobody yet: release-note material.", remedy_nothing),
    R("deprecated-sunset-past", "deprecated with a sunset date already past", deprecated_sunset_past, needs_review,
      "{field} deprecated with its x-sunset date, {detail}, already past",
      "Its users: the sunset announces a removal they have no time to prepare for, and the removal itself will be info.",
      "Give a sunset date far enough ahead for its users to move, or none."),
    R("feature-gate-changed", "feature gate changed", feature_gate_changed, needs_review,
      "feature gate of {field} changed from {old} to {new}",
      "Cluster administrators enabling the old gate.", remedy_review),
    Rule{"lifecycle-invalid", "invalid x-kubernetes-api-lifecycle", "x-kubernetes-api-lifecycle of {field} is invalid: {detail}",
         "Tools and documentation that read the extension.", remedy_fix_spec, none, true},
    // review aids
    R("description-changed", "description changed", description_changed, harmless,
      "description of {field} changed: {words}",
      "Nobody: review aid.", remedy_nothing),
    R("annotation-changed", "annotation changed", annotation_changed, harmless,
      "{detail} of {field} changed from {old} to {new}",
      "Nobody: a title, an example, a documentation link or a vendor's own extension does not change what is valid.",
      remedy_nothing),
    R("definition-added", "named type added", definition_added, harmless,
      "named type added",
      "Nobody: review aid.", remedy_nothing),
    R("definition-removed", "named type removed", definition_removed, harmless,
      "named type removed",
      "Nobody by itself: review aid.", remedy_nothing),
    // the catch-all
    R("unclassified-change", "a difference no rule judges", unclassified_change, needs_review,
      "{detail} of {field} changed from {old} to {new}",
      "Needs a human.", remedy_review),
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
