// The CEL parser (diff/cel_syntax): precedence, members and calls, literals, and the
// expressions it refuses rather than misreads.
#include "diff/cel_syntax.hpp"

#include <catch2/catch.hpp>

#include <string>

namespace {

using kompat::cel_parse;
using kompat::CelLiteral;
using kompat::CelNode;

// The tree as one line: `(|| a (&& b c))`, names and literals as written.
std::string shape(const CelNode& node) {
    switch (node.kind) {
        case CelNode::Kind::literal:
            return node.literal.type == CelLiteral::Type::string ? "'" + node.literal.text + "'" : node.literal.text;
        case CelNode::Kind::name: return node.text;
        default: break;
    }
    std::string out = "(";
    switch (node.kind) {
        case CelNode::Kind::select: out += "."; break;
        case CelNode::Kind::call: out += node.has_receiver ? "." + node.text + "()" : node.text + "()"; break;
        case CelNode::Kind::index: out += "[]"; break;
        case CelNode::Kind::list: out += "list"; break;
        case CelNode::Kind::map: out += "map"; break;
        case CelNode::Kind::conditional: out += "?:"; break;
        default: out += node.text;
    }
    if (node.kind == CelNode::Kind::select) out += node.text;
    for (const auto& child : node.children) out += " " + shape(child);
    return out + ")";
}

std::string parsed(const std::string& text) {
    const auto tree = cel_parse(text);
    return tree ? shape(*tree) : "(none)";
}

}  // namespace

TEST_CASE("cel_parse: operators bind as the CEL grammar says") {
    CHECK(parsed("a || b && c") == "(|| a (&& b c))");
    CHECK(parsed("a == b || !c") == "(|| (== a b) (! c))");
    CHECK(parsed("a + b * c < d") == "(< (+ a (* b c)) d)");
    CHECK(parsed("a ? b : c ? d : e") == "(?: a b (?: c d e))");
    CHECK(parsed("x in ['a', 'b']") == "(in x (list 'a' 'b'))");
    CHECK(parsed("(a || b) && c") == "(&& (|| a b) c)");
    CHECK(parsed("-1 < a") == "(< -1 a)");
}

TEST_CASE("cel_parse: fields, methods, macros and indexes") {
    CHECK(parsed("self.filter(f, f.type == 'A').size() <= 1") == "(<= (.size() (.filter() self f (== (.type f) 'A'))) 1)");
    CHECK(parsed("has(self.spec.mode)") == "(has() (.mode (.spec self)))");
    CHECK(parsed("self[0].matches") == "(.matches ([] self 0))");
    CHECK(parsed("{'a': 1, 'b': 2,}.size()") == "(.size() (map 'a' 1 'b' 2))");
    CHECK(parsed("size(self) // the count\n > 0") == "(> (size() self) 0)");
}

TEST_CASE("cel_parse: literals") {
    const auto literal = [](const std::string& text) {
        const auto tree = cel_parse(text);
        REQUIRE(tree);
        REQUIRE(tree->kind == CelNode::Kind::literal);
        return tree->literal;
    };
    CHECK(literal(R"('it\'s')") == CelLiteral{CelLiteral::Type::string, "it's"});
    CHECK(literal(R"("a\nb")") == CelLiteral{CelLiteral::Type::string, "a\nb"});
    CHECK(literal(R"(r"\d+")") == CelLiteral{CelLiteral::Type::string, R"(\d+)"});
    CHECK(literal(R"(r"""^(\*\.)?[a-z]"$""")") == CelLiteral{CelLiteral::Type::string, R"(^(\*\.)?[a-z]"$)"});
    CHECK(literal(R"('\x41')").type == CelLiteral::Type::opaque);
    CHECK(literal("b'ab'").type == CelLiteral::Type::bytes);
    CHECK(literal("42u") == CelLiteral{CelLiteral::Type::unsigned_integer, "42"});
    CHECK(literal("1.5e3").type == CelLiteral::Type::floating);
    CHECK(literal("0x1F") == CelLiteral{CelLiteral::Type::integer, "0x1F"});
    CHECK(literal("true") == CelLiteral{CelLiteral::Type::boolean, "true"});
    CHECK(literal("null").type == CelLiteral::Type::null_value);
}

TEST_CASE("cel_parse: what it refuses") {
    CHECK_FALSE(cel_parse("self.?field"));  // optional syntax
    CHECK_FALSE(cel_parse("self[?0]"));
    CHECK_FALSE(cel_parse("Message{field: 1}"));  // message construction
    CHECK_FALSE(cel_parse("'unterminated"));
    CHECK_FALSE(cel_parse("a &&"));
    CHECK_FALSE(cel_parse("a b"));
    CHECK_FALSE(cel_parse("a # b"));
    CHECK_FALSE(cel_parse("12abc"));
    CHECK_FALSE(cel_parse(""));
    CHECK_FALSE(cel_parse(std::string(100, '(') + "a" + std::string(100, ')')));  // nested beyond 64
    CHECK_FALSE(cel_parse(std::string(100, '!') + "a"));
    CHECK(cel_parse(std::string(30, '(') + "a" + std::string(30, ')')));
}
