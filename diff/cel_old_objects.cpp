// A CEL rule evaluated over the objects OLD admitted, not over one object: each value is
// what an old object may hold there (cel_value.hpp), each boolean the set of outcomes it
// may have. CEL's `&&` and `||` absorb errors both ways round (`false && error` is
// false), as cel-spec says. Two things keep the parts of a rule together:
// - the rule is evaluated once for each choice an old object makes among the optional
//   fields the rule reads (present or absent) and the enum values they hold;
// - a branch is evaluated knowing its guard: `has(self.a) ? self.a.b : …`, `self.size()
//   > 0 && self[0]…`, `!has(self.a) || self.a != ''`.
#include "diff/cel_old_objects.hpp"

#include "diff/cel_operators.hpp"
#include "diff/cel_syntax.hpp"
#include "diff/cel_value.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace kompat {
namespace {

std::string quoted(const std::string& name) { return "`" + name + "`"; }

// One choice an old object makes: whether an optional field is present ("self.a": 0
// absent, 1 present) or which of its enum values it holds ("self.a=": the index).
struct ChoicePoint {
    std::string key;
    std::size_t count = 0;
};
using Choices = std::map<std::string, std::size_t>;

class Evaluator {
public:
    Evaluator(const Schema& o, const Schema& n, Choices choices) : o_(o), n_(n), choices_(std::move(choices)) {}

    Outcomes rule(const CelNode& node) { return outcomes_of(evaluate(node)); }

    std::vector<ChoicePoint> choice_points;  // where a choice was left open, in the order met
    std::vector<std::string> new_in_new;
    std::vector<std::string> old_schema;

private:
    CelValue evaluate(const CelNode& node) {
        switch (node.kind) {
            case CelNode::Kind::literal: return literal_value(node.literal);
            case CelNode::Kind::name: return name(node.text);
            case CelNode::Kind::select: return select(evaluate(node.children[0]), node.text);
            case CelNode::Kind::call: return call(node);
            case CelNode::Kind::index: return index(evaluate(node.children[0]), node.children[1]);
            case CelNode::Kind::list: return list(node);
            case CelNode::Kind::map: return map(node);
            case CelNode::Kind::unary: return unary(node);
            case CelNode::Kind::binary: return binary(node);
            case CelNode::Kind::conditional: return conditional(node);
        }
        return any_value(true);
    }

    CelValue name(const std::string& text) {
        if (const auto bound = variables_.find(text); bound != variables_.end()) return bound->second;
        if (text != "self") return any_value(false);  // oldSelf, a type name
        CelValue out;
        out.old_schema = &o_;
        out.new_schema = &n_;
        out.path = "self";
        out.name = "self";
        out.values = values_at(&o_, out.path, "self");
        return out;
    }

    // The choice made at `key` (one of `count`), or nullopt, noting the point to split on.
    std::optional<std::size_t> choice(const std::string& key, std::size_t count) {
        if (key.empty()) return std::nullopt;
        if (const auto assumed = assumed_.find(key); assumed != assumed_.end()) return assumed->second;
        if (const auto chosen = choices_.find(key); chosen != choices_.end()) return chosen->second;
        if (std::none_of(choice_points.begin(), choice_points.end(), [&](const ChoicePoint& p) { return p.key == key; }))
            choice_points.push_back({key, count});
        return std::nullopt;
    }

    // The values OLD allows at `path`, one of them when split on.
    std::optional<std::vector<CelLiteral>> values_at(const Schema* s, const std::string& path, const std::string& name) {
        auto values = allowed_values(s);
        if (!values || values->size() < 2 || path.empty()) return values;
        const auto chosen = choice(path + "=", values->size());
        if (!chosen) return values;
        std::vector<std::string> shown;
        for (const auto& v : *values) shown.push_back(quoted(v.text));
        add_once(old_schema, values->size() <= 4 ? fmt::format("{} was one of {}", quoted(name), fmt::join(shown, ", "))
                                                 : fmt::format("{} was one of its {} enum values", quoted(name), values->size()));
        return std::vector{values->at(*chosen)};
    }

    enum class Presence { present, absent, optional };

    struct Field {
        Presence presence = Presence::optional;
        const Schema* old_schema = nullptr;
        const Schema* new_schema = nullptr;
        std::string path;
    };

    Field field_of(const CelValue& parent, const std::string& field) {
        Field out;
        out.new_schema = property_schema(parent.new_schema, field);
        if (parent.old_schema == nullptr) return out;
        out.old_schema = property_schema(parent.old_schema, field);
        if (out.old_schema == nullptr) {
            if (closed(*parent.old_schema)) out.presence = Presence::absent;
            return out;
        }
        if (!parent.path.empty()) out.path = parent.path + "." + field;
        if (parent.old_schema->requires_property(field) || out.old_schema->default_value != nullptr) out.presence = Presence::present;
        else if (const auto chosen = choice(out.path, 2)) out.presence = *chosen == 1 ? Presence::present : Presence::absent;
        return out;
    }

    // A field no old object has: its default where NEW gives one, else an error to read.
    CelValue new_field(const CelValue& parent, const Field& f, const std::string& name) {
        const auto* fallback = f.new_schema == nullptr ? nullptr : f.new_schema->default_value;
        if (fallback == nullptr) {
            add_once(new_in_new, quoted(name));
            return error_value();
        }
        CelValue out = any_value(parent.can_fail);
        if (auto literal = default_literal(*f.new_schema)) {
            add_once(new_in_new, fmt::format("{} (default {})", quoted(name), quoted(literal->text)));
            out.values = std::vector{std::move(*literal)};
        }
        out.new_schema = f.new_schema;
        out.name = name;
        return out;
    }

    CelValue select(const CelValue& parent, const std::string& name) {
        if (!parent.can_succeed) return error_value();
        if (parent.values) return any_value(true);  // a field of a literal
        const auto f = field_of(parent, name);
        if (f.presence == Presence::absent) return f.old_schema == nullptr ? new_field(parent, f, name) : error_value();
        CelValue out;
        out.can_fail = parent.can_fail || f.presence == Presence::optional || parent.old_schema == nullptr || parent.old_schema->nullable;
        out.old_schema = f.old_schema;
        out.new_schema = f.new_schema;
        out.path = f.path;
        out.name = name;
        out.values = values_at(f.old_schema, f.path, name);
        return out;
    }

    CelValue has(const CelNode& argument) {
        if (argument.kind != CelNode::Kind::select) return any_value(true);
        const auto parent = evaluate(argument.children[0]);
        if (!parent.can_succeed) return error_value();
        const auto f = field_of(parent, argument.text);
        Outcomes out{false, false, parent.can_fail || parent.values.has_value()};
        if (f.presence == Presence::present) {
            out.can_be_true = true;
            if (parent.old_schema->requires_property(argument.text)) add_once(old_schema, quoted(argument.text) + " is required");
        } else if (f.presence == Presence::absent && f.old_schema == nullptr) {
            const bool defaulted = f.new_schema != nullptr && f.new_schema->default_value != nullptr;
            (defaulted ? out.can_be_true : out.can_be_false) = true;
            add_once(new_in_new, quoted(argument.text));
        } else if (f.presence == Presence::absent) {
            out.can_be_false = true;
        } else {
            out = out | true_or_false;
        }
        return boolean_value(out);
    }

    // The fewest items the value at `path` has: OLD's minItems, or what a guard showed.
    long long fewest_items(const CelValue& v) const {
        long long out = v.old_schema != nullptr ? size_range(*v.old_schema).least : 0;
        if (const auto guard = at_least_.find(v.path); !v.path.empty() && guard != at_least_.end()) out = std::max(out, guard->second);
        return out;
    }

    CelValue index(const CelValue& container, const CelNode& key) {
        const auto at = evaluate(key);
        if (!container.can_succeed || !at.can_succeed) return error_value();
        CelValue out = any_value(true);
        if (container.old_schema == nullptr) return out;
        const bool list = container.old_schema->items != nullptr;
        out.old_schema = list ? container.old_schema->items.get() : container.old_schema->additional_properties.get();
        out.values = allowed_values(out.old_schema);
        out.name = container.name;
        // An item within the list's fewest items is there: `self.size() > 2 ? self[2] : …`.
        if (list && at.range && at.range->least == at.range->most && at.range->least >= 0 && !container.path.empty()) {
            out.path = fmt::format("{}[{}]", container.path, at.range->least);
            out.can_fail = container.can_fail || at.range->least >= fewest_items(container);
        }
        return out;
    }

    CelValue list(const CelNode& node) {
        CelValue out;
        out.items.emplace();
        for (const auto& child : node.children) {
            const auto item = evaluate(child);
            out.can_succeed = out.can_succeed && item.can_succeed;
            out.can_fail = out.can_fail || item.can_fail;
            if (out.items && item.values && item.values->size() == 1) out.items->push_back(item.values->front());
            else out.items.reset();
        }
        return out;
    }

    CelValue map(const CelNode& node) {
        CelValue out;
        for (const auto& child : node.children) {
            const auto item = evaluate(child);
            out.can_succeed = out.can_succeed && item.can_succeed;
            out.can_fail = out.can_fail || item.can_fail;
        }
        return out;
    }

    CelValue unary(const CelNode& node) {
        const auto operand = evaluate(node.children[0]);
        if (node.text == "-") return operand.can_succeed ? any_value(true) : error_value();
        const auto o = outcomes_of(operand);
        return boolean_value({o.can_be_false, o.can_be_true, o.can_fail});
    }

    // What a guard that evaluated to `holds` shows: fields present or absent, a list's
    // fewest items. The state before, to restore after the guarded branch.
    struct Knowledge {
        Choices assumed;
        std::map<std::string, long long> at_least;
    };

    Knowledge assume(const CelNode& guard, bool holds) {
        Knowledge before{assumed_, at_least_};
        learn(guard, holds);
        return before;
    }

    void restore(Knowledge before) {
        assumed_ = std::move(before.assumed);
        at_least_ = std::move(before.at_least);
    }

    void learn(const CelNode& guard, bool holds) {
        if (guard.kind == CelNode::Kind::unary && guard.text == "!") return learn(guard.children[0], !holds);
        if (guard.kind == CelNode::Kind::binary && ((guard.text == "&&" && holds) || (guard.text == "||" && !holds))) {
            learn(guard.children[0], holds);
            learn(guard.children[1], holds);
            return;
        }
        if (guard.kind == CelNode::Kind::call && guard.text == "has" && guard.children.size() == 1 &&
            guard.children[0].kind == CelNode::Kind::select) {
            const auto& field = guard.children[0];
            const auto parent = evaluate(field.children[0]);
            if (!parent.path.empty()) assumed_[parent.path + "." + field.text] = holds ? 1 : 0;
            if (holds) learn_present(field.children[0]);
            return;
        }
        if (guard.kind == CelNode::Kind::binary && holds) learn_size(guard);
    }

    // `has(self.a.b)` held: `self.a` is present too.
    void learn_present(const CelNode& node) {
        if (node.kind != CelNode::Kind::select) return;
        const auto parent = evaluate(node.children[0]);
        if (!parent.path.empty()) assumed_[parent.path + "." + node.text] = 1;
        learn_present(node.children[0]);
    }

    // `X.size() > N`, `size(X) >= N`, `N < X.size()` held: X has at least so many items.
    void learn_size(const CelNode& guard) {
        const auto sized = [](const CelNode& n) -> const CelNode* {
            if (n.kind != CelNode::Kind::call || n.text != "size" || n.children.size() != 1) return nullptr;
            return &n.children[0];
        };
        auto op = guard.text;
        const CelNode* subject = sized(guard.children[0]);
        const CelNode* bound = &guard.children[1];
        if (subject == nullptr) {
            subject = sized(guard.children[1]);
            bound = &guard.children[0];
            op = op == "<" ? ">" : op == "<=" ? ">=" : op;
        }
        if (subject == nullptr || bound->kind != CelNode::Kind::literal || (op != ">" && op != ">=")) return;
        const auto n = literal_value(bound->literal).range;
        const auto value = evaluate(*subject);
        if (!n || value.path.empty()) return;
        auto& least = at_least_[value.path];
        least = std::max(least, op == ">" ? n->least + 1 : n->least);
    }

    CelValue guarded(const CelNode& guard, bool holds, const CelNode& branch) {
        auto before = assume(guard, holds);
        auto out = evaluate(branch);
        restore(std::move(before));
        return out;
    }

    CelValue conditional(const CelNode& node) {
        const auto condition = outcomes_of(evaluate(node.children[0]));
        std::optional<CelValue> out;
        if (condition.can_be_true) join(out, guarded(node.children[0], true, node.children[1]));
        if (condition.can_be_false) join(out, guarded(node.children[0], false, node.children[2]));
        if (condition.can_fail) join(out, error_value());
        return out ? *out : error_value();
    }

    // Why an equality was decided: a literal OLD's enum does not allow.
    void note_enum(const CelValue& field, const CelValue& literal) {
        if (field.name.empty() || !literal.values || literal.values->size() != 1 || !field.values) return;
        const auto& l = literal.values->front();
        if (l.type != CelLiteral::Type::string && l.type != CelLiteral::Type::integer) return;
        const auto in_old = allowed_values(field.old_schema);
        if (!in_old || std::find(in_old->begin(), in_old->end(), l) != in_old->end()) return;
        const auto in_new = allowed_values(field.new_schema);
        if (in_new && std::find(in_new->begin(), in_new->end(), l) != in_new->end()) add_once(new_in_new, "the value " + quoted(l.text));
        else add_once(old_schema, quoted(field.name) + " was limited to its enum");
    }

    CelValue equality(const CelValue& l, const CelValue& r, bool negated) {
        if (!l.can_succeed || !r.can_succeed) return error_value();
        auto compared = compare_values(l, r);
        if (!compared.can_be_true) {
            note_enum(l, r);
            note_enum(r, l);
        }
        if (negated) std::swap(compared.can_be_true, compared.can_be_false);
        return boolean_value(compared | Outcomes{false, false, l.can_fail || r.can_fail});
    }

    CelValue binary(const CelNode& node) {
        const auto& op = node.text;
        const auto l = evaluate(node.children[0]);
        if (op == "&&" || op == "||") {
            const auto a = outcomes_of(l);
            const auto b = outcomes_of(guarded(node.children[0], op == "&&", node.children[1]));
            if (op == "&&")
                return boolean_value({a.can_be_true && b.can_be_true, a.can_be_false || b.can_be_false,
                                      (a.can_fail && (b.can_be_true || b.can_fail)) || (b.can_fail && (a.can_be_true || a.can_fail))});
            return boolean_value({a.can_be_true || b.can_be_true, a.can_be_false && b.can_be_false,
                                  (a.can_fail && (b.can_be_false || b.can_fail)) || (b.can_fail && (a.can_be_false || a.can_fail))});
        }
        const auto r = evaluate(node.children[1]);
        if (op == "==" || op == "!=") return equality(l, r, op == "!=");
        if (!l.can_succeed || !r.can_succeed) return error_value();
        const Outcomes errors{false, false, l.can_fail || r.can_fail};
        if (op == "in") return boolean_value(errors | (r.items ? membership(l, *r.items) : true_or_false));
        if (op == "<" || op == "<=" || op == ">" || op == ">=") return boolean_value(ordering(op, l, r) | errors);
        if (op == "+" && l.range && r.range) {
            const auto total = sum(*l.range, *r.range);
            return integer_value(total, errors.can_fail || total.most == LLONG_MAX || total.least == LLONG_MIN);
        }
        return any_value(true);  // arithmetic: it may overflow or divide by zero
    }

    // `R.all(a, R.exists_one(b, a.k == b.k && …))` over a list OLD keyed by those fields
    // (x-kubernetes-list-map-keys): each item has exactly one match, itself.
    std::optional<CelValue> unique_by_keys(const CelNode& node, const CelValue& range) {
        const auto& predicate = node.children[2];
        if (node.text != "all" || range.old_schema == nullptr || predicate.kind != CelNode::Kind::call || predicate.text != "exists_one" ||
            !predicate.has_receiver || predicate.children.size() != 3 || predicate.children[1].kind != CelNode::Kind::name ||
            !same_tree(predicate.children[0], node.children[0]))
            return std::nullopt;
        const auto& k8s = range.old_schema->kubernetes();
        if (k8s.list_type != "map" || k8s.list_map_keys.empty()) return std::nullopt;
        const auto compared = keys_compared(predicate.children[2], node.children[1].text, predicate.children[1].text);
        if (!compared || std::any_of(k8s.list_map_keys.begin(), k8s.list_map_keys.end(),
                                     [&](std::string_view key) { return !compared->contains(std::string(key)); }))
            return std::nullopt;
        std::vector<std::string> keys;
        for (const auto key : k8s.list_map_keys) keys.push_back(quoted(std::string(key)));
        add_once(old_schema,
                 fmt::format("{} was a list keyed by {}", quoted(range.name.empty() ? "self" : range.name), fmt::join(keys, " and ")));
        return boolean_value({true, false, range.can_fail});
    }

    // `all`, `exists`, `exists_one`, `map`, `filter` over what an old object holds.
    CelValue comprehension(const CelNode& node) {
        const auto range = evaluate(node.children[0]);
        if (!range.can_succeed) return error_value();
        if (node.children.size() != 3 || node.children[1].kind != CelNode::Kind::name) return any_value(true);
        if (auto unique = unique_by_keys(node, range)) return *unique;
        CelValue element;
        if (range.items) element.values = range.items;
        // Each comprehension's element is its own root of choices.
        element.path = fmt::format("{}@{}", node.children[1].text, static_cast<const void*>(&node));
        if (range.old_schema != nullptr && range.old_schema->items) {
            element.old_schema = range.old_schema->items.get();
            element.new_schema = range.new_schema != nullptr && range.new_schema->items ? range.new_schema->items.get() : nullptr;
            element.values = values_at(element.old_schema, element.path, range.name);
        }
        const auto& variable = node.children[1].text;
        const auto shadowed = variables_.find(variable);
        std::optional<CelValue> outer;
        if (shadowed != variables_.end()) outer = shadowed->second;
        variables_[variable] = element;
        const auto predicate = outcomes_of(evaluate(node.children[2]));
        if (outer) variables_[variable] = *outer;
        else variables_.erase(variable);
        const bool can_fail = range.can_fail || predicate.can_fail;
        if (node.text == "all") return boolean_value({true, predicate.can_be_false, can_fail});
        if (node.text == "exists" || node.text == "exists_one") return boolean_value({predicate.can_be_true, true, can_fail});
        CelValue out = any_value(can_fail);  // map, filter: a list
        out.empty = range.empty || (node.text == "filter" && !predicate.can_be_true);
        return out;
    }

    // `size(X)`: 0 for a list known empty, else within OLD's bounds on X.
    CelValue size(const CelValue& of, bool can_fail) {
        if (of.empty) return integer_value({0, 0}, can_fail);
        if (of.old_schema == nullptr) return integer_value({0, LLONG_MAX}, can_fail);
        auto bounds = size_range(*of.old_schema);
        bounds.least = std::max(bounds.least, fewest_items(of));
        if (bounds.most != LLONG_MAX && !of.name.empty()) {
            const auto type = of.old_schema->type.size() == 1 ? of.old_schema->type.front() : std::string_view();
            const auto* keyword = type == "array" ? "maxItems" : type == "string" ? "maxLength" : "maxProperties";
            add_once(old_schema, fmt::format("{} of {} was {}", keyword, quoted(of.name), bounds.most));
        }
        return integer_value(bounds, can_fail);
    }

    CelValue call(const CelNode& node) {
        if (node.text == "has" && !node.has_receiver && node.children.size() == 1) return has(node.children[0]);
        const bool macro =
            node.text == "all" || node.text == "exists" || node.text == "exists_one" || node.text == "map" || node.text == "filter";
        if (macro && node.has_receiver) return comprehension(node);
        std::vector<CelValue> arguments;
        for (const auto& child : node.children) arguments.push_back(evaluate(child));
        bool can_fail = !is_total(node.text);
        for (const auto& a : arguments) {
            if (!a.can_succeed) return error_value();
            can_fail = can_fail || a.can_fail;
        }
        if (node.text == "size" && arguments.size() == 1) return size(arguments[0], can_fail);
        if (node.has_receiver && arguments.size() == 2)
            if (const auto test = string_test(node, arguments[0], arguments[1]))
                return boolean_value(*test | Outcomes{false, false, can_fail});
        return any_value(can_fail);
    }

    const Schema& o_;
    const Schema& n_;
    Choices choices_;                            // held by value: the first run is given a temporary
    Choices assumed_;                            // what a guard of the branch being evaluated showed
    std::map<std::string, long long> at_least_;  // the fewest items a guard showed, by path
    std::map<std::string, CelValue> variables_;
};

// The most cases a rule is evaluated in; choices met beyond them are judged either way.
constexpr std::size_t most_cases = 256;

}  // namespace

CelOnOldObjects cel_on_old_objects(const Schema& o, const Schema& n, std::string_view rule) {
    CelOnOldObjects out;
    const auto tree = cel_parse(rule);
    if (!tree) return out;
    Evaluator first(o, n, Choices{});
    first.rule(*tree);
    // The choice points split on, in the order met, while their cases fit.
    std::vector<ChoicePoint> split;
    std::size_t cases = 1;
    for (const auto& point : first.choice_points) {
        if (cases * point.count > most_cases) break;
        cases *= point.count;
        split.push_back(point);
    }
    bool every_case_passes = true;
    bool some_case_fails = false;
    for (std::size_t number = 0; number < cases; ++number) {
        Choices choices;
        for (std::size_t i = 0, rest = number; i < split.size(); rest /= split[i].count, ++i) choices[split[i].key] = rest % split[i].count;
        Evaluator each(o, n, std::move(choices));
        const auto outcomes = each.rule(*tree);
        every_case_passes = every_case_passes && outcomes.can_be_true && !outcomes.can_be_false && !outcomes.can_fail;
        some_case_fails = some_case_fails || !outcomes.can_be_true;
        for (auto& reason : each.new_in_new) add_once(out.new_in_new, std::move(reason));
        for (auto& reason : each.old_schema) add_once(out.old_schema, std::move(reason));
    }
    out.outcome = every_case_passes ? CelOnOldObjects::Outcome::every_object_passes
                  : some_case_fails ? CelOnOldObjects::Outcome::some_object_fails
                                    : CelOnOldObjects::Outcome::undecided;
    return out;
}

}  // namespace kompat
