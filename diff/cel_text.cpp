#include "diff/cel_text.hpp"

#include "diff/cel_syntax.hpp"

#include <algorithm>

namespace kompat {
namespace {

bool is_word(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

// The length of the string literal at `at` (a quote, or r/R/b/B before one), or 0.
std::size_t literal_length(std::string_view text, std::size_t at) {
    std::size_t i = at;
    bool raw = false;
    // Prefixes: r, R (raw), b, B (bytes), in either order.
    for (int n = 0; n < 2 && i < text.size() && std::string_view("rRbB").find(text[i]) != std::string_view::npos; ++n) {
        raw = raw || text[i] == 'r' || text[i] == 'R';
        ++i;
    }
    if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) return 0;
    if (i > at && at > 0 && is_word(text[at - 1])) return 0;  // `bar'…` is no prefix
    const char quote = text[i];
    const bool triple = text.substr(i, 3) == std::string(3, quote);
    const std::string_view close = triple ? text.substr(i, 3) : text.substr(i, 1);
    for (std::size_t j = i + close.size(); j < text.size(); ++j) {
        if (!raw && text[j] == '\\') {
            ++j;
            continue;
        }
        if (text.substr(j, close.size()) == close) return j + close.size() - at;
    }
    return text.size() - at;  // unterminated: the rest, as written
}

// Calls `on_code(i)` for each character outside literals and comments and
// `on_literal(begin, length)` for each literal.
template <typename Code, typename Literal>
void walk(std::string_view text, Code on_code, Literal on_literal) {
    for (std::size_t i = 0; i < text.size();) {
        if (const auto length = literal_length(text, i); length > 0) {
            on_literal(i, length);
            i += length;
        } else if (text.substr(i, 2) == "//") {
            while (i < text.size() && text[i] != '\n') ++i;
        } else {
            on_code(i);
            ++i;
        }
    }
}

// `text` without its outer parentheses when one pair encloses all of it.
std::string_view without_outer_parentheses(std::string_view text) {
    while (text.size() >= 2 && text.front() == '(' && text.back() == ')') {
        int depth = 0;
        bool encloses = true;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (const auto length = literal_length(text, i); length > 0) {
                i += length - 1;
                continue;
            }
            if (text[i] == '(') ++depth;
            if (text[i] == ')' && --depth == 0 && i + 1 < text.size()) {
                encloses = false;
                break;
            }
        }
        if (!encloses) break;
        text = text.substr(1, text.size() - 2);
    }
    return text;
}

}  // namespace

std::string cel_normalised(std::string_view rule) {
    std::string out;
    bool pending_space = false;
    walk(
        rule,
        [&](std::size_t i) {
            const char c = rule[i];
            if (is_cel_space(c)) {
                pending_space = true;
                return;
            }
            if (pending_space && !out.empty() && is_word(out.back()) && is_word(c)) out += ' ';
            pending_space = false;
            out += c;
        },
        [&](std::size_t begin, std::size_t length) {
            // A space stays only where a prefix (r'…', b'…') would join the word before it.
            if (pending_space && !out.empty() && is_word(out.back()) && is_word(rule[begin])) out += ' ';
            pending_space = false;
            out.append(rule.substr(begin, length));
        });
    return std::string(without_outer_parentheses(out));
}

std::optional<std::vector<std::string>> cel_self_fields(std::string_view rule) {
    const auto code = cel_normalised(rule);
    std::vector<std::string> fields;
    bool whole = false;
    walk(
        code,
        [&](std::size_t i) {
            if (code.compare(i, 4, "self") != 0 || (i > 0 && (is_word(code[i - 1]) || code[i - 1] == '.'))) return;
            if (i + 4 < code.size() && is_word(code[i + 4])) return;  // `selfLink`
            std::size_t j = i + 4;
            if (j >= code.size() || code[j] != '.') {
                whole = true;
                return;
            }
            const auto begin = ++j;
            while (j < code.size() && is_word(code[j])) ++j;
            const std::string name(code.substr(begin, j - begin));
            // A method of the value itself (`self.size()`), not a field.
            if (name.empty() || (j < code.size() && code[j] == '(')) {
                whole = true;
                return;
            }
            if (std::find(fields.begin(), fields.end(), name) == fields.end()) fields.push_back(name);
        },
        [](std::size_t, std::size_t) {});
    // A transition rule compares with the stored value as a whole.
    if (whole || code.find("oldSelf") != std::string::npos) return std::nullopt;
    return fields;
}

namespace {

// The rule's top-level operands of `op` (`||` or `&&`), each without its layout.
std::vector<std::string> top_level_operands(std::string_view rule, std::string_view op) {
    const auto code = cel_normalised(rule);
    std::vector<std::string> out;
    int depth = 0;
    std::size_t start = 0;
    walk(
        code,
        [&](std::size_t i) {
            if (code[i] == '(' || code[i] == '[' || code[i] == '{') ++depth;
            if (code[i] == ')' || code[i] == ']' || code[i] == '}') --depth;
            if (depth == 0 && code.compare(i, op.size(), op) == 0 && i >= start) {
                out.push_back(code.substr(start, i - start));
                start = i + op.size();
            }
        },
        [](std::size_t, std::size_t) {});
    out.push_back(code.substr(start));
    return out;
}

// `self` or `self.field` (one field name): the field, "" for self; nullopt otherwise.
std::optional<std::string> self_or_field(std::string_view text) {
    if (text == "self") return std::string();
    if (!text.starts_with("self.")) return std::nullopt;
    const auto field = text.substr(5);
    if (field.empty() || !std::all_of(field.begin(), field.end(), is_word)) return std::nullopt;
    return std::string(field);
}

// `X.size()` or `size(X)` with X `self` or `self.field`.
std::optional<std::string> size_of(std::string_view text) {
    if (text.ends_with(".size()")) return self_or_field(text.substr(0, text.size() - 7));
    if (text.starts_with("size(") && text.ends_with(")")) return self_or_field(text.substr(5, text.size() - 6));
    return std::nullopt;
}

std::optional<std::uint64_t> count_literal(std::string_view text) {
    if (text.empty() || text.size() > 12 || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    std::uint64_t out = 0;
    for (const char c : text) out = out * 10 + static_cast<std::uint64_t>(c - '0');
    return out;
}

std::optional<CelFact> simple_fact(std::string_view term) {
    term = without_outer_parentheses(term);
    if (term.starts_with("has(") && term.ends_with(")")) {
        const auto field = self_or_field(term.substr(4, term.size() - 5));
        if (!field || field->empty()) return std::nullopt;
        return CelFact{*field, CelFact::What::present, 0};
    }
    // `X != ''`: a string of at least one character.
    for (const auto empty : {std::string_view("!=''"), std::string_view("!=\"\"")}) {
        if (term.ends_with(empty))
            if (const auto field = self_or_field(term.substr(0, term.size() - empty.size())))
                return CelFact{*field, CelFact::What::size_at_least, 1};
    }
    // A size compared with a count, either way round.
    for (const auto op : {std::string_view("<="), std::string_view(">="), std::string_view("<"), std::string_view(">")}) {
        const auto at = term.find(op);
        if (at == std::string_view::npos) continue;
        auto left = term.substr(0, at);
        auto right = term.substr(at + op.size());
        bool upper = op.front() == '<';
        if (!size_of(left)) {
            std::swap(left, right);
            upper = !upper;
        }
        const auto field = size_of(left);
        const auto count = count_literal(right);
        if (!field || !count) return std::nullopt;
        const bool strict = op.size() == 1;
        if (upper) {
            if (strict && *count == 0) return std::nullopt;
            return CelFact{*field, CelFact::What::size_at_most, strict ? *count - 1 : *count};
        }
        return CelFact{*field, CelFact::What::size_at_least, strict ? *count + 1 : *count};
    }
    return std::nullopt;
}

}  // namespace

std::vector<std::string> cel_disjuncts(std::string_view rule) { return top_level_operands(rule, "||"); }

std::optional<std::vector<CelFact>> cel_simple_facts(std::string_view rule) {
    std::vector<CelFact> out;
    for (const auto& term : top_level_operands(rule, "&&")) {
        auto fact = simple_fact(term);
        if (!fact) return std::nullopt;
        out.push_back(std::move(*fact));
    }
    return out;
}

std::optional<std::pair<std::string, std::string>> cel_field_equals(std::string_view expression) {
    const auto code = cel_normalised(expression);
    const auto equals = code.find("==");
    if (equals == std::string::npos || code.find("==", equals + 2) != std::string::npos) return std::nullopt;
    std::string_view left(code.data(), equals);
    std::string_view right(code.data() + equals + 2, code.size() - equals - 2);
    if (!left.starts_with("self.")) std::swap(left, right);
    if (!left.starts_with("self.")) return std::nullopt;
    const auto field = left.substr(5);
    if (field.empty() || !std::all_of(field.begin(), field.end(), is_word)) return std::nullopt;
    // A quoted string with no escapes, an integer, or a boolean.
    const bool quoted = right.size() >= 2 && (right.front() == '\'' || right.front() == '"') && right.back() == right.front() &&
                        right.substr(1, right.size() - 2).find_first_of("\\'\"") == std::string_view::npos;
    if (quoted) return std::pair{std::string(field), "\"" + std::string(right.substr(1, right.size() - 2)) + "\""};
    const bool integer = !right.empty() && std::all_of(right.begin() + (right.front() == '-' ? 1 : 0), right.end(), [](char c) {
        return c >= '0' && c <= '9';
    }) && right != "-";
    if (integer || right == "true" || right == "false") return std::pair{std::string(field), std::string(right)};
    return std::nullopt;
}

bool cel_tests_presence(std::string_view rule, std::string_view field) {
    const auto code = cel_normalised(rule);
    const auto test = "has(self." + std::string(field) + ")";
    return code.find(test) != std::string::npos;
}

}  // namespace kompat
