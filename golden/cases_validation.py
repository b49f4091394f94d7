"""Validation: one pair a constraint (bounds, patterns, uniqueness, CEL rules)."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403
from cases_surface import *  # noqa: F401,F403
from cases_fields import *  # noqa: F401,F403

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
     "A CEL rule added that every object valid under the old schema passes. kompat evaluates the rule over what the "
     "old schema says of its values: a field only the new schema has is absent from every old object (`has()` of it "
     "is false; its default where it has one), an enum value only the new schema allows is held by none, an optional "
     "field may be present or absent, and `&&`, `||`, `!`, `? :` and `==` combine those as CEL does. When the rule is "
     "true for every old object, the finding is info and says which fields and values made it so. A rule that some "
     "old object fails, or that the evaluation cannot decide, is `cel-rules-tightened`.",
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
             spec_extra={"x-kubernetes-validations": [{"rule": "self.mode == 'Mirror' || has(self.percent)"}]}),
     ["cel-rules-tightened", "field-added"])  # an old object whose mode is not Mirror has no percent: it fails
# Rules no old object can fail, one case for each way of writing one (issue 56's shapes).
case("cel-rule-guarded-by-a-new-field-absent", None, "",
     openapi(spec={"region": S}),
     openapi(spec={"region": S, "sessionTag": S},
             spec_extra={"x-kubernetes-validations": [{"rule": "!has(self.sessionTag) || has(self.region)"}]}),
     ["cel-rule-on-new-fields", "field-added"])
case("cel-rule-comparing-presence-of-new-fields", None, "",
     openapi(spec={"name": S}),
     openapi(spec={"name": S, "minAge": {"type": "integer"}, "maxAge": {"type": "integer"}},
             spec_extra={"x-kubernetes-validations": [{"rule": "has(self.minAge) == has(self.maxAge)"}]}),
     ["cel-rule-on-new-fields", "field-added"])
case("cel-rule-on-a-new-enum-value", None, "",
     openapi(spec={"kind": {"type": "string", "enum": ["Static"]}}, required=["kind"]),
     openapi(spec={"kind": {"type": "string", "enum": ["Static", "Webhook"]}, "endpoint": S}, required=["kind"],
             spec_extra={"x-kubernetes-validations": [{"rule": "self.kind == 'Webhook' ? has(self.endpoint) : true"}]}),
     ["cel-rule-on-new-fields", "enum-value-added", "field-added"])
case("cel-rule-on-a-new-enum-value-of-an-optional-field", None, "",
     openapi(spec={"source": {"type": "string", "enum": ["file", "secret"]}}),
     openapi(spec={"source": {"type": "string", "enum": ["file", "secret", "env"]}, "envName": S},
             spec_extra={"x-kubernetes-validations": [
                 {"rule": "has(self.source) == false || self.source != \"env\" || self.envName != \"\""}]}),
     ["cel-rule-on-new-fields", "enum-value-added", "field-added"])
case("cel-rule-excluding-a-new-value-with-its-field", None, "",
     openapi(spec={"mode": {"type": "string", "enum": ["Plain", "Secure"]}}, required=["mode"]),
     openapi(spec={"mode": {"type": "string", "enum": ["Plain", "Secure", "Mutual"]}, "clientCA": S}, required=["mode"],
             spec_extra={"x-kubernetes-validations": [
                 {"rule": "!(has(self.clientCA) && self.mode != 'Mutual')"},
                 {"rule": "self.mode != 'Mutual' || (has(self.clientCA) == true)"}]}),
     ["cel-rule-on-new-fields", "enum-value-added", "field-added"])
case("cel-rule-requiring-a-new-field-is-tightened", None, "",
     openapi(spec={"name": S}),
     openapi(spec={"name": S, "owner": S},
             spec_extra={"x-kubernetes-validations": [{"rule": "has(self.owner)"}]}),
     ["cel-rules-tightened", "field-added"])  # every old object lacks owner: each fails the rule
case("cel-rule-counting-new-values-with-filter", None, "",
     field({"type": "array", "items": {"type": "object", "properties": {"type": {"type": "string", "enum": ["Header"]}},
                                       "required": ["type"]}}),
     field({"type": "array", "items": {"type": "object", "properties": {"type": {"type": "string", "enum": ["Header", "Cors"]}},
                                       "required": ["type"]},
            "x-kubernetes-validations": [{"rule": "self.filter(f, f.type == 'Cors').size() <= 1"}]}),
     ["cel-rule-on-new-fields", "enum-value-added"])
# Rules the old schema already implied, beyond sizes and presence.
KEYED = {"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name"], "maxItems": 16,
         "items": {"type": "object", "required": ["name"],
                   "properties": {"name": S, "matches": {"type": "array", "items": S, "maxItems": 8}}}}
case("cel-rule-implied-by-list-map-keys", None, "",
     field(KEYED),
     field(dict(KEYED, **{"x-kubernetes-validations": [{"rule": "self.all(a, self.exists_one(b, a.name == b.name))"}]})),
     ["cel-rule-implied-by-schema"])  # a list keyed by name holds each name once
case("cel-rule-implied-by-an-enum", None, "",
     field({"type": "object", "properties": {"type": {"type": "string", "enum": ["Exact", "Prefix", "Regex"]}}, "required": ["type"]}),
     field({"type": "object", "properties": {"type": {"type": "string", "enum": ["Exact", "Prefix", "Regex"]}}, "required": ["type"],
            "x-kubernetes-validations": [{"rule": "self.type in ['Exact', 'Prefix'] || self.type == 'Regex'"}]}),
     ["cel-rule-implied-by-schema"])
case("cel-rule-implied-by-max-items-of-nested-lists", None, "",
     field(KEYED),
     field(dict(KEYED, **{"x-kubernetes-validations": [{"rule": " + ".join(
         f"(self.size() > {i} ? (has(self[{i}].matches) ? self[{i}].matches.size() : 0) : 0)" for i in range(16)) + " <= 128"}]})),
     ["cel-rule-implied-by-schema"])  # 16 items of at most 8 matches: 128 at most
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
