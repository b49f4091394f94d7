#pragma once
// The rule catalogue as `kompat rules` shows it: what each rule means, whom it breaks,
// what to do about it, and its severity by role. docs/rules.md is written from the JSON.
#include <optional>
#include <string>
#include <string_view>

namespace kompat {

// One line a rule (id, default severity, what it means); with `rule`, that rule in full.
// None when `rule` names no rule.
std::optional<std::string> rules_text(std::optional<std::string_view> rule);

// Every rule as JSON: id, message, sentence, breaks, remedy, defaultSeverity, severities
// by role, changeKinds, singleSnapshot.
std::string rules_json();

}  // namespace kompat
