#include "rules/config.hpp"

#include <fmt/format.h>

#include <chrono>

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <set>

#include "load/yaml_reader.hpp"
#include "rules/baseline.hpp"
#include "rules/ignore_index.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

// A real calendar day (2025-02-30 is not one), proleptic Gregorian.
bool valid_date(std::string_view text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
    for (const auto i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (text[static_cast<std::size_t>(i)] < '0' || text[static_cast<std::size_t>(i)] > '9') return false;
    const auto digits = [&](std::size_t from, std::size_t count) {
        int value = 0;
        for (std::size_t i = from; i < from + count; ++i) value = value * 10 + (text[i] - '0');
        return value;
    };
    const auto ymd = std::chrono::year{digits(0, 4)} / std::chrono::month{static_cast<unsigned>(digits(5, 2))} /
                     std::chrono::day{static_cast<unsigned>(digits(8, 2))};
    return ymd.ok();
}

class ConfigReader {
public:
    ConfigReader(const SourceFile& source, const ParsedFile& parsed) : source_(source), parsed_(parsed) {}

    Config read() {
        Config config;
        config.file = source_.name;
        if (parsed_.documents.empty()) return config;
        if (parsed_.documents.size() > 1) fail(parsed_.document_starts[1], "a config file holds one YAML document");
        const auto* root = parsed_.documents.front().if_object();
        if (root == nullptr) fail(parsed_.document_starts.front(), "a config file is a mapping of rules-version, rules and ignores");
        for (const auto& member : *root) {
            const auto at = parsed_.position_of(member);
            if (member.key() == "rules-version" || member.key() == "ruleset") {
                const auto& number = member.value();
                config.ruleset_position = at;
                const auto known = [&](std::int64_t n) { return n >= oldest_ruleset && n <= current_ruleset; };
                if (number.is_int64() && known(number.get_int64())) config.ruleset = static_cast<int>(number.get_int64());
                else if (number.is_uint64() && number.get_uint64() <= static_cast<std::uint64_t>(current_ruleset) &&
                         known(static_cast<std::int64_t>(number.get_uint64())))
                    config.ruleset = static_cast<int>(number.get_uint64());
                else
                    fail(at, fmt::format("this kompat has rule sets {} to {}; the config asks for {} (docs/rulesets.md)", oldest_ruleset,
                                         current_ruleset, json::serialize(member.value())));
            } else if (member.key() == "rules") {
                read_rules(member.value(), at, config);
            } else if (member.key() == "ignores") {
                read_ignores(member.value(), at, config);
            } else {
                fail(at, "unknown key \"" + std::string(member.key()) + "\" (rules-version, rules, ignores)");
            }
        }
        return config;
    }

private:
    [[noreturn]] void fail(TextPosition at, const std::string& message) const { throw InputError(source_.name, at, message); }

    void known_rule(std::string_view id, TextPosition at) const {
        if (find_rule(id) == nullptr) fail(at, "unknown rule \"" + std::string(id) + "\" (docs/rules.md lists them)");
    }

    std::string text(const json::value& value, TextPosition at, std::string_view what) const {
        const auto* string = value.if_string();
        if (string == nullptr) fail(at, std::string(what) + " must be a string");
        return std::string(*string);
    }

    void read_rules(const json::value& value, TextPosition at, Config& config) const {
        const auto* rules = value.if_object();
        if (rules == nullptr) fail(at, "rules is a mapping of rule id to error, warning, info or off");
        for (const auto& member : *rules) {
            const auto where = parsed_.position_of(member);
            known_rule(member.key(), where);
            // `off` unquoted is YAML's false.
            const auto* flag = member.value().if_bool();
            const auto setting = flag != nullptr && !*flag ? std::string("off") : text(member.value(), where, "a rule's setting");
            RuleSetting rule{std::string(member.key()), severity_from(setting), where};
            if (setting != "off" && !rule.severity) fail(where, "a rule's setting is error, warning, info or off, not \"" + setting + "\"");
            config.rules.push_back(std::move(rule));
        }
    }

    void read_ignores(const json::value& value, TextPosition at, Config& config) const {
        const auto* ignores = value.if_array();
        if (ignores == nullptr) fail(at, "ignores is a list of {rule, location, reason, expires}");
        for (const auto& item : *ignores) {
            const auto* entry = item.if_object();
            if (entry == nullptr || entry->empty()) fail(at, "each ignore is a mapping of rule, location, reason and expires");
            IgnoreEntry ignore;
            ignore.position = parsed_.position_of(*entry);
            for (const auto& member : *entry) {
                const auto where = parsed_.position_of(member);
                if (member.key() == "rule") {
                    ignore.rule = text(member.value(), where, "rule");
                    known_rule(ignore.rule, where);
                } else if (member.key() == "location") {
                    ignore.location = text(member.value(), where, "location");
                } else if (member.key() == "reason") {
                    ignore.reason = text(member.value(), where, "reason");
                } else if (member.key() == "expires") {
                    ignore.expires = text(member.value(), where, "expires");
                    if (!valid_date(ignore.expires)) fail(where, "expires is a date, YYYY-MM-DD, not \"" + ignore.expires + "\"");
                } else {
                    fail(where, "unknown key \"" + std::string(member.key()) + "\" in an ignore (rule, location, reason, expires)");
                }
            }
            if (ignore.rule.empty()) fail(ignore.position, "an ignore names its rule");
            if (ignore.reason.empty()) fail(ignore.position, "an ignore says why (reason)");
            if (ignore.location.empty()) ignore.location = "*";
            config.ignores.push_back(std::move(ignore));
        }
    }

    const SourceFile& source_;
    const ParsedFile& parsed_;
};

std::string described(const Config& config, const IgnoreEntry& ignore) {
    return "ignore at " + config.file + ":" + std::to_string(ignore.position.line) + " (" + ignore.rule + " " + ignore.location + ")";
}

// What one rule setting did to the findings of its rule.
struct Lowered {
    std::size_t findings = 0;  // turned off or given a lower severity
    std::size_t errors = 0;    // of them, errors before
};

// Said for a setting that can lower a verdict, or did: a PR's config must not pass a
// break without a trace, so even one that changed nothing this time is named.
std::optional<std::string> policy_note(const Config& config, const RuleSetting& setting, const Lowered& lowered) {
    const auto* rule = find_rule(setting.rule);
    const bool can_lower = !setting.severity || (rule != nullptr && *setting.severity < rule->default_severity());
    if (!can_lower && lowered.findings == 0) return std::nullopt;
    const auto where = config.file + ":" + std::to_string(setting.position.line);
    const auto errors = lowered.errors == 0 ? std::string() : " (" + std::to_string(lowered.errors) + " of them error(s))";
    if (!setting.severity)
        return "rule " + setting.rule + " turned off by " + where + ": " + std::to_string(lowered.findings) + " finding(s) not reported" +
               errors;
    return "rule " + setting.rule + " set to " + std::string(to_string(*setting.severity)) + " by " + where + ": " +
           std::to_string(lowered.findings) + " finding(s) lowered" + errors;
}

}  // namespace

Config parse_config(const SourceFile& file, const Limits& limits) {
    const auto parsed = read_yaml(file, limits);
    return ConfigReader(file, parsed).read();
}

ConfigOutcome apply_config(std::vector<Finding> findings, const Config& config, std::string_view today) {
    ConfigOutcome outcome;
    std::vector<const IgnoreEntry*> active;
    for (const auto& ignore : config.ignores) {
        if (!ignore.expires.empty() && ignore.expires < today) {
            outcome.notes.push_back(described(config, ignore) + " expired on " + ignore.expires + "; its findings are reported again");
            continue;
        }
        active.push_back(&ignore);
    }
    std::vector<std::size_t> ignored(active.size(), 0);
    std::vector<Lowered> lowered(config.rules.size());
    IgnoreIndex index(active, config.file);
    for (auto& finding : findings) {
        const auto setting =
            std::find_if(config.rules.begin(), config.rules.end(), [&](const RuleSetting& s) { return finding.rule == s.rule; });
        if (setting != config.rules.end()) {
            auto& tally = lowered[static_cast<std::size_t>(setting - config.rules.begin())];
            if (!setting->severity || *setting->severity < finding.severity) {
                ++tally.findings;
                if (finding.severity == Severity::error) ++tally.errors;
            }
            if (!setting->severity) continue;  // off
            finding.severity = *setting->severity;
        }
        // The first ignore in the config's order that matches any place of the finding.
        std::optional<std::size_t> match;
        for (const auto& place : places_of(finding))
            if (const auto found = index.first_match(finding.rule.id(), place); found && (!match || *found < *match)) match = found;
        if (match) {
            ++ignored[*match];
            continue;
        }
        outcome.findings.push_back(std::move(finding));
    }
    for (std::size_t i = 0; i < active.size(); ++i)
        outcome.notes.push_back(
            described(config, *active[i]) +
            (ignored[i] == 0 ? std::string(" matches no finding") : " ignored " + std::to_string(ignored[i]) + " finding(s)") + ": " +
            active[i]->reason);
    for (std::size_t i = 0; i < config.rules.size(); ++i)
        if (auto note = policy_note(config, config.rules[i], lowered[i])) outcome.policy.push_back(std::move(*note));
    sort_findings(outcome.findings);  // severities may have changed
    return outcome;
}

}  // namespace kompat
