#pragma once
// Reading a CEL validation rule (x-kubernetes-validations) as far as comparing two
// schemas needs: its text with the layout taken out, and the fields of `self` it reads.
// Internal to diff/.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kompat {

// The rule without what does not change its meaning: whitespace and comments outside
// string literals (one space kept only between two word characters, `a in b`), and
// parentheses around the whole expression. A string literal is kept as written.
std::string cel_normalised(std::string_view rule);

// The fields of `self` the rule reads (`self.spec`, `has(self.mode)`), each once, in the
// order met; nullopt when it reads `self` in another way too (`self.size()`, `self[0]`,
// `self == oldSelf`, `self.all(...)`), which reads the value as a whole.
std::optional<std::vector<std::string>> cel_self_fields(std::string_view rule);

// Whether the rule tests the field's presence, `has(self.field)`, before it reads it.
bool cel_tests_presence(std::string_view rule, std::string_view field);

// The rule's top-level alternatives (`a || b || (c || d)` → `a`, `b`, `(c||d)`), each
// without its layout; one for a rule with none.
std::vector<std::string> cel_disjuncts(std::string_view rule);

// What a simple rule states about the value at the rule's place: `self.size() <= 128`,
// `size(self.items) > 0`, `self != ''`, `has(self.mode)`.
struct CelFact {
    enum class What { size_at_most, size_at_least, present };
    std::string field;  // "" for self itself
    What what = What::present;
    std::uint64_t bound = 0;
};

// The facts of a rule that is a conjunction (`&&`) of simple facts only; nullopt for
// any other rule.
std::optional<std::vector<CelFact>> cel_simple_facts(std::string_view rule);

// `self.field == LITERAL` (either way round) with a string, integer or boolean literal:
// the field and the literal as a JSON value text (`"Pipeline"`, `3`, `true`).
std::optional<std::pair<std::string, std::string>> cel_field_equals(std::string_view expression);

}  // namespace kompat
