// How plain YAML scalars resolve (docs/yaml.md): a Kubernetes manifest the way
// sigs.k8s.io/yaml reads it (go-yaml v2, YAML 1.1 rules), an OpenAPI document by YAML
// 1.2's core schema. One test per rule, and the choice of rules per document.
#include <boost/json.hpp>

#include "load/yaml_events.hpp"
#include "load/yaml_reader.hpp"
#include "test_support.hpp"

using namespace kompat;
namespace json = boost::json;

namespace {

constexpr auto k8s = ScalarRules::kubernetes;
constexpr auto core = ScalarRules::core;

// The value `text` reads to as the plain value of a mapping key, by `rules`.
json::value read_plain(const std::string& text, ScalarRules rules) {
    const auto file = read_yaml({"t.yaml", "v: " + text + "\n"}, {}, YamlOptions{rules, false});
    // Copied out of the file's memory, which ends with it.
    return json::value(file.documents.at(0).get_object().at("v"), json::storage_ptr());
}

bool is_string(const json::value& value, std::string_view text) { return value.is_string() && value.get_string() == text; }

}  // namespace

TEST_CASE("scalars: null is ~, null, Null, NULL and nothing, by both rule sets") {
    for (const auto rules : {k8s, core}) {
        for (const auto* text : {"~", "null", "Null", "NULL", ""}) {
            INFO(text);
            CHECK(read_plain(text, rules).is_null());
        }
        CHECK(is_string(read_plain("nULL", rules), "nULL"));
    }
}

TEST_CASE("scalars: true and false in three cases are booleans by both rule sets") {
    for (const auto rules : {k8s, core}) {
        for (const auto* text : {"true", "True", "TRUE"}) CHECK(read_plain(text, rules) == json::value(true));
        for (const auto* text : {"false", "False", "FALSE"}) CHECK(read_plain(text, rules) == json::value(false));
        CHECK(is_string(read_plain("tRUE", rules), "tRUE"));
    }
}

TEST_CASE("scalars: y, yes, on and n, no, off are booleans for Kubernetes, strings for OpenAPI (YAML 1.2)") {
    for (const auto* text : {"y", "Y", "yes", "Yes", "YES", "on", "On", "ON"}) {
        INFO(text);
        CHECK(read_plain(text, k8s) == json::value(true));
        CHECK(is_string(read_plain(text, core), text));
    }
    for (const auto* text : {"n", "N", "no", "No", "NO", "off", "Off", "OFF"}) {
        INFO(text);
        CHECK(read_plain(text, k8s) == json::value(false));
        CHECK(is_string(read_plain(text, core), text));
    }
}

TEST_CASE("scalars: decimal integers, signed, by both rule sets, and past int64 as uint64, then as a double") {
    for (const auto rules : {k8s, core}) {
        CHECK(read_plain("42", rules) == json::value(42));
        CHECK(read_plain("-7", rules) == json::value(-7));
        CHECK(read_plain("+12", rules) == json::value(12));
        CHECK(read_plain("9223372036854775807", rules) == json::value(INT64_MAX));
        CHECK(read_plain("-9223372036854775808", rules) == json::value(INT64_MIN));
        CHECK(read_plain("18446744073709551615", rules) == json::value(UINT64_MAX));
        CHECK(read_plain("100000000000000000000", rules) == json::value(1e20));
    }
}

TEST_CASE("scalars: a leading zero is octal for Kubernetes (Go's ParseInt), decimal for YAML 1.2") {
    CHECK(read_plain("010", k8s) == json::value(8));
    CHECK(read_plain("010", core) == json::value(10));
    // 08 is no octal number: Go then reads it as a float.
    CHECK(read_plain("08", k8s) == json::value(8.0));
    CHECK(read_plain("08", core) == json::value(8));
}

TEST_CASE("scalars: 0o octal and 0x hexadecimal by both rule sets, and 0b binary and signed prefixes only for Kubernetes") {
    for (const auto rules : {k8s, core}) {
        CHECK(read_plain("0o17", rules) == json::value(15));
        CHECK(read_plain("0x1F", rules) == json::value(31));
        CHECK(read_plain("0xff", rules) == json::value(255));
    }
    CHECK(read_plain("0b101", k8s) == json::value(5));
    CHECK(is_string(read_plain("0b101", core), "0b101"));
    CHECK(read_plain("-0x10", k8s) == json::value(-16));
    CHECK(is_string(read_plain("-0x10", core), "-0x10"));
}

TEST_CASE("scalars: underscores between digits are dropped for Kubernetes, and make a string for YAML 1.2") {
    CHECK(read_plain("1_000", k8s) == json::value(1000));
    CHECK(read_plain("1_000.5", k8s) == json::value(1000.5));
    CHECK(is_string(read_plain("1_000", core), "1_000"));
}

TEST_CASE("scalars: floats in the common form by both rule sets") {
    for (const auto rules : {k8s, core}) {
        CHECK(read_plain("1.5", rules) == json::value(1.5));
        CHECK(read_plain("-.5", rules) == json::value(-0.5));
        CHECK(read_plain(".5", rules) == json::value(0.5));
        CHECK(read_plain("1e3", rules) == json::value(1000.0));
        CHECK(read_plain("2.5E-1", rules) == json::value(0.25));
        CHECK(read_plain("1.", rules) == json::value(1.0));
        CHECK(is_string(read_plain("1.2.3", rules), "1.2.3"));
        CHECK(is_string(read_plain("v1", rules), "v1"));
        CHECK(is_string(read_plain("=", rules), "="));
    }
}

TEST_CASE("scalars: .inf and .nan are refused by both rule sets, for JSON has no such number") {
    for (const auto rules : {k8s, core}) {
        for (const auto* text : {".inf", "-.Inf", "+.INF", ".nan", ".NaN"}) {
            INFO(text);
            try {
                read_plain(text, rules);
                FAIL("accepted");
            } catch (const InputError& error) {
                CHECK(error.describe() ==
                      "t.yaml:1:4: \"" + std::string(text) + "\" is not a finite number, and JSON has none; quote it to keep it as text");
            }
        }
    }
    // Past a double's range: Go's ParseFloat fails, so Kubernetes keeps the text; YAML 1.2 says it is a float.
    CHECK(is_string(read_plain("1e400", k8s), "1e400"));
    CHECK_THROWS_AS(read_plain("1e400", core), InputError);
}

TEST_CASE("scalars: timestamps stay their text by both rule sets") {
    for (const auto rules : {k8s, core}) {
        CHECK(is_string(read_plain("2001-12-14", rules), "2001-12-14"));
        CHECK(is_string(read_plain("2001-12-14t21:59:43.10-05:00", rules), "2001-12-14t21:59:43.10-05:00"));
    }
}

TEST_CASE("scalars: quoted and block scalars are strings, and tags decide where they are given") {
    for (const auto rules : {k8s, core}) {
        CHECK(is_string(read_plain("'yes'", rules), "yes"));
        CHECK(is_string(read_plain("\"010\"", rules), "010"));
        CHECK(is_string(read_plain("|\n  true", rules), "true\n"));
        CHECK(is_string(read_plain("!!str 12", rules), "12"));
        CHECK(is_string(read_plain("! 12", rules), "12"));
        CHECK(read_plain("!!int \"12\"", rules) == json::value(12));
        CHECK(read_plain("!!float 1", rules) == json::value(1.0));
        CHECK(read_plain("!!null ''", rules).is_null());
        CHECK(is_string(read_plain("!local 12", rules), "12"));  // other tags keep the text
        CHECK_THROWS_WITH(read_plain("!!bool maybe", rules), "value \"maybe\" does not match its tag tag:yaml.org,2002:bool");
    }
    CHECK(read_plain("!!bool yes", k8s) == json::value(true));
    CHECK_THROWS_AS(read_plain("!!bool yes", core), InputError);
}

TEST_CASE("scalars: keys are the text written, whatever it would resolve to") {
    const auto file = read_yaml({"t.yaml", "yes: 1\n010: 2\n~: 3\n.inf: 4\n"}, {});
    const auto& root = file.documents.at(0).get_object();
    for (const auto* key : {"yes", "010", "~", ".inf"}) CHECK(root.contains(key));
}

TEST_CASE("scalars: by default an OpenAPI document is read by YAML 1.2, any other document as Kubernetes reads it") {
    const std::string text =
        "apiVersion: apiextensions.k8s.io/v1\n"
        "kind: CustomResourceDefinition\n"
        "spec: {flags: [yes, on, 010]}\n"
        "---\n"
        "openapi: 3.0.0\n"
        "components: {schemas: {Switch: {enum: [yes, on, 010, y]}}}\n"
        "---\n"
        "swagger: '2.0'\n"
        "definitions: {Switch: {enum: [no, off]}}\n";
    const auto file = read_yaml({"t.yaml", text}, {});
    REQUIRE(file.documents.size() == 3);
    CHECK(json::serialize(file.documents[0].at("spec")) == R"({"flags":[true,true,8]})");
    CHECK(json::serialize(file.documents[1].at("components")) == R"({"schemas":{"Switch":{"enum":["yes","on",10,"y"]}}})");
    CHECK(json::serialize(file.documents[2].at("definitions")) == R"({"Switch":{"enum":["no","off"]}})");
    // The OpenAPI documents keep their key positions after the second reading.
    CHECK(file.position_of(*file.documents[1].get_object().begin()) == TextPosition{5, 1});
    CHECK(file.document_starts[2] == TextPosition{8, 1});
}

TEST_CASE("scalars: a $ref target or config is read by the rules its reader asks for") {
    const auto file = read_yaml({"pet.yaml", "enum: [yes, no]\n"}, {}, YamlOptions{ScalarRules::core, false});
    CHECK(json::serialize(file.documents[0]) == R"({"enum":["yes","no"]})");
}

// YAML 1.2.2's examples 7.5 and 7.6, and every escape: kompat decodes double-quoted scalars
// itself (libfyaml's text of one costs about 9 bytes of memory a byte of escapes).
TEST_CASE("scalars: double-quoted values are decoded as YAML 1.2 says") {
    using kompat::double_quoted_value;
    CHECK(double_quoted_value("folded \nto a space,\t\n \nto a line feed, or \t\\\n \\ \tnon-content") ==
          "folded to a space,\nto a line feed, or \t \tnon-content");
    CHECK(double_quoted_value(" 1st non-empty\n\n 2nd non-empty \n\t3rd non-empty ") == " 1st non-empty\n2nd non-empty 3rd non-empty ");
    CHECK(double_quoted_value(R"(\0\a\b\t\n\v\f\r\e\ \"\/\\)") == std::string("\0\a\b\t\n\v\f\r\x1b \"/\\", 13));
    CHECK(double_quoted_value(R"(\N\_\L\P\x41\u00e9\U0001F600)") == "\u0085\u00a0\u2028\u2029A\u00e9\U0001F600");
    CHECK(double_quoted_value("a\r\nb\rc") == "a b c");
    CHECK(double_quoted_value("escaped tab \\t\nnext") == "escaped tab \t next");  // an escaped blank is content
    CHECK_FALSE(double_quoted_value(R"(\q)").has_value());                         // left to libfyaml, which refuses it
    CHECK_FALSE(double_quoted_value(R"(\uD800)").has_value());
}
