// A recursive-descent parser of the CEL grammar (cel-spec's langdef.md): tokens first,
// then one function per precedence level, from the conditional down to a primary.
#include "diff/cel_syntax.hpp"

#include <array>
#include <cstddef>
#include <utility>

namespace kompat {
namespace {

struct Token {
    enum class Kind { name, literal, punctuation, end };
    Kind kind = Kind::end;
    std::string text;  // a name or a punctuation mark
    CelLiteral literal;
};

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex_digit(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// The longest first: `<=` before `<`.
constexpr std::array punctuation{"&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "?", ":", "+",
                                 "-",  "*",  "/",  "%",  ".",  ",",  "(", ")", "[", "]", "{", "}"};

class Lexer {
public:
    explicit Lexer(std::string_view text) : text_(text) {}

    // The tokens, or nullopt at a character CEL does not allow there.
    std::optional<std::vector<Token>> tokens() {
        std::vector<Token> out;
        while (true) {
            skip_layout();
            if (at_ >= text_.size()) break;
            auto token = next();
            if (!token) return std::nullopt;
            out.push_back(std::move(*token));
        }
        out.push_back(Token{});
        return out;
    }

private:
    void skip_layout() {
        while (at_ < text_.size()) {
            if (is_cel_space(text_[at_])) ++at_;
            else if (text_.substr(at_, 2) == "//") {
                while (at_ < text_.size() && text_[at_] != '\n') ++at_;
            } else break;
        }
    }

    [[nodiscard]] char peek(std::size_t ahead = 0) const { return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0'; }

    std::optional<Token> next() {
        const char c = peek();
        if (c == '"' || c == '\'') return string_literal(false, false);
        const bool prefix = c == 'r' || c == 'R' || c == 'b' || c == 'B';
        if (prefix && (peek(1) == '"' || peek(1) == '\'')) {
            ++at_;
            return string_literal(c == 'r' || c == 'R', c == 'b' || c == 'B');
        }
        if (is_letter(c)) {
            const auto begin = at_;
            while (is_letter(peek()) || is_digit(peek())) ++at_;
            Token token{Token::Kind::name, std::string(text_.substr(begin, at_ - begin)), {}};
            if (token.text == "true" || token.text == "false")
                return Token{Token::Kind::literal, "", CelLiteral{CelLiteral::Type::boolean, token.text}};
            if (token.text == "null") return Token{Token::Kind::literal, "", CelLiteral{CelLiteral::Type::null_value, "null"}};
            if (token.text == "in") token.kind = Token::Kind::punctuation;
            return token;
        }
        if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return number();
        for (const std::string_view mark : punctuation) {
            if (text_.substr(at_, mark.size()) != mark) continue;
            at_ += mark.size();
            return Token{Token::Kind::punctuation, std::string(mark), {}};
        }
        return std::nullopt;
    }

    std::optional<Token> number() {
        const auto begin = at_;
        auto type = CelLiteral::Type::integer;
        if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
            at_ += 2;
            while (is_hex_digit(peek())) ++at_;
        } else {
            while (is_digit(peek())) ++at_;
            if (peek() == '.' && is_digit(peek(1))) {
                type = CelLiteral::Type::floating;
                ++at_;
                while (is_digit(peek())) ++at_;
            }
            if (peek() == 'e' || peek() == 'E') {
                type = CelLiteral::Type::floating;
                ++at_;
                if (peek() == '+' || peek() == '-') ++at_;
                if (!is_digit(peek())) return std::nullopt;
                while (is_digit(peek())) ++at_;
            }
        }
        std::string digits(text_.substr(begin, at_ - begin));
        if (type == CelLiteral::Type::integer && (peek() == 'u' || peek() == 'U')) {
            type = CelLiteral::Type::unsigned_integer;
            ++at_;
        }
        if (is_letter(peek())) return std::nullopt;
        return Token{Token::Kind::literal, "", CelLiteral{type, std::move(digits)}};
    }

    // One escape after a backslash, decoded into `out`; false for an escape not decoded here.
    bool escape(std::string& out) {
        const char c = peek();
        ++at_;
        switch (c) {
            case 'n': out += '\n'; return true;
            case 't': out += '\t'; return true;
            case 'r': out += '\r'; return true;
            case 'a': out += '\a'; return true;
            case 'b': out += '\b'; return true;
            case 'f': out += '\f'; return true;
            case 'v': out += '\v'; return true;
            case '\\':
            case '\'':
            case '"':
            case '`':
            case '?': out += c; return true;
            default: return false;  // \x, \u, \U and octal: kept opaque
        }
    }

    std::optional<Token> string_literal(bool raw, bool bytes) {
        const char quote = peek();
        const bool triple = peek(1) == quote && peek(2) == quote;
        at_ += triple ? 3 : 1;
        std::string value;
        bool decoded = true;
        while (true) {
            if (at_ >= text_.size()) return std::nullopt;
            const char c = peek();
            if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
                at_ += triple ? 3 : 1;
                break;
            }
            if (!triple && (c == '\n' || c == '\r')) return std::nullopt;
            if (c == '\\' && !raw) {
                ++at_;
                if (at_ >= text_.size()) return std::nullopt;
                if (!escape(value)) {
                    decoded = false;
                    value += '\\';
                }
                continue;
            }
            value += c;
            ++at_;
        }
        const auto type = !decoded ? CelLiteral::Type::opaque : bytes ? CelLiteral::Type::bytes : CelLiteral::Type::string;
        return Token{Token::Kind::literal, "", CelLiteral{type, std::move(value)}};
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

constexpr int deepest = 64;

class Parser {
public:
    explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

    std::optional<CelNode> whole() {
        auto node = expression();
        if (!node || tokens_[at_].kind != Token::Kind::end) return std::nullopt;
        return node;
    }

private:
    [[nodiscard]] bool at(std::string_view mark) const {
        return tokens_[at_].kind == Token::Kind::punctuation && tokens_[at_].text == mark;
    }
    bool take(std::string_view mark) {
        if (!at(mark)) return false;
        ++at_;
        return true;
    }

    static CelNode make(CelNode::Kind kind, std::string text, std::vector<CelNode> children) {
        CelNode node;
        node.kind = kind;
        node.text = std::move(text);
        node.children = std::move(children);
        return node;
    }

    // Expr = ConditionalOr ["?" ConditionalOr ":" Expr]
    std::optional<CelNode> expression() {
        if (++depth_ > deepest) return std::nullopt;
        auto condition = binary_level(0);
        if (condition && take("?")) {
            auto then = binary_level(0);
            if (!then || !take(":")) return std::nullopt;
            auto otherwise = expression();
            if (!otherwise) return std::nullopt;
            condition = make(CelNode::Kind::conditional, "", {std::move(*condition), std::move(*then), std::move(*otherwise)});
        }
        --depth_;
        return condition;
    }

    // The binary levels, loosest first; each is left-associative.
    static constexpr std::array<std::array<std::string_view, 7>, 5> levels{{
        {"||"},
        {"&&"},
        {"<", "<=", ">=", ">", "==", "!=", "in"},
        {"+", "-"},
        {"*", "/", "%"},
    }};

    std::optional<std::string> operator_at(std::size_t level) const {
        for (const auto mark : levels.at(level))
            if (!mark.empty() && at(mark)) return std::string(mark);
        return std::nullopt;
    }

    std::optional<CelNode> binary_level(std::size_t level) {
        if (level == levels.size()) return unary();
        auto left = binary_level(level + 1);
        while (left) {
            const auto mark = operator_at(level);
            if (!mark) break;
            ++at_;
            auto right = binary_level(level + 1);
            if (!right) return std::nullopt;
            left = make(CelNode::Kind::binary, *mark, {std::move(*left), std::move(*right)});
        }
        return left;
    }

    std::optional<CelNode> unary() {
        for (const std::string_view mark : {"!", "-"}) {
            if (!at(mark)) continue;
            ++at_;
            if (++depth_ > deepest) return std::nullopt;
            auto operand = unary();
            --depth_;
            if (!operand) return std::nullopt;
            // A negative number is a literal, as CEL reads `-1`.
            const auto type = operand->literal.type;
            if (mark == "-" && operand->kind == CelNode::Kind::literal &&
                (type == CelLiteral::Type::integer || type == CelLiteral::Type::floating) && !operand->literal.text.starts_with('-')) {
                operand->literal.text.insert(0, "-");
                return operand;
            }
            return make(CelNode::Kind::unary, std::string(mark), {std::move(*operand)});
        }
        return member();
    }

    // Arguments up to the closing mark, which is taken; nullopt on a syntax error.
    std::optional<std::vector<CelNode>> list_until(std::string_view close) {
        std::vector<CelNode> out;
        if (take(close)) return out;
        while (true) {
            auto item = expression();
            if (!item) return std::nullopt;
            out.push_back(std::move(*item));
            if (take(close)) return out;
            if (!take(",")) return std::nullopt;
            if (take(close)) return out;  // a trailing comma
        }
    }

    // Member = Primary | Member "." NAME ["(" args ")"] | Member "[" Expr "]"
    std::optional<CelNode> member() {
        auto node = primary();
        while (node) {
            if (take(".")) {
                if (tokens_[at_].kind != Token::Kind::name) return std::nullopt;  // `.?field` too
                auto name = tokens_[at_++].text;
                if (take("(")) {
                    auto arguments = list_until(")");
                    if (!arguments) return std::nullopt;
                    arguments->insert(arguments->begin(), std::move(*node));
                    node = make(CelNode::Kind::call, std::move(name), std::move(*arguments));
                    node->has_receiver = true;
                } else {
                    node = make(CelNode::Kind::select, std::move(name), {std::move(*node)});
                }
            } else if (take("[")) {
                if (at("?")) return std::nullopt;  // optional index
                auto index = expression();
                if (!index || !take("]")) return std::nullopt;
                node = make(CelNode::Kind::index, "", {std::move(*node), std::move(*index)});
            } else {
                break;
            }
        }
        return node;
    }

    std::optional<CelNode> primary() {
        const auto& token = tokens_[at_];
        if (token.kind == Token::Kind::literal) {
            ++at_;
            CelNode node;
            node.literal = token.literal;
            return node;
        }
        if (token.kind == Token::Kind::name) {
            auto name = tokens_[at_++].text;
            if (at("{")) return std::nullopt;  // a message construction
            if (!take("(")) return make(CelNode::Kind::name, std::move(name), {});
            auto arguments = list_until(")");
            if (!arguments) return std::nullopt;
            return make(CelNode::Kind::call, std::move(name), std::move(*arguments));
        }
        if (take("(")) {
            auto inner = expression();
            if (!inner || !take(")")) return std::nullopt;
            return inner;
        }
        if (take("[")) {
            auto items = list_until("]");
            if (!items) return std::nullopt;
            return make(CelNode::Kind::list, "", std::move(*items));
        }
        if (take("{")) {
            std::vector<CelNode> entries;
            while (!take("}")) {
                auto key = expression();
                if (!key || !take(":")) return std::nullopt;
                auto value = expression();
                if (!value) return std::nullopt;
                entries.push_back(std::move(*key));
                entries.push_back(std::move(*value));
                if (!at("}") && !take(",")) return std::nullopt;
            }
            return make(CelNode::Kind::map, "", std::move(entries));
        }
        return std::nullopt;
    }

    std::vector<Token> tokens_;
    std::size_t at_ = 0;
    int depth_ = 0;
};

}  // namespace

std::optional<CelNode> cel_parse(std::string_view expression) {
    auto tokens = Lexer(expression).tokens();
    if (!tokens) return std::nullopt;
    return Parser(std::move(*tokens)).whole();
}

}  // namespace kompat
