"""Real objects: check --objects and validate --objects."""
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
from cases_roles import *  # noqa: F401,F403

# ---- objects (check --objects, validate --objects) ----
def gadget_crd(spec_properties, served_beta=True, required=None):
    """example.com Gadget, v1 (stored) with the given spec properties, and v1beta1 like it."""
    spec = {"type": "object", "properties": spec_properties}
    if required:
        spec["required"] = required
    schema = {"type": "object", "properties": {"apiVersion": {"type": "string"}, "kind": {"type": "string"},
                                                "metadata": {"type": "object"}, "spec": spec}}
    return crd([{"name": "v1", "storage": True, "schema": schema},
                {"name": "v1beta1", "served": served_beta, "schema": schema}])


# Objects as users keep them: comments, `---` lines, several documents, a List. Each
# finding names the line of its object's first key.
GADGETS = """# Gadgets of the e2e fixtures.
---
apiVersion: example.com/v1
kind: Gadget
metadata:
  name: small
  namespace: default
spec:
  size: 3
  mode: Slow
---
# the big one
apiVersion: example.com/v1
kind: Gadget
metadata:
  name: big
  namespace: default
spec:
  size: 11
  mode: Fast
  legacy: keep-me
---
apiVersion: v1
kind: List
items:
- apiVersion: example.com/v1beta1
  kind: Gadget
  metadata: {name: listed, namespace: tools}
  spec: {size: 20}
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: settings}
  data: {a: b}
"""
SIZE = {"type": "integer"}
MODE = {"type": "string", "enum": ["Fast", "Slow"]}
LEGACY = {"type": "string"}
case("object-rejected", "object-rejected",
     "With `check --objects`: an object valid under the old schema fails the new one (here `maximum: 10` added: the "
     "objects of size 11 and 20 fail it). The finding names the object, its file and line, the field and the "
     "constraint with the value.",
     gadget_crd({"size": SIZE, "mode": MODE, "legacy": LEGACY}),
     gadget_crd({"size": {"type": "integer", "maximum": 10}, "mode": MODE, "legacy": LEGACY}),
     ["object-rejected", "maximum-tightened"], objects=GADGETS)
case("object-field-pruned", "object-field-pruned",
     "With `check --objects`: a field an object sets that the new schema no longer lists; the API server drops it "
     "on the next write (pruning). Only the topmost field dropped is named.",
     gadget_crd({"size": SIZE, "mode": MODE, "legacy": LEGACY}),
     gadget_crd({"size": SIZE, "mode": MODE}),
     ["object-field-pruned", "field-removed"], objects=GADGETS)
case("object-default-changed", "object-default-changed",
     "With `check --objects`: an object that leaves a field unset gets another default from the new schema.",
     gadget_crd({"size": SIZE, "mode": MODE, "legacy": LEGACY, "tier": {"type": "string", "default": "bronze"}}),
     gadget_crd({"size": SIZE, "mode": MODE, "legacy": LEGACY, "tier": {"type": "string", "default": "silver"}}),
     ["object-default-changed", "default-changed"], objects=GADGETS)
case("object-version-unserved", "object-version-unserved",
     "With `check --objects`: the object's apiVersion is served by the old CRD, not by the new one.",
     gadget_crd({"size": SIZE, "mode": MODE, "legacy": LEGACY}),
     gadget_crd({"size": SIZE, "mode": MODE, "legacy": LEGACY}, served_beta=False),
     ["object-version-unserved", "crd-version-unserved"], objects=GADGETS)
# Objects of a version NEW does not have at all: refused when NEW serves their group at
# other versions (it names them), skipped with a note when nothing of the group is served.
OTHER_VERSIONS = """apiVersion: example.com/v1alpha1
kind: Gadget
metadata: {name: ancient}
spec: {size: 1}
---
apiVersion: example.com/v1beta1
kind: Widget
metadata: {name: other-kind}
---
apiVersion: other.example.org/v1
kind: Thing
metadata: {name: elsewhere}
"""
case("object-version-unknown-to-new", None,
     "With `check --objects`: OLD and NEW lack the object's version, and only NEW has its group: NEW refuses it "
     "and the finding names the versions NEW serves; a group neither has is skipped with a note.",
     {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}},
     gadget_crd({"size": SIZE, "mode": MODE}, served_beta=False),
     ["object-version-unserved", "kind-added"], objects=OTHER_VERSIONS)
case("object-version-unknown-to-both", None,
     "With `check --objects`: OLD served the object's group at other versions too, so OLD refused it as well: "
     "info, not the change's doing.",
     gadget_crd({"size": SIZE, "mode": MODE}),
     gadget_crd({"size": SIZE, "mode": MODE, "legacy": LEGACY}),
     ["object-invalid-before", "field-added"], objects=OTHER_VERSIONS)
case("validate-object-version-unserved", None,
     "With `kompat validate SNAPSHOT --objects PATH`: an object of a version the snapshot does not serve (here "
     "v1beta1, kept but not served, and v1alpha1, absent) is refused, naming the versions served; an object of a "
     "group the snapshot does not serve at all is skipped with a note.",
     gadget_crd({"size": SIZE, "mode": MODE}, served_beta=False), None, ["object-version-unserved", "object-field-pruned"],
     objects=GADGETS + "---\n" + OTHER_VERSIONS)
case("object-invalid-before", "object-invalid-before",
     "With `check --objects`: an object the old schema already refused (size 11 and 20 over `maximum: 10`) is not "
     "the change's doing: info, never an error.",
     gadget_crd({"size": {"type": "integer", "maximum": 10}, "mode": MODE, "legacy": LEGACY}),
     gadget_crd({"size": {"type": "integer", "maximum": 10}, "mode": MODE, "legacy": LEGACY,
                 "note": {"type": "string"}}),
     ["object-invalid-before", "field-added"], objects=GADGETS)
VALIDATED = {
    "name": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$", "maxLength": 12},
    "mode": MODE,
    "size": {"type": "integer", "minimum": 1, "multipleOf": 2},
    "ratio": {"type": "number", "exclusiveMaximum": True, "maximum": 1},
    "since": {"type": "string", "format": "date-time"},
    "address": {"type": "string", "format": "ipv4"},
    "port": {"x-kubernetes-int-or-string": True},
    "tags": {"type": "array", "items": {"type": "string"}, "x-kubernetes-list-type": "set", "maxItems": 3},
    "ports": {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"],
              "items": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"},
                                                                               "port": {"type": "integer"}}}},
    "labels": {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 2},
    "limits": {"type": "object", "properties": {"cpu": {"type": "string"}, "memory": {"type": "string"}},
               "anyOf": [{"required": ["cpu"]}, {"required": ["memory"]}]},
    "extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": True},
    "window": {"type": "object", "nullable": True, "properties": {"start": {"type": "string", "format": "date"}}},
}
case("object-invalid", "object-invalid",
     "With `kompat validate SNAPSHOT --objects PATH`: an object the schema refuses, one finding a constraint it "
     "fails (`pattern`, `maxLength`, `enum`, `multipleOf`, `maximum`, `format`, `type`, `required`, a duplicate in a "
     "set or map list, `maxItems`, `maxProperties`, `anyOf`); a field the schema does not list is "
     "`object-field-pruned`.",
     gadget_crd(VALIDATED, required=["name"]), None, ["object-invalid", "object-field-pruned"],
     objects="""apiVersion: example.com/v1
kind: Gadget
metadata: {name: valid}
spec:
  name: web-1
  mode: Fast
  size: 4
  ratio: 0.5
  since: "2024-02-29T10:00:00Z"
  address: 10.0.0.1
  port: http
  tags: [a, b]
  ports: [{name: http, port: 80}, {name: https, port: 443}]
  labels: {team: core}
  limits: {cpu: "1"}
  extra: {anything: [1, 2]}
  window: null
---
apiVersion: example.com/v1
kind: Gadget
metadata: {name: broken}
spec:
  name: Web_1-which-is-long
  mode: Turbo
  size: 3
  ratio: 1
  since: "2023-02-29"
  address: 10.0.0.256
  port: 1.5
  tags: [a, a, b, c]
  ports: [{name: http, port: 80}, {name: http, port: 8080}]
  labels: {a: x, b: w, c: z}
  limits: {}
  window: {start: "2024-13-01"}
  typo: true
""")
