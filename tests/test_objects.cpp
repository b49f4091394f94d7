// Objects validated against schemas (objects/): the keywords as the API server checks
// them, defaulting and pruning, OLD against NEW, and bad object files.
#include <boost/json/parse.hpp>

#include <map>

#include "load/manifest_loader.hpp"
#include "objects/object_check.hpp"
#include "objects/structural_validation.hpp"
#include "test_support.hpp"

using kompat::test::run;
using kompat::test::TempDir;

namespace {

// A CRD of example.com Gadget v1 whose openAPIV3Schema's spec is `spec` (YAML flow text).
std::string gadget_crd(const std::string& spec, const std::string& extra_spec = "") {
    return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: gadgets.example.com}\n"
           "spec:\n  group: example.com\n  scope: Namespaced\n" +
           extra_spec +
           "  names: {kind: Gadget, plural: gadgets}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n"
           "    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec: " +
           spec + "\n";
}

struct Checked {
    TempDir dir;
    kompat::ObjectCheck result;
};

// `objects` (YAML) validated against the CRD of `spec` alone.
kompat::ObjectCheck validated(const std::string& spec, const std::string& objects, const std::string& extra_spec = "") {
    TempDir dir;
    dir.write("objects.yaml", objects);
    const auto snapshot = kompat::test::load_text("crd.yaml", gadget_crd(spec, extra_spec));
    return kompat::validate_objects(snapshot, kompat::load_manifests({(dir.path() / "objects.yaml").string()}, {}), {});
}

kompat::ObjectCheck checked(const std::string& old_spec, const std::string& new_spec, const std::string& objects) {
    TempDir dir;
    dir.write("objects.yaml", objects);
    const auto before = kompat::test::load_text("old.yaml", gadget_crd(old_spec));
    const auto after = kompat::test::load_text("new.yaml", gadget_crd(new_spec));
    return kompat::check_objects(before, after, kompat::load_manifests({(dir.path() / "objects.yaml").string()}, {}), {});
}

std::string gadget(const std::string& spec) {
    return "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\nspec: " + spec + "\n";
}

// "rule path keyword" of each change, in order.
std::vector<std::string> summary(const kompat::ObjectCheck& check) {
    std::vector<std::string> out;
    for (const auto& change : check.changes)
        out.push_back(std::string(kompat::to_string(change.kind)) + " " + change.path + " " + change.keyword);
    return out;
}

using Lines = std::vector<std::string>;

}  // namespace

TEST_CASE("objects: formats the API server checks, valid and not") {
    using kompat::format_accepts;
    for (const auto* ok : {"2024-02-29", "2000-12-31"}) CHECK(format_accepts("date", ok));
    for (const auto* bad : {"2023-02-29", "2024-13-01", "2024-1-01", "20240101"}) CHECK_FALSE(format_accepts("date", bad));
    for (const auto* ok :
         {"2024-02-29T10:00:00Z", "2024-02-29T10:00:00.123+02:00", "2024-02-29T10:00:00", "2024-02-29t10:00Z", "2024-02-29T10:00:00-0700"})
        CHECK(format_accepts("date-time", ok));
    for (const auto* bad : {"2024-02-29", "2024-02-29T25:00:00Z", "2024-02-29T10:00:00+2", "yesterday"})
        CHECK_FALSE(format_accepts("date-time", bad));
    CHECK(format_accepts("byte", "aGVsbG8="));
    CHECK_FALSE(format_accepts("byte", "aGVsbG8"));
    CHECK(format_accepts("uuid", "123e4567-e89b-12d3-a456-426614174000"));
    CHECK(format_accepts("uuid4", "123e4567-e89b-42d3-a456-426614174000"));
    CHECK_FALSE(format_accepts("uuid4", "123e4567-e89b-12d3-a456-426614174000"));
    CHECK(format_accepts("ipv4", "10.0.0.255"));
    for (const auto* bad : {"10.0.0.256", "10.0.0", "010.0.0.1", "::1"}) CHECK_FALSE(format_accepts("ipv4", bad));
    for (const auto* ok : {"::1", "fe80::1", "2001:db8::8a2e:370:7334", "::ffff:10.0.0.1", "1:2:3:4:5:6:7:8"})
        CHECK(format_accepts("ipv6", ok));
    for (const auto* bad : {"10.0.0.1", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::"}) CHECK_FALSE(format_accepts("ipv6", bad));
    CHECK(format_accepts("cidr", "10.0.0.0/8"));
    CHECK(format_accepts("cidr", "fd00::/64"));
    CHECK_FALSE(format_accepts("cidr", "10.0.0.0/33"));
    CHECK(format_accepts("mac", "00:1a:2b:3c:4d:5e"));
    CHECK(format_accepts("mac", "00-1a-2b-3c-4d-5e"));
    CHECK(format_accepts("mac", "001a.2b3c.4d5e"));
    CHECK_FALSE(format_accepts("mac", "00:1a:2b:3c:4d"));
    // Formats the API server does not check are not kompat's to refuse.
    CHECK(format_accepts("int32", "anything"));
    CHECK(format_accepts("hostname", "not a host"));
}

TEST_CASE("objects: pattern is an RE2 search, as in Go, and a pattern RE2 refuses is counted, not checked") {
    const auto check = validated("{type: object, properties: {a: {type: string, pattern: 'b+'}, c: {type: string, pattern: '^(?=x)'}}}",
                                 gadget("{a: abbc, c: z}") + "---\n" + gadget("{a: ac, c: z}"));
    CHECK(summary(check) == Lines{"object-invalid .spec.a pattern"});
    CHECK(check.unchecked_patterns == 1);
    // RE2 classes as Go has them: \d is ASCII digits only.
    CHECK(summary(validated("{type: object, properties: {n: {type: string, pattern: '^\\d+$'}}}", gadget("{n: \"١٢\"}"))) ==
          Lines{"object-invalid .spec.n pattern"});
}

TEST_CASE("objects: maxLength counts characters, not bytes") {
    const std::string spec = "{type: object, properties: {n: {type: string, maxLength: 3}}}";
    CHECK(validated(spec, gadget("{n: äöü}")).changes.empty());
    CHECK(summary(validated(spec, gadget("{n: äöüß}"))) == Lines{"object-invalid .spec.n maxLength"});
}

TEST_CASE("objects: defaults are applied before validation, also where a non-nullable field is null") {
    const std::string spec =
        "{type: object, required: [mode], properties: {mode: {type: string, default: Fast, enum: [Fast, Slow]}, "
        "size: {type: integer}}}";
    CHECK(validated(spec, gadget("{size: 1}")).changes.empty());
    CHECK(validated(spec, gadget("{mode: null}")).changes.empty());
    // Without a default, a null in a non-nullable field is dropped as if left out (not said
    // to be pruned): required then fails.
    CHECK(summary(validated("{type: object, required: [size], properties: {size: {type: integer}}}", gadget("{size: null}"))) ==
          Lines{"object-invalid .spec.size required"});
    // A nullable field keeps its null.
    CHECK(validated("{type: object, properties: {size: {type: integer, nullable: true}}}", gadget("{size: null}")).changes.empty());
}

TEST_CASE("objects: pruning names the topmost field dropped, and keeps what the schema says to keep") {
    CHECK(summary(validated("{type: object, properties: {a: {type: string}}}", gadget("{a: x, old: {deep: {deeper: 1}}}"))) ==
          Lines{"object-field-pruned .spec.old pruning"});
    CHECK(validated("{type: object, x-kubernetes-preserve-unknown-fields: true}", gadget("{anything: {at: all}}")).changes.empty());
    // An embedded resource keeps apiVersion, kind and metadata; its other fields follow its schema.
    CHECK(summary(validated("{type: object, properties: {template: {type: object, x-kubernetes-embedded-resource: true, "
                            "properties: {spec: {type: object, x-kubernetes-preserve-unknown-fields: true}}}}}",
                            gadget("{template: {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {x: 1}, extra: 2}}"))) ==
          Lines{"object-field-pruned .spec.template.extra pruning"});
    // A v1beta1 CRD keeps unknown fields unless preserveUnknownFields is false.
    CHECK(validated("{type: object, properties: {a: {type: string}}}", gadget("{a: x, b: y}"), "  preserveUnknownFields: true\n")
              .changes.empty());
}

TEST_CASE("objects: the status of a kind with the status subresource is set aside, as the API server ignores it") {
    const auto crd = [](bool subresource) {
        return gadget_crd("{type: object}\n          status: {type: object, properties: {phase: {type: string, enum: [Ready]}}}") +
               (subresource ? "    subresources: {status: {}}\n" : "");
    };
    TempDir dir;
    dir.write("objects.yaml", gadget("{}") + "status: {phase: Pending}\n");
    const auto objects = kompat::load_manifests({(dir.path() / "objects.yaml").string()}, {});
    const auto ignored = kompat::validate_objects(kompat::test::load_text("crd.yaml", crd(true)), objects, {});
    CHECK(ignored.changes.empty());
    CHECK(ignored.status_ignored == 1);
    CHECK(kompat::object_notes(ignored).back().find("the status of 1 object not validated") != std::string::npos);
    const auto validated_status = kompat::validate_objects(kompat::test::load_text("crd.yaml", crd(false)), objects, {});
    CHECK(summary(validated_status) == Lines{"object-invalid .status.phase enum"});
}

TEST_CASE("objects: Kubernetes' own kinds are read as Go decodes them, not defaulted from their spec") {
    // Swagger 2.0 writes Quantity and IntOrString as strings; Go takes numbers for both. The
    // spec's `default: {}` on a struct is its zero value, which Go's defaulting never writes.
    const auto spec = kompat::test::load_text("swagger.json", R"({"swagger": "2.0", "info": {"title": "k", "version": "v"}, "paths": {},
  "definitions": {
    "io.k8s.apimachinery.pkg.api.resource.Quantity": {"type": "string"},
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString": {"type": "string", "format": "int-or-string"},
    "io.k8s.apimachinery.pkg.apis.meta.v1.Time": {"type": "string", "format": "date-time"},
    "io.k8s.api.apps.v1.Thing": {"type": "object", "properties": {
      "apiVersion": {"type": "string"}, "kind": {"type": "string"},
      "metadata": {"type": "object", "properties": {"name": {"type": "string"}}},
      "spec": {"type": "object", "properties": {
        "cpu": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.api.resource.Quantity"},
        "port": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.util.intstr.IntOrString"},
        "since": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Time", "default": {}},
        "name": {"type": "string"}}}},
      "x-kubernetes-group-version-kind": [{"group": "apps", "version": "v1", "kind": "Thing"}]}}})");
    TempDir dir;
    dir.write("objects.yaml",
              "apiVersion: apps/v1\nkind: Thing\nmetadata: {name: t, creationTimestamp: null, extra: 1}\n"
              "spec: {cpu: 1, port: 8080, name: null}\n---\napiVersion: apps/v1\nkind: Thing\nspec: {cpu: 500m, port: http}\n");
    const auto objects = kompat::load_manifests({(dir.path() / "objects.yaml").string()}, {});
    CHECK(kompat::validate_objects(spec, objects, {}).changes.empty());
    dir.write("objects.yaml", "apiVersion: apps/v1\nkind: Thing\nspec: {cpu: true, port: [1]}\n");
    CHECK(summary(kompat::validate_objects(spec, kompat::load_manifests({(dir.path() / "objects.yaml").string()}, {}), {})) ==
          Lines{"object-invalid .spec.cpu type", "object-invalid .spec.port type"});
}

TEST_CASE("objects: types as the API server reads them") {
    const std::string spec = "{type: object, properties: {n: {type: integer}, f: {type: number}, p: {x-kubernetes-int-or-string: true}}}";
    CHECK(validated(spec, gadget("{n: 2.0, f: 1, p: 80}") + "---\n" + gadget("{p: http}")).changes.empty());
    CHECK(summary(validated(spec, gadget("{n: 2.5, f: \"1\", p: true}"))) ==
          Lines{"object-invalid .spec.n type", "object-invalid .spec.f type", "object-invalid .spec.p type"});
    // A value of the wrong type is not checked further.
    CHECK(summary(validated("{type: object, properties: {s: {type: string, maxLength: 1}}}", gadget("{s: [a, b, c]}"))) ==
          Lines{"object-invalid .spec.s type"});
}

TEST_CASE("objects: OLD against NEW: rejected, pruned, defaulted, unserved, invalid before") {
    const std::string before =
        "{type: object, properties: {size: {type: integer}, old: {type: object, properties: {a: {type: string}}}, "
        "mode: {type: string, default: Slow}}}";
    const std::string after = "{type: object, properties: {size: {type: integer, maximum: 3}, mode: {type: string, default: Fast}}}";
    const auto check = checked(before, after, gadget("{size: 4, old: {a: x}}") + "---\n" + gadget("{size: 1, mode: Slow}"));
    CHECK(summary(check) == Lines{"object-rejected .spec.size maximum", "object-field-pruned .spec.old pruning",
                                  "object-default-changed .spec.mode default"});
    // Already invalid under OLD: info only, nothing of NEW said.
    CHECK(summary(checked("{type: object, properties: {size: {type: integer, maximum: 3}}}", "{type: object, properties: {}}",
                          gadget("{size: 4}"))) == Lines{"object-invalid-before .spec.size maximum"});
}

TEST_CASE("objects: each object's place is the line of its first key, in documents and in List items") {
    TempDir dir;
    dir.write("objects.yaml",
              "# comment\n---\n\n# another\napiVersion: v1\nkind: List\nitems:\n  - apiVersion: example.com/v1\n"
              "    kind: Gadget\n    metadata: {name: a, namespace: ns}\n---\n{\"apiVersion\": \"example.com/v1\", \"kind\": "
              "\"Gadget\"}\n");
    dir.write("more.json", R"({"apiVersion": "v1", "kind": "List", "items": [
  {"apiVersion": "example.com/v1", "kind": "Gadget", "metadata": {"name": "j"}}]})");
    const auto set = kompat::load_manifests({dir.path().string()}, {});
    REQUIRE(set.manifests.size() == 3);
    CHECK(set.files[set.manifests[0].file].ends_with("more.json"));
    CHECK(set.manifests[0].position.line == 2);
    CHECK(set.manifests[1].position.line == 8);
    CHECK(set.manifests[1].display_name() == "ns/a");
    CHECK(set.manifests[2].position.line == 12);
    CHECK(set.manifests[2].display_name() == "(unnamed)");
}

// A finding points at the field that fails (a reviewer, a CI annotation, looks there),
// through lists and quoted keys; a missing required field at the object that lacks it.
TEST_CASE("objects: a finding stands at the failing field's key, a missing one at its parent's") {
    const auto result = validated(
        R"({type: object, properties: {items: {type: array, items: {type: object, required: [name],
            properties: {name: {type: string, maxLength: 3}, size: {type: integer}}}},
            labels: {type: object, additionalProperties: {type: integer}}}})",
        "apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\nspec:\n  items:\n  - name: abc\n  - name: toolong\n"
        "  - size: 1\n  labels:\n    \"a.b\": x\n");
    std::map<std::string, kompat::TextPosition> at;
    for (const auto& change : result.changes) at[change.path] = change.position;
    INFO(at.size());
    REQUIRE(at.contains(".spec.items[1].name"));
    CHECK(at[".spec.items[1].name"] == kompat::TextPosition{7, 5});
    REQUIRE(at.contains(".spec.items[2].name"));  // required, missing: the item's first key
    CHECK(at[".spec.items[2].name"] == kompat::TextPosition{8, 5});
    REQUIRE(at.contains(".spec.labels[\"a.b\"]"));
    CHECK(at[".spec.labels[\"a.b\"]"] == kompat::TextPosition{10, 5});
}

TEST_CASE("objects: a bad object file is exit 2 with file:line:col and nothing on stdout") {
    TempDir dir;
    dir.write("crd.yaml", gadget_crd("{type: object}"));
    const auto refused = [&](const std::string& text, const std::string& message) {
        dir.write("objects.yaml", text);
        for (const auto* command : {"validate crd.yaml --objects objects.yaml", "check crd.yaml crd.yaml --objects objects.yaml"}) {
            const auto result = kompat::test::run_kompat_in(dir.path(), command);
            INFO(command << ": " << result.err);
            CHECK(result.exit_code == 2);
            CHECK(result.out.empty());
            CHECK(result.err.find(message) != std::string::npos);
        }
    };
    refused("apiVersion: v1\nkind: [\n", "objects.yaml:");
    refused("- a\n- b\n", "objects.yaml:1:1: expected a Kubernetes object");
    refused("metadata: {name: x}\n", "objects.yaml:1:1: a Kubernetes object needs apiVersion and kind");
    refused("apiVersion: v1\nkind: List\nitems: {a: b}\n", "objects.yaml:1:1: \"items\" of a List must be a list of objects");
    refused("apiVersion: v1\nkind: A\nkind: B\n", "objects.yaml:3:1:");
    // Object files count against the input limits.
    dir.write("objects.yaml", gadget("{}"));
    const auto limited = kompat::test::run_kompat_in(dir.path(), "validate crd.yaml --objects objects.yaml --max-input-bytes 10");
    CHECK(limited.exit_code == 2);
    CHECK(limited.out.empty());
}

TEST_CASE("objects: unions nested in unions stop at the step limit, with exit 2 at the object") {
    // Named types T40 … T0, each an anyOf whose branch refers to the next: 2^40 tries,
    // from a spec of linear size.
    std::string schemas;
    std::string value = "x";
    for (int level = 1; level <= 40; ++level) {
        const auto next = "{\"$ref\": \"#/components/schemas/T" + std::to_string(level - 1) + "\"}";
        schemas += ",\n\"T" + std::to_string(level) + "\": {\"type\": \"object\", \"properties\": {\"n\": " + next +
                   "}, \"anyOf\": [{\"properties\": {\"n\": " + next + "}}, {\"required\": [\"zzz\"]}]}";
        value = "{n: " + value + "}";
    }
    TempDir dir;
    dir.write("spec.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {
"T0": {"type": "string"},
"Widget": {"type": "object", "properties": {"spec": {"$ref": "#/components/schemas/T40"}},
  "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "Widget"}]})" +
                               schemas + "}}}");
    dir.write("objects.yaml", "# deep\napiVersion: example.com/v1\nkind: Widget\nspec: " + value + "\n");
    const auto result = kompat::test::run_kompat_in(dir.path(), "validate spec.json --objects objects.yaml --max-validation-steps 100000");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find("objects.yaml:2:1: validating the objects passes 100000 schema checks") != std::string::npos);
    CHECK(result.err.find("--max-validation-steps") != std::string::npos);
    // The default limit ends it too, in bounded time.
    const auto unlimited = kompat::test::run_kompat_in(dir.path(), "validate spec.json --objects objects.yaml");
    CHECK(unlimited.exit_code == 2);
}

TEST_CASE("objects: a type whose allOf or anyOf leads back to itself ends, and a long chain of them is refused") {
    TempDir dir;
    std::string chain;
    for (int i = 0; i < 3000; ++i)
        chain += ",\n\"C" + std::to_string(i) + "\": {\"type\": \"object\", \"allOf\": [{\"$ref\": \"#/components/schemas/C" +
                 std::to_string(i + 1) + "\"}]}";
    dir.write("spec.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {
"T": {"type": "object", "allOf": [{"$ref": "#/components/schemas/T"}]},
"U": {"type": "object", "anyOf": [{"$ref": "#/components/schemas/U"}, {"required": ["x"]}]},
"C3000": {"type": "object"},
"Widget": {"type": "object", "properties": {"t": {"$ref": "#/components/schemas/T"}, "u": {"$ref": "#/components/schemas/U"},
  "c": {"$ref": "#/components/schemas/C0"}},
  "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "Widget"}]})" +
                               chain + "}}}");
    dir.write("cycles.yaml", "apiVersion: example.com/v1\nkind: Widget\nt: {a: 1}\nu: {a: 1}\n");
    const auto cycles = kompat::test::run_kompat_in(dir.path(), "validate spec.json --objects cycles.yaml");
    CHECK(cycles.exit_code == 0);
    CHECK(cycles.err.empty());
    dir.write("chain.yaml", "# a chain\napiVersion: example.com/v1\nkind: Widget\nc: {a: 1}\n");
    const auto chained = kompat::test::run_kompat_in(dir.path(), "validate spec.json --objects chain.yaml");
    CHECK(chained.exit_code == 2);
    CHECK(chained.out.empty());
    CHECK(chained.err.find("chain.yaml:2:1: validating this object nests schemas more than 1256 deep") != std::string::npos);
}

TEST_CASE("objects: check --release judges schema changes against the release, never the objects' findings") {
    TempDir dir;
    dir.write("old.yaml", gadget_crd("{type: object, properties: {size: {type: integer}}}"));
    dir.write("new.yaml", gadget_crd("{type: object, properties: {size: {type: integer, maximum: 3}}}"));
    dir.write("objects.yaml", gadget("{size: 4}"));
    // The release already had the maximum: the schema change breaks no release (info), the object still fails.
    const auto result =
        kompat::test::run_kompat_in(dir.path(), "check old.yaml new.yaml --release new.yaml --objects objects.yaml --format json");
    CHECK(result.exit_code == 1);
    const auto findings = boost::json::parse(result.out).at("findings").as_array();
    std::vector<std::string> rules;
    for (const auto& finding : findings)
        rules.push_back(std::string(finding.at("rule").as_string()) + " " + std::string(finding.at("severity").as_string()));
    CHECK(rules == Lines{"object-rejected error", "unreleased-change info"});
}

TEST_CASE("objects: a link out of an objects directory is refused") {
    TempDir dir;
    dir.write("crd.yaml", gadget_crd("{type: object}"));
    dir.write("outside/secret.yaml", gadget("{}"));
    std::filesystem::create_directories(dir.path() / "objects");
    std::filesystem::create_symlink(dir.path() / "outside/secret.yaml", dir.path() / "objects/link.yaml");
    const auto result = kompat::test::run_kompat_in(dir.path(), "validate crd.yaml --objects objects");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find("symbolic link") != std::string::npos);
}

TEST_CASE("objects: JSON reports carry the object's place, its category and one fingerprint an object") {
    TempDir dir;
    dir.write("crd.yaml", gadget_crd("{type: object, properties: {size: {type: integer, maximum: 1}}}"));
    auto other = gadget("{size: 2}");
    other.replace(other.find("name: g"), 7, "name: h");
    dir.write("objects.yaml", gadget("{size: 2}") + "---\n" + other + "---\n" + gadget("{size: 2}"));
    const auto result = kompat::test::run_kompat_in(dir.path(), "validate crd.yaml --objects objects.yaml --format json");
    CHECK(result.exit_code == 1);
    const auto findings = boost::json::parse(result.out).at("findings").as_array();
    REQUIRE(findings.size() == 3);
    CHECK(findings[0].at("category") == "object");
    // At the failing field, `size`, on each object's `spec:` line.
    CHECK(findings[0].at("newLocation").at("line") == 4);
    CHECK(findings[1].at("newLocation").at("line") == 9);
    CHECK(findings[2].at("newLocation").at("line") == 14);
    // Objects failing alike are a finding each; the object is in the fingerprint, its line not
    // (two copies of one object share it, as one baseline entry accepts both).
    CHECK(findings[0].at("fingerprint") != findings[1].at("fingerprint"));
    CHECK(findings[0].at("fingerprint") == findings[2].at("fingerprint"));
    // The message names the object and the field; where it is, the location says once.
    const std::string message(findings[0].at("message").as_string());
    CHECK(message.find("example.com/v1 Gadget `g` `.spec.size`: 2 is above maximum 1") != std::string::npos);
    CHECK(message.find("objects.yaml") == std::string::npos);
}
