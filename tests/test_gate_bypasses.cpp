// Ways past the gate a PR's author found (docs/security.md), each built here in the shape
// the attack used: a change nested where the differ stopped looking, an overlap seen one
// way only, a pinned rule set that lowered a verdict without a trace. Each must be found,
// or refused with exit 2.
#include <fmt/format.h>

#include <functional>
#include <string>

#include "test_support.hpp"

using kompat::test::count_of;
using kompat::test::run_kompat_in;
using kompat::test::RunResult;
using kompat::test::TempDir;

namespace {

// An OpenAPI 3 document with the named types `schemas` (JSON members) and one operation,
// POST /widgets, whose request body is `body`.
std::string document(const std::string& body, const std::string& schemas = "") {
    return R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1.0.0"}, "paths": {"/widgets": {"post": {)"
           R"("operationId": "create", "requestBody": {"required": true, "content": {"application/json": {"schema": )" +
           body + R"(}}}, "responses": {"200": {"description": "ok"}}}}}, "components": {"schemas": {)" + schemas + "}}}";
}

RunResult check(const std::string& old_text, const std::string& new_text, const std::string& options = "--format json") {
    TempDir dir;
    dir.write("old.json", old_text);
    dir.write("new.json", new_text);
    return run_kompat_in(dir.path(), "check old.json new.json " + options);
}

// `inner` wrapped in `levels` inline allOf members, each an object of its own.
std::string in_all_of(const std::string& inner, int levels) {
    std::string out = inner;
    for (int i = 0; i < levels; ++i) out = R"({"type": "object", "allOf": [)" + out + "]}";
    return out;
}

// `inner` as the items of items … `levels` deep.
std::string in_items(const std::string& inner, int levels) {
    std::string out = inner;
    for (int i = 0; i < levels; ++i) out = R"({"type": "array", "items": )" + out + "}";
    return out;
}

bool reports(const RunResult& result, const std::string& rule) {
    return result.out.find("\"rule\": \"" + rule + "\"") != std::string::npos;
}

}  // namespace

TEST_CASE("bypass: a field in allOf members nested nine deep and more is compared") {
    for (const int levels : {1, 9, 12, 40}) {
        INFO("levels " << levels);
        const auto old_body =
            in_all_of(R"({"type": "object", "properties": {"deep": {"type": "string"}, "kept": {"type": "string"}}})", levels);
        const auto removed = in_all_of(R"({"type": "object", "properties": {"kept": {"type": "string"}}})", levels);
        const auto retyped =
            in_all_of(R"({"type": "object", "properties": {"deep": {"type": "integer"}, "kept": {"type": "string"}}})", levels);
        const auto gone = check(document(old_body), document(removed));
        CHECK(gone.exit_code == 1);
        CHECK(reports(gone, "field-removed"));
        const auto changed = check(document(old_body), document(retyped));
        CHECK(changed.exit_code == 1);
        CHECK(reports(changed, "type-changed"));
    }
}

TEST_CASE("bypass: a union inside an allOf member's own allOf member is compared") {
    // Found by fuzz_compose: only the object's direct members' constraints were compared.
    const auto nested = [](const std::string& leaf) {
        return in_all_of(in_all_of(R"({"oneOf": [)" + leaf + R"(, {"type": "integer"}]})", 1), 1);
    };
    const auto result = check(document(nested(R"({"type": "object", "properties": {"deep": {"type": "string"}}})")),
                              document(nested(R"({"type": "object", "properties": {}})")));
    CHECK(result.exit_code == 1);
    CHECK(reports(result, "field-removed"));
}

TEST_CASE("bypass: a union more than 64 levels down is compared") {
    for (const int levels : {10, 70, 300}) {
        INFO("levels " << levels);
        const auto before = in_items(R"({"oneOf": [{"type": "string"}, {"type": "integer"}]})", levels);
        const auto after = in_items(R"({"oneOf": [{"type": "string"}]})", levels);
        const auto result = check(document(before), document(after));
        CHECK(result.exit_code == 1);
        CHECK(result.out.find("\"severity\": \"error\"") != std::string::npos);
    }
    // Through an inline reference: a `$ref` on one side, the same schema inline on the other.
    const auto named = R"("Deep": )" + in_items(R"({"oneOf": [{"type": "string"}, {"type": "integer"}]})", 80);
    const auto result =
        check(document(R"({"$ref": "#/components/schemas/Deep"})", named), document(in_items(R"({"oneOf": [{"type": "string"}]})", 80)));
    CHECK(result.exit_code == 1);
    CHECK(result.out.find("\"severity\": \"error\"") != std::string::npos);
}

TEST_CASE("bypass: a union that holds itself ends, and a chain past the differ's depth is exit 2 naming the place") {
    // U: oneOf [$ref U, string] against an inline string: compared once, never looping.
    const auto looping = check(
        document(R"({"$ref": "#/components/schemas/U"})", R"("U": {"oneOf": [{"$ref": "#/components/schemas/U"}, {"type": "string"}]})"),
        document(R"({"type": "string"})"));
    CHECK((looping.exit_code == 0 || looping.exit_code == 1));
    // A chain of 12,000 named unions, each holding the next, against one inline schema.
    std::string chain;
    constexpr int links = 12'000;
    for (int i = 0; i < links; ++i)
        chain += (i == 0 ? "" : ",") + std::string(R"("T)") + std::to_string(i) + R"(": {"oneOf": [{"$ref": "#/components/schemas/T)" +
                 std::to_string(i + 1) + R"("}, {"type": "integer"}]})";
    chain += R"(, "T)" + std::to_string(links) + R"(": {"type": "string"})";
    const auto deep = check(document(R"({"$ref": "#/components/schemas/T0"})", chain), document("{}"));
    INFO(deep.err);
    CHECK(deep.exit_code == 2);
    CHECK(deep.out.empty());
    CHECK(deep.err.find("new.json:1:") != std::string::npos);
    CHECK(deep.err.find("levels deep at POST /widgets") != std::string::npos);
}

TEST_CASE("bypass: oneOf branches that overlap are found in either direction and order") {
    const auto narrow = R"({"type": "string", "maxLength": 3})";
    for (const auto& branches :
         {std::string(R"([{"type": "string"}, )") + narrow + "]", "[" + std::string(narrow) + R"(, {"type": "string"}])"}) {
        INFO(branches);
        const auto result = check(document(R"({"type": "string"})"), document(R"({"oneOf": )" + branches + "}"));
        CHECK(result.exit_code == 1);
        CHECK(reports(result, "one-of-branches-overlap"));
        CHECK(!reports(result, "type-widened"));
    }
    // A Problem of optional fields beside $ref X: every X matches both.
    const auto types = R"("X": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},)"
                       R"("Problem": {"type": "object", "properties": {"title": {"type": "string"}, "detail": {"type": "string"}}})";
    for (const auto& branches : {std::string(R"([{"$ref": "#/components/schemas/X"}, {"$ref": "#/components/schemas/Problem"}])"),
                                 std::string(R"([{"$ref": "#/components/schemas/Problem"}, {"$ref": "#/components/schemas/X"}])")}) {
        INFO(branches);
        const auto result =
            check(document(R"({"$ref": "#/components/schemas/X"})", types), document(R"({"oneOf": )" + branches + "}", types));
        CHECK(result.exit_code == 1);
        CHECK(reports(result, "one-of-branches-overlap"));
    }
    // Exclusive branches overlap nowhere, and an overlap the old oneOf had already is no news.
    const auto exclusive = check(document(R"({"type": "string"})"), document(R"({"oneOf": [{"type": "string"}, {"type": "integer"}]})"));
    CHECK(!reports(exclusive, "one-of-branches-overlap"));
    const auto old_overlap = R"({"oneOf": [{"type": "string"}, {"type": "string", "maxLength": 3}]})";
    const auto kept = check(document(old_overlap), document(R"({"oneOf": [{"type": "string"}, {"type": "string", "maxLength": 4}]})"));
    CHECK(!reports(kept, "one-of-branches-overlap"));
}

TEST_CASE("bypass: a pinned older rule set is a policy note with what it lowered, in every format") {
    const auto before = document(R"({"type": "string"})");
    const auto after = document(R"({"oneOf": [{"type": "string"}, {"type": "string", "maxLength": 3}]})");
    TempDir dir;
    dir.write("old.json", before);
    dir.write("new.json", after);
    dir.write("kompat.yaml", "# pinned in the PR\nrules-version: 2\n");
    const auto lowered = "rule set 2 pinned by kompat.yaml:2";
    const auto counted = "1 finding(s) lowered (1 of them error(s)): one-of-branches-overlap";
    for (const auto* format : {"text", "json", "markdown", "junit", "sarif", "html"}) {
        INFO(format);
        const auto result = run_kompat_in(dir.path(), std::string("check old.json new.json --config kompat.yaml --format ") + format);
        CHECK(result.exit_code == 0);
        CHECK(result.out.find(lowered) != std::string::npos);
        CHECK(result.out.find(counted) != std::string::npos);
    }
    const auto github = run_kompat_in(dir.path(), "check old.json new.json --config kompat.yaml --format github");
    CHECK(count_of(github.out, "::notice") == 1);
    CHECK(github.out.find("rule set 2 pinned by kompat.yaml:2") != std::string::npos);
    // On the command line, the option is named; the option before the inputs works too.
    const auto option = run_kompat_in(dir.path(), "check --rules-version 2 old.json new.json");
    CHECK(option.out.find("rule set 2 pinned by --rules-version") != std::string::npos);
    CHECK(option.out.find(counted) != std::string::npos);
}

TEST_CASE("wrong artefact: a report is never written inside an input directory") {
    TempDir dir;
    dir.write("old/spec.json", document(R"({"type": "string"})"));
    dir.write("new/spec.json", document(R"({"type": "integer"})"));
    dir.write("samples/one.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n");
    for (const auto* output :
         {"new/spec.json", "new/report.json", "new/sub/report.json", "old/report.json", "samples/report.json", "./new/../new/x.json"}) {
        INFO(output);
        const auto result = run_kompat_in(dir.path(), std::string("check old new --objects samples --format json --output ") + output);
        CHECK(result.exit_code == 2);
        CHECK(result.out.empty());
        CHECK(result.err.find("would ") != std::string::npos);
    }
    CHECK(kompat::test::read_file(dir.path() / "new/spec.json") == document(R"({"type": "integer"})"));
    CHECK(!std::filesystem::exists(dir.path() / "new/report.json"));
    // validate --objects too; a report beside the inputs is written.
    const auto validate = run_kompat_in(dir.path(), "validate new --objects samples --format json --output samples/out.json");
    CHECK(validate.exit_code == 2);
    const auto beside = run_kompat_in(dir.path(), "check old new --format json --output report.json");
    CHECK(beside.exit_code == 1);
    CHECK(std::filesystem::exists(dir.path() / "report.json"));
}

namespace {

// An OpenAPI 3 document of kind example.com Widget in `versions` versions, each its own
// named type W<v> whose spec is `spec_of(v)`, plus the named types `shared`.
std::string versioned_kinds(int versions, const std::function<std::string(int)>& spec_of, const std::string& shared = "") {
    std::string schemas = shared;
    for (int v = 1; v <= versions; ++v)
        schemas += (schemas.empty() ? "" : ",") + std::string(R"("W)") + std::to_string(v) +
                   R"(": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v)" +
                   std::to_string(v) + R"(", "kind": "Widget"}], "properties": {"spec": )" + spec_of(v) + "}}";
    return R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {)" + schemas + "}}}";
}

}  // namespace

TEST_CASE("lint cost: defaults across versions walk each pair of types once, whatever the paths through them") {
    TempDir dir;
    // Two chains of 40 shared types, each link referring to the next twice: 2^40 paths. The
    // last link of one chain has a default, of the other not.
    std::string shared;
    for (const auto* chain : {"A", "B"}) {
        for (int i = 0; i < 40; ++i) {
            const auto next = std::string("#/components/schemas/") + chain + std::to_string(i + 1);
            shared += (shared.empty() ? "" : ",") + std::string("\"") + chain + std::to_string(i) +
                      R"(": {"type": "object", "properties": {"left": {"$ref": ")" + next + R"("}, "right": {"$ref": ")" + next + R"("}}})";
        }
        shared += std::string(",\"") + chain + R"(40": {"type": "object", "properties": {"size": {"type": "integer")" +
                  (std::string(chain) == "A" ? R"(, "default": 1)" : "") + "}}}";
    }
    dir.write("shared.json",
              versioned_kinds(
                  2, [](int v) { return std::string(R"({"$ref": "#/components/schemas/)") + (v == 1 ? "A0" : "B0") + "\"}"; }, shared));
    const auto exponential = run_kompat_in(dir.path(), "lint shared.json --format json");
    INFO(exponential.err);
    REQUIRE(exponential.exit_code <= 1);
    CHECK(count_of(exponential.out, "\"rule\": \"default-missing-in-version\"") == 1);
    // 150 versions of 20 fields, defaulted in v1 only: one finding a field of each other version.
    dir.write("versions.json", versioned_kinds(150, [](int v) {
                  std::string fields;
                  for (int f = 0; f < 20; ++f)
                      fields += (f == 0 ? "" : ",") + std::string("\"f") + std::to_string(f) + R"(": {"type": "integer")" +
                                (v == 1 ? R"(, "default": 2)" : "") + "}";
                  return R"({"type": "object", "properties": {)" + fields + "}}";
              }));
    const auto many = run_kompat_in(dir.path(), "lint versions.json --format json");
    INFO(many.err);
    REQUIRE(many.exit_code <= 1);
    CHECK(count_of(many.out, "\"rule\": \"default-missing-in-version\"") == 149 * 20);
}

TEST_CASE("stale comment: the markdown report fits GitHub's comment, its notes counted as escaped") {
    TempDir dir;
    dir.write("old.json", document(R"({"type": "object", "properties": {"name": {"type": "string"}}})"));
    dir.write("new.json", document(R"({"type": "object", "properties": {}})"));
    // Stale baseline entries whose places are words markdown acts on: each becomes a code
    // span of its own, so the note written is three times the note's own text.
    std::string baseline;
    std::string place;
    for (int w = 0; w < 12; ++w) place += (w == 0 ? "" : " ") + std::string("a_b");
    for (int i = 0; i < 3000; ++i) baseline += fmt::format("{:016x} field-removed {}{}\n", i, place, i);
    dir.write("baseline.txt", baseline);
    const auto result = run_kompat_in(dir.path(), "check old.json new.json --format markdown --baseline baseline.txt");
    CHECK(result.exit_code == 1);
    CHECK(result.out.size() <= 65536);
    CHECK(result.out.find("more notes") != std::string::npos);
}
