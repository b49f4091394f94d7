// Bad input: every case is one InputError with file, line and column, never a crash
// or a hang.
#include "load/json_reader.hpp"
#include "load/yaml_reader.hpp"
#include "test_support.hpp"

using namespace kompat;
using kompat::test::load_error;

TEST_CASE("Truncated and malformed JSON") {
    CHECK(load_error("t.json", "{\"swagger\": \"2.0\",\n  \"paths\": {") == "t.json:2:13: malformed JSON: unexpected end of input");
    CHECK(load_error("t.json", "{\"a\": 1,,}").starts_with("t.json:1:9: malformed JSON: "));
    CHECK(load_error("t.json", "").starts_with("t.json:1:1: malformed JSON"));
    CHECK(load_error("t.json", "{\"a\": \"\xFF\"}").starts_with("t.json:1:"));
    // One value a file: a second document or a stray brace is refused, not dropped unread.
    CHECK(load_error("t.json", "{\"swagger\": \"2.0\", \"paths\": {}}\n}\n") ==
          "t.json:2:1: malformed JSON: more after the document's end (one JSON value a file)");
    CHECK(load_error("t.json", "{\"swagger\": \"2.0\", \"paths\": {}} {\"swagger\": \"2.0\"}") ==
          "t.json:1:33: malformed JSON: more after the document's end (one JSON value a file)");
}

TEST_CASE("Truncated and malformed YAML") {
    CHECK(load_error("t.yaml", "a: [1, 2\n").starts_with("t.yaml:2:1: malformed YAML: "));
    CHECK(load_error("t.yaml", "a: b: c\n") == "t.yaml:1:5: malformed YAML: invalid nested block mapping on the same line");
    CHECK(load_error("t.yaml", "a: !!int x\n") == "t.yaml:1:4: value \"x\" does not match its tag tag:yaml.org,2002:int");
    CHECK(load_error("t.yaml", "a:\n  b: 1\n c: 2\n").starts_with("t.yaml:3:2: malformed YAML: "));
    CHECK(load_error("t.yaml", "? [a]\n: 1\n") == "t.yaml:1:3: mapping key must be a scalar");
}

TEST_CASE("Duplicate keys are refused, not silently collapsed") {
    CHECK(load_error("t.json", "{\"swagger\": \"2.0\",\n \"a\": 1,\n \"a\": 2}") == "t.json:3:2: duplicate key \"a\" in one object");
    CHECK(load_error("t.yaml", "swagger: '2.0'\na: 1\na: 2\n") ==
          "t.yaml:3:1: duplicate key \"a\" in one mapping, with a value other than at line 2");
    CHECK(load_error("t.yaml", "swagger: '2.0'\na: {b: [1]}\na: {b: [1, 2]}\n") ==
          "t.yaml:3:1: duplicate key \"a\" in one mapping, with a value other than at line 2");
    // In a large object (the reader sorts the keys of one with more than 16).
    std::string large = "{\"swagger\": \"2.0\"";
    for (int i = 0; i < 40; ++i) large += ",\n \"k" + std::to_string(i % 39) + "\": 1";
    CHECK(load_error("t.json", large + "}") == "t.json:41:2: duplicate key \"k0\" in one object");
    // The first duplicate in reading order, though an inner object closes first.
    CHECK(load_error("t.json", "{\"swagger\": \"2.0\", \"a\": 1, \"a\": {\"b\": 1, \"b\": 2}}") ==
          "t.json:1:28: duplicate key \"a\" in one object");
    // Written with an escape, still the same key.
    CHECK(load_error("t.json", "{\"swagger\": \"2.0\", \"a\": 1, \"\\u0061\": 2}").ends_with("duplicate key \"a\" in one object"));
}

// A released knative CRD repeats additionalPrinterColumns with the same list: nothing is
// ambiguous, so it is read once, and the file's warnings say where.
TEST_CASE("A YAML key repeated with the same value is read once, with a warning") {
    const auto file = read_yaml({"t.yaml", "a:\n  - {name: URL, type: string}\nb: 2\na:\n  - type: string\n    name: URL\n"}, {});
    REQUIRE(file.documents.size() == 1);
    CHECK(file.documents[0].get_object().size() == 2);
    REQUIRE(file.warnings.size() == 1);
    CHECK(file.warnings[0] == "t.yaml:4:1: duplicate key \"a\" repeats the value of line 1; read once");
    // In a wide mapping (built key by key) too.
    std::string wide;
    for (int i = 0; i < 1100; ++i) wide += "k" + std::to_string(i) + ": 1\n";
    const auto wide_file = read_yaml({"w.yaml", wide + "k5: 1\n"}, {});
    CHECK(wide_file.documents[0].get_object().size() == 1100);
    CHECK(wide_file.warnings.size() == 1);
    CHECK(load_error("w.yaml", "swagger: '2.0'\n" + wide + "k5: 2\n").ends_with("with a value other than at line 7"));
}

TEST_CASE("Keys that differ only after a NUL character are different keys") {
    const auto file = read_json({"t.json", "{\"a\\u0000b\": 1, \"a\\u0000c\": 2}"}, {});
    CHECK(file.documents[0].get_object().size() == 2);
}

TEST_CASE("A missing file, an empty directory, an unrecognised document") {
    CHECK(load_error(test::sources({{"x", "{}"}})) ==
          "x:1:1: unrecognised document: expected an OpenAPI v2 document (\"swagger\": \"2.0\"), an OpenAPI v3 document "
          "(\"openapi\": \"3.x\") or a CustomResourceDefinition (apiextensions.k8s.io/v1 or v1beta1)");
    CHECK(load_error("t.yaml", "just: text\n").starts_with("t.yaml:1:1: unrecognised document"));
    CHECK(load_error("t.yaml", "a: 1\n---\n- 1\n").starts_with("t.yaml:1:1: unrecognised document"));
    try {
        load_snapshot("/nonexistent/kompat/spec.json");
        FAIL("no error");
    } catch (const InputError& error) {
        CHECK(error.describe() == "/nonexistent/kompat/spec.json:1:1: cannot open: no such file or directory");
    }
    test::TempDir dir;
    try {
        load_snapshot(dir.path().string());
        FAIL("no error");
    } catch (const InputError& error) {
        CHECK(error.describe() == dir.path().string() + ":1:1: no OpenAPI document or CustomResourceDefinition found");
    }
}

TEST_CASE("Mixed formats in one snapshot are refused") {
    const std::string v2 = R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}})";
    const std::string v3 = R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}})";
    CHECK(load_error(test::sources({{"d/a.json", v2}, {"d/b.json", v3}}, true)) ==
          "d/b.json:1:1: OpenAPI v3 document in a snapshot of OpenAPI v2 documents (d/a.json:1:1); a snapshot is one kind of input");
}

TEST_CASE("Malformed schemas and CRDs say where") {
    CHECK(load_error("t.json", R"({"swagger": "2.0", "definitions": {"A": {"required": "x"}}})") ==
          "t.json:1:42: \"required\" must be a list of strings");
    CHECK(load_error("t.json", R"({"swagger": "2.0", "definitions": {"A": {"maxLength": -1}}})") ==
          "t.json:1:42: \"maxLength\" must be a non-negative integer");
    CHECK(load_error("t.json", R"({"swagger": "2.0", "definitions": {"A": 3}})") == "t.json:1:36: a schema must be an object");
    CHECK(load_error("c.yaml", "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: x.io\n") ==
          "c.yaml:4:3: CustomResourceDefinition needs \"names\"");
    CHECK(load_error("c.yaml",
                     "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: x.io\n"
                     "  names: {kind: A, plural: as}\n  versions:\n  - name: v1\n    served: yes please\n") ==
          "c.yaml:8:5: \"served\" must be true or false");
}

TEST_CASE("The same CRD version twice is refused") {
    const std::string crd =
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nspec:\n  group: x.io\n"
        "  names: {kind: A, plural: as}\n  versions:\n  - {name: v1, served: true, storage: true}\n";
    CHECK(load_error("c.yaml", crd + "---\n" + crd)
              .starts_with("c.yaml:15:6: kind x.io/v1 A is defined twice (first at c.yaml:7:6); a snapshot holds each CRD version once"));
}

TEST_CASE("A YAML alias bomb stops at the node limit, in bounded memory") {
    std::string bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
    for (char c = 'b'; c <= 'j'; ++c) {
        const char prev = static_cast<char>(c - 1);
        bomb += std::string(1, c) + ": &" + c + " [*" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev +
                ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n";
    }
    const auto error = load_error("bomb.yaml", bomb);
    CHECK(error.find("nodes (alias expansion; limit max-yaml-extra-nodes") != std::string::npos);
    CHECK(error.starts_with("bomb.yaml:"));
}

TEST_CASE("100,000-deep nesting is refused at the depth limit") {
    const std::string deep_json = std::string(100000, '[') + std::string(100000, ']');
    CHECK(load_error("deep.json", deep_json) ==
          "deep.json:1:1001: nesting deeper than 1000 levels (limit max-nesting-depth; raise it with --max-nesting-depth N)");
    const std::string deep_yaml = "a: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
    CHECK(load_error("deep.yaml", deep_yaml).starts_with("deep.yaml:1:"));
    std::string deep_block;
    for (int i = 0; i < 1500; ++i) deep_block += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
    CHECK(load_error("block.yaml", deep_block).find("nesting deeper than") != std::string::npos);
}

TEST_CASE("Input larger than the size limit is refused before it is parsed") {
    test::TempDir dir;
    const auto file = dir.write("big.json", std::string(2048, ' ') + "{}");
    Limits limits;
    limits.max_input_bytes = 1024;
    try {
        load_snapshot(file.string(), limits);
        FAIL("no error");
    } catch (const InputError& error) {
        CHECK(error.describe() ==
              file.string() +
                  ":1:1: input is larger than the limit of 1024 bytes (limit max-input-bytes; raise it with --max-input-bytes N)");
    }
}
