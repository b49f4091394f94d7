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
case("feature-gate-changed", "feature-gate-changed", "The feature gate of a prerelease field changed.",
     field(lifecycle("beta", "WidgetSparkle")), field(lifecycle("beta", "WidgetShine")))
