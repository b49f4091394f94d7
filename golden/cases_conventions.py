"""Kubernetes API conventions: kompat lint, and check --lint for what a change adds."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403
from cases_surface import *  # noqa: F401,F403
from cases_fields import *  # noqa: F401,F403
from cases_validation import *  # noqa: F401,F403
from cases_defaults import *  # noqa: F401,F403
from cases_kubernetes import *  # noqa: F401,F403

# ---- Kubernetes API conventions (kompat lint; check --lint reports what a change adds) ----
S63 = {"type": "string", "maxLength": 63}
I32 = {"type": "integer", "format": "int32"}
CONDITION = {"type": "object", "required": ["type", "status", "lastTransitionTime", "reason", "message"],
             "properties": {"type": S, "status": S, "lastTransitionTime": {"type": "string", "format": "date-time"},
                            "reason": S, "message": S}}
CONDITIONS = {"type": "array", "items": CONDITION, "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["type"]}


def conventional_crd(spec, status=None, status_subresource=True):
    """A CRD whose one version follows every convention but what `spec` and `status` say."""
    properties = {"spec": {"type": "object", "properties": spec}}
    if status is not None:
        properties["status"] = {"type": "object", "properties": status}
    version = {"name": "v1", "served": True, "storage": True,
               "schema": {"openAPIV3Schema": {"type": "object", "properties": properties}}}
    if status is not None and status_subresource:
        version["subresources"] = {"status": {}}
    return {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
            "metadata": {"name": "gadgets.example.com"},
            "spec": {"group": "example.com", "scope": "Namespaced",
                     "names": {"kind": "Gadget", "plural": "gadgets", "singular": "gadget"}, "versions": [version]}}


CONVENTIONS = [
    ("convention-float", "A `number` field: floats round differently across languages (kube-api-linter: nofloats).",
     {"ratio": {"type": "number"}}, None, {"ratioPercent": I32}, None),
    ("convention-integer-format", "An `integer` without format `int32` or `int64` (kube-api-linter: integers).",
     {"size": {"type": "integer"}}, None, {"size": I32}, None),
    ("convention-string-max-length", "A string in spec with no `maxLength`, `enum` or bounding format (kube-api-linter: maxlength).",
     {"name": S}, None, {"name": S63}, None),
    ("convention-list-max-items", "An array in spec with no `maxItems` (kube-api-linter: maxlength).",
     {"tags": {"type": "array", "items": S63, "x-kubernetes-list-type": "set"}}, None,
     {"tags": {"type": "array", "items": S63, "x-kubernetes-list-type": "set", "maxItems": 16}}, None),
    ("convention-list-type", "An array without `x-kubernetes-list-type`, or a list-type `map` without "
     "`x-kubernetes-list-map-keys` (kube-api-linter: ssatags).",
     {"tags": {"type": "array", "items": S63, "maxItems": 16}}, None,
     {"tags": {"type": "array", "items": S63, "maxItems": 16, "x-kubernetes-list-type": "atomic"}}, None),
    ("convention-conditions", "`status.conditions` that is not a list-type map keyed by `type` whose items require type, "
     "status, lastTransitionTime, reason and message (kube-api-linter: conditions).",
     {"size": I32}, {"conditions": {**CONDITIONS, "x-kubernetes-list-type": "atomic", "x-kubernetes-list-map-keys": []}},
     {"size": I32}, {"conditions": CONDITIONS}),
    ("convention-status-subresource", "A CRD version with a `status` property and no `subresources.status` "
     "(kube-api-linter: statussubresource).",
     {"size": I32}, {"observedGeneration": {"type": "integer", "format": "int64"}}, {"size": I32},
     {"observedGeneration": {"type": "integer", "format": "int64"}}),
    ("convention-phase", "A `phase` string in status: report conditions instead (kube-api-linter: nophase).",
     {"size": I32}, {"phase": S}, {"size": I32}, {"observedGeneration": {"type": "integer", "format": "int64"}}),
    ("convention-field-name", "A property name that is not lowerCamelCase (kube-api-linter: jsontags).",
     {"Size": I32}, None, {"size": I32}, None),
    ("convention-map", "`additionalProperties` whose values are not strings (kube-api-linter: nomaps).",
     {"limits": {"type": "object", "additionalProperties": I32}}, None,
     {"limits": {"type": "object", "additionalProperties": S63}}, None),
    ("convention-bool", "A boolean in spec: a string enum leaves room for a third state (kube-api-linter: nobools).",
     {"paused": {"type": "boolean"}}, None, {"mode": {"type": "string", "enum": ["Running", "Paused"]}}, None),
]
for rule, meaning, spec, status, clean_spec, clean_status in CONVENTIONS:
    no_subresource = rule == "convention-status-subresource"
    case(rule, rule, meaning + " Checked by `kompat lint` (every violation) and `kompat check --lint` (only those a "
         "change adds); a warning, info in alpha versions and alpha fields.",
         conventional_crd(spec, status, status_subresource=not no_subresource), None)
    case(rule + "-clean", None, "", conventional_crd(clean_spec, clean_status), None, [])
case("lifecycle-invalid", "lifecycle-invalid",
     "Checked on one snapshot (`kompat lint`): an `x-kubernetes-api-lifecycle` entry whose status is not alpha, beta "
     "or deprecated, whose minVersion does not match `^v[1-9][0-9]*\\.(0|[1-9][0-9]*)$`, or (with `--feature-gates FILE`) "
     "whose feature gate is not a known one.", field(lifecycle("gamma", version="1.30")), None,
     ["lifecycle-invalid", "convention-string-max-length"])  # lint checks the API conventions too
