"""Roles and stability: who reads and writes a value, alpha and beta, List kinds, and no change at all."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403
from cases_surface import *  # noqa: F401,F403
from cases_fields import *  # noqa: F401,F403
from cases_validation import *  # noqa: F401,F403
from cases_defaults import *  # noqa: F401,F403
from cases_kubernetes import *  # noqa: F401,F403
from cases_conventions import *  # noqa: F401,F403
from cases_openapi_schemas import *  # noqa: F401,F403
from cases_openapi_operations import *  # noqa: F401,F403

# ---- readOnly / writeOnly: a request ignores a readOnly field, a response a writeOnly one ----
def shared_pet(properties, required=None):
    """A named Pet sent in the request and returned in the response."""
    pet = {"type": "object", "properties": properties, **({"required": required} if required else {})}
    return api(request=ref("Pet"), response=ref("Pet"), schemas={"Pet": pet})


case("field-added-required-read-only-is-info", None, "", shared_pet({"name": {"type": "string"}}),
     shared_pet({"name": {"type": "string"}, "id": {"type": "string", "readOnly": True}}, ["id"]), ["field-added-required"])
case("field-removed-write-only-in-response-is-info", None, "",
     pet_field({"type": "string", "writeOnly": True}, "response"), api(response={"type": "object", "properties": {
         "name": {"type": "string"}}}), ["field-removed"])
case("read-only-field-still-judged-in-responses", None, "",
     shared_pet({"id": {"type": "string", "readOnly": True, "maxLength": 10}}),
     shared_pet({"id": {"type": "string", "readOnly": True, "maxLength": 20}}), ["max-length-relaxed"])

case("schema-became-typed", "schema-became-typed",
     "An object that kept any field (`x-kubernetes-preserve-unknown-fields`, no properties) is now typed: values of other "
     "types are refused and undeclared fields pruned. What was stored was never checked against these types, so whether "
     "it fits cannot be told from the schema: one warning for writers (info on status), not "
     "`preserve-unknown-fields-removed` and a `field-added` per property.",
     crd_field({"type": "object", "x-kubernetes-preserve-unknown-fields": True}),
     crd_field({"type": "object", "properties": {"replicas": {"type": "integer"}, "image": {"type": "string"}}}))
case("schema-became-untyped", "schema-became-untyped",
     "An object's properties gave way to `x-kubernetes-preserve-unknown-fields` (its type `object` or none): it now accepts "
     "and keeps any field. One finding, not a `field-removed` per property: no stored field is lost. A warning for writers "
     "(the schema no longer validates or prunes what they send), info for readers.",
     field({"type": "object", "properties": {"runAsUser": {"type": "integer"}, "fsGroup": {"type": "integer"}}}),
     field({"x-kubernetes-preserve-unknown-fields": True}))
case("validation-keyword-added", "validation-keyword-added",
     "A JSON Schema keyword kompat does not evaluate, but whose presence can only refuse values, was added: `not`, "
     "`propertyNames`, `dependentRequired`, `dependentSchemas`, `dependencies`, `prefixItems`, `contains`, "
     "`unevaluatedProperties` and `unevaluatedItems` (unless `true` or `{}`), `additionalItems`, `patternProperties`, and "
     "`if` with `then` or `else`; and `oneOf` or `anyOf` whose branches only validate (required lists, value "
     "constraints; in a CRD, where a structural schema's junctors only ever validate, any). Validation tightened: an error "
     "for writers (spec, requests). `minContains` (1 or more) and `maxContains` count as such keywords beside `contains`. "
     "Keywords added (or removed) together on one field are one finding that lists them. Changed rather than added, "
     "such a keyword may go either way and stays `unclassified-change` (but see `contains-bound-tightened`).",
     pet_field({"type": "object", "additionalProperties": {"type": "string"}}, "request", "3.1.0"),
     pet_field({"type": "object", "additionalProperties": {"type": "string"}, "propertyNames": {"pattern": "^[a-z]+$"}}, "request", "3.1.0"))
case("validation-keyword-added-in-response-is-info", None, "",
     pet_field({"type": "object"}, "response", "3.1.0"),
     pet_field({"type": "object", "not": {"required": ["legacy"]}}, "response", "3.1.0"), ["validation-keyword-added"])
case("validation-keyword-added-one-of-required-lists", None, "",
     crd_field({"type": "object", "properties": {"configMap": {"type": "string"}, "apiCall": {"type": "string"}}}),
     crd_field({"type": "object", "properties": {"configMap": {"type": "string"}, "apiCall": {"type": "string"}},
                "oneOf": [{"required": ["configMap"]}, {"required": ["apiCall"]}]}),
     ["validation-keyword-added"])
case("validation-keyword-removed-any-of-required-lists", None, "",
     pet_field({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}},
                "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}, "request"),
     pet_field({"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}, "request"),
     ["validation-keyword-removed"])
case("validation-keywords-added-together-are-one-finding", None, "",
     pet_field({"type": "object", "additionalProperties": {"type": "string"}}, "request", "3.1.0"),
     pet_field({"type": "object", "additionalProperties": {"type": "string"}, "propertyNames": {"pattern": "^[a-z]+$"},
                "dependentRequired": {"a": ["b"]}, "unevaluatedProperties": False}, "request", "3.1.0"),
     ["validation-keyword-added"])
case("min-contains-added-with-contains", None, "",
     pet_field({"type": "array", "items": {"type": "string"}}, "request", "3.1.0"),
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}, "minContains": 2}, "request", "3.1.0"),
     ["validation-keyword-added"])
case("max-contains-added-to-contains", None, "",
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}}, "request", "3.1.0"),
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}, "maxContains": 1}, "request", "3.1.0"),
     ["validation-keyword-added"])
case("contains-bound-tightened", "contains-bound-tightened",
     "`minContains` raised or `maxContains` lowered while `contains` stays the same: lists must hold more (or fewer) items "
     "that match it, so lists that validated may now be refused. An error for writers (spec, requests), info on status. "
     "When `contains` changes too, the pair stays `unclassified-change`.",
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}, "minContains": 1}, "request", "3.1.0"),
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}, "minContains": 2}, "request", "3.1.0"))
case("contains-bound-relaxed", "contains-bound-relaxed",
     "`minContains` lowered or `maxContains` raised while `contains` stays the same: lists it refused are accepted. Judged "
     "as any bound relaxed: a warning for readers (responses, status), info in requests.",
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}, "maxContains": 1}, "response", "3.1.0"),
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}, "maxContains": 3}, "response", "3.1.0"))
case("contains-bound-changed-with-contains-is-unclassified", None, "",
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}, "maxContains": 1}, "request", "3.1.0"),
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "b"}, "maxContains": 3}, "request", "3.1.0"),
     ["unclassified-change"])
case("validation-keyword-removed", "validation-keyword-removed",
     "A keyword that could only refuse values (see `validation-keyword-added`) was removed: validation relaxed, a "
     "warning for readers (of spec, status and responses), who break only if they relied on it.",
     pet_field({"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}}, "response", "3.1.0"),
     pet_field({"type": "array", "items": {"type": "string"}}, "response", "3.1.0"))
case("accept-all-keyword-added-stays-unclassified", None, "",
     pet_field({"type": "object"}, "request", "3.1.0"),
     pet_field({"type": "object", "unevaluatedProperties": True}, "request", "3.1.0"), ["unclassified-change"])
case("unclassified-change", "unclassified-change",
     "Any difference between two matched schemas that no other rule judges, with the old and new JSON: the diff is "
     "fail-closed, so nothing is missed. An `x-kubernetes-*` extension kompat does not model is one, and so is a "
     "constraint keyword whose value changed (its direction unknown). A warning: the default gate (`--fail-on error`) "
     "passes it; `--fail-on warning` is the strict gate, failing on every change kompat cannot judge.",
     field({"type": "string", "x-kubernetes-unions": [{"discriminator": "mode"}]}),
     field({"type": "string", "x-kubernetes-unions": [{"discriminator": "kind"}]}))

# ---- roles and stability ----
case("role-status-tightened-is-info", None, "", openapi(status={"phase": {"type": "string", "maxLength": 10}}),
     openapi(status={"phase": {"type": "string", "maxLength": 5}}), ["max-length-tightened"])
case("role-status-relaxed-is-a-warning", None, "", openapi(status={"phase": {"type": "string", "maxLength": 5}}),
     openapi(status={"phase": {"type": "string", "maxLength": 10}}), ["max-length-relaxed"])
case("role-status-max-items-relaxed-is-a-warning", None, "",
     openapi(status={"addresses": {"type": "array", "items": {"type": "string"}, "maxItems": 10}}),
     openapi(status={"addresses": {"type": "array", "items": {"type": "string"}, "maxItems": 20}}), ["max-items-relaxed"])
case("role-response-pattern-removed-is-a-warning", None, "",
     pet_field({"type": "string", "pattern": "^[a-z]+$"}, "response"),
     pet_field({"type": "string"}, "response"), ["pattern-relaxed"])
case("role-status-enum-value-added-stays-an-error", None, "",
     openapi(status={"phase": {"type": "string", "enum": ["Pending", "Ready"]}}),
     openapi(status={"phase": {"type": "string", "enum": ["Pending", "Ready", "Degraded"]}}), ["enum-value-added"])
case("stability-alpha-kind-is-info", None, "", openapi(version="v1alpha1", spec={"size": {"type": "integer"}, "paused": {"type": "boolean"}}),
     openapi(version="v1alpha1", spec={"size": {"type": "integer"}}), ["field-removed"])
case("stability-alpha-field-is-info", None, "", openapi(spec={"size": {"type": "integer"}, "sparkle": lifecycle("alpha")}), openapi(spec={"size": {"type": "integer"}}),
     ["field-removed"])
ga_and_beta = openapi(version="v1")
ga_and_beta["components"]["schemas"].update(openapi(version="v2")["components"]["schemas"])
case("stability-ga-version-removed-is-error", None, "", ga_and_beta, openapi(version="v2"),
     ["version-removed", "definition-removed"])
case("crd-version-unserved-ga-is-error", None, "", crd([{"name": "v2", "storage": True}, {"name": "v1"}]),
     crd([{"name": "v2", "storage": True}, {"name": "v1", "served": False}]), ["crd-version-unserved"])
case("crd-version-unserved-says-its-changes", None, "", crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False, "schema": {"type": "object", "properties": {
         "spec": {"type": "object", "properties": {}}}}}]), ["crd-version-unserved"])


def with_list_kind(items_extra):
    """Widget and its List kind (items and list metadata), the List's items as given."""
    doc = openapi(extra={"com.example.v1.ListMeta": {"type": "object", "properties": {"continue": {"type": "string"}}}})
    doc["components"]["schemas"]["com.example.v1.WidgetList"] = {
        "type": "object", "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "WidgetList"}],
        "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"}, "metadata": ref("com.example.v1.ListMeta"),
                       "items": dict({"type": "array", "items": ref("com.example.v1.Widget")}, **items_extra)}}
    return doc


# A List is only ever returned: how apply would merge its items concerns nobody.
case("list-kind-is-a-response", None, "", with_list_kind({"x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]}), with_list_kind({}),
     ["list-type-changed"])
case("lifecycle-stage-unstated", "lifecycle-stage-unstated",
     "A description stops stating the field's stage (\"This field is beta-level …\" removed): the field is GA, or the text "
     "was stale (Kubernetes removed \"(Beta feature)\" from `Volume.csi` in 1.32, many releases after its GA). The "
     "schema cannot tell which, so it is not called a promotion: release notes say \"no longer described as beta\". A "
     "stage the new description states (alpha to beta) is `lifecycle-promoted`.",
     field({"type": "string", "description": "This field is beta-level and requires the WidgetSparkle feature gate."}),
     field({"type": "string", "description": "Sparkle."}), ["lifecycle-stage-unstated", "description-changed"])
# A CRD that copies a core type (a pod template) copies its Kubernetes feature-gate text too.
case("no-lifecycle-from-copied-kubernetes-gate", None, "", crd_field({"type": "string", "description": "This is an alpha field and requires enabling the PodSparkle feature gate."}),
     crd_field({"type": "string", "description": "This is a beta field and requires enabling the PodSparkle feature gate."}),
     ["description-changed"])

# ---- no change at all ----
def reorder(value):
    if isinstance(value, dict):
        return {k: reorder(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reorder(v) for v in value]
    return value


with_description = openapi(spec={"size": {"type": "integer"}, "template": dict(ref("com.example.v1.Template"), description="t")},
                           extra={"com.example.v1.Template": {"type": "object", "properties": {"name": {"type": "string"}}}})
wrapped = openapi(spec={"size": {"type": "integer"}, "template": {"allOf": [ref("com.example.v1.Template")], "description": "t"}},
                  extra={"com.example.v1.Template": {"type": "object", "properties": {"name": {"type": "string"}}}})
case("no-change-ref-in-allof", None, "", with_description, wrapped, [])
case("no-change-key-order", None, "", with_description, reorder(with_description), [])
TIME = {"com.example.v1.Time": {"type": "string", "format": "date-time"}}
case("no-change-default-cannot-apply", None, "", openapi(spec={"since": dict(ref("com.example.v1.Time"), default={})}, extra=TIME),
     openapi(spec={"since": ref("com.example.v1.Time")}, extra=TIME), [])
case("no-change-list-type-absent-is-atomic", None, "", field(LIST), field(dict(LIST, **{"x-kubernetes-list-type": "atomic"})), [])
case("no-change-description-whitespace", None, "", field({"type": "string", "description": "One.\n\n\nTwo  words."}),
     field({"type": "string", "description": "One.\n\nTwo words.\n"}), [])
# Server-side apply reads the patch strategy where the list type is absent (kube-openapi's schemaconv).
case("no-change-list-type-by-patch-strategy", None, "", field(dict(LIST, **{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name"})),
     field(dict(LIST, **{"x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "name",
                         "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"]})), [])
case("no-change-patch-strategy-on-scalar", None, "", field({"type": "string", "x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "key"}),
     field({"type": "string"}), [])
OBJECT_TEMPLATE = {"com.example.v1.Template": {"type": "object", "properties": {"name": {"type": "string"}}}}
case("no-change-default-empty-object-on-ref", None, "", openapi(spec={"template": ref("com.example.v1.Template")}, extra=OBJECT_TEMPLATE),
     openapi(spec={"template": dict(ref("com.example.v1.Template"), default={})}, extra=OBJECT_TEMPLATE), [])
case("no-change-enum-order", None, "", field({"type": "string", "enum": ["Fast", "Slow"]}),
     field({"type": "string", "enum": ["Slow", "Fast"]}), [])


def swagger_of(doc):
    """The same API as Swagger 2.0, as Kubernetes publishes v2: no default, nullable, oneOf, anyOf."""
    def strip(value):
        if isinstance(value, dict):
            out = {}
            for k, v in value.items():
                if k in ("default", "nullable", "oneOf", "anyOf"):
                    continue
                if k == "allOf" and len(v) == 1:
                    out.update(strip(v[0]))
                    continue
                out[k] = strip(v)
            return out
        if isinstance(value, list):
            return [strip(v) for v in value]
        if isinstance(value, str) and value.startswith("#/components/schemas/"):
            return "#/definitions/" + value[len("#/components/schemas/"):]
        return value
    return {"swagger": "2.0", "info": doc["info"], "paths": strip(doc["paths"]), "definitions": strip(doc["components"]["schemas"])}


rich = openapi(spec={"size": {"type": "integer", "default": 1}, "note": {"type": "string", "nullable": True},
                     "template": {"allOf": [ref("com.example.v1.Template")], "default": {}}},
               extra={"com.example.v1.Template": {"type": "object", "properties": {"name": {"type": "string"}}}})
case("no-change-swagger-v2-vs-v3", None, "", swagger_of(rich), rich, [])
