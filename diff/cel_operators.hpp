#pragma once
// The operators of CEL over what old objects may hold (cel_value.hpp): each takes values
// and gives the outcomes or the value it may have. Internal to diff/.
#include "diff/cel_syntax.hpp"
#include "diff/cel_value.hpp"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace kompat {

// `out` widened to hold `v` too: the value of a conditional whose branches both may run.
void join(std::optional<CelValue>& out, CelValue v);

// `a == b` over each pair of values one side and the other may have.
Outcomes compare_values(const CelValue& a, const CelValue& b);

// `a in [items]`: whether each value `a` may have is among `items`.
Outcomes membership(const CelValue& a, const std::vector<CelLiteral>& items);

// `<`, `<=`, `>`, `>=` of two integers within known bounds, or either outcome.
Outcomes ordering(std::string_view op, const CelValue& l, const CelValue& r);

// `receiver.startsWith('x')`, `endsWith`, `contains`, `matches` (RE2, as the API server
// matches), where the receiver is one of known strings; nullopt otherwise.
std::optional<Outcomes> string_test(const CelNode& node, const CelValue& receiver, const CelValue& argument);

// Functions that never fail on values of the types they take.
bool is_total(std::string_view function);

bool same_tree(const CelNode& a, const CelNode& b);

// The fields `a.k == b.k` compares in a conjunction of such equalities (either way round),
// or nullopt when the predicate is anything else.
std::optional<std::set<std::string>> keys_compared(const CelNode& predicate, const std::string& a, const std::string& b);

}  // namespace kompat
