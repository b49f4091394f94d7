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
constexpr RoleSeverities breaks_writers{E, I, E, I};  // tightened validation, new required, value removed
constexpr RoleSeverities breaks_readers{W, E, I, E};  // relaxed validation, field optional
constexpr RoleSeverities enum_addition{E, E, I, E};   // readers cannot handle a value they never saw
constexpr RoleSeverities breaks_both{E, E, E, E};     // removed, retyped, default changed
constexpr RoleSeverities needs_review{W, W, W, W};
constexpr RoleSeverities changes_apply{E, E, E, I};  // how server-side apply merges: nobody applies a response
// Granular ↔ atomic changes only how several appliers share one struct; Kubernetes makes
// that change to its own GA types in minor releases (ServiceBackendPort in 1.31).
constexpr RoleSeverities shares_apply{W, W, W, I};
constexpr RoleSeverities harmless{I, I, I, I};
// Validation and pruning dropped: writers lose the check, readers keep every stored field.
constexpr RoleSeverities validation_dropped{W, I, W, I};
// A field readers no longer get (writeOnly): as for a field removed from what they read.
constexpr RoleSeverities lost_to_readers{E, E, I, E};

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
constexpr std::string_view remedy_apply = "Keep the merge semantics of a served version; change them in a new API version.";
constexpr std::string_view remedy_storage =
    "Migrate stored objects (a storage version migration) before the old version stops being served.";
constexpr std::string_view remedy_review = "Review the change; if it is intended, accept the finding in a baseline.";
constexpr std::string_view remedy_fix_spec = "Fix the spec.";

// A rule that release notes tell in a way of its own.
// A rule over one snapshot (kompat lint; check --lint for what a change adds).
constexpr Rule on_one_snapshot(Rule rule) {
    rule.single_snapshot = true;
    return rule;
}

constexpr Rule noted(Rule rule, ReleaseNote note) {
    rule.release_note = note;
    return rule;
}

// The table is laid out a rule a paragraph, for reading.
// clang-format off
// A rule that judges one change kind: its id is the kind's (diff/change.hpp).
#define R(kind, message, severities, sentence, breaks, remedy) \
    Rule{to_string(ChangeKind::kind), message, sentence, breaks, remedy, one<ChangeKind::kind, severities>}

const std::array rules{
    // surface
    noted(R(kind_removed, "kind removed", breaks_both,
      "kind removed",
      "Every client and manifest of the kind stops working.", remedy_retire), ReleaseNote::kind_removed),
    noted(R(kind_added, "kind added", harmless,
      "kind added",
      "Nobody: release-note material.", remedy_nothing), ReleaseNote::kind_added),
    noted(R(version_removed, "version of a kind removed", breaks_both,
      "version removed; served instead: {new}",
      "Clients and manifests still using that version.", remedy_retire), ReleaseNote::version_removed),
    noted(R(version_added, "version of a kind added", harmless,
      "version added",
      "Nobody.", remedy_nothing), ReleaseNote::version_added),
    noted(R(operation_removed, "operation removed", breaks_both,
      "operation removed",
      "Every client calling it.", remedy_retire), ReleaseNote::operation_removed),
    noted(R(operation_added, "operation added", harmless,
      "operation added",
      "Nobody.", remedy_nothing), ReleaseNote::operation_added),
    R(parameter_removed, "parameter removed", breaks_both,
      "parameter {detail} removed",
      "Clients sending it (rejected or silently ignored).", remedy_retire),
    R(parameter_added, "optional parameter added", harmless,
      "optional parameter {detail} added",
      "Nobody.", remedy_nothing),
    R(parameter_added_required, "required parameter added", breaks_writers,
      "required parameter {detail} added",
      "Every existing caller, who does not send it.", remedy_writers),
    R(parameter_became_required, "parameter became required", breaks_writers,
      "parameter {detail} became required",
      "Callers that leave it out.", remedy_writers),
    R(parameter_became_optional, "parameter became optional", breaks_readers,
      "parameter {detail} became optional",
      "Readers of the request (servers, proxies) that relied on it being there; on a request, info.", remedy_readers),
    R(parameter_type_changed, "parameter type changed", breaks_both,
      "type of parameter {detail} changed from {old} to {new}",
      "Callers sending the old type.", remedy_in_place),
    Rule{to_string(ChangeKind::response_removed), "response removed", "response {detail} removed",
         "Clients that handle it: a success response (2xx, 3xx) removed is an error; an error response (4xx, 5xx, "
         "default), info.", remedy_retire, response_removed_judges},
    R(response_header_removed, "response header removed", breaks_both,
      "response header {detail} removed",
      "Clients that read it.", remedy_retire),
    R(response_header_added, "response header added", harmless,
      "response header {detail} added",
      "Nobody.", remedy_nothing),
    R(response_header_became_optional, "response header became optional", breaks_readers,
      "response header {detail} became optional",
      "Clients that relied on it being sent.", remedy_readers),
    R(response_header_became_required, "response header became required", harmless,
      "response header {detail} became required",
      "Nobody: clients get it every time now.", remedy_nothing),
    R(security_requirement_added, "security requirement added: a client must present more",
      breaks_writers,
      "security tightened from {old} to {new}",
      "Clients that authenticated as the old requirements allowed: a new scheme or scope, or an alternative removed.",
      remedy_writers),
    R(security_requirement_removed, "security requirement removed or an alternative added", harmless,
      "security relaxed from {old} to {new}",
      "Nobody: a client that met the old requirements meets the new ones.", remedy_nothing),
    R(security_scheme_changed, "security scheme changed", breaks_both,
      "security scheme {field} changed from {old} to {new}",
      "Every client that authenticates by it: its type, where the credential goes, or its flows' URLs changed.", remedy_in_place),
    R(parameter_style_changed, "parameter serialization changed", breaks_both,
      "serialization of parameter {detail} changed from {old} to {new}",
      "Callers that send it the old way (style, explode), and servers that parse it.", remedy_in_place),
    R(servers_changed, "server URLs changed", needs_review,
      "servers changed from {old} to {new}",
      "Perhaps every client configured with an old URL; a review decides.", remedy_review),
    R(operation_id_changed, "operationId changed", needs_review,
      "operationId changed from {old} to {new}",
      "Generated clients: their method for the operation is renamed.", remedy_review),
    R(operation_tags_changed, "operation tags changed", harmless,
      "tags changed from {old} to {new}",
      "Nobody: tags group operations in docs and generated clients.", remedy_nothing),
    R(path_parameter_renamed, "path parameter renamed", harmless,
      "path parameter {old} renamed to {new}",
      "Nobody on the wire: the URL is the same; generated clients may rename an argument.", remedy_nothing),
    R(response_added, "response added", harmless,
      "response {detail} added",
      "Nobody (info).", remedy_nothing),
    R(request_body_removed, "request body removed", breaks_both,
      "request body removed",
      "Callers that send one: it is refused or ignored.", remedy_retire),
    R(request_body_added, "optional request body added", harmless,
      "optional request body added",
      "Nobody.", remedy_nothing),
    R(request_body_added_required, "required request body added", breaks_writers,
      "required request body added",
      "Every existing caller, who sends none.", remedy_writers),
    R(request_body_became_required, "request body became required", breaks_writers,
      "request body became required",
      "Callers that send none.", remedy_writers),
    R(request_body_became_optional, "request body became optional", breaks_readers,
      "request body became optional",
      "Readers of the request (servers, proxies) that relied on one; on a request, info.", remedy_readers),
    R(media_type_removed, "media type removed", breaks_both,
      "media type {old} removed",
      "Clients that send or accept it.", remedy_retire),
    R(media_type_added, "media type added", harmless,
      "media type {new} added",
      "Nobody.", remedy_nothing),
    R(crd_scope_changed, "CRD scope changed", breaks_both,
      "scope changed from {old} to {new}",
      "Every client and stored object: the resource's paths and identity change.", remedy_in_place),
    noted(R(crd_version_unserved, "CRD version no longer served", breaks_both,
      "{detail} no longer served",
      "Clients of that version.", remedy_retire), ReleaseNote::version_unserved),
    noted(R(crd_version_served, "CRD version now served", harmless,
      "{detail} now served",
      "Nobody.", remedy_nothing), ReleaseNote::version_served),
    // Kubernetes API conventions (rules/conventions.cpp): what a reviewer asks of a new field.
    on_one_snapshot(R(convention_float, "float field: floats are not portable across languages", needs_review,
      "{field}: a number (float)", "Clients in languages that round floats, and reviewers of the API.",
      "Use an integer (with a unit in the name) or a resource.Quantity string.")),
    on_one_snapshot(R(convention_integer_format, "integer without format int32 or int64", needs_review,
      "{field}: an integer without format int32 or int64", "Generated clients: they guess the width.",
      "Give the integer format int32 or int64.")),
    on_one_snapshot(R(convention_string_max_length, "spec string without maxLength, enum or a bounding format", needs_review,
      "{field}: a string with no maxLength, enum or bounding format",
      "The API server: unbounded strings make CEL cost estimates and storage unbounded.", "Add a maxLength (or an enum).")),
    on_one_snapshot(R(convention_list_max_items, "spec array without maxItems", needs_review, "{field}: an array with no maxItems",
      "The API server: unbounded lists make CEL cost estimates and storage unbounded.", "Add a maxItems.")),
    on_one_snapshot(R(convention_list_type, "array without x-kubernetes-list-type, or a map list without its keys", needs_review,
      "{field}: {detail}", "Server-side apply: without a list type it replaces the whole list.",
      "Set x-kubernetes-list-type (atomic, set, or map with x-kubernetes-list-map-keys).")),
    on_one_snapshot(R(convention_conditions, "status.conditions not as metav1.Condition", needs_review, "{field}: {detail}",
      "Tools that read conditions (kubectl wait, kstatus) as every Kubernetes API writes them.",
      "Use []metav1.Condition: a list-type map keyed by type, its items requiring type, status, lastTransitionTime, reason and message.")),
    on_one_snapshot(R(convention_status_subresource, "CRD version with a status but no status subresource", needs_review,
      "the version has a status but no status subresource",
      "Controllers and users: without the subresource, users can write status and controllers overwrite spec.",
      "Add subresources: {status: {}}.")),
    on_one_snapshot(R(convention_phase, "status.phase: a state machine clients must know", needs_review,
      "{field}: a phase string in status", "Clients that switch over phases: every new phase breaks them.",
      "Report conditions instead of a phase.")),
    on_one_snapshot(R(convention_field_name, "field name not lowerCamelCase", needs_review, "field name {detail} is not lowerCamelCase",
      "Users: names that differ from every other Kubernetes field.", "Name the field in lowerCamelCase.")),
    on_one_snapshot(R(convention_map, "map whose values are not strings", needs_review, "{field}: a map of non-string values",
      "Server-side apply and clients: maps of structures cannot be merged or validated field by field.",
      "Use a list-type map of named items instead.")),
    on_one_snapshot(R(convention_bool, "boolean in spec: an enum leaves room to grow", needs_review, "{field}: a boolean in spec",
      "The API's future: a third state needs a new field.", "Use a string enum.")),
    R(version_not_bumped, "breaking change without a major version bump of info.version", needs_review,
      "info.version went from {old} to {new} with {detail}",
      "Clients that trust semantic versioning: they take a minor or patch release as safe to upgrade to.",
      "Bump the major version of info.version, or keep the change compatible."),
    R(unreleased_change, "change to what no release had (check --release)", harmless,
      "{detail}; no release given had it",
      "Nobody who runs a release: what changed was added after the releases given and never shipped.", remedy_nothing),
    R(unserved_version_removed, "CRD version removed that was already not served", harmless,
      "{old} removed; it was already not served",
      "Nobody: no client could use a version the API server did not serve.", remedy_nothing),
    noted(R(crd_version_deprecated, "CRD version marked deprecated", harmless,
      "{detail} marked deprecated: {new}",
      "Nobody yet: clients of the version get a deprecation warning and should move before it is retired.", remedy_nothing),
      ReleaseNote::version_deprecated),
    R(crd_storage_version_changed, "CRD storage version changed", needs_review,
      "storage version changed from {old} to {new}",
      "Needs a human: stored objects must be migrated before the old version goes.", remedy_storage),
    // fields
    noted(R(field_removed, "field removed", breaks_both,
      "field {field} removed",
      "Writers that set it and readers that read it.", remedy_retire), ReleaseNote::field_removed),
    noted(R(field_added, "field added", harmless,
      "field {field} added",
      "Nobody.", remedy_nothing), ReleaseNote::field_added),
    R(field_added_required, "required field added", breaks_writers,
      "required field {field} added",
      "Every writer: old manifests lack it.", remedy_writers),
    R(field_became_required, "field became required", breaks_writers,
      "{field} became required",
      "Writers that leave it out (on status: info).", remedy_writers),
    R(field_became_optional, "field became optional", breaks_readers,
      "{field} became optional",
      "Readers that relied on it being set (on spec: warning).", remedy_readers),
    R(field_possibly_renamed, "a removed and an added field have the same schema: renamed?", harmless,
      "{detail}: renamed?",
      "Whoever used the old name; the hint helps a reviewer see the rename.", remedy_nothing),
    R(type_changed, "type changed", breaks_both,
      "type of {field} changed from {old} to {new}",
      "Writers and readers of the old type.", remedy_in_place),
    R(type_widened, "type widened: more kinds of value are valid", breaks_readers,
      "{field} widened from {old} to {new}",
      "Readers that handle only the old type: integer became number, or the value became a union that holds the old type.",
      remedy_readers),
    R(type_narrowed, "type narrowed: fewer kinds of value are valid", breaks_writers,
      "{field} narrowed from {old} to {new}",
      "Writers that send a value of the type that was dropped.", remedy_writers),
    R(union_branch_added, "oneOf/anyOf branch added", breaks_readers,
      "{field} may now also be {new}",
      "Readers that meet a value of the new branch.", remedy_readers),
    R(one_of_branches_overlap, "oneOf branch added that admits every value of another: those values now match two", breaks_both,
      "{field}: the new oneOf branch {new} admits every value of {old}, so each such value matches two branches and oneOf refuses it",
      "Writers whose values were valid, and readers of values stored before: each now matches two oneOf branches.",
      "Use anyOf, or make the branches exclusive (a required property or discriminator the other branch refuses)."),
    R(union_branch_removed, "oneOf/anyOf branch removed", breaks_writers,
      "{field} can no longer be {old}",
      "Writers that send a value of the removed branch.", remedy_writers),
    R(discriminator_changed, "discriminator property or mapping changed", breaks_both,
      "{detail} of {field} changed from {old} to {new}",
      "Readers (generated clients) and the server pick a union's branch by it.", remedy_in_place),
    R(discriminator_value_added, "discriminator value mapped anew", enum_addition,
      "{detail} of {field} added, for {new}",
      "Readers that dispatch on the discriminator and meet a value they never saw.", remedy_readers),
    R(format_added, "format added: values it does not describe may be refused", breaks_writers,
      "format {new} added to {field}",
      "Writers whose values are not of the format (on status and in responses: info, the value space only narrowed).", remedy_writers),
    R(format_removed, "format removed: values of any form may come", breaks_readers,
      "format {old} removed from {field}",
      "Readers that parse it as that format (on spec: warning; on status and in responses: error).", remedy_readers),
    R(format_changed, "format changed", breaks_both,
      "format of {field} changed from {old} to {new}",
      "Readers and writers that parse it.", remedy_in_place),
    R(nullable_removed, "field no longer nullable", breaks_writers,
      "{field} is no longer nullable",
      "Writers sending null.", remedy_writers),
    R(nullable_added, "field became nullable", breaks_readers,
      "{field} became nullable",
      "Readers that never expected null.", remedy_readers),
    // enums
    noted(R(enum_value_added, "enum value added", enum_addition,
      "{new} added to the enum of {field}",
      "Readers that switch over the values and meet one they never saw; on spec too, since controllers read spec.", remedy_readers), ReleaseNote::enum_value_added),
    R(extensible_enum_value_added, "x-extensible-enum value added", harmless,
      "{new} added to the extensible enum of {field}",
      "Nobody: readers of an extensible enum handle values they do not know.", remedy_nothing),
    R(field_became_read_only, "field became readOnly: clients may no longer send it", breaks_writers,
      "{field} became readOnly",
      "Writers that send it: the server now ignores or refuses it.", remedy_in_place),
    R(field_became_write_only, "field became writeOnly: readers no longer get it", lost_to_readers,
      "{field} became writeOnly",
      "Readers that read it: responses no longer hold it.", remedy_in_place),
    R(field_access_relaxed, "field no longer readOnly or writeOnly", harmless,
      "{field} is no longer {detail}",
      "Nobody: clients may now send it, or readers now get it.", remedy_nothing),
    R(enum_value_removed, "enum value removed", breaks_writers,
      "{old} removed from the enum of {field}",
      "Writers sending it.", remedy_writers),
    R(enum_restriction_added, "free value became an enum", breaks_writers,
      "{field} became an enum of {new}",
      "Writers sending values outside it.", remedy_writers),
    R(enum_restriction_removed, "enum became a free value", breaks_readers,
      "{field} is no longer an enum of {old}",
      "Readers that handle only the old values.", remedy_readers),
    // validation
    R(max_length_tightened, "maxLength tightened", breaks_writers,
      "maxLength of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(max_length_relaxed, "maxLength relaxed", breaks_readers,
      "maxLength of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(min_length_tightened, "minLength tightened", breaks_writers,
      "minLength of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(min_length_relaxed, "minLength relaxed", breaks_readers,
      "minLength of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(maximum_tightened, "maximum tightened", breaks_writers,
      "maximum of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(maximum_relaxed, "maximum relaxed", breaks_readers,
      "maximum of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(minimum_tightened, "minimum tightened", breaks_writers,
      "minimum of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(minimum_relaxed, "minimum relaxed", breaks_readers,
      "minimum of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(exclusive_maximum_tightened, "maximum became exclusive", breaks_writers,
      "maximum of {field} became exclusive",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(exclusive_maximum_relaxed, "maximum became inclusive", breaks_readers,
      "maximum of {field} became inclusive",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(exclusive_minimum_tightened, "minimum became exclusive", breaks_writers,
      "minimum of {field} became exclusive",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(exclusive_minimum_relaxed, "minimum became inclusive", breaks_readers,
      "minimum of {field} became inclusive",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(pattern_tightened, "pattern added or narrowed: values it accepted are refused", breaks_writers,
      "pattern of {field} narrowed from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(pattern_relaxed, "pattern removed or widened: values it refused are accepted", breaks_readers,
      "pattern of {field} widened from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(pattern_changed, "pattern changed: some values may now be refused, others accepted", needs_review,
      "pattern of {field} changed from {old} to {new}",
      "Perhaps writers (values now refused) and readers (values now accepted).", remedy_review),
    R(max_items_tightened, "maxItems tightened", breaks_writers,
      "maxItems of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(max_items_relaxed, "maxItems relaxed", breaks_readers,
      "maxItems of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(min_items_tightened, "minItems tightened", breaks_writers,
      "minItems of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(min_items_relaxed, "minItems relaxed", breaks_readers,
      "minItems of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(unique_items_tightened, "items must now be unique", breaks_writers,
      "items of {field} must now be unique",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(unique_items_relaxed, "items need no longer be unique", breaks_readers,
      "items of {field} need no longer be unique",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(max_properties_tightened, "maxProperties tightened", breaks_writers,
      "maxProperties of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(max_properties_relaxed, "maxProperties relaxed", breaks_readers,
      "maxProperties of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(min_properties_tightened, "minProperties tightened", breaks_writers,
      "minProperties of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(min_properties_relaxed, "minProperties relaxed", breaks_readers,
      "minProperties of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(multiple_of_tightened, "multipleOf tightened", breaks_writers,
      "multipleOf of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(multiple_of_relaxed, "multipleOf relaxed", breaks_readers,
      "multipleOf of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(additional_properties_tightened, "additionalProperties tightened", breaks_writers,
      "additionalProperties of {field} tightened from {old} to {new}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(additional_properties_relaxed, "additionalProperties relaxed", breaks_readers,
      "additionalProperties of {field} relaxed from {old} to {new}",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(cel_rules_tightened, "CEL validation rule added", breaks_writers,
      "CEL rule {new} added to {field}",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(cel_rules_relaxed, "CEL validation rule removed: the schema accepts more", breaks_readers,
      "CEL rule {old} removed from {field}: the schema accepts more; the check may have moved elsewhere (a webhook)",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    R(cel_rule_on_new_fields, "CEL validation rule added that no object stored before can fail", harmless,
      "CEL rule {new} added to {field}: no object stored before fails it, since the new fields it depends on are absent from it or defaulted",
      "Nobody: no value sent or stored before sets those fields.", remedy_nothing),
    R(cel_rule_implied_by_schema, "CEL validation rule added that the old schema already implied", harmless,
      "CEL rule {new} added to {field}: every value the old schema admitted meets it ({detail})",
      "Nobody: the rule states only sizes or presence the old bounds or required list already held.", remedy_nothing),
    R(required_replaced_by_cel_rule, "a required field's requirement moved into a new CEL rule", needs_review,
      "CEL rule {new} added to {field} where a field it reads stopped being required: whether the pair accepts more or less depends on the rule, which the schema cannot tell",
      "Perhaps writers (values the rule refuses) or readers (the field may now be absent).", remedy_review),
    R(cel_rule_changed, "CEL validation rule rewritten: it may refuse values it accepted", needs_review,
      "CEL rule of {field} rewritten from {old} to {new}",
      "Perhaps writers (values the new rule refuses).", remedy_review),
    R(validation_keyword_added, "a validation keyword kompat does not evaluate added: values it accepted may be refused", breaks_writers, "{detail} added to {field}: a constraint that can only refuse more",
      "Writers whose values no longer validate (on status: info, the server is the writer).", remedy_writers),
    R(validation_keyword_removed, "a validation keyword kompat does not evaluate removed: values it refused are accepted", breaks_readers, "{detail} removed from {field}: a constraint that could only refuse",
      "Readers that relied on the old bound (on spec: warning; on status: error).", remedy_readers),
    // defaults
    Rule{to_string(ChangeKind::default_added), "default added", "default {new} added to {field}",
         "Both: objects read back differ from what was written.", remedy_in_place, default_added_judges},
    R(default_added_zero_value, "default added: the type's zero value", harmless,
      "default {new} added to {field}: its type's zero value, which readers of a Go value field already read for an absent one",
      "Only readers that tell an absent field from an empty one (a pointer field in Go, other languages): it now reads as empty.",
      remedy_review),
    R(default_added_as_documented, "default added, as the description already stated", harmless,
      "default {new} added to {field}: the schema now states the default its description documented",
      "Nobody: the value was the documented default before (info).", remedy_nothing),
    R(default_removed, "default removed", breaks_both,
      "default {old} removed from {field}",
      "Both: readers relied on the value being set.", remedy_in_place),
    R(default_changed, "default changed", breaks_both,
      "default of {field} changed from {old} to {new}",
      "Both: the same manifest now means something else.", remedy_in_place),
    Rule{"default-missing-in-version", "field has a default in another version of this kind but none here", "{field} has no default here, but is {detail}",
         "Round-tripping an object between versions changes it.", remedy_fix_spec, none, true},
    // Kubernetes semantics
    Rule{to_string(ChangeKind::list_type_changed), "x-kubernetes-list-type changed", "list type of {field} changed from {old} to {new}",
         "Server-side apply users: field ownership and merging change.", remedy_apply, list_type_judges},
    R(list_map_keys_changed, "x-kubernetes-list-map-keys changed", changes_apply,
      "list map keys of {field} changed from {old} to {new}",
      "Server-side apply users: entries are matched differently.", remedy_apply),
    R(map_type_changed, "x-kubernetes-map-type changed", shares_apply,
      "map type of {field} changed from {old} to {new}",
      "Server-side apply users.", remedy_apply),
    R(preserve_unknown_fields_removed, "unknown fields are now pruned", breaks_both,
      "unknown fields under {field} are now pruned",
      "Writers storing fields the schema does not list.", remedy_in_place),
    R(preserve_unknown_fields_added, "unknown fields are now preserved", harmless,
      "unknown fields under {field} are now preserved",
      "Nobody (info).", remedy_nothing),
    R(schema_became_typed, "x-kubernetes-preserve-unknown-fields replaced by a typed object: whether stored objects fit cannot be told from the schema", validation_dropped,
      "{field} is now typed: preserve-unknown-fields gave way to properties, so other types are refused and undeclared fields pruned; whether stored objects fit cannot be told from the schema",
      "Perhaps writers whose objects hold fields or values the new schema does not declare (on status: info, the server writes it).",
      "Check that stored objects fit the new schema (kubectl get -o yaml), or keep preserving unknown fields where they may not."),
    R(schema_became_untyped, "typed object replaced by x-kubernetes-preserve-unknown-fields", validation_dropped,
      "{field} is no longer typed: its properties gave way to x-kubernetes-preserve-unknown-fields, which accepts and keeps any field",
      "Writers: the schema no longer validates or prunes what they send, so a misspelt field is kept, not dropped (on status: "
      "info, every stored field is kept).",
      "Keep the properties beside x-kubernetes-preserve-unknown-fields if validation should stay."),
    R(int_or_string_changed, "x-kubernetes-int-or-string changed", breaks_both,
      "x-kubernetes-int-or-string of {field} changed from {old} to {new}",
      "Writers and readers of the value.", remedy_in_place),
    R(embedded_resource_changed, "x-kubernetes-embedded-resource changed", breaks_both,
      "x-kubernetes-embedded-resource of {field} changed from {old} to {new}",
      "Writers: embedded objects are validated (apiVersion, kind, metadata) differently.", remedy_in_place),
    R(patch_strategy_changed, "patch strategy changed", changes_apply,
      "patch strategy of {field} changed from {old} to {new}",
      "Clients using strategic merge patch.", remedy_apply),
    R(patch_merge_key_changed, "patch merge key changed", changes_apply,
      "patch merge key of {field} changed from {old} to {new}",
      "Clients using strategic merge patch.", remedy_apply),
    R(field_became_immutable, "field became immutable (CEL transition rule)", breaks_writers,
      "{field} became immutable: {new}",
      "Writers that update it.", remedy_writers),
    // lifecycle (KEP-2558)
    noted(R(lifecycle_promoted, "field promoted", harmless,
      "{field} promoted from {old} to {new}",
      "Nobody: release-note material.", remedy_nothing), ReleaseNote::promoted),
    noted(R(lifecycle_stage_unstated, "field no longer described as alpha or beta", harmless,
      "{field} is no longer described as {old}: its description dropped the stage (GA, or stale text removed)",
      "Nobody: release-note material, to check against the release's own notes.", remedy_nothing), ReleaseNote::stage_unstated),
    R(lifecycle_demoted, "field demoted", needs_review,
      "{field} demoted from {old} to {new}",
      "Needs a human: users of the field may lose it.", remedy_review),
    R(stability_level_decreased, "x-stability-level decreased", breaks_both,
      "x-stability-level decreased from {old} to {new}",
      "Clients that relied on the promise of the higher level.", remedy_in_place),
    noted(R(lifecycle_deprecated, "field deprecated", harmless,
      "{field} deprecated",
      "Nobody yet: release-note material.", remedy_nothing), ReleaseNote::deprecated),
    R(deprecated_sunset_past, "deprecated with a sunset date already past", needs_review,
      "{field} deprecated with its x-sunset date, {detail}, already past",
      "Its users: the sunset announces a removal they have no time to prepare for, and the removal itself will be info.",
      "Give a sunset date far enough ahead for its users to move, or none."),
    R(feature_gate_changed, "feature gate changed", needs_review,
      "feature gate of {field} changed from {old} to {new}",
      "Cluster administrators enabling the old gate.", remedy_review),
    Rule{"lifecycle-invalid", "invalid x-kubernetes-api-lifecycle", "x-kubernetes-api-lifecycle of {field} is invalid: {detail}",
         "Tools and documentation that read the extension.", remedy_fix_spec, none, true},
    // review aids
    R(description_changed, "description changed", harmless,
      "description of {field} changed: {words}",
      "Nobody: review aid.", remedy_nothing),
    R(annotation_changed, "annotation changed", harmless,
      "{detail} of {field} changed from {old} to {new}",
      "Nobody: a title, an example, a documentation link or a vendor's own extension does not change what is valid.",
      remedy_nothing),
    R(definition_added, "named type added", harmless,
      "named type added",
      "Nobody: review aid.", remedy_nothing),
    R(definition_removed, "named type removed", harmless,
      "named type removed",
      "Nobody by itself: review aid.", remedy_nothing),
    // the catch-all
    R(unclassified_change, "a difference no rule judges", needs_review,
      "{detail} of {field} changed from {old} to {new}",
      "Needs a human.", remedy_review),
};

#undef R
// clang-format on

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
