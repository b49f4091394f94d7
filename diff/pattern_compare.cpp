#include "diff/pattern_compare.hpp"

#include <algorithm>
#include <bitset>
#include <cctype>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace kompat {
namespace {

constexpr int unbounded = std::numeric_limits<int>::max();

// A set of characters: ASCII one by one, everything beyond ASCII as one block (what `.`,
// `\S` and negated classes include; a pattern naming a non-ASCII character is not judged).
struct CharSet {
    std::bitset<128> ascii;
    bool beyond_ascii = false;
    [[nodiscard]] bool within(const CharSet& other) const { return (ascii & ~other.ascii).none() && (!beyond_ascii || other.beyond_ascii); }
};

struct Node;
using Sequence = std::vector<Node>;

struct Node {
    enum class What { literal, chars, anchor, group } what = What::literal;
    std::string base;  // the source text without its quantifier: equal text, equal node
    char literal = 0;
    CharSet chars;
    std::vector<Sequence> alternatives;  // of a group
    int min = 1;
    int max = 1;
};

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    std::optional<std::vector<Sequence>> parse() {
        auto alternatives = parse_alternatives();
        if (!alternatives || at_ != text_.size()) return std::nullopt;
        return alternatives;
    }

private:
    std::optional<std::vector<Sequence>> parse_alternatives() {
        std::vector<Sequence> out(1);
        while (at_ < text_.size() && text_[at_] != ')') {
            if (text_[at_] == '|') {
                ++at_;
                out.emplace_back();
                continue;
            }
            auto node = parse_atom();
            if (!node || !parse_quantifier(*node)) return std::nullopt;
            out.back().push_back(std::move(*node));
        }
        return out;
    }

    static CharSet shorthand(char c) {
        CharSet set;
        for (int i = 0; i < 128; ++i) {
            const auto ch = static_cast<char>(i);
            const bool digit = ch >= '0' && ch <= '9';
            const bool word = digit || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
            const bool space = ch == ' ' || (ch >= '\t' && ch <= '\r');
            const char lower = static_cast<char>(c | 0x20);
            const bool in = lower == 'd' ? digit : lower == 'w' ? word : space;
            set.ascii[i] = (c == lower) == in;
        }
        set.beyond_ascii = c != static_cast<char>(c | 0x20);  // \D, \W, \S
        return set;
    }

    std::optional<Node> parse_atom() {
        const auto start = at_;
        Node node;
        const char c = text_[at_++];
        if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
        if (c == '^' || c == '$') {
            node.what = Node::What::anchor;
        } else if (c == '.') {
            node.what = Node::What::chars;
            node.chars.ascii.set();
            node.chars.ascii.reset('\n');
            node.chars.beyond_ascii = true;
        } else if (c == '(') {
            if (++depth_ > deepest_group) return std::nullopt;
            if (text_.substr(at_, 2) == "?:") at_ += 2;
            else if (at_ < text_.size() && text_[at_] == '?') return std::nullopt;  // lookaround, named groups, flags
            auto alternatives = parse_alternatives();
            if (!alternatives || at_ >= text_.size()) return std::nullopt;
            ++at_;  // ')'
            --depth_;
            node.what = Node::What::group;
            node.alternatives = std::move(*alternatives);
        } else if (c == '[') {
            if (!parse_class(node.chars)) return std::nullopt;
            node.what = Node::What::chars;
        } else if (c == '\\') {
            if (at_ >= text_.size()) return std::nullopt;
            const char e = text_[at_++];
            if (static_cast<unsigned char>(e) >= 0x80) return std::nullopt;
            if (std::string_view("dDwWsS").find(e) != std::string_view::npos) {
                node.what = Node::What::chars;
                node.chars = shorthand(e);
            } else if (std::isalnum(static_cast<unsigned char>(e)) != 0) {
                return std::nullopt;  // \b, \n, \u…, back references: not judged
            } else {
                node.literal = e;
            }
        } else if (std::string_view("*+?{|)").find(c) != std::string_view::npos) {
            return std::nullopt;
        } else {
            node.literal = c;
        }
        node.base = std::string(text_.substr(start, at_ - start));
        return node;
    }

    bool parse_class(CharSet& set) {
        const bool negated = at_ < text_.size() && text_[at_] == '^';
        if (negated) ++at_;
        bool first = true;
        while (at_ < text_.size() && (text_[at_] != ']' || first)) {
            first = false;
            char low = text_[at_++];
            if (static_cast<unsigned char>(low) >= 0x80) return false;
            if (low == '\\') {
                if (at_ >= text_.size()) return false;
                const char e = text_[at_++];
                if (static_cast<unsigned char>(e) >= 0x80) return false;
                if (std::string_view("dDwWsS").find(e) != std::string_view::npos) {
                    const auto more = shorthand(e);
                    set.ascii |= more.ascii;
                    set.beyond_ascii = set.beyond_ascii || more.beyond_ascii;
                    continue;
                }
                if (std::isalnum(static_cast<unsigned char>(e)) != 0) return false;
                low = e;
            }
            char high = low;
            if (at_ + 1 < text_.size() && text_[at_] == '-' && text_[at_ + 1] != ']') {
                high = text_[at_ + 1];
                at_ += 2;
                if (high == '\\' || static_cast<unsigned char>(high) >= 0x80 || high < low) return false;
            }
            for (int ch = low; ch <= high; ++ch) set.ascii.set(static_cast<std::size_t>(ch));
        }
        if (at_ >= text_.size()) return false;
        ++at_;  // ']'
        if (negated) {
            set.ascii.flip();
            set.beyond_ascii = !set.beyond_ascii;
        }
        return true;
    }

    bool parse_quantifier(Node& node) {
        if (at_ >= text_.size()) return true;
        const char c = text_[at_];
        if (c == '?' || c == '*' || c == '+') {
            ++at_;
            node.min = c == '+' ? 1 : 0;
            node.max = c == '?' ? 1 : unbounded;
        } else if (c == '{') {
            const auto close = text_.find('}', at_);
            if (close == std::string_view::npos) return false;
            const auto body = text_.substr(at_ + 1, close - at_ - 1);
            const auto comma = body.find(',');
            const auto number = [](std::string_view digits, int& out) {
                if (digits.empty() || digits.size() > 6) return false;
                out = 0;
                for (const char d : digits) {
                    if (d < '0' || d > '9') return false;
                    out = out * 10 + (d - '0');
                }
                return true;
            };
            if (!number(body.substr(0, comma), node.min)) return false;
            if (comma == std::string_view::npos) node.max = node.min;
            else if (comma + 1 == body.size()) node.max = unbounded;
            else if (!number(body.substr(comma + 1), node.max) || node.max < node.min) return false;
            at_ = close + 1;
        } else {
            return true;
        }
        if (node.what == Node::What::anchor) return false;
        if (at_ < text_.size() && (text_[at_] == '?' || text_[at_] == '+')) return false;  // lazy or possessive: not judged
        return true;
    }

    static constexpr int deepest_group = 32;
    std::string_view text_;
    std::size_t at_ = 0;
    int depth_ = 0;
};

PatternRelation from_subsets(bool old_within_new, bool new_within_old) {
    if (old_within_new && new_within_old) return PatternRelation::same;
    if (old_within_new) return PatternRelation::wider;
    if (new_within_old) return PatternRelation::narrower;
    return PatternRelation::unknown;
}

// The strings a sequence matches, when they are few (no anchors, no unbounded repetition).
constexpr std::size_t most_strings = 512;

bool language_of(const Sequence& sequence, std::set<std::string>& out);

// Every head followed by every tail, unless that makes too many.
bool append_product(const std::set<std::string>& heads, const std::set<std::string>& tails, std::set<std::string>& out) {
    if (heads.size() * tails.size() > most_strings) return false;
    for (const auto& head : heads)
        for (const auto& tail : tails) out.insert(head + tail);
    return true;
}

bool language_of_node(const Node& node, std::set<std::string>& out) {
    std::set<std::string> once;
    switch (node.what) {
        case Node::What::anchor: return false;
        case Node::What::literal: once.insert(std::string(1, node.literal)); break;
        case Node::What::chars:
            if (node.chars.beyond_ascii || node.chars.ascii.count() > 64) return false;
            for (int ch = 0; ch < 128; ++ch)
                if (node.chars.ascii[static_cast<std::size_t>(ch)]) once.insert(std::string(1, static_cast<char>(ch)));
            break;
        case Node::What::group:
            for (const auto& alternative : node.alternatives) {
                std::set<std::string> strings;
                if (!language_of(alternative, strings)) return false;
                once.insert(strings.begin(), strings.end());
                if (once.size() > most_strings) return false;
            }
            break;
    }
    if (node.max == unbounded || node.max > 8) return false;
    std::set<std::string> repeated{""};
    for (int count = 0; count <= node.max; ++count) {
        if (count >= node.min) out.insert(repeated.begin(), repeated.end());
        if (count == node.max) break;
        std::set<std::string> next;
        if (!append_product(repeated, once, next)) return false;
        repeated = std::move(next);
    }
    return out.size() <= most_strings;
}

bool language_of(const Sequence& sequence, std::set<std::string>& out) {
    std::set<std::string> strings{""};
    for (const auto& node : sequence) {
        std::set<std::string> part;
        if (!language_of_node(node, part)) return false;
        std::set<std::string> next;
        if (!append_product(strings, part, next)) return false;
        strings = std::move(next);
    }
    out.insert(strings.begin(), strings.end());
    return true;
}

// Work left: comparing a hostile pattern stops, undecided, when it runs out.
struct Budget {
    std::size_t steps = 20000;
    bool spend(std::size_t cost) {
        if (cost > steps) {
            steps = 0;
            return false;
        }
        steps -= cost;
        return true;
    }
};

PatternRelation compare_alternatives(const std::vector<Sequence>& before, const std::vector<Sequence>& after, Budget& budget);

// The last resort: every string each side's alternatives match, when they are few.
PatternRelation compare_languages(std::span<const Sequence> before, std::span<const Sequence> after, Budget& budget) {
    // Enumerating strings costs up to thousands of steps.
    if (!budget.spend(2 * most_strings)) return PatternRelation::unknown;
    std::set<std::string> old_strings;
    std::set<std::string> new_strings;
    for (const auto& sequence : before)
        if (!language_of(sequence, old_strings)) return PatternRelation::unknown;
    for (const auto& sequence : after)
        if (!language_of(sequence, new_strings)) return PatternRelation::unknown;
    return from_subsets(std::includes(new_strings.begin(), new_strings.end(), old_strings.begin(), old_strings.end()),
                        std::includes(old_strings.begin(), old_strings.end(), new_strings.begin(), new_strings.end()));
}

std::string text_of(const Sequence& sequence) {
    std::string out;
    for (const auto& node : sequence) out += node.base + "{" + std::to_string(node.min) + "," + std::to_string(node.max) + "}";
    return out;
}

bool same_node(const Node& a, const Node& b) { return a.base == b.base && a.min == b.min && a.max == b.max; }

PatternRelation compare_nodes(const Node& a, const Node& b, Budget& budget) {
    if (a.base == b.base) {
        // The same atom repeated a different number of times.
        return from_subsets(b.min <= a.min && a.max <= b.max, a.min <= b.min && b.max <= a.max);
    }
    if (a.min != b.min || a.max != b.max) return PatternRelation::unknown;
    if (a.what == Node::What::chars && b.what == Node::What::chars) return from_subsets(a.chars.within(b.chars), b.chars.within(a.chars));
    if (a.what == Node::What::group && b.what == Node::What::group) return compare_alternatives(a.alternatives, b.alternatives, budget);
    return PatternRelation::unknown;
}

PatternRelation compare_sequences(const Sequence& before, const Sequence& after, Budget& budget) {
    if (!budget.spend(before.size() + after.size() + 1)) return PatternRelation::unknown;
    // What both share at each end stays; the edit is what lies between.
    std::size_t head = 0;
    while (head < before.size() && head < after.size() && same_node(before[head], after[head])) ++head;
    std::size_t tail = 0;
    while (tail < before.size() - head && tail < after.size() - head &&
           same_node(before[before.size() - 1 - tail], after[after.size() - 1 - tail]))
        ++tail;
    const Sequence old_middle(before.begin() + static_cast<std::ptrdiff_t>(head), before.end() - static_cast<std::ptrdiff_t>(tail));
    const Sequence new_middle(after.begin() + static_cast<std::ptrdiff_t>(head), after.end() - static_cast<std::ptrdiff_t>(tail));
    if (old_middle.empty() && new_middle.empty()) return PatternRelation::same;
    if (old_middle.size() == 1 && new_middle.size() == 1) {
        const auto relation = compare_nodes(old_middle.front(), new_middle.front(), budget);
        if (relation != PatternRelation::unknown) return relation;
    }
    return compare_languages({&old_middle, 1}, {&new_middle, 1}, budget);
}

// How each old alternative (rows) relates to each new one (columns).
using RelationTable = std::vector<std::vector<PatternRelation>>;

RelationTable relation_table(const std::vector<Sequence>& before, const std::vector<Sequence>& after, Budget& budget) {
    const auto texts = [](const std::vector<Sequence>& alternatives) {
        std::vector<std::string> out;
        for (const auto& sequence : alternatives) out.push_back(text_of(sequence));
        return out;
    };
    const auto old_texts = texts(before);
    const auto new_texts = texts(after);
    RelationTable relation(before.size(), std::vector<PatternRelation>(after.size()));
    for (std::size_t i = 0; i < before.size(); ++i)
        for (std::size_t j = 0; j < after.size(); ++j)
            relation[i][j] = old_texts[i] == new_texts[j] ? PatternRelation::same : compare_sequences(before[i], after[j], budget);
    return relation;
}

// Whether each alternative of one side (the old one: rows) lies within some alternative of the other.
bool each_within_another(const RelationTable& relation, std::size_t rows, std::size_t columns, bool old_side) {
    const auto outer = old_side ? rows : columns;
    const auto inner = old_side ? columns : rows;
    const auto within = old_side ? PatternRelation::wider : PatternRelation::narrower;
    for (std::size_t a = 0; a < outer; ++a) {
        bool found = false;
        for (std::size_t b = 0; b < inner && !found; ++b) {
            const auto r = old_side ? relation[a][b] : relation[b][a];
            found = r == PatternRelation::same || r == within;
        }
        if (!found) return false;
    }
    return true;
}

PatternRelation compare_alternatives(const std::vector<Sequence>& before, const std::vector<Sequence>& after, Budget& budget) {
    if (before.size() == 1 && after.size() == 1) return compare_sequences(before.front(), after.front(), budget);
    // Each alternative of one side within some alternative of the other: alternatives
    // added, removed or widened, the others kept.
    constexpr std::size_t most_pairs = 1024;
    if (before.size() * after.size() <= most_pairs) {
        const auto relation = relation_table(before, after, budget);
        const auto found = from_subsets(each_within_another(relation, before.size(), after.size(), true),
                                        each_within_another(relation, before.size(), after.size(), false));
        if (found != PatternRelation::unknown) return found;
    }
    return compare_languages(before, after, budget);
}

// Lengths saturate here: no bound a schema writes comes near it.
constexpr std::uint64_t longest_counted = std::uint64_t{1} << 40;

std::uint64_t times(std::uint64_t a, std::uint64_t b) { return b != 0 && a > longest_counted / b ? longest_counted : a * b; }

struct Span {
    std::uint64_t fewest = 0;
    std::uint64_t most = 0;  // longest_counted: no limit
};

Span span_of(const std::vector<Sequence>& alternatives);

Span span_of(const Sequence& sequence) {
    Span total;
    for (const auto& node : sequence) {
        Span once{1, 1};
        if (node.what == Node::What::anchor) once = {0, 0};
        else if (node.what == Node::What::group) once = span_of(node.alternatives);
        const auto max = node.max == unbounded ? longest_counted : static_cast<std::uint64_t>(node.max);
        total.fewest = std::min(longest_counted, total.fewest + times(once.fewest, static_cast<std::uint64_t>(node.min)));
        total.most = std::min(longest_counted, total.most + times(once.most, max));
    }
    return total;
}

Span span_of(const std::vector<Sequence>& alternatives) {
    Span out{longest_counted, 0};
    for (const auto& sequence : alternatives) {
        const auto one = span_of(sequence);
        out.fewest = std::min(out.fewest, one.fewest);
        out.most = std::max(out.most, one.most);
    }
    return out;
}

bool anchored_both_ends(const Sequence& sequence) {
    const auto is = [](const Node& node, char c) { return node.what == Node::What::anchor && node.base == std::string(1, c); };
    return sequence.size() >= 2 && is(sequence.front(), '^') && is(sequence.back(), '$');
}

}  // namespace

std::optional<PatternLengths> pattern_lengths(std::string_view pattern) {
    constexpr std::size_t longest_read = 4096;
    if (pattern.size() > longest_read) return std::nullopt;
    const auto tree = Parser(pattern).parse();
    if (!tree) return std::nullopt;
    const auto span = span_of(*tree);
    PatternLengths out{span.fewest, std::nullopt};
    if (std::all_of(tree->begin(), tree->end(), anchored_both_ends) && span.most < longest_counted) out.most = span.most;
    return out;
}

PatternRelation compare_patterns(std::string_view before, std::string_view after) {
    if (before == after) return PatternRelation::same;
    // Hostile input: a pattern is judged only when short enough to judge quickly.
    constexpr std::size_t longest_judged = 4096;
    if (before.size() > longest_judged || after.size() > longest_judged) return PatternRelation::unknown;
    auto old_tree = Parser(before).parse();
    auto new_tree = Parser(after).parse();
    if (!old_tree || !new_tree) return PatternRelation::unknown;
    Budget budget;
    return compare_alternatives(*old_tree, *new_tree, budget);
}

}  // namespace kompat
