#pragma once
// The syntax tree of a CEL expression (the language of x-kubernetes-validations), as
// far as judging a rule needs: literals, names, field selection, calls and the operators
// of the CEL grammar. Internal to diff/.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kompat {

// Whitespace as the CEL grammar has it (WHITESPACE: space, tab, newline, form feed, return),
// and the vertical tab C's isspace adds.
inline bool is_cel_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// A literal's value. An integer, unsigned or double keeps its text as written; a string
// its decoded characters; a literal whose escapes are not decoded here is `opaque`.
struct CelLiteral {
    enum class Type { null_value, boolean, integer, unsigned_integer, floating, string, bytes, opaque };
    Type type = Type::null_value;
    std::string text;  // "true", "42", the string's characters
    friend bool operator==(const CelLiteral&, const CelLiteral&) = default;
};

struct CelNode {
    enum class Kind {
        literal,      // literal
        name,         // text: the identifier (`self`, `oldSelf`, a macro variable)
        select,       // text: the field; children: [operand]
        call,         // text: the function; children: [receiver,] arguments
        index,        // children: [operand, index]
        list,         // children: the elements
        map,          // children: key, value, key, value, ...
        unary,        // text: "!" or "-"; children: [operand]
        binary,       // text: the operator (`&&`, `==`, `in`, `+`, ...); children: [left, right]
        conditional,  // children: [condition, then, else]
    };
    Kind kind = Kind::literal;
    std::string text;
    CelLiteral literal;
    bool has_receiver = false;  // a call written `receiver.function(...)`
    std::vector<CelNode> children;
};

// The tree of an expression, or nullopt when it is not CEL this parser reads (a syntax
// error, optional syntax `.?field`, a message construction, nesting deeper than 64).
std::optional<CelNode> cel_parse(std::string_view expression);

}  // namespace kompat
