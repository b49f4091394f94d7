// `$ref`: the equivalent forms, cycles, files, and what is refused.
#include <boost/json/serialize.hpp>

#include "test_support.hpp"

using namespace kompat;
using kompat::test::load_error;
using kompat::test::load_text;

namespace {

std::string v3_with_property(const std::string& property_json) {
    return R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "components": {"schemas": {
        "Target": {"type": "object"},
        "Holder": {"type": "object", "properties": {"p": )" +
           property_json + R"(}}}}})";
}

// Everything of a Schema that is not its location, as text, to compare two forms.
std::string shape(const Schema& s) {
    std::string out = "ref=" + std::string(s.ref) + ";desc=" + std::string(s.description) + ";types=" + std::to_string(s.type.size()) +
                      ";allOf=" + std::to_string(s.subschemas().all_of.size()) +
                      ";default=" + (s.default_value != nullptr ? boost::json::serialize(*s.default_value) : "none") +
                      ";other=" + std::to_string(s.unmodelled().other_keywords.size()) + ";nullable=" + std::to_string(s.nullable);
    return out;
}

const Schema& holder_property(const Snapshot& snapshot) {
    const auto* p = snapshot.find_type("Holder")->find_property("p");
    REQUIRE(p != nullptr);
    return p->schema;
}

}  // namespace

TEST_CASE("A one-element allOf around a $ref is the plain $ref") {
    const auto plain = load_text("a.json", v3_with_property(R"({"$ref": "#/components/schemas/Target"})"));
    const auto wrapped = load_text("a.json", v3_with_property(R"({"allOf": [{"$ref": "#/components/schemas/Target"}]})"));
    CHECK(shape(holder_property(plain)) == shape(holder_property(wrapped)));
    CHECK(holder_property(wrapped).ref == "Target");
    CHECK(holder_property(wrapped).subschemas().all_of.empty());
}

TEST_CASE("A $ref with sibling keywords is the $ref plus those siblings, in either form") {
    const auto siblings = load_text(
        "a.json", v3_with_property(R"({"$ref": "#/components/schemas/Target", "description": "d", "default": {}, "nullable": true})"));
    const auto wrapped = load_text(
        "a.json",
        v3_with_property(R"({"allOf": [{"$ref": "#/components/schemas/Target"}], "description": "d", "default": {}, "nullable": true})"));
    CHECK(shape(holder_property(siblings)) == shape(holder_property(wrapped)));
    CHECK(holder_property(siblings).ref == "Target");
    CHECK(holder_property(siblings).description == "d");
    CHECK(holder_property(siblings).nullable);
}

TEST_CASE("A Swagger 2.0 #/definitions ref and a v3 #/components/schemas ref name the same type") {
    const auto v2 = load_text("s.json", R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "definitions": {"Target": {"type": "object"}, "Holder": {"type": "object", "properties": {"p": {"$ref": "#/definitions/Target"}}}}})");
    const auto v3 = load_text("a.json", v3_with_property(R"({"allOf": [{"$ref": "#/components/schemas/Target"}]})"));
    CHECK(shape(holder_property(v2)) == shape(holder_property(v3)));
}

TEST_CASE("An allOf of more than a bare $ref stays an allOf") {
    const auto snapshot =
        load_text("a.json", v3_with_property(R"({"allOf": [{"$ref": "#/components/schemas/Target"}, {"type": "object"}]})"));
    CHECK(holder_property(snapshot).ref.empty());
    CHECK(holder_property(snapshot).subschemas().all_of.size() == 2);
    CHECK(holder_property(snapshot).subschemas().all_of[0].ref == "Target");
}

TEST_CASE("Self-referencing types load without expanding (JSONSchemaProps)") {
    const auto snapshot = load_text("s.json", R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "definitions": {"JSONSchemaProps": {"type": "object", "properties": {
          "not": {"$ref": "#/definitions/JSONSchemaProps"},
          "properties": {"type": "object", "additionalProperties": {"$ref": "#/definitions/JSONSchemaProps"}},
          "allOf": {"type": "array", "items": {"$ref": "#/definitions/JSONSchemaProps"}}}}}})");
    const auto& props = *snapshot.find_type("JSONSchemaProps");
    CHECK(props.find_property("not")->schema.ref == "JSONSchemaProps");
    CHECK(&snapshot.resolve(props.find_property("not")->schema) == &props);
}

TEST_CASE("A $ref to a pointer that is not a named type becomes a type of its own") {
    const auto deep = load_text("a.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "components": {"schemas": {
        "Target": {"type": "object", "properties": {"x": {"type": "integer"}}},
        "Holder": {"type": "object", "properties": {"p": {"$ref": "#/components/schemas/Target/properties/x"}}}}}})");
    const auto& p = holder_property(deep);
    CHECK(p.ref == "a.json#/components/schemas/Target/properties/x");
    CHECK(deep.resolve(p).type == TypeList{"integer"});
}

TEST_CASE("Relative file $refs inside the snapshot's directory are followed") {
    test::TempDir dir;
    dir.write("spec/main.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "components": {"schemas": {"Holder": {"type": "object", "properties": {
          "p": {"$ref": "common/types.json#/components/schemas/Shared"}}}}}})");
    dir.write("spec/common/types.json", R"({"components": {"schemas": {
      "Shared": {"type": "object", "properties": {"again": {"$ref": "#/components/schemas/Other"}}},
      "Other": {"type": "string"}}}})");
    const auto snapshot = load_snapshot((dir.path() / "spec" / "main.json").string());
    const auto& p = holder_property(snapshot);
    const auto base = (dir.path() / "spec").lexically_normal().generic_string();
    CHECK(p.ref == base + "/common/types.json#/components/schemas/Shared");
    const auto& shared = snapshot.resolve(p);
    REQUIRE(shared.find_property("again") != nullptr);
    CHECK(snapshot.resolve(shared.find_property("again")->schema).type == TypeList{"string"});
    CHECK(snapshot.files.size() == 2);
    CHECK(snapshot.file_of(shared.location) == base + "/common/types.json");
}

TEST_CASE("The same $ref text in two files of a directory points into each file") {
    // Each file has its own #/components/parameters/limit; kompat names each `$ref` once
    // per file and text, never once per text.
    const auto file = [](const std::string& api, const std::string& type) {
        return R"({"openapi": "3.0.0", "info": {"title": ")" + api + R"(", "version": "1"},
          "paths": {"/apis/)" +
               api + R"(/v1/things": {"get": {
            "parameters": [{"$ref": "#/components/parameters/limit"}],
            "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/List"}}}}}}}},
          "components": {
            "parameters": {"limit": {"name": "limit", "in": "query", "schema": {"type": ")" +
               type + R"("}}},
            "schemas": {"List": {"type": ")" +
               type + R"("}}}})";
    };
    const auto snapshot = load_snapshot(test::sources({{"mem/a.json", file("a", "integer")}, {"mem/b.json", file("b", "string")}}, true));
    REQUIRE(snapshot.operations.size() == 2);
    for (const auto& operation : snapshot.operations) {
        INFO(operation.path);
        const auto expected = operation.path.starts_with("/apis/a/") ? "integer" : "string";
        REQUIRE(operation.parameters.size() == 1);
        CHECK(operation.parameters[0]->schema.type == TypeList{expected});
        CHECK(snapshot.file_of(operation.parameters[0]->location) ==
              (operation.path.starts_with("/apis/a/") ? "mem/a.json" : "mem/b.json"));
    }
}

TEST_CASE("$refs that are refused or broken are errors with the ref's position") {
    SECTION("a URL is never fetched") {
        const auto error = load_error("a.json", v3_with_property(R"({"$ref": "https://example.com/schema.json#/X"})"));
        CHECK(error.starts_with("a.json:4:59: $ref \"https://example.com/schema.json#/X\" is a URL; kompat never fetches anything"));
    }
    SECTION("a file outside the snapshot's directory is not read") {
        test::TempDir dir;
        dir.write("secret.json", "{}");
        const auto main = dir.write("spec/main.json", v3_with_property(R"({"$ref": "../secret.json#/x"})"));
        const auto error = load_error(test::sources({{main.lexically_normal().generic_string(), test::read_file(main)}}));
        CHECK(error.find("leaves the snapshot's directory") != std::string::npos);
    }
    SECTION("a pointer that leads nowhere") {
        CHECK(load_error("a.json", v3_with_property(R"({"$ref": "#/components/schemas/Missing"})")) ==
              "a.json:4:59: unresolvable $ref \"#/components/schemas/Missing\"");
    }
    SECTION("a cycle of bare $refs describes no value") {
        const auto error = load_error("a.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
  "components": {"schemas": {
    "A": {"$ref": "#/components/schemas/B"},
    "B": {"$ref": "#/components/schemas/A"}}}})");
        CHECK(error == "a.json:3:5: $ref cycle with nothing else in it: A -> B -> A");
    }
    SECTION("a chain of bare $refs longer than the limit") {
        std::string schemas;
        for (int i = 0; i < 10; ++i)
            schemas += "\"T" + std::to_string(i) + "\": {\"$ref\": \"#/components/schemas/T" + std::to_string(i + 1) + "\"},";
        schemas += "\"T10\": {\"type\": \"string\"}";
        const auto text =
            R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {)" + schemas + "}}}";
        Limits limits;
        CHECK(load_error("a.json", text, limits) == "(no error)");
        limits.max_ref_chain = 5;
        CHECK(load_error("a.json", text, limits).find("$ref chain longer than 5 (limit max-ref-chain") != std::string::npos);
    }
}

TEST_CASE("A YAML file a $ref reaches is read by YAML 1.2, as part of the OpenAPI document") {
    // It has no `openapi` key of its own, yet `on` and `no` in its enum stay strings.
    test::TempDir dir;
    dir.write("spec/main.yaml",
              "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n"
              "components: {schemas: {Holder: {type: object, properties: {p: {$ref: 'switch.yaml#/Switch'}}}}}\n");
    dir.write("spec/switch.yaml", "Switch: {type: string, enum: [on, no, 010]}\n");
    const auto snapshot = load_snapshot((dir.path() / "spec" / "main.yaml").string());
    const auto& shared = snapshot.resolve(holder_property(snapshot));
    REQUIRE(shared.enum_values != nullptr);
    CHECK(boost::json::serialize(*shared.enum_values) == R"(["on","no",10])");
}
