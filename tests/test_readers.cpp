// The JSON and YAML readers: values, key positions, scalar resolution.
#include "load/json_reader.hpp"
#include "load/yaml_reader.hpp"
#include "test_support.hpp"

using namespace kompat;
namespace json = boost::json;

namespace {

TextPosition key_position(const ParsedFile& file, const json::object& object, std::string_view key) {
    for (const auto& member : object)
        if (member.key() == key) return file.position_of(member);
    FAIL("no key " << key);
    return {};
}

}  // namespace

TEST_CASE("JSON reader records the line and column of every key") {
    const std::string text =
        "{\n"
        "  \"a\": {\"x\": 1,\n"
        "         \"y\": [ {\"z\": true} ]},\n"
        "  \"b\": \"\xC3\xA9t\xC3\xA9\", \"c\": null\n"
        "}\n";
    const auto file = read_json({"t.json", text}, {});
    REQUIRE(file.documents.size() == 1);
    const auto& root = file.documents[0].get_object();
    CHECK(key_position(file, root, "a") == TextPosition{2, 3});
    CHECK(key_position(file, root, "b") == TextPosition{4, 3});
    // Columns count characters, not bytes: "été" is three characters.
    CHECK(key_position(file, root, "c") == TextPosition{4, 15});
    const auto& a = root.at("a").get_object();
    CHECK(key_position(file, a, "x") == TextPosition{2, 9});
    CHECK(key_position(file, a, "y") == TextPosition{3, 10});
    const auto& inner = a.at("y").get_array()[0].get_object();
    CHECK(key_position(file, inner, "z") == TextPosition{3, 18});
    CHECK(file.position_of(inner) == TextPosition{3, 18});
}

TEST_CASE("JSON reader: positions on one long line (minified JSON) are exact and linear") {
    std::string text = "{";
    for (int i = 0; i < 200000; ++i) text += (i > 0 ? ",\"k" : "\"k") + std::to_string(i) + "\":\"\xC3\xA9\"";
    text += "}";
    const auto file = read_json({"min.json", text}, {});
    const auto& root = file.documents[0].get_object();
    REQUIRE(root.size() == 200000);
    // Each member before k199999 is `"kN":"é"` plus a comma: its byte length less one
    // for the two-byte é.
    std::uint32_t column = 2;
    for (int i = 0; i < 199999; ++i) column += static_cast<std::uint32_t>(std::to_string(i).size()) + 8;
    CHECK(key_position(file, root, "k199999") == TextPosition{1, column});
}

TEST_CASE("JSON reader: columns count three- and four-byte characters as one") {
    // "€" is three bytes, "😀" four; the key after them stands in character column 17.
    const auto file = read_json(
        {"t.json", "{\"s\": \"\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\xF0\x9F\x98\x80\xF0\x9F\x98\x80\", \"k\": 1}"}, {});
    CHECK(key_position(file, file.documents[0].get_object(), "k") == TextPosition{1, 17});
}

TEST_CASE("JSON reader keeps values exactly") {
    const auto file = read_json({"t.json", R"({"i": -3, "u": 18446744073709551615, "d": 1.5, "s": "a\"b", "n": null})"}, {});
    const auto& root = file.documents[0].get_object();
    CHECK(root.at("i").as_int64() == -3);
    CHECK(root.at("u").as_uint64() == 18446744073709551615ULL);
    CHECK(root.at("d").as_double() == 1.5);
    CHECK(root.at("s").as_string() == "a\"b");
    CHECK(root.at("n").is_null());
}

TEST_CASE("JSON reader: a key with escapes still gets a nearby position") {
    const auto file = read_json({"t.json", "{\"a\": 1,\n \"b\\u0041\": 2}"}, {});
    const auto& root = file.documents[0].get_object();
    CHECK(root.contains("bA"));
    CHECK(key_position(file, root, "a") == TextPosition{1, 2});
    CHECK(key_position(file, root, "bA").line >= 1);
}

TEST_CASE("JSON reader skips a UTF-8 byte order mark") {
    const auto file = read_json({"t.json", "\xEF\xBB\xBF{\"a\": 1}"}, {});
    CHECK(file.documents[0].get_object().at("a").as_int64() == 1);
}

TEST_CASE("YAML reader records key positions and keeps document order") {
    const std::string text =
        "a:\n"
        "  x: 1\n"
        "  y:\n"
        "    - z: true\n"
        "b: text\n";
    const auto file = read_yaml({"t.yaml", text}, {});
    REQUIRE(file.documents.size() == 1);
    const auto& root = file.documents[0].get_object();
    CHECK(key_position(file, root, "a") == TextPosition{1, 1});
    CHECK(key_position(file, root, "b") == TextPosition{5, 1});
    const auto& a = root.at("a").get_object();
    CHECK(key_position(file, a, "y") == TextPosition{3, 3});
    const auto& z = a.at("y").get_array()[0].get_object();
    CHECK(key_position(file, z, "z") == TextPosition{4, 7});
    // Insertion order is document order.
    CHECK(root.begin()->key() == "a");
}

TEST_CASE("YAML plain scalars resolve as sigs.k8s.io/yaml does") {
    const std::string text =
        "null1: ~\n"
        "null2: null\n"
        "empty:\n"
        "yes1: yes\n"
        "on1: on\n"
        "false1: False\n"
        "quoted: 'true'\n"
        "dquoted: \"123\"\n"
        "int: 42\n"
        "neg: -7\n"
        "float: 1.5\n"
        "exp: 1e3\n"
        "eq: =\n"
        "version: v1.2.3\n"
        "tagged: !!str 12\n";
    const auto file = read_yaml({"t.yaml", text}, {});
    const auto& root = file.documents[0].get_object();
    CHECK(root.at("null1").is_null());
    CHECK(root.at("null2").is_null());
    CHECK(root.at("empty").is_null());
    CHECK(root.at("yes1") == json::value(true));
    CHECK(root.at("on1") == json::value(true));
    CHECK(root.at("false1") == json::value(false));
    CHECK(root.at("quoted") == json::value("true"));
    CHECK(root.at("dquoted") == json::value("123"));
    CHECK(root.at("int") == json::value(42));
    CHECK(root.at("neg") == json::value(-7));
    CHECK(root.at("float") == json::value(1.5));
    CHECK(root.at("exp") == json::value(1000.0));
    CHECK(root.at("eq") == json::value("="));  // prometheus-operator's unquoted enum item
    CHECK(root.at("version") == json::value("v1.2.3"));
    CHECK(root.at("tagged") == json::value("12"));
}

TEST_CASE("YAML reader gives the same values as the JSON reader for the same document") {
    const auto from_json = read_json({"t.json", R"({"a": [1, "two", {"b": null, "c": 2.5}], "d": false})"}, {});
    const auto from_yaml = read_yaml({"t.yaml", "a:\n- 1\n- two\n- b: null\n  c: 2.5\nd: false\n"}, {});
    CHECK(from_json.documents[0] == from_yaml.documents[0]);
}

TEST_CASE("YAML reader reads every document of a stream and drops empty ones") {
    const auto file = read_yaml({"t.yaml", "---\na: 1\n---\n---\nb: 2\n...\n"}, {});
    REQUIRE(file.documents.size() == 2);
    CHECK(file.documents[1].get_object().at("b") == json::value(2));
    CHECK(file.document_starts[1].line == 5);
}

TEST_CASE("YAML merge keys are expanded and never override the map's own keys") {
    const auto file = read_yaml({"t.yaml", "base: &base\n  a: 1\n  b: 2\nderived:\n  <<: *base\n  b: 3\n"}, {});
    const auto& derived = file.documents[0].get_object().at("derived").get_object();
    CHECK(derived.at("a") == json::value(1));
    CHECK(derived.at("b") == json::value(3));
    CHECK(derived.size() == 2);
    // A merged key stands where the merged map wrote it.
    CHECK(key_position(file, derived, "a") == TextPosition{2, 3});
    CHECK(key_position(file, derived, "b") == TextPosition{6, 3});
}

TEST_CASE("A member of a value not read from the file has no position") {
    const auto file = read_json({"t.json", "{\"a\": 1}"}, {});
    const json::object elsewhere{{"a", 1}};
    CHECK(file.position_of(*elsewhere.begin()) == TextPosition{});
    CHECK(file.position_of(*file.documents[0].get_object().begin()) == TextPosition{1, 2});
}
