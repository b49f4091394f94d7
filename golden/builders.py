"""The builders every family of golden cases (cases_<family>.py) writes its documents with,
and the table of cases they add to (`case()`), in the order docs/rules.md lists them."""

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


def crd(versions, scope="Namespaced", kind="Gadget", stored=None, names=None, accepted=None):
    """A CustomResourceDefinition of example.com with the given versions; with `stored`, as a
    cluster holds it (`kubectl get crd -o yaml`): status.storedVersions. `names` adds to
    spec.names (shortNames, categories, listKind); `accepted` gives the cluster's
    status.acceptedNames (shortNames, categories)."""
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
    doc = {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
           "metadata": {"name": f"{plural}.example.com"},
           "spec": {"group": "example.com", "scope": scope,
                    "names": {"kind": kind, "plural": plural, "singular": kind.lower(), **(names or {})}, "versions": out}}
    if stored is not None or accepted is not None:
        doc["status"] = {"storedVersions": stored or []}
    if accepted is not None:
        doc["status"]["acceptedNames"] = {"kind": kind, "plural": plural, **accepted}
    return doc


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


def case(name, rule, meaning, old, new, rules=None, release=None, objects=None, cluster=None):
    """A golden case: old and new (new None: a lint case of old), and with `release`, a
    release.json that the check is judged against (check --release). With `objects` (YAML
    text), objects.yaml: the objects are validated too (check --objects; with new None,
    validate --objects). With `cluster`, cluster.json: a cluster's CRDs (check --cluster)."""
    CASES.append({"name": name, "rule": rule, "meaning": meaning, "old": old, "new": new, "release": release,
                  "objects": objects, "cluster": cluster,
                  "rules": sorted(set(rules if rules is not None else ([rule] if rule else [])))})
