#!/usr/bin/env python3
"""Writes the golden cases' inputs and docs/rules.md from one table.

Each case is a folder golden/<case>/ holding its inputs (old.json and new.json, or
spec.json for a one-snapshot lint case) and `rules`: the rule ids the case must produce,
one a line, written here by hand. The expected reports (expected.json, expected.text)
are written by kompat itself, on purpose only: `make golden-update`.

Run from anywhere: python3 golden/generate.py
"""
import json
import os
import subprocess
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(HERE, "..", "docs", "rules.md")


def ref(name):
    return {"$ref": "#/components/schemas/" + name}


def openapi(spec=None, status=None, required=None, version="v1", kinds=("Widget",), paths=None, extra=None, spec_extra=None):
    """A small Kubernetes-style OpenAPI v3 document: example.com/<version> Widget."""
    schemas = {}
    for kind in kinds:
        schemas[f"com.example.{version}.{kind}"] = {
            "type": "object",
            "properties": {
                "apiVersion": {"type": "string"},
                "kind": {"type": "string"},
                "spec": ref(f"com.example.{version}.{kind}Spec"),
                "status": ref(f"com.example.{version}.{kind}Status"),
            },
            "x-kubernetes-group-version-kind": [{"group": "example.com", "version": version, "kind": kind}],
        }
        body = {"type": "object", "properties": spec if spec is not None else {"size": {"type": "integer"}}}
        if required:
            body["required"] = required
        body.update(spec_extra or {})
        schemas[f"com.example.{version}.{kind}Spec"] = body
        schemas[f"com.example.{version}.{kind}Status"] = {
            "type": "object", "properties": status if status is not None else {"ready": {"type": "boolean"}}}
    schemas.update(extra or {})
    return {"openapi": "3.0.0", "info": {"title": "golden", "version": "unversioned"}, "paths": paths or {},
            "components": {"schemas": schemas}}


def field(schema, name="field", required=None):
    """A spec with one field `name` of the given schema."""
    return openapi(spec={name: schema}, required=required)


def crd(versions, scope="Namespaced", kind="Gadget"):
    """A CustomResourceDefinition of example.com with the given versions."""
    out = []
    for v in versions:
        entry = {"name": v["name"], "served": v.get("served", True), "storage": v.get("storage", False),
                 "schema": {"openAPIV3Schema": v.get("schema", {"type": "object", "properties": {
                     "spec": {"type": "object", "properties": {"size": {"type": "integer"}}}}})}}
        for key in ("deprecated", "deprecationWarning"):
            if key in v:
                entry[key] = v[key]
        out.append(entry)
    plural = kind.lower() + "s"
    return {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
            "metadata": {"name": f"{plural}.example.com"},
            "spec": {"group": "example.com", "scope": scope,
                     "names": {"kind": kind, "plural": plural, "singular": kind.lower()}, "versions": out}}


def op(parameters=None, responses=None):
    return {"operationId": "listWidgets", "parameters": parameters or [],
            "responses": responses or {"200": {"description": "OK"}}}


def query(name, required=False, schema=None):
    return {"name": name, "in": "query", "required": required, "schema": schema or {"type": "string"}}


WIDGETS = "/apis/example.com/v1/widgets"


def api(request=None, response=None, schemas=None, version="3.0.3", info_version="unversioned"):
    """A general OpenAPI document, no Kubernetes in it: POST /pets, whose request body and
    200 response have the given schemas (absent: none). Its info.version is no semantic
    version unless given: the version policy (version-not-bumped) has cases of its own."""
    operation = {"operationId": "createPet", "responses": {"200": {"description": "OK"}}}
    if request is not None:
        operation["requestBody"] = {"content": {"application/json": {"schema": request}}}
    if response is not None:
        operation["responses"]["200"]["content"] = {"application/json": {"schema": response}}
    return {"openapi": version, "info": {"title": "pets", "version": info_version}, "paths": {"/pets": {"post": operation}},
            "components": {"schemas": schemas or {}}}


def pet_field(schema, where, version="3.0.3"):
    """A pet whose field `tag` has the schema, sent in a request or returned in a response."""
    pet = {"type": "object", "properties": {"name": {"type": "string"}, "tag": schema}}
    return api(request=pet, version=version) if where == "request" else api(response=pet, version=version)


PETS = {
    "Cat": {"type": "object", "properties": {"petType": {"type": "string"}, "meows": {"type": "boolean"}}},
    "Dog": {"type": "object", "properties": {"petType": {"type": "string"}, "barks": {"type": "boolean"}}},
    "Lizard": {"type": "object", "properties": {"petType": {"type": "string"}, "scales": {"type": "integer"}}},
}


def pets(union, where="response", **extra):
    """A pet that is one of the named kinds (`Cat`, `Dog`, `Lizard`), as `oneOf`."""
    schema = {"oneOf": [ref(name) for name in union], **extra}
    return api(schemas=PETS, **{where: schema})

# Each rule: (case name, id, meaning, old, new, expected rules); whom it breaks and what to
# do about it come from the rule table (`kompat rules --format json`). A case
# of one snapshot (lint) has new=None and `old` is the spec.
CASES = []


def case(name, rule, meaning, old, new, rules=None, release=None, objects=None):
    """A golden case: old and new (new None: a lint case of old), and with `release`, a
    release.json that the check is judged against (check --release). With `objects` (YAML
    text), objects.yaml: the objects are validated too (check --objects; with new None,
    validate --objects)."""
    CASES.append({"name": name, "rule": rule, "meaning": meaning, "old": old, "new": new, "release": release,
                  "objects": objects, "rules": sorted(set(rules if rules is not None else ([rule] if rule else [])))})


# ---- surface ----
case("kind-removed", "kind-removed", "A kind exists in the old snapshot and in no version of the new one.",
     openapi(kinds=("Widget", "Gadget")), openapi(kinds=("Widget",)), ["kind-removed", "definition-removed"])
case("kind-added", "kind-added", "A kind is new in every version.", openapi(kinds=("Widget",)), openapi(kinds=("Widget", "Gadget")), ["kind-added", "definition-added"])
v1_and_beta = openapi()
v1_and_beta["components"]["schemas"].update(openapi(version="v1beta1")["components"]["schemas"])
case("version-removed", "version-removed",
     "One version of a kind is gone while another remains. Removing a beta version is a warning, whether or not its "
     "group-version survives (deprecated, then removed, is the documented path), and its operations and its List are "
     "said by this finding; a GA one is an error; an alpha one info. The finding names the version clients move to "
     "(its `new` value): of the same group and kind, served and not deprecated where one is, the most stable and newest.",
     v1_and_beta, openapi(),
     ["version-removed", "definition-removed"])
case("version-added", "version-added", "A new version of an existing kind.", openapi(), v1_and_beta,
     ["version-added", "definition-added"])
case("operation-removed", "operation-removed", "A method and path pair is gone.", openapi(paths={WIDGETS: {"get": op()}}), openapi(paths={}))
case("operation-added", "operation-added", "A new method and path pair.", openapi(paths={}), openapi(paths={WIDGETS: {"get": op()}}))
case("parameter-removed", "parameter-removed", "An operation no longer takes a parameter.",
     openapi(paths={WIDGETS: {"get": op([query("limit")])}}), openapi(paths={WIDGETS: {"get": op()}}))
case("parameter-added", "parameter-added", "An operation takes a new optional parameter.", openapi(paths={WIDGETS: {"get": op()}}), openapi(paths={WIDGETS: {"get": op([query("limit")])}}))
case("parameter-added-required", "parameter-added-required", "An operation takes a new required parameter.",
     openapi(paths={WIDGETS: {"get": op()}}), openapi(paths={WIDGETS: {"get": op([query("limit", True)])}}))
case("parameter-became-required", "parameter-became-required", "An optional parameter became required.",
     openapi(paths={WIDGETS: {"get": op([query("limit")])}}), openapi(paths={WIDGETS: {"get": op([query("limit", True)])}}))
case("parameter-became-optional", "parameter-became-optional", "A required parameter became optional.",
     openapi(paths={WIDGETS: {"get": op([query("limit", True)])}}), openapi(paths={WIDGETS: {"get": op([query("limit")])}}))
case("parameter-type-changed", "parameter-type-changed", "A parameter's type or format changed.",
     openapi(paths={WIDGETS: {"get": op([query("limit", schema={"type": "string"})])}}),
     openapi(paths={WIDGETS: {"get": op([query("limit", schema={"type": "integer"})])}}))
case("response-removed", "response-removed",
     "An operation no longer documents a response status. A success status (2xx, 3xx) removed is an error; an error "
     "status (4xx, 5xx, `default`) removed is info: clients handle the error they no longer get as before.",
     openapi(paths={WIDGETS: {"get": op(responses={"200": {"description": "OK"}, "206": {"description": "Partial"}})}}),
     openapi(paths={WIDGETS: {"get": op(responses={"200": {"description": "OK"}})}}))
case("response-added", "response-added", "An operation documents a new response status.", openapi(paths={WIDGETS: {"get": op(responses={"200": {"description": "OK"}})}}),
     openapi(paths={WIDGETS: {"get": op(responses={"200": {"description": "OK"}, "404": {"description": "Not found"}})}}))
case("crd-scope-changed", "crd-scope-changed", "A CRD moved between Namespaced and Cluster scope.",
     crd([{"name": "v1", "storage": True}]), crd([{"name": "v1", "storage": True}], scope="Cluster"))
case("crd-version-unserved", "crd-version-unserved",
     "A CRD version is no longer served. Retiring a beta version is a warning (as removing it is), a GA one an error. "
     "What changed inside the version is said by this finding alone.",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False}]))
case("crd-version-served", "crd-version-served", "A CRD version is served again (or for the first time).",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]))
PET = {"type": "object", "properties": {"name": {"type": "string"}, "tag": {"type": "string"}}}
PET_WITHOUT_TAG = {"type": "object", "properties": {"name": {"type": "string"}}}
case("version-not-bumped", "version-not-bumped",
     "A general OpenAPI document breaks its clients (an error) while `info.version` keeps its major version: clients "
     "that trust semantic versioning take the release as safe. A warning naming the version semantic versioning asks "
     "for (1.4.2 with a break: 2.0.0; additions only: 1.5.0; otherwise 1.4.3, said in a note when nothing breaks). A "
     "version that is no semantic version (a date, `unversioned`) is not judged; Kubernetes-style APIs version by API "
     "version, and a break inside a served one is the finding itself.",
     api(response=PET, info_version="1.4.2"), api(response=PET_WITHOUT_TAG, info_version="1.4.3"),
     ["version-not-bumped", "field-removed"])
case("version-major-bumped-with-a-break", None, "",
     api(response=PET, info_version="1.4.2"), api(response=PET_WITHOUT_TAG, info_version="2.0.0"), ["field-removed"])
case("unreleased-change", "unreleased-change",
     "With `check --release REL`: an error or warning of OLD → NEW at a place where NEW breaks no release given (here "
     "`shape`, added on main after the release and removed again) is info: no user of a release can meet it. One "
     "where NEW breaks a release keeps its severity and names the release (`color` below). The sentence says the "
     "rule it would have been.",
     openapi(spec={"size": {"type": "integer"}, "color": {"type": "string"}, "shape": {"type": "string"}}),
     openapi(spec={"size": {"type": "integer"}}),
     ["unreleased-change", "field-removed"],
     release=openapi(spec={"size": {"type": "integer"}, "color": {"type": "string"}}))
case("unserved-version-removed", "unserved-version-removed",
     "A CRD version that was defined but not served (`served: false`) is gone: no client could use it, so its "
     "removal breaks no one (info, left out of the release notes' Removed section). Its unserving was the break, "
     "reported as `crd-version-unserved` when it happened.",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False}]),
     crd([{"name": "v1", "storage": True}]))
case("crd-version-deprecated", "crd-version-deprecated",
     "A served CRD version is newly marked `deprecated: true`: its clients now get the `deprecationWarning` (or the API "
     "server's default words) on every request. Info, and a Deprecated entry in the changelog with the warning.",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]),
     crd([{"name": "v1", "storage": True},
          {"name": "v1beta1", "deprecated": True, "deprecationWarning": "example.com/v1beta1 Gadget is deprecated; use example.com/v1"}]))
case("crd-version-deprecated-without-warning", None, "",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "deprecated": True}]), ["crd-version-deprecated"])
case("crd-storage-version-changed", "crd-storage-version-changed", "A CRD stores objects in another version.",
     crd([{"name": "v1"}, {"name": "v1beta1", "storage": True}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]))

# ---- fields ----
case("field-removed", "field-removed", "A field is gone.", openapi(spec={"size": {"type": "integer"}, "paused": {"type": "boolean"}}), openapi(spec={"size": {"type": "integer"}}))
# A name that holds a dot is one field, shown quoted (`.labels["app.kubernetes.io/name"]`), never as nesting.
case("field-removed-name-with-dot", None, "",
     openapi(spec={"labels": {"type": "object", "properties": {"app.kubernetes.io/name": {"type": "string"}, "tier": {"type": "string"}}}}),
     openapi(spec={"labels": {"type": "object", "properties": {"tier": {"type": "string"}}}}), ["field-removed"])
case("field-added", "field-added", "A new optional field.", openapi(spec={"size": {"type": "integer"}}), openapi(spec={"size": {"type": "integer"}, "paused": {"type": "boolean"}}))
case("field-added-required", "field-added-required", "A new field that is required.",
     openapi(spec={"size": {"type": "integer"}}),
     openapi(spec={"size": {"type": "integer"}, "mode": {"type": "string"}}, required=["mode"]))
case("field-became-required", "field-became-required", "An optional field became required.",
     openapi(spec={"size": {"type": "integer"}}), openapi(spec={"size": {"type": "integer"}}, required=["size"]))
case("field-became-optional", "field-became-optional", "A required field became optional.",
     openapi(spec={"size": {"type": "integer"}}, required=["size"]), openapi(spec={"size": {"type": "integer"}}))
case("field-possibly-renamed", "field-possibly-renamed",
     "A hint: a removed and an added field of one object have the same schema. The removal is still judged.",
     openapi(spec={"replicas": {"type": "integer"}}), openapi(spec={"replicaCount": {"type": "integer"}}),
     ["field-removed", "field-added", "field-possibly-renamed"])
case("type-changed", "type-changed", "A field's type changed.", field({"type": "integer"}), field({"type": "string"}))
case("format-changed", "format-changed", "A field's format changed.", field({"type": "integer", "format": "int32"}), field({"type": "integer", "format": "int64"}))
case("format-added", "format-added",
     "A format was added where there was none: only values of that form are valid now. Validation tightened: an error "
     "for writers (spec, requests), info where only the server writes (status, responses).",
     pet_field({"type": "string"}, "request"), pet_field({"type": "string", "format": "date-time"}, "request"))
case("format-added-in-response-is-info", None, "", pet_field({"type": "string"}, "response"),
     pet_field({"type": "string", "format": "date-time"}, "response"), ["format-added"])
case("format-removed", "format-removed",
     "A format was removed: values of any form may come. Readers that parse the value as that format are broken "
     "(an error in responses and status, a warning on spec); writers are not.",
     pet_field({"type": "string", "format": "date-time"}, "response"), pet_field({"type": "string"}, "response"))
case("no-change-max-length-replaced-by-enum-within-it", None, "",
     field({"type": "string", "maxLength": 8}), field({"type": "string", "enum": ["Always", "Never"]}),
     ["enum-restriction-added"])  # the enum's values all fit the old maxLength: tightened only, not relaxed
case("no-change-min-length-dropped-for-a-pattern-as-long", None, "",
     field({"type": "string", "minLength": 1}), field({"type": "string", "pattern": "^[a-z]([-a-z0-9]*[a-z0-9])?$"}),
     ["pattern-tightened"])  # the pattern's shortest match is 1 character: minLength dropped admits nothing new
case("no-change-max-length-dropped-for-a-pattern-within-it", None, "",
     field({"type": "string", "maxLength": 63}), field({"type": "string", "pattern": "^[a-z]{1,63}$"}),
     ["pattern-tightened"])  # the anchored pattern's longest match is 63 characters
case("min-length-dropped-for-a-shorter-pattern-is-relaxed", None, "",
     field({"type": "string", "minLength": 3}), field({"type": "string", "pattern": "^[a-z]+$"}),
     ["pattern-tightened", "min-length-relaxed"])
case("minimum-dropped-for-an-enum-below-it-is-relaxed", None, "",
     field({"type": "integer", "minimum": 1}), field({"type": "integer", "enum": [0, 1, 2]}),
     ["enum-restriction-added", "minimum-relaxed"])
case("nullable-removed", "nullable-removed", "A field no longer accepts null.", field({"type": "string", "nullable": True}), field({"type": "string"}))
case("nullable-added", "nullable-added", "A field may now be null.", field({"type": "string"}), field({"type": "string", "nullable": True}))

# ---- enums ----
case("enum-value-added", "enum-value-added",
     "A closed enum (KEP-2887: every enum is closed) gained a value. Values added to one field together are one "
     "finding that lists them (`new` is then the list), as are values removed.",
     field({"type": "string", "enum": ["Fast", "Slow"]}), field({"type": "string", "enum": ["Fast", "Slow", "Turbo"]}))
case("same-change-at-many-places-is-one-row", None, "",
     openapi(spec={"limit": {"type": "integer"}, "sampleLimit": {"type": "integer"}, "targetLimit": {"type": "integer"}}),
     openapi(spec={"limit": {"type": "integer", "minimum": 0}, "sampleLimit": {"type": "integer", "minimum": 0},
                   "targetLimit": {"type": "integer", "minimum": 0}}),
     ["minimum-tightened"])  # expected.markdown: one row for the three (JSON and text keep one finding a place)
case("enum-values-added-together-are-one-finding", None, "",
     field({"type": "integer", "enum": [1, 2]}), field({"type": "integer", "enum": [1, 2, 4, 8]}), ["enum-value-added"])
case("enum-value-removed", "enum-value-removed", "An enum lost a value.", field({"type": "string", "enum": ["Fast", "Slow"]}), field({"type": "string", "enum": ["Fast"]}))
case("enum-restriction-added", "enum-restriction-added", "A free value became an enum.",
     field({"type": "string"}), field({"type": "string", "enum": ["Fast", "Slow"]}))
case("enum-restriction-removed", "enum-restriction-removed", "An enum became a free value.",
     field({"type": "string", "enum": ["Fast", "Slow"]}), field({"type": "string"}))

# ---- validation: one pair a constraint ----
CONSTRAINTS = [
    ("max-length", "maxLength", {"type": "string", "maxLength": 10}, {"type": "string", "maxLength": 5}),
    ("min-length", "minLength", {"type": "string", "minLength": 1}, {"type": "string", "minLength": 3}),
    ("maximum", "maximum", {"type": "integer", "maximum": 10}, {"type": "integer", "maximum": 5}),
    ("minimum", "minimum", {"type": "integer", "minimum": 0}, {"type": "integer", "minimum": 1}),
    ("exclusive-maximum", "exclusiveMaximum", {"type": "integer", "maximum": 10},
     {"type": "integer", "maximum": 10, "exclusiveMaximum": True}),
    ("exclusive-minimum", "exclusiveMinimum", {"type": "integer", "minimum": 0},
     {"type": "integer", "minimum": 0, "exclusiveMinimum": True}),
    ("pattern", "pattern", {"type": "string"}, {"type": "string", "pattern": "^[a-z]+$"}),
    ("max-items", "maxItems", {"type": "array", "items": {"type": "string"}, "maxItems": 10},
     {"type": "array", "items": {"type": "string"}, "maxItems": 5}),
    ("min-items", "minItems", {"type": "array", "items": {"type": "string"}},
     {"type": "array", "items": {"type": "string"}, "minItems": 1}),
    ("unique-items", "uniqueItems", {"type": "array", "items": {"type": "string"}},
     {"type": "array", "items": {"type": "string"}, "uniqueItems": True}),
    ("max-properties", "maxProperties", {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 10},
     {"type": "object", "additionalProperties": {"type": "string"}, "maxProperties": 5}),
    ("min-properties", "minProperties", {"type": "object", "additionalProperties": {"type": "string"}},
     {"type": "object", "additionalProperties": {"type": "string"}, "minProperties": 1}),
    ("multiple-of", "multipleOf", {"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 4}),
    ("additional-properties", "additionalProperties", {"type": "object", "properties": {"a": {"type": "string"}}},
     {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False}),
    ("cel-rules", "x-kubernetes-validations", {"type": "string"},
     {"type": "string", "x-kubernetes-validations": [{"rule": "self.size() <= 63", "message": "too long"}]}),
]
for rule, keyword, loose, tight in CONSTRAINTS:
    case(f"{rule}-tightened", f"{rule}-tightened",
         f"`{keyword}` now admits fewer values (added, or made stricter).",
         field(loose), field(tight))
    case(f"{rule}-relaxed", f"{rule}-relaxed",
         f"`{keyword}` now admits more values (removed, or made looser)." +
         (" The value space is one constraint: a bound dropped while the new schema's `enum` values, or its `pattern`'s "
          "shortest or (anchored) longest match, keep every value within it admits nothing new and is no finding."
          if keyword in ("maxLength", "minLength") else ""),
         field(tight), field(loose))

case("pattern-changed", "pattern-changed",
     "A pattern changed and neither is provably wider: a change to review. Where the direction is provable (alternatives "
     "added or removed, a character class or a repetition widened or narrowed, a small set of strings), the change is "
     "pattern-relaxed or pattern-tightened instead; one that matches the same values is no change.",
     field({"type": "string", "pattern": "^[a-z]+$"}), field({"type": "string", "pattern": "^[a-z]*[0-9]$"}))
case("pattern-relaxed-alternative-added", None, "", field({"type": "string", "pattern": "^http(s)?://.+$"}),
     field({"type": "string", "pattern": "^(http|https|socks5)://.+$"}), ["pattern-relaxed"])
case("pattern-tightened-class-narrowed", None, "", field({"type": "string", "pattern": "^[a-z0-9]+$"}),
     field({"type": "string", "pattern": "^[a-z]+$"}), ["pattern-tightened"])
case("no-change-pattern-same-values", None, "", field({"type": "string", "pattern": "^[-a-zSA-Z0-9]+$"}),
     field({"type": "string", "pattern": "^[-a-zA-Z0-9]+$"}), [])
case("cel-rule-changed", "cel-rule-changed",
     "A CEL rule was rewritten: paired old with new by its message, then its fieldPath, then its place in the list, then "
     "as the only rule gone and the only one come at that place. "
     "One finding shows both expressions; its effect cannot be known from the spec. A change of whitespace inside an "
     "expression is no change.",
     field({"type": "string", "x-kubernetes-validations": [{"rule": "self.size() <= 63", "message": "too long"}]}),
     field({"type": "string", "x-kubernetes-validations": [{"rule": "self.size() <= 32", "message": "too long"}]}))
case("no-change-cel-whitespace", None, "", field({"type": "string", "x-kubernetes-validations": [{"rule": "self.size() <= 63", "message": "too long"}]}),
     field({"type": "string", "x-kubernetes-validations": [{"rule": "self.size()\n  <= 63", "message": "too long"}]}), [])

S = {"type": "string"}
case("cel-rule-on-new-fields", "cel-rule-on-new-fields",
     "A CEL rule added to an object reads only fields added in the same change, each tested with `has()` or given a "
     "default (here: two new fields that may not both be set), or one of its alternatives (`||`) compares a new field "
     "with that field's default. No value stored or sent before sets those fields, so none fails the rule: info. A rule "
     "that otherwise reads a field that existed is `cel-rules-tightened`.",
     openapi(spec={"mode": S}),
     openapi(spec={"mode": S, "percent": {"type": "integer"}, "fraction": {"type": "integer"}},
             spec_extra={"x-kubernetes-validations": [{"rule": "!(has(self.percent) && has(self.fraction))"}]}),
     ["cel-rule-on-new-fields", "field-added"])
case("cel-rule-implied-by-schema", "cel-rule-implied-by-schema",
     "A CEL rule added that states only sizes (`self.size() <= N`, `size(self.f) > 0`, `self != ''`) or presence "
     "(`has(self.f)`), joined by `&&`, each of which the old schema already held: `maxItems`, `maxLength`, "
     "`maxProperties` (or their minimums) within the rule's bound, a pattern whose matches are that long, a field it "
     "required. No value the old schema admitted fails it: info, with the reasoning. A fact about a field the old "
     "schema did not require, or any other expression, keeps `cel-rules-tightened`.",
     field({"type": "array", "items": S, "maxItems": 64}),
     field({"type": "array", "items": S, "maxItems": 64, "x-kubernetes-validations": [{"rule": "self.size() <= 128"}]}))
case("cel-rule-implied-by-a-pattern-and-required", None, "",
     openapi(spec={"name": {"type": "string", "pattern": "^[a-z]+$"}}, required=["name"]),
     openapi(spec={"name": {"type": "string", "pattern": "^[a-z]+$"}}, required=["name"],
             spec_extra={"x-kubernetes-validations": [{"rule": "has(self.name) && self.name != ''"}]}),
     ["cel-rule-implied-by-schema"])
case("cel-size-rule-beyond-old-bound-is-tightened", None, "",
     field({"type": "array", "items": S, "maxItems": 64}),
     field({"type": "array", "items": S, "maxItems": 64, "x-kubernetes-validations": [{"rule": "self.size() < 64"}]}),
     ["cel-rules-tightened"])
case("cel-rule-with-a-defaulted-new-alternative-is-info", None, "",
     openapi(spec={"claimNames": S}),
     openapi(spec={"claimNames": S, "scope": {"type": "string", "default": "LegacyCluster"}},
             spec_extra={"x-kubernetes-validations": [{"rule": "self.scope == 'LegacyCluster' || !has(self.claimNames)"}]}),
     ["cel-rule-on-new-fields", "field-added"])  # every stored object gets scope's default, which the first alternative accepts
case("cel-rule-reading-an-old-field-is-tightened", None, "",
     openapi(spec={"mode": S}),
     openapi(spec={"mode": S, "percent": {"type": "integer"}},
             spec_extra={"x-kubernetes-validations": [{"rule": "self.mode == 'Mirror' || !has(self.percent)"}]}),
     ["cel-rules-tightened", "field-added"])
case("required-replaced-by-cel-rule", "required-replaced-by-cel-rule",
     "A field stopped being required where a CEL rule that reads it was added (\"this one is required\" became \"one of "
     "these two\"): one finding for the pair, not `field-became-optional` and `cel-rules-tightened`. Whether the pair "
     "accepts more or less depends on the rule, which the schema cannot tell: a warning to review.",
     openapi(spec={"secretRef": S, "configMapRef": S}, required=["secretRef"]),
     openapi(spec={"secretRef": S, "configMapRef": S},
             spec_extra={"x-kubernetes-validations": [{"rule": "has(self.secretRef) != has(self.configMapRef)"}]}))
case("no-change-cel-layout", None, "",
     field({"type": "string", "x-kubernetes-validations": [{"rule": "self.size() <= 63 && self != 'a b'"}]}),
     field({"type": "string", "x-kubernetes-validations": [{"rule": "(self.size()<=63\n  && self != 'a b')"}]}), [])
case("cel-rule-changed-inside-a-string", None, "",
     field({"type": "string", "x-kubernetes-validations": [{"rule": "self != 'a b'", "message": "reserved"}]}),
     field({"type": "string", "x-kubernetes-validations": [{"rule": "self != 'a  b'", "message": "reserved"}]}),
     ["cel-rule-changed"])

# ---- defaults ----
def crd_field(schema):
    return crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "size": schema}}}}}])


case("default-added", "default-added",
     "A field gained a default. In a CRD this is an error: structural defaulting changes what is stored. In a Kubernetes "
     "API server's own spec it is info: the server's Go defaulting applied the value already, the spec now says so.",
     crd_field({"type": "integer"}), crd_field({"type": "integer", "default": 1}))
case("default-added-kubernetes-server-is-info", None, "", field({"type": "integer"}), field({"type": "integer", "default": 1}),
     ["default-added"])
case("default-added-zero-value", "default-added-zero-value",
     "A CRD field gained a default of its type's zero value (`\"\"`, `0`, `false`), as controller-gen writes for the `name` "
     "of a LocalObjectReference since Kubernetes marked it `+default=\"\"`. A reader of a Go value field (not a pointer) "
     "already read that for an absent field, so nothing changes for it; a reader that tells absent from empty now reads "
     "empty. Info.",
     crd_field({"type": "string"}), crd_field({"type": "string", "default": ""}))
case("default-added-as-documented", "default-added-as-documented",
     "A default added where the old description already stated that value (\"Defaults to X.\", \"The default is X\", "
     "\"Default: X\", X as written or quoted): the schema now states the documented default. Info: the value was the "
     "default before; any other default added stays `default-added`.",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "operator": {"type": "string", "description": "Operator to match with. Defaults to Equal."}}}}}}]),
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "operator": {"type": "string", "description": "Operator to match with. Defaults to Equal.", "default": "Equal"}}}}}}]))
case("default-added-undocumented-stays-an-error", None, "",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "operator": {"type": "string", "description": "Operator to match with. Defaults to Equal."}}}}}}]),
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "operator": {"type": "string", "description": "Operator to match with. Defaults to Equal.", "default": "Exists"}}}}}}]),
     ["default-added"])
case("default-removed", "default-removed", "A field lost its default.", field({"type": "integer", "default": 1}), field({"type": "integer"}))
case("default-changed", "default-changed", "A field's default changed.", field({"type": "integer", "default": 1}), field({"type": "integer", "default": 2}))
case("default-missing-in-version", "default-missing-in-version",
     "Checked on one snapshot (`kompat lint`): a field with a default in one version of a kind has none in another "
     "version that has the field (api_changes.md: defaults must exist in all versions).",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "size": {"type": "integer", "format": "int32", "default": 1}}}}}},
          {"name": "v1beta1", "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
              "size": {"type": "integer", "format": "int32"}}}}}}]), None)

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

# ---- review aids ----
case("description-changed", "description-changed", "A description (or a CEL rule's message) changed.", field({"type": "string", "description": "The mode."}), field({"type": "string", "description": "The mode of the widget."}))
case("definition-added", "definition-added", "A named type (definitions, components.schemas) is new.", openapi(), openapi(extra={"com.example.v1.Helper": {"type": "string"}}))
case("definition-removed", "definition-removed", "A named type is gone. What used it is reported by its own rule.",
     openapi(extra={"com.example.v1.Helper": {"type": "string"}}), openapi())
case("annotation-changed", "annotation-changed",
     "A keyword that only documents a value changed: `title`, `example`, `examples`, `externalDocs`, or an `x-` "
     "extension of a vendor's own (any but `x-kubernetes-*`). Info: what is valid is the same.",
     field({"type": "string", "title": "Mode"}), field({"type": "string", "title": "Widget mode"}))

# ---- unions (oneOf/anyOf), general OpenAPI: each family in a response and in a request ----
case("type-widened", "type-widened",
     "A value accepts more kinds of value than before: `integer` became `number`, a 3.1 type list gained a type, or "
     "the value became a union (`oneOf`/`anyOf`) that still holds the old type (`$ref Pet` became "
     "`anyOf [Pet, DeletedPet]`). One finding, judged as relaxed validation: readers meet values they never saw. "
     "The old type's fields are compared with its branch, not reported removed.",
     api(response=ref("Cat"), schemas=PETS), api(response={"anyOf": [ref("Cat"), ref("Dog")]}, schemas=PETS))
case("type-widened-in-request-is-info", None, "",
     pet_field({"type": "string", "maxLength": 20}, "request"),
     pet_field({"anyOf": [{"type": "string", "maxLength": 20}, {"type": "string", "enum": [""]}]}, "request"),
     ["type-widened"])
case("type-widened-integer-to-number", None, "", pet_field({"type": "integer"}, "response"),
     pet_field({"type": "number"}, "response"), ["type-widened"])
case("type-widened-union-compares-the-kept-branch", None, "",
     pet_field({"type": "string", "maxLength": 20}, "response"),
     pet_field({"anyOf": [{"type": "string", "maxLength": 10}, {"type": "integer"}]}, "response"),
     ["type-widened", "max-length-tightened"])
case("type-narrowed", "type-narrowed",
     "A value accepts fewer kinds of value than before: `number` became `integer`, a 3.1 type list lost a type, or a "
     "union became one of its branches. Judged as tightened validation: writers may send what is now refused.",
     pet_field({"anyOf": [{"type": "string"}, {"type": "integer"}]}, "request"), pet_field({"type": "string"}, "request"))
case("type-narrowed-in-response-is-info", None, "", pet_field({"type": "number"}, "response"),
     pet_field({"type": "integer"}, "response"), ["type-narrowed"])
case("type-changed-union-without-the-old-type", None, "", pet_field({"type": "string"}, "response"),
     pet_field({"anyOf": [{"type": "integer"}, {"type": "boolean"}]}, "response"), ["type-changed"])
case("union-branch-added", "union-branch-added",
     "A union (`oneOf`/`anyOf`) offers a new branch; branches are paired by `$ref` target, then by type and shape, "
     "so their order means nothing. Readers meet values of the new branch.",
     pets(["Cat", "Dog"]), pets(["Cat", "Dog", "Lizard"]))
case("union-branch-added-in-request-is-info", None, "", pets(["Cat", "Dog"], "request"),
     pets(["Cat", "Dog", "Lizard"], "request"), ["union-branch-added"])
NAMED = {"type": "object", "properties": {"name": {"type": "string"}}}
case("one-of-branches-overlap", "one-of-branches-overlap",
     "Two branches of a `oneOf` admit the same values, and the old schema did not have that overlap: a value both "
     "admit now matches two branches, and `oneOf` refuses a value that matches more than one. Every pair of branches "
     "is tested, in both directions and whatever their order: a branch that admits every value of another (an open "
     "object, `{}`, or `string` beside `{string, maxLength: 3}`), or an object of optional fields only that admits "
     "other properties (a `Problem` beside `$ref X`), which every object matches. An error for writers and readers "
     "alike. `anyOf` has no such effect (see below), nor has a branch that refuses the old values.",
     field(NAMED), field({"oneOf": [NAMED, {"type": "object"}]}))
case("one-of-narrower-branch-overlaps", None, "",
     field({"type": "string"}), field({"oneOf": [{"type": "string", "maxLength": 3}, {"type": "string"}]}), ["one-of-branches-overlap"])
case("one-of-open-object-overlaps", None, "",
     field({"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}),
     field({"oneOf": [{"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
                      {"type": "object", "properties": {"title": {"type": "string"}, "detail": {"type": "string"}}}]}),
     ["one-of-branches-overlap"])
case("any-of-open-branch-added-is-widened", None, "", field(NAMED), field({"anyOf": [NAMED, {"type": "object"}]}), ["type-widened"])
case("one-of-branch-of-another-type-is-widened", None, "", field(NAMED), field({"oneOf": [NAMED, {"type": "string"}]}),
     ["type-widened"])
case("union-branch-removed", "union-branch-removed",
     "A union (`oneOf`/`anyOf`) no longer offers a branch. Writers that send a value of it are refused.",
     pets(["Cat", "Dog", "Lizard"], "request"), pets(["Cat", "Dog"], "request"))
case("union-branch-removed-in-response-is-info", None, "", pets(["Cat", "Dog", "Lizard"]), pets(["Cat", "Dog"]),
     ["union-branch-removed"])
case("no-change-union-branch-order", None, "", pets(["Cat", "Dog"]), pets(["Dog", "Cat"]), [])
case("nullable-added-through-anyof", None, "", pet_field({"type": "string"}, "response", "3.1.0"),
     pet_field({"anyOf": [{"type": "string"}, {"type": "null"}]}, "response", "3.1.0"), ["nullable-added"])
case("no-change-nullable-spelled-as-anyof", None, "", pet_field({"type": ["string", "null"]}, "response", "3.1.0"),
     pet_field({"anyOf": [{"type": "string"}, {"type": "null"}]}, "response", "3.1.0"), [])
case("discriminator-changed", "discriminator-changed",
     "A union's `discriminator` names another property, or maps a value to another branch or to none. Generated "
     "clients pick the branch by it, and so does the server's validation of a request.",
     pets(["Cat", "Dog"], discriminator={"propertyName": "petType"}),
     pets(["Cat", "Dog"], discriminator={"propertyName": "kind"}))
case("discriminator-changed-in-request", None, "",
     pets(["Cat", "Dog"], "request", discriminator={"propertyName": "petType", "mapping": {"cat": "#/components/schemas/Cat"}}),
     pets(["Cat", "Dog"], "request", discriminator={"propertyName": "petType", "mapping": {"cat": "#/components/schemas/Dog"}}),
     ["discriminator-changed"])
case("discriminator-value-added", "discriminator-value-added",
     "A union's `discriminator` maps a new value to a branch: like an enum value added, readers that dispatch on it "
     "meet a value they never saw.",
     pets(["Cat", "Dog"], discriminator={"propertyName": "petType", "mapping": {"cat": "#/components/schemas/Cat"}}),
     pets(["Cat", "Dog"], discriminator={"propertyName": "petType", "mapping": {
         "cat": "#/components/schemas/Cat", "dog": "#/components/schemas/Dog"}}))

case("field-removed-in-unreached-type-is-info", None, "",
     api(response={"type": "object", "properties": {"name": {"type": "string"}}},
         schemas={"Orphan": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}}),
     api(response={"type": "object", "properties": {"name": {"type": "string"}}},
         schemas={"Orphan": {"type": "object", "properties": {"a": {"type": "string"}}}}),
     ["field-removed"])  # no operation or kind reaches Orphan: nobody sends or reads it, so no role judges it

def webhook(pet, hooks=True):
    """An OpenAPI 3.1 document whose only operation is the webhook `newPet`, sending a Pet."""
    doc = {"openapi": "3.1.0", "info": {"title": "pets", "version": "unversioned"}, "paths": {}, "components": {"schemas": {"Pet": pet}}}
    if hooks:
        doc["webhooks"] = {"newPet": {"post": {"requestBody": {"content": {"application/json": {"schema": ref("Pet")}}},
                                               "responses": {"200": {"description": "OK"}}}}}
    return doc


PET = {"type": "object", "properties": {"name": {"type": "string"}, "tag": {"type": "string"}}, "required": ["name"]}
case("webhook-payload-field-became-optional-is-error", None, "",
     webhook(PET), webhook(dict(PET, required=[])),
     ["field-became-optional"])  # a webhook's payload is read by its receiver: as in a response
case("webhook-payload-field-added-required-is-info", None, "",
     webhook(PET), webhook(dict(PET, properties=dict(PET["properties"], age={"type": "integer"}), required=["name", "age"])),
     ["field-added-required"])
case("webhook-removed", None, "", webhook(PET), webhook(PET, hooks=False), ["operation-removed"])

# ---- readOnly, writeOnly and extensible enums ----
case("field-became-read-only", "field-became-read-only",
     "A field became `readOnly`: clients may no longer send it, so writers that do are broken (the server ignores or "
     "refuses it); readers still get it (info in responses).",
     pet_field({"type": "string"}, "request"), pet_field({"type": "string", "readOnly": True}, "request"))
case("field-became-write-only", "field-became-write-only",
     "A field became `writeOnly`: responses no longer hold it, so readers that read it are broken; writers may still "
     "send it (info in requests).",
     pet_field({"type": "string"}, "response"), pet_field({"type": "string", "writeOnly": True}, "response"))
case("field-access-relaxed", "field-access-relaxed",
     "A field is no longer `readOnly` (clients may now send it) or `writeOnly` (readers now get it): nobody is broken.",
     pet_field({"type": "string", "readOnly": True}, "request"), pet_field({"type": "string"}, "request"))
case("extensible-enum-value-added", "extensible-enum-value-added",
     "A value added to an `x-extensible-enum` (Zalando's convention): readers of an extensible enum handle values they do "
     "not know, so it is news, not a break. A value removed is `enum-value-removed`, as from an enum.",
     pet_field({"type": "string", "x-extensible-enum": ["cat", "dog"]}, "response"),
     pet_field({"type": "string", "x-extensible-enum": ["cat", "dog", "lizard"]}, "response"))
case("enum-value-removed-from-extensible-enum", None, "",
     pet_field({"type": "string", "x-extensible-enum": ["cat", "dog"]}, "request"),
     pet_field({"type": "string", "x-extensible-enum": ["cat"]}, "request"), ["enum-value-removed"])

# ---- allOf: an object and its members are one object ----
BASE = {"Base": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}
OWNED = {"Owned": {"type": "object", "properties": {"owner": {"type": "string"}}, "required": ["owner"]}}


def extended(members, where="request", schemas=None, own=None):
    """A pet that extends the named types (`allOf` of `$ref`s) with its own field `tag`."""
    schema = {"allOf": [ref(m) for m in members], "properties": own if own is not None else {"tag": {"type": "string"}}}
    return api(schemas={**BASE, **OWNED, **(schemas or {})}, **{where: schema})


case("field-added-required-through-allof", None, "", extended(["Base"]), extended(["Base", "Owned"]), ["field-added-required"])
case("field-added-required-through-allof-in-response-is-info", None, "", extended(["Base"], "response"),
     extended(["Base", "Owned"], "response"), ["field-added-required"])
case("field-removed-through-allof", None, "", extended(["Base", "Owned"], "response"), extended(["Base"], "response"),
     ["field-removed"])
case("no-change-fields-moved-into-allof", None, "",
     api(request={"type": "object", "properties": {"name": {"type": "string"}, "tag": {"type": "string"}},
                  "required": ["name"]}, schemas={**BASE, **OWNED}),
     extended(["Base"]), [])
case("no-change-allof-member-redeclares-a-required-field", None, "",
     extended(["Base"], "request"),
     api(schemas={**BASE, **OWNED}, request={"allOf": [ref("Base"), {"properties": {"name": {"type": "string"}}}],
                                            "properties": {"tag": {"type": "string"}}}), [])
case("no-change-allof-redeclared-field-was-required-by-the-object", None, "",
     api(schemas={**BASE, **OWNED}, response={"type": "object", "properties": {"name": {"type": "string"}, "tag": {"type": "string"}},
                                             "required": ["name"]}),
     api(schemas={**BASE, **OWNED}, response={"allOf": [ref("Base"), {"properties": {"name": {"type": "string"}}}],
                                             "properties": {"tag": {"type": "string"}}}), [])
case("field-removed-in-allof-member-type", None, "",
     extended(["Base"], "response", {"Base": {"type": "object", "properties": {"name": {"type": "string"},
                                                                               "age": {"type": "integer"}}}}),
     extended(["Base"], "response", {"Base": {"type": "object", "properties": {"name": {"type": "string"}}}}),
     ["field-removed"])

# ---- request bodies and media types ----
def body_api(content=None, required=None, responses=None):
    """POST /pets with the given request body content (absent: no body) and 200 response content."""
    operation = {"operationId": "createPet", "responses": {"200": {"description": "OK"}}}
    if content is not None:
        operation["requestBody"] = {"content": content, **({"required": required} if required is not None else {})}
    if responses is not None:
        operation["responses"]["200"]["content"] = responses
    return {"openapi": "3.0.3", "info": {"title": "pets", "version": "unversioned"}, "paths": {"/pets": {"post": operation}},
            "components": {"schemas": {}}}


PET = {"type": "object", "properties": {"name": {"type": "string"}}}
JSON_PET = {"application/json": {"schema": PET}}
case("request-body-removed", "request-body-removed", "An operation no longer takes a request body.",
     body_api(JSON_PET), body_api())
case("request-body-added", "request-body-added", "An operation takes a new optional request body.", body_api(), body_api(JSON_PET))
case("request-body-added-required", "request-body-added-required",
     "An operation takes a new required request body: every existing caller sends none.", body_api(), body_api(JSON_PET, True))
case("request-body-became-required", "request-body-became-required", "An optional request body became required.",
     body_api(JSON_PET, False), body_api(JSON_PET, True))
case("request-body-became-optional", "request-body-became-optional",
     "A required request body became optional. In a request: info.", body_api(JSON_PET, True), body_api(JSON_PET))
case("media-type-removed", "media-type-removed",
     "A request body or a response is no longer sent in a media type (OpenAPI 3 `content`, Swagger 2.0 "
     "`consumes`/`produces`). One finding per media type and direction, listing every operation it concerns.",
     body_api(responses={"application/json": {"schema": PET}, "application/xml": {"schema": PET}}),
     body_api(responses={"application/json": {"schema": PET}}))
case("media-type-removed-in-request", None, "",
     body_api({"application/json": {"schema": PET}, "application/x-www-form-urlencoded": {"schema": PET}}),
     body_api({"application/json": {"schema": PET}}), ["media-type-removed"])
case("media-type-added", "media-type-added", "A request body or a response is sent in a new media type.",
     body_api(responses={"application/json": {"schema": PET}}),
     body_api(responses={"application/json": {"schema": PET}, "application/xml": {"schema": PET}}))
case("media-type-schema-compared", None, "",
     body_api(responses={"application/json": {"schema": PET}, "application/xml": {"schema": {
         "type": "object", "properties": {"name": {"type": "string"}, "id": {"type": "string"}}}}}),
     body_api(responses={"application/json": {"schema": PET}, "application/xml": {"schema": PET}}), ["field-removed"])
swagger_produces = {"swagger": "2.0", "info": {"title": "pets", "version": "unversioned"}, "produces": ["application/json", "application/xml"],
                    "paths": {"/pets": {"get": {"operationId": "listPets", "responses": {"200": {
                        "description": "OK", "schema": {"type": "string"}}}}}}}
case("media-type-removed-swagger-produces", None, "", swagger_produces,
     {**swagger_produces, "produces": ["application/json"]}, ["media-type-removed"])

# ---- operations: identity ----
def pet_path(path="/pets/{petId}", name="petId", operation_id="getPet", tags=None, responses=None):
    """GET one pet by its path parameter."""
    operation = {**({"operationId": operation_id} if operation_id else {}), "parameters": [
        {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}],
        "responses": responses or {"200": {"description": "OK"}}}
    if tags is not None:
        operation["tags"] = tags
    return {"openapi": "3.0.3", "info": {"title": "pets", "version": "unversioned"}, "paths": {path: {"get": operation}},
            "components": {"schemas": {}}}


case("path-parameter-renamed", "path-parameter-renamed",
     "A path parameter has a new name in the path template (`/pets/{petId}` became `/pets/{id}`): the same URL, so the "
     "same operation, with its parameter paired by place. Info: generated clients may rename an argument.",
     pet_path(), pet_path("/pets/{id}", "id"))
case("operation-id-changed", "operation-id-changed",
     "An operation's `operationId` changed. A warning: generated clients rename the method they call it by.",
     pet_path(), pet_path(operation_id="fetchPet"))
case("operation-tags-changed", "operation-tags-changed", "An operation's `tags` changed: docs and clients group it elsewhere.",
     pet_path(tags=["pets"]), pet_path(tags=["animals"]))
case("response-removed-error-status-is-info", None, "",
     pet_path(responses={"200": {"description": "OK"}, "404": {"description": "Not found"}}),
     pet_path(responses={"200": {"description": "OK"}}), ["response-removed"])

# ---- response headers ----
def with_headers(headers):
    """GET /pets/{petId} whose 200 response sends the given headers."""
    return pet_path(responses={"200": {"description": "OK", "headers": headers}})


RATE = {"X-Rate-Limit": {"required": True, "schema": {"type": "integer"}}}
case("response-header-removed", "response-header-removed", "A response no longer sends a header: clients that read it break.",
     with_headers(RATE), with_headers({}))
case("response-header-added", "response-header-added", "A response sends a new header.", with_headers({}), with_headers(RATE))
case("response-header-became-optional", "response-header-became-optional",
     "A response header that was always sent may be left out: clients that relied on it break.",
     with_headers(RATE), with_headers({"X-Rate-Limit": {"schema": {"type": "integer"}}}))
case("response-header-became-required", "response-header-became-required",
     "A response header that could be left out is always sent. Info: clients get it every time.",
     with_headers({"X-Rate-Limit": {"schema": {"type": "integer"}}}), with_headers(RATE))
case("response-header-type-changed", None, "", with_headers(RATE),
     with_headers({"x-rate-limit": {"required": True, "schema": {"type": "string"}}}), ["type-changed"])

# ---- security ----
SCHEMES = {"api_key": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
           "oauth": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://example.com/token",
                                                                          "scopes": {"read": "", "write": ""}}}}}


def secured(security=None, global_security=None, schemes=None):
    """GET /pets/{petId} with its own `security` and the document's, and the given schemes."""
    doc = pet_path()
    if security is not None:
        doc["paths"]["/pets/{petId}"]["get"]["security"] = security
    if global_security is not None:
        doc["security"] = global_security
    doc["components"]["securitySchemes"] = schemes or SCHEMES
    return doc


case("security-requirement-added", "security-requirement-added",
     "A client must present more to call an operation: a security requirement where there was none (the document's "
     "or the operation's), a scheme or a scope added to one, or an alternative taken away. Any one of an operation's "
     "requirements suffices, so adding an alternative is not this, but security-requirement-removed.",
     secured(), secured(global_security=[{"api_key": []}]))
case("security-requirement-added-scope", None, "", secured([{"oauth": ["read"]}]), secured([{"oauth": ["read", "write"]}]),
     ["security-requirement-added"])
case("security-requirement-alternative-removed", None, "", secured([{"api_key": []}, {"oauth": ["read"]}]),
     secured([{"api_key": []}]), ["security-requirement-added"])
case("security-requirement-removed", "security-requirement-removed",
     "A client may present less: a requirement removed, or another alternative offered. Info.",
     secured([{"api_key": []}]), secured([{"api_key": []}, {"oauth": ["read"]}]))
case("security-scheme-changed", "security-scheme-changed",
     "A security scheme of one name changed its type, where its credential goes, or a flow's URL.",
     secured([{"api_key": []}]), secured([{"api_key": []}], schemes={**SCHEMES, "api_key": {
         "type": "apiKey", "in": "query", "name": "api_key"}}))

# ---- deprecation in plain OpenAPI: deprecated, x-sunset, x-stability-level ----
def pet_op(deprecated=None, sunset=None, level=None, parameter_deprecated=None, with_parameter=True, present=True):
    """GET /pets, perhaps deprecated (with an x-sunset date) or at an x-stability-level, with a query parameter `q`."""
    operation = {"operationId": "listPets", "responses": {"200": {"description": "OK"}}, "parameters": []}
    if with_parameter:
        parameter = {"name": "q", "in": "query", "schema": {"type": "string"}}
        if parameter_deprecated is not None:
            parameter["deprecated"] = parameter_deprecated
        operation["parameters"].append(parameter)
    for key, value in (("deprecated", deprecated), ("x-sunset", sunset), ("x-stability-level", level)):
        if value is not None:
            operation[key] = value
    paths = {"/pets": {"get": operation}} if present else {}
    return {"openapi": "3.0.3", "info": {"title": "pets", "version": "unversioned"}, "paths": paths, "components": {"schemas": {}}}


DEPRECATED_TAG = {"type": "string", "deprecated": True}
case("lifecycle-deprecated-openapi-property", None, "", pet_field({"type": "string"}, "response"),
     pet_field(DEPRECATED_TAG, "response"), ["lifecycle-deprecated"])
case("field-removed-after-deprecation-is-warning", None, "", pet_field(DEPRECATED_TAG, "request"),
     api(request={"type": "object", "properties": {"name": {"type": "string"}}}), ["field-removed"])
case("field-removed-after-sunset-is-info", None, "", pet_field({**DEPRECATED_TAG, "x-sunset": "2020-01-31"}, "request"),
     api(request={"type": "object", "properties": {"name": {"type": "string"}}}), ["field-removed"])
case("operation-deprecated", None, "", pet_op(), pet_op(deprecated=True), ["lifecycle-deprecated"])
case("operation-removed-after-deprecation-is-warning", None, "", pet_op(deprecated=True), pet_op(present=False),
     ["operation-removed"])
case("operation-removed-after-sunset-is-info", None, "", pet_op(deprecated=True, sunset="2020-01-31"), pet_op(present=False),
     ["operation-removed"])
case("deprecated-sunset-past", "deprecated-sunset-past",
     "Something newly `deprecated: true` whose `x-sunset` date has already passed (as of the run, UTC, or "
     "`SOURCE_DATE_EPOCH`): its removal, info after the sunset, may come in the very next change, so the deprecation "
     "is a warning that gives the date. A sunset date still ahead is `lifecycle-deprecated` (info).",
     pet_field({"type": "string"}, "request"), pet_field({**DEPRECATED_TAG, "x-sunset": "2020-01-31"}, "request"),
     ["deprecated-sunset-past", "annotation-changed"])
case("operation-deprecated-sunset-past", None, "", pet_op(), pet_op(deprecated=True, sunset="2020-01-31"), ["deprecated-sunset-past"])
case("lifecycle-deprecated-sunset-ahead-is-info", None, "", pet_op(), pet_op(deprecated=True, sunset="2999-12-31"),
     ["lifecycle-deprecated"])
case("parameter-deprecated", None, "", pet_op(), pet_op(parameter_deprecated=True), ["lifecycle-deprecated"])
case("parameter-removed-after-deprecation-is-warning", None, "", pet_op(parameter_deprecated=True),
     pet_op(with_parameter=False), ["parameter-removed"])
case("stability-level-decreased", "stability-level-decreased",
     "An operation's `x-stability-level` fell (draft < alpha < beta < stable): what clients were promised no longer holds.",
     pet_op(level="stable"), pet_op(level="beta"))

# ---- serialization, servers, OpenAPI 3.1 constraints beside $ref ----
def styled(style=None, explode=None):
    """GET /pets with a query parameter `tags` serialized as given (absent: OpenAPI's defaults)."""
    doc = pet_op(with_parameter=False)
    parameter = {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}}
    if style is not None:
        parameter["style"] = style
    if explode is not None:
        parameter["explode"] = explode
    doc["paths"]["/pets"]["get"]["parameters"] = [parameter]
    return doc


case("parameter-style-changed", "parameter-style-changed",
     "A parameter is serialized another way (`style`, `explode`; absent ones read as OpenAPI's defaults): callers "
     "send `tags=a&tags=b` where the server now parses `tags=a,b`.", styled(), styled(explode=False))
case("no-change-parameter-style-default-written", None, "", styled(), styled("form", True), [])
servers_doc = pet_op()
servers_doc["servers"] = [{"url": "https://api.example.com/v1"}]
case("servers-changed", "servers-changed",
     "The document's server URLs changed (OpenAPI 3 `servers`, Swagger 2.0 `schemes`, `host` and `basePath`). A "
     "warning: clients configured with an old URL may need a review.",
     servers_doc, {**servers_doc, "servers": [{"url": "https://api.example.com/v2"}]})
NAME = {"Name": {"type": "string"}}
case("max-length-tightened-beside-ref", None, "",
     api(request={"type": "object", "properties": {"name": {"$ref": "#/components/schemas/Name", "maxLength": 20}}},
         schemas=NAME, version="3.1.0"),
     api(request={"type": "object", "properties": {"name": {"$ref": "#/components/schemas/Name", "maxLength": 10}}},
         schemas=NAME, version="3.1.0"), ["max-length-tightened"])
case("enum-value-added-to-const", None, "", pet_field({"type": "string", "const": "cat"}, "response", "3.1.0"),
     pet_field({"type": "string", "enum": ["cat", "dog"]}, "response", "3.1.0"), ["enum-value-added"])
case("no-change-const-spelled-as-enum", None, "", pet_field({"type": "string", "const": "cat"}, "response", "3.1.0"),
     pet_field({"type": "string", "enum": ["cat"]}, "response", "3.1.0"), [])
case("operation-id-removed", None, "", pet_path(), pet_path(operation_id=None), ["operation-id-changed"])

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
     "for writers (spec, requests). Changed rather than added, such a keyword may go either way and stays "
     "`unclassified-change`.",
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
case("validation-keyword-removed", "validation-keyword-removed",
     "A keyword that could only refuse values (see `validation-keyword-added`) was removed: validation relaxed, an error "
     "for readers of responses and status, a warning for readers of spec.",
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
case("role-status-relaxed-is-error", None, "", openapi(status={"phase": {"type": "string", "maxLength": 5}}),
     openapi(status={"phase": {"type": "string", "maxLength": 10}}), ["max-length-relaxed"])
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

# ---- writing ----
def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f, indent=2)
        f.write("\n")


def main():
    names = set()
    for c in CASES:
        assert c["name"] not in names, c["name"]
        names.add(c["name"])
        folder = os.path.join(HERE, c["name"])
        os.makedirs(folder, exist_ok=True)
        for stale in ("old.json", "new.json", "spec.json", "release.json", "objects.yaml"):
            if os.path.exists(os.path.join(folder, stale)):
                os.remove(os.path.join(folder, stale))
        if c["new"] is None:
            write_json(os.path.join(folder, "spec.json"), c["old"])
        else:
            write_json(os.path.join(folder, "old.json"), c["old"])
            write_json(os.path.join(folder, "new.json"), c["new"])
        if c["release"] is not None:
            write_json(os.path.join(folder, "release.json"), c["release"])
        if c["objects"] is not None:
            with open(os.path.join(folder, "objects.yaml"), "w") as f:
                f.write(c["objects"])
        with open(os.path.join(folder, "rules"), "w") as f:
            f.write("".join(r + "\n" for r in c["rules"]))
    for entry in os.listdir(HERE):
        # golden/explain/ and golden/changelog/ hold cases written by hand.
        if os.path.isdir(os.path.join(HERE, entry)) and entry not in names and entry not in ("explain", "changelog"):
            shutil.rmtree(os.path.join(HERE, entry))
    write_docs()


RULES = {}  # rule id -> its row of the rule table, from `kompat rules --format json`


def read_rule_table():
    kompat = os.environ.get("KOMPAT", os.path.join(HERE, "..", "build", "kompat"))
    out = subprocess.run([kompat, "rules", "--format", "json"], check=True, capture_output=True, text=True).stdout
    for rule in json.loads(out)["rules"]:
        RULES[rule["id"]] = rule


def example(value):
    """The part of a case's document a reader needs: the Widget spec, the paths, or the CRD."""
    if value is None:
        return None
    if value.get("kind") == "CustomResourceDefinition":
        return value["spec"]
    if value.get("info", {}).get("title") == "pets":
        return {"paths": value["paths"], **({"components": value["components"]} if value["components"]["schemas"] else {})}
    if value.get("paths"):
        return {"paths": value["paths"]}
    schemas = value["components"]["schemas"]
    spec = schemas.get("com.example.v1.WidgetSpec")
    if spec and spec.get("properties", {}).get("field") is not None:
        return {"field": spec["properties"]["field"]}
    return {"schemas": sorted(schemas)} if "com.example.v1.WidgetSpec" not in schemas or len(schemas) != 3 else {"WidgetSpec": spec}


def write_docs():
    read_rule_table()
    out = ["# Rules", "",
           "Every rule kompat has, by id. Ids are stable and never renamed. Each has a default severity, which the",
           "finding's role and stability then adjust (`docs/architecture.md`, \"What decides a verdict\"):", "",
           "- **Roles**: a change on `spec` (users write, controllers read), on `status` (the server writes, clients read),",
           "  in a request (parameters, request bodies of generic OpenAPI) or in a response. A change that breaks",
           "  *writers* (validation tightened, a new required field, an enum value removed) is an error on spec and in",
           "  requests, info on status and in responses; one that breaks *readers* (validation relaxed, an enum value",
           "  added, a field becoming optional) is an error on status and in responses, a warning on spec (an error for",
           "  enum additions), info in requests; a removal, a type change or a default change breaks both: error.",
           "- **Stability**: inside an alpha group-version, or on a field whose lifecycle is alpha, every finding is at most",
           "  info. Retiring a beta version (removed, or no longer served) is a warning, whether or not its group-version",
           "  survives (deprecated, then retired, is the documented path); the operations it served, its List kind and",
           "  what changed inside it are said by that finding. Retiring a GA version is an error.",
           "- **List kinds** (`WidgetList`: items and list metadata) are only ever returned: what they reach is judged in the",
           "  response role, and where the item kind reaches the same change the List folds into it.",
           "- A change inside a named type others use (`PodSpec`) is one finding that lives in that type, with its path",
           "  inside it, listing every kind it affects (`affects`) and the path through each (`affectedPlaces`); the",
           "  same change in several versions of one CRD is one finding too.", "",
           "`kompat rules` lists the rules; `kompat rules RULE` shows one with whom it breaks and what to do about it.",
           "The reports carry the same sentences: markdown and HTML for each rule they show, SARIF as each rule's `help`.",
           "Each finding is said in one sentence from its rule's template; the text report's second line says whom it",
           "breaks, by the role that decided its severity.", "",
           "Severities below read: spec / status / request / response. Each example is the golden case",
           "`golden/<id>/` (inputs `old.json`, `new.json`, or `spec.json` for one-snapshot rules).", ""]
    for c in CASES:
        if not c["rule"]:
            continue
        rule = RULES[c["rule"]]
        first = rule["severities"][0] if rule["severities"] else {"spec": "error", "status": "error", "request": "error", "response": "error"}
        sev = [first["spec"], first["status"], first["request"], first["response"]]
        out += [f"### {c['rule']}", "", c["meaning"], "", f"Breaks: {rule['breaks']}", "", f"Remedy: {rule['remedy']}", "",
                f"Default severity: {sev[0]} (spec {sev[0]} / status {sev[1]} / request {sev[2]} / response {sev[3]})", ""]
        if c["new"] is None:
            out += ["Snapshot:", "", "```json", json.dumps(example(c["old"]), indent=2), "```", ""]
            if c["objects"] is not None:
                out += ["Objects (`--objects`):", "", "```yaml", c["objects"].rstrip("\n"), "```", ""]
        else:
            out += ["Old:", "", "```json", json.dumps(example(c["old"]), indent=2), "```", "",
                    "New:", "", "```json", json.dumps(example(c["new"]), indent=2), "```", ""]
            if c["objects"] is not None:
                out += ["Objects (`--objects`):", "", "```yaml", c["objects"].rstrip("\n"), "```", ""]
    with open(DOCS, "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
