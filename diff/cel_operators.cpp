#include "diff/cel_operators.hpp"

#include <re2/re2.h>

#include <algorithm>

namespace kompat {

void join(std::optional<CelValue>& out, CelValue v) {
    if (!out) {
        out = std::move(v);
        return;
    }
    if (out->values && v.values) out->values->insert(out->values->end(), v.values->begin(), v.values->end());
    else out->values.reset();
    if (out->range && v.range)
        out->range = IntegerRange{std::min(out->range->least, v.range->least), std::max(out->range->most, v.range->most)};
    else out->range.reset();
    out->can_succeed = out->can_succeed || v.can_succeed;
    out->can_fail = out->can_fail || v.can_fail;
    if (out->old_schema != v.old_schema) out->old_schema = nullptr;
    out->items.reset();
}

Outcomes compare_values(const CelValue& a, const CelValue& b) {
    if (a.range && b.range && (a.range->most < b.range->least || b.range->most < a.range->least)) return only_false;
    if (!a.values || !b.values) return true_or_false;
    Outcomes out;
    for (const auto& x : *a.values)
        for (const auto& y : *b.values) {
            const auto same = literals_equal(x, y);
            if (!same) return true_or_false;
            (*same ? out.can_be_true : out.can_be_false) = true;
        }
    return out;
}

Outcomes membership(const CelValue& a, const std::vector<CelLiteral>& items) {
    if (!a.values) return true_or_false;
    Outcomes out;
    for (const auto& x : *a.values) {
        bool found = false;
        bool unknown = false;
        for (const auto& y : items) {
            const auto same = literals_equal(x, y);
            found = found || same.value_or(false);
            unknown = unknown || !same;
        }
        if (found) out.can_be_true = true;
        else if (unknown) out = out | true_or_false;
        else out.can_be_false = true;
    }
    return out;
}

Outcomes ordering(std::string_view op, const CelValue& l, const CelValue& r) {
    if (!l.range || !r.range) return true_or_false;
    const auto [a, b] = std::pair{*l.range, *r.range};
    const bool less = op == "<" || op == "<=";
    const bool strict = op == "<" || op == ">";
    // For `l < r`: always when l.most < r.least; never when l.least >= r.most.
    const auto& low = less ? a : b;
    const auto& high = less ? b : a;
    if (strict ? low.most < high.least : low.most <= high.least) return only_true;
    if (strict ? low.least >= high.most : low.least > high.most) return only_false;
    return true_or_false;
}

std::optional<Outcomes> string_test(const CelNode& node, const CelValue& receiver, const CelValue& argument) {
    if (!receiver.values || !argument.values || argument.values->size() != 1) return std::nullopt;
    const auto& pattern = argument.values->front();
    if (pattern.type != CelLiteral::Type::string) return std::nullopt;
    std::optional<RE2> regex;
    if (node.text == "matches") {
        regex.emplace(pattern.text, RE2::Quiet);
        if (!regex->ok()) return std::nullopt;
    }
    Outcomes out;
    for (const auto& v : *receiver.values) {
        if (v.type != CelLiteral::Type::string) return std::nullopt;
        const std::string_view s = v.text;
        bool holds = false;
        if (node.text == "startsWith") holds = s.starts_with(pattern.text);
        else if (node.text == "endsWith") holds = s.ends_with(pattern.text);
        else if (node.text == "contains") holds = s.find(pattern.text) != std::string_view::npos;
        else if (node.text == "matches") holds = RE2::PartialMatch(v.text, *regex);
        else return std::nullopt;
        (holds ? out.can_be_true : out.can_be_false) = true;
    }
    return out;
}

bool is_total(std::string_view function) {
    return function == "size" || function == "startsWith" || function == "endsWith" || function == "contains" || function == "matches" ||
           function == "lowerAscii" || function == "upperAscii";
}

bool same_tree(const CelNode& a, const CelNode& b) {
    if (a.kind != b.kind || a.text != b.text || !(a.literal == b.literal) || a.has_receiver != b.has_receiver ||
        a.children.size() != b.children.size())
        return false;
    for (std::size_t i = 0; i < a.children.size(); ++i)
        if (!same_tree(a.children[i], b.children[i])) return false;
    return true;
}

std::optional<std::set<std::string>> keys_compared(const CelNode& predicate, const std::string& a, const std::string& b) {
    if (predicate.kind == CelNode::Kind::binary && predicate.text == "&&") {
        auto left = keys_compared(predicate.children[0], a, b);
        auto right = keys_compared(predicate.children[1], a, b);
        if (!left || !right) return std::nullopt;
        left->insert(right->begin(), right->end());
        return left;
    }
    if (predicate.kind != CelNode::Kind::binary || predicate.text != "==") return std::nullopt;
    const auto field_of = [](const CelNode& n, const std::string& variable) -> std::optional<std::string> {
        if (n.kind != CelNode::Kind::select || n.children[0].kind != CelNode::Kind::name || n.children[0].text != variable)
            return std::nullopt;
        return n.text;
    };
    const auto& l = predicate.children[0];
    const auto& r = predicate.children[1];
    auto x = field_of(l, a);
    auto y = field_of(r, b);
    if (!x || !y) {
        x = field_of(r, a);
        y = field_of(l, b);
    }
    if (!x || !y || *x != *y) return std::nullopt;
    return std::set<std::string>{*x};
}

}  // namespace kompat
