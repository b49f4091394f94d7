"""General OpenAPI operations: request bodies, media types, identity, headers, security, deprecation, serialization."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403
from cases_surface import *  # noqa: F401,F403
from cases_fields import *  # noqa: F401,F403
from cases_validation import *  # noqa: F401,F403
from cases_defaults import *  # noqa: F401,F403
from cases_kubernetes import *  # noqa: F401,F403
from cases_conventions import *  # noqa: F401,F403
from cases_openapi_schemas import *  # noqa: F401,F403

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
def limited(default=None):
    """GET /pets with a query parameter `limit` whose own description states its default."""
    doc = pet_op(with_parameter=False)
    schema = {"type": "integer"}
    if default is not None:
        schema["default"] = default
    doc["paths"]["/pets"]["get"]["parameters"] = [
        {"name": "limit", "in": "query", "description": "How many pets to return. The default is 50.", "schema": schema}]
    return doc


case("default-added-as-documented-parameter", None, "", limited(), limited(50), ["default-added-as-documented"])
case("default-added-parameter-other-value-stays-default-added", None, "", limited(), limited(20), ["default-added"])
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
