"""General OpenAPI schemas: review aids, unions, readOnly/writeOnly, extensible enums, allOf."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403
from cases_surface import *  # noqa: F401,F403
from cases_fields import *  # noqa: F401,F403
from cases_validation import *  # noqa: F401,F403
from cases_defaults import *  # noqa: F401,F403
from cases_kubernetes import *  # noqa: F401,F403
from cases_conventions import *  # noqa: F401,F403

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

# No operation or kind reaches Orphan, so no role judges it; but clients generated from the
# document have the type, and what breaks them is a warning (rule set 4). Additions stay info.
def orphan(properties):
    return api(response={"type": "object", "properties": {"name": {"type": "string"}}},
               schemas={"Orphan": {"type": "object", "properties": properties}})


case("field-removed-in-unreached-type-is-a-warning", None, "",
     orphan({"a": {"type": "string"}, "b": {"type": "string"}}), orphan({"a": {"type": "string"}}), ["field-removed"])
case("type-changed-in-unreached-type-is-a-warning", None, "",
     orphan({"a": {"type": "string"}}), orphan({"a": {"type": "integer"}}), ["type-changed"])
case("field-added-in-unreached-type-stays-info", None, "",
     orphan({"a": {"type": "string"}}), orphan({"a": {"type": "string"}, "b": {"type": "string"}}), ["field-added"])

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
