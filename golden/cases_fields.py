"""Fields and enums: removed, added, required, retyped, unions of Kubernetes types, formats, enum values."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403
from cases_surface import *  # noqa: F401,F403

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
     "A hint: a removed and an added field of one object have the same schema. The removal is still judged, and its own sentence says so (`field replicas removed; possibly renamed to replicaCount: same schema`). Of several added fields with that schema, the one whose name is nearest (case aside: `proxyURL` → `proxyUrl`, not `noProxy`).",
     openapi(spec={"replicas": {"type": "integer"}}), openapi(spec={"replicaCount": {"type": "integer"}}),
     ["field-removed", "field-added", "field-possibly-renamed"])
case("field-possibly-renamed-to-the-nearest-name", None, "",
     openapi(spec={"proxyURL": {"type": "string"}}),
     openapi(spec={"noProxy": {"type": "string"}, "proxyUrl": {"type": "string"}}),
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
