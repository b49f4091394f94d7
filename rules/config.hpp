#pragma once
// The configuration file (`--config kompat.yaml`): per-rule severity or off, ignores
// (rule, location glob, reason, optional expiry date) and the rule-set version. Unknown
// keys, rule ids and values are errors with file, line and column, never silence.
//
//   rules-version: 3
//   rules:
//     description-changed: off
//     field-removed: warning
//   ignores:
//     - rule: field-removed
//       location: "apps/v1 Deployment .spec.template.*"
//       reason: dropped on purpose, see KEP-1234
//       expires: 2027-01-31
#include <optional>
#include <string>
#include <vector>

#include "support/limits.hpp"
#include "load/source_reader.hpp"
#include "rules/finding.hpp"
#include "rules/ignore_index.hpp"
#include "rules/ruleset.hpp"

namespace kompat {

struct RuleSetting {
    std::string rule;
    std::optional<Severity> severity;  // none: the rule is off
    TextPosition position;             // where the config sets it
};

struct Config {
    std::string file;
    std::optional<int> ruleset;     // rules-version: the rule set the verdicts follow (rules/ruleset.hpp)
    TextPosition ruleset_position;  // where the config sets it
    std::vector<RuleSetting> rules;
    std::vector<IgnoreEntry> ignores;
};

// Throws InputError (file:line:col) for anything the file must not say.
Config parse_config(const SourceFile& file, const Limits& limits);

struct ConfigOutcome {
    std::vector<Finding> findings;
    // Each rule setting that can lower a verdict (off, or a severity below the rule's
    // default) and each that did lower one: what it did, with the count of findings.
    std::vector<std::string> policy;
    std::vector<std::string> notes;  // what was ignored, what expired, what matched nothing
};

// `today` is YYYY-MM-DD: an ignore whose expiry is before it no longer applies, and says so.
ConfigOutcome apply_config(std::vector<Finding> findings, const Config& config, std::string_view today);

}  // namespace kompat
