// What `--objects` costs grows with the schema plus the objects, never with
// their product; past a limit it is exit 2 naming the object. Each shape is the attack's,
// built here: a long enum against many items, unions and allOf branches that fail on a big
// value, a big default filling many objects, a heavy pattern on a long string, and an
// object with more violations than --max-findings.
#include <chrono>
#include <string>

#include "support/sanitizers.hpp"
#include "test_support.hpp"

using kompat::test::peak_memory_ceiling;
using kompat::test::run_kompat_in;
using kompat::test::run_kompat_measured;
using kompat::test::TempDir;

namespace {

// A CRD of kind example.com/v1 Widget whose spec is `spec` (JSON).
std::string crd(const std::string& spec) {
    return R"({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": "widgets.example.com"},
  "spec": {"group": "example.com", "scope": "Namespaced", "names": {"kind": "Widget", "plural": "widgets"},
  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object",
  "properties": {"spec": )" +
           spec + "}}}}]}}";
}

// `count` Widget objects, each with `spec` (JSON), as one YAML stream.
std::string widgets(const std::string& spec, int count = 1) {
    std::string out;
    for (int i = 0; i < count; ++i)
        out += "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w" + std::to_string(i) + "}\nspec: " + spec + "\n";
    return out;
}

std::string repeated(const std::string& item, int count, const std::string& separator = ",") {
    std::string out;
    for (int i = 0; i < count; ++i) out += (i == 0 ? "" : separator) + item;
    return out;
}

// A run's time and peak memory within bounds of its input: peak memory within 6x the
// input plus 64 MB; time loosely (sanitizer builds are slower), as a hang guard only.
void check_linear(const TempDir& dir, const std::string& command, [[maybe_unused]] double input_bytes, int expected_exit) {
    INFO(command);
    const auto start = std::chrono::steady_clock::now();
    const auto [result, peak_bytes] = run_kompat_measured(dir.path(), command);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(result.err);
    CHECK(result.exit_code == expected_exit);
    CHECK(seconds < 60);
#ifndef KOMPAT_ADDRESS_SANITIZER
    CHECK(peak_bytes > 0);
    CHECK(peak_bytes <= peak_memory_ceiling(input_bytes));
#endif
}

}  // namespace

TEST_CASE("objects cost: a long enum against many items is linear") {
    TempDir dir;
    std::string values;
    for (int i = 0; i < 30'000; ++i) values += (i == 0 ? "\"v" : ",\"v") + std::to_string(i) + "\"";
    const auto schema =
        crd(R"({"type": "object", "properties": {"list": {"type": "array", "items": {"type": "string", "enum": [)" + values + "]}}}}");
    const auto objects = widgets("{list: [" + repeated("v29999", 30'000) + ", nope]}");
    dir.write("crd.json", schema);
    dir.write("objects.yaml", objects);
    check_linear(dir, "validate crd.json --objects objects.yaml --format json", static_cast<double>(schema.size() + objects.size()), 1);
    const auto result = run_kompat_in(dir.path(), "validate crd.json --objects objects.yaml --format json");
    CHECK(result.out.find("nope\\\"` is not in enum") != std::string::npos);
}

TEST_CASE("objects cost: union and allOf branches failing on a big value copy nothing of it") {
    TempDir dir;
    // 200 branches, each a type the object is not.
    const auto branches = repeated(R"({"type": "string"})", 200);
    const auto kept = std::string(R"("x-kubernetes-preserve-unknown-fields": true, )");
    const auto schema = crd(R"({"type": "object", "properties": {"payload": {)" + kept + R"("anyOf": [)" + branches + R"(]}, "whole": {)" +
                            kept + R"("allOf": [)" + branches + R"(]}, "one": {)" + kept + R"("oneOf": [)" + branches + "]}}}");
    std::string payload = "{";
    for (int i = 0; i < 20'000; ++i) payload += (i == 0 ? "k" : ", k") + std::to_string(i) + ": some text of the value";
    payload += "}";
    const auto objects = widgets("{payload: " + payload + ", whole: " + payload + ", one: " + payload + "}");
    dir.write("crd.json", schema);
    dir.write("objects.yaml", objects);
    check_linear(dir, "validate crd.json --objects objects.yaml --format json", static_cast<double>(schema.size() + objects.size()), 1);
    const auto result = run_kompat_in(dir.path(), "validate crd.json --objects objects.yaml --format json");
    CHECK(result.out.find("matches none of the 200 anyOf schemas") != std::string::npos);
    CHECK(result.out.find("matches 0 of the 200 oneOf schemas") != std::string::npos);
    // Each report line stays short: the value is cut, not copied whole.
    CHECK(result.out.size() < 200'000);
}

TEST_CASE("objects cost: a big default filling many objects is charged, not copied into the outcome") {
    TempDir dir;
    std::string big_default = "{";
    for (int i = 0; i < 20'000; ++i) big_default += (i == 0 ? "\"d" : ",\"d") + std::to_string(i) + "\": \"default text\"";
    big_default += "}";
    const auto schema = crd(
        R"({"type": "object", "properties": {"settings": {"type": "object", "x-kubernetes-preserve-unknown-fields": true, "default": )" +
        big_default + "}}}");
    const auto objects = widgets("{}", 400);
    dir.write("crd.json", schema);
    dir.write("objects.yaml", objects);
    // 400 objects of 20,000 values each: more than the budget of this small input allows.
    const auto refused = run_kompat_in(dir.path(), "validate crd.json --objects objects.yaml --format json --max-validation-steps 2000000");
    CHECK(refused.exit_code == 2);
    CHECK(refused.out.empty());
    CHECK(refused.err.find("objects.yaml:") != std::string::npos);
    CHECK(refused.err.find("max-validation-steps") != std::string::npos);
    // Within the default budget, in memory of the input's order.
    check_linear(dir, "validate crd.json --objects objects.yaml --format json", static_cast<double>(schema.size() + objects.size()), 0);
}

TEST_CASE("objects cost: a pattern on a long string is charged by the string times the pattern") {
    TempDir dir;
    const auto schema =
        crd(R"({"type": "object", "properties": {"name": {"type": "string", "pattern": "^([a-z]{0,40}[0-9]{0,40}-?){1,20}$"}}})");
    const auto objects = widgets("{name: " + std::string(100'000, 'a') + "}");
    dir.write("crd.json", schema);
    dir.write("objects.yaml", objects);
    const auto refused = run_kompat_in(dir.path(), "validate crd.json --objects objects.yaml --max-validation-steps 1000000");
    INFO(refused.err);
    CHECK(refused.exit_code == 2);
    CHECK(refused.err.find("max-validation-steps") != std::string::npos);
    const auto short_name = widgets("{name: abc-123}");
    dir.write("short.yaml", short_name);
    CHECK(run_kompat_in(dir.path(), "validate crd.json --objects short.yaml --max-validation-steps 1000000").exit_code == 0);
}

TEST_CASE("objects cost: violations past --max-findings or --max-report-bytes are exit 2, validate takes both") {
    TempDir dir;
    const auto schema = crd(R"({"type": "object", "properties": {"list": {"type": "array", "items": {"type": "integer", "maximum": 1}}}})");
    const auto objects = widgets("{list: [" + repeated("5", 5'000) + "]}");
    dir.write("crd.json", schema);
    dir.write("objects.yaml", objects);
    for (const auto* limit : {"--max-findings 1000", "--max-report-bytes 100000"}) {
        INFO(limit);
        const auto refused = run_kompat_in(dir.path(), std::string("validate crd.json --objects objects.yaml --format json ") + limit);
        CHECK(refused.exit_code == 2);
        CHECK(refused.out.empty());
        CHECK(refused.err.find("objects.yaml:2:1:") != std::string::npos);
        CHECK(refused.err.find("max-findings") != std::string::npos);
        const auto check = run_kompat_in(dir.path(), std::string("check crd.json crd.json --objects objects.yaml ") + limit);
        CHECK(check.exit_code == 2);
    }
    CHECK(run_kompat_in(dir.path(), "validate crd.json --objects objects.yaml --format json").exit_code == 1);
}
