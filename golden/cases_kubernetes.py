"""Kubernetes semantics (list and map types, apply, int-or-string) and lifecycle (KEP-2558)."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403
from cases_surface import *  # noqa: F401,F403
from cases_fields import *  # noqa: F401,F403
from cases_validation import *  # noqa: F401,F403
from cases_defaults import *  # noqa: F401,F403

# ---- Kubernetes semantics ----
LIST = {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}, "port": {"type": "integer"}},
                                   "required": ["name"]}}
case("list-type-changed", "list-type-changed",
     "`x-kubernetes-list-type` changed. atomic to set or map is a warning (server-side apply starts merging; the "
     "list-map-keys that arrive with it are part of that change); set or map to atomic, or set to map, is an error. "
     "An absent list type means atomic.",
     field(dict(LIST, **{"x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]})), field(LIST))
case("list-type-became-mergeable", None, "", field(LIST),
     field(dict(LIST, **{"x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]})), ["list-type-changed"])
case("list-map-keys-changed", "list-map-keys-changed", "The keys of a map list changed.",
     field(dict(LIST, **{"x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]})),
     field(dict(LIST, **{"x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name", "port"]})))
MAP = {"type": "object", "additionalProperties": {"type": "string"}}
case("map-type-changed", "map-type-changed", "`x-kubernetes-map-type` changed (granular, atomic).",
     field(dict(MAP, **{"x-kubernetes-map-type": "granular"})),
     field(dict(MAP, **{"x-kubernetes-map-type": "atomic"})))
case("preserve-unknown-fields-removed", "preserve-unknown-fields-removed",
     "`x-kubernetes-preserve-unknown-fields` went away: unknown fields are now pruned.", field({"type": "object", "x-kubernetes-preserve-unknown-fields": True}), field({"type": "object"}))
case("preserve-unknown-fields-added", "preserve-unknown-fields-added",
     "Unknown fields are now preserved rather than pruned.", field({"type": "object"}), field({"type": "object", "x-kubernetes-preserve-unknown-fields": True}))
case("int-or-string-changed", "int-or-string-changed", "`x-kubernetes-int-or-string` changed.", field({"x-kubernetes-int-or-string": True}), field({"type": "integer"}), ["int-or-string-changed", "type-changed"])
case("embedded-resource-changed", "embedded-resource-changed", "`x-kubernetes-embedded-resource` changed.",
     field({"type": "object", "x-kubernetes-embedded-resource": True, "x-kubernetes-preserve-unknown-fields": True}),
     field({"type": "object", "x-kubernetes-preserve-unknown-fields": True}))
MAP_LIST = dict(LIST, **{"x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]})
case("patch-strategy-changed", "patch-strategy-changed",
     "`x-kubernetes-patch-strategy` changed where `x-kubernetes-list-type` says how server-side apply merges: only "
     "strategic merge patch changes. Where the list has no list type, apply follows the patch strategy, and the edit is "
     "one `list-type-changed` or `list-map-keys-changed` naming the strategy.",
     field(dict(MAP_LIST, **{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name"})),
     field(dict(MAP_LIST, **{"x-kubernetes-patch-merge-key": "name"})))
case("list-type-changed-by-patch-strategy", None, "",
     field(dict(LIST, **{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name"})),
     field(dict(LIST, **{"x-kubernetes-patch-strategy": "replace", "x-kubernetes-patch-merge-key": "name"})),
     ["list-type-changed"])  # with no list type, apply follows the patch strategy: one edit, one finding
case("patch-merge-key-changed", "patch-merge-key-changed",
     "`x-kubernetes-patch-merge-key` changed where `x-kubernetes-list-type` says how server-side apply merges.",
     field(dict(MAP_LIST, **{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name"})),
     field(dict(MAP_LIST, **{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "port"})))
case("list-map-keys-changed-by-patch-merge-key", None, "",
     field(dict(LIST, **{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name"})),
     field(dict(LIST, **{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "port"})),
     ["list-map-keys-changed"])
UNION_SPEC = {"type": {"type": "string"}, "limited": {"type": "object"}, "exempt": {"type": "object"}}
def union_spec(options):
    return openapi(spec=UNION_SPEC, spec_extra={"x-kubernetes-unions": [
        {"discriminator": "type", "fields-to-discriminateBy": options}]})


case("union-option-added", "union-option-added",
     "An option added to an `x-kubernetes-unions` union, every old option kept with its discriminator value: "
     "api_changes.md allows it (Kubernetes 1.28 added `exempt` to PriorityLevelConfigurationSpec).",
     union_spec({"limited": "Limited"}), union_spec({"limited": "Limited", "exempt": "Exempt"}))
case("union-option-changed-stays-unclassified", None, "",
     union_spec({"limited": "Limited"}), union_spec({"limited": "Bounded", "exempt": "Exempt"}), ["unclassified-change"])
REFERRED = {"type": "object", "properties": {"name": {"type": "string"}}, "x-kubernetes-map-type": "atomic"}
def beside_ref(own=None):
    schema = {"allOf": [ref("com.example.v1.Reference")]}
    if own:
        schema["x-kubernetes-map-type"] = own
    return openapi(spec={"claimRef": schema}, extra={"com.example.v1.Reference": REFERRED})


case("map-type-beside-ref", None, "",
     beside_ref(), beside_ref("granular"), ["map-type-changed"])  # the field's own map type over its atomic type's (1.25 claimRef)
case("map-type-beside-ref-same-as-type", None, "", beside_ref(), beside_ref("atomic"), [])
# One edit, one finding: a list of names that became a list of objects keyed by name (gateway-api
# 1.2's supportedFeatures) changes its list type because its items changed.
case("list-items-became-objects-is-one-finding", None, "",
     field({"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set"}),
     field({"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
            "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]}),
     ["type-changed"])
case("type-changed-with-format-is-one-finding", None, "",
     field({"type": "integer", "format": "int32"}), field({"type": "string"}), ["type-changed"])
def status_subresource(with_status, also_at=None):
    """Widget with a status subresource (GET, PATCH, PUT …/status; also at `also_at`, GET only),
    or with neither it nor `.status`."""
    gvk = {"group": "example.com", "version": "v1", "kind": "Widget"}
    status = "/apis/example.com/v1/namespaces/{namespace}/widgets/{name}/status"
    paths = {status: {verb: dict(op(), operationId=verb + "WidgetStatus", **{"x-kubernetes-group-version-kind": gvk})
                      for verb in ("get", "patch", "put")}} if with_status else {}
    if with_status and also_at:
        paths[also_at] = {"get": dict(op(), operationId="getWidgetStatusAt", **{"x-kubernetes-group-version-kind": gvk})}
    doc = openapi(paths=paths)
    if not with_status:
        schemas = doc["components"]["schemas"]
        del schemas["com.example.v1.Widget"]["properties"]["status"]
        del schemas["com.example.v1.WidgetStatus"]
    return doc


case("status-removed-with-its-subresource-is-one-finding", None, "",
     status_subresource(True), status_subresource(False), ["field-removed", "definition-removed"])
case("status-removed-with-its-subresource-at-two-paths-names-both", None, "",
     status_subresource(True, "/apis/example.com/v1/widgets/{name}/status"), status_subresource(False),
     ["field-removed", "definition-removed"])
case("field-became-immutable", "field-became-immutable",
     "A CEL transition rule `self == oldSelf` was added: the field can no longer change (api_changes.md: mutable must not become immutable).",
     field({"type": "string"}),
     field({"type": "string", "x-kubernetes-validations": [{"rule": "self == oldSelf", "message": "immutable"}]}))

# ---- lifecycle (KEP-2558) ----
def lifecycle(status, gate="WidgetSparkle", version="v1.30"):
    return {"type": "string", "x-kubernetes-api-lifecycle": {"kubernetes": {"status": status, "minVersion": version, "featureGate": gate}}}


case("lifecycle-promoted", "lifecycle-promoted",
     "A field moved alpha to beta, or to GA (the lifecycle going away). Read from `x-kubernetes-api-lifecycle`, or "
     "inferred from the description (\"This field is beta-level\").", field(lifecycle("alpha")), field(lifecycle("beta")))
case("lifecycle-demoted", "lifecycle-demoted", "A field moved back (beta to alpha, or GA to a prerelease).",
     field(lifecycle("beta")), field(lifecycle("alpha")),
     ["lifecycle-demoted"])
case("lifecycle-deprecated", "lifecycle-deprecated", "A field became deprecated.", field({"type": "string"}), field(lifecycle("deprecated")))
case("lifecycle-stage-stated", "lifecycle-stage-stated",
     "A field whose description stated no stage is described as alpha or beta: no stage stated was never a promise of "
     "GA, so this is no demotion.",
     field({"type": "string", "description": "The widget's size."}),
     field({"type": "string", "description": "The widget's size. This field is beta-level."}),
     ["lifecycle-stage-stated", "description-changed"])
case("lifecycle-deprecated-on-status", None, "",
     openapi(status={"phase": {"type": "string", "description": "The phase."}}),
     openapi(status={"phase": {"type": "string", "description": "Deprecated, use conditions instead."}}),
     ["lifecycle-deprecated", "description-changed"])
def described_kind(description):
    doc = openapi()
    doc["components"]["schemas"]["com.example.v1.Widget"]["description"] = description
    return doc


case("lifecycle-deprecated-kind-description", None, "",
     described_kind("Widget is a widget."), described_kind("Widget is a widget. Deprecated: This API is deprecated in v1.33+."),
     ["lifecycle-deprecated", "description-changed"])
def crd_spec(properties):
    return crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {
        "spec": {"type": "object", "properties": properties}}}}])


SIZE = {"size": {"type": "integer"}}
# A CRD copies a core type's text: the stage is Kubernetes', not the field's own.
case("copied-alpha-field-removed-is-a-warning", None, "",
     crd_spec(dict(SIZE, claims={"type": "array", "items": {"type": "string"}, "description":
                                 "This is an alpha field and requires enabling the DynamicResourceAllocation feature gate."})),
     crd_spec(SIZE), ["field-removed"])
case("copied-past-alpha-does-not-cap", None, "",
     crd_spec({"minReadySeconds": {"type": "integer", "description": "This is an alpha field from kubernetes 1.22 until 1.24 "
                                   "which requires enabling the StatefulSetMinReadySeconds feature gate."}}),
     crd_spec({"minReadySeconds": {"type": "string", "description": "This is an alpha field from kubernetes 1.22 until 1.24 "
                                   "which requires enabling the StatefulSetMinReadySeconds feature gate."}}),
     ["type-changed"])
case("own-alpha-field-removed-is-info", None, "",
     crd_spec(dict(SIZE, publish={"type": "object", "description":
                                  "THIS IS AN ALPHA FIELD. It is not honored unless the relevant Crossplane feature flag is enabled."})),
     crd_spec(SIZE), ["field-removed"])
case("feature-gate-changed", "feature-gate-changed", "The feature gate of a prerelease field changed.",
     field(lifecycle("beta", "WidgetSparkle")), field(lifecycle("beta", "WidgetShine")))
