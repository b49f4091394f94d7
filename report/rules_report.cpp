#include "report/rules_report.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include "report/json_writer.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

std::string rule_in_full(const Rule& rule) {
    std::string out = fmt::format("{}: {}\n\nBreaks: {}\nRemedy: {}\n", rule.id, rule.message, rule.breaks, rule.remedy);
    if (rule.single_snapshot) return out + fmt::format("Severity: {} (kompat lint, one snapshot)\n", to_string(rule.default_severity()));
    for (const auto& judged : rule.judges) {
        const auto& s = judged.severities;
        out += fmt::format("Severity ({}): spec {}, status {}, request {}, response {}\n", to_string(judged.change), to_string(s.spec),
                           to_string(s.status), to_string(s.request), to_string(s.response));
    }
    return out;
}

}  // namespace

std::optional<std::string> rules_text(std::optional<std::string_view> rule) {
    if (rule) {
        const auto* found = find_rule(*rule);
        if (found == nullptr) return std::nullopt;
        return rule_in_full(*found);
    }
    std::string out;
    for (const auto& each : rule_table())
        out += fmt::format("{:<32} {:<8} {}\n", each.id, to_string(each.default_severity()), each.message);
    return out + "\n`kompat rules RULE` shows whom a rule breaks, what to do about it and its severity by role.\n";
}

std::string rules_json() {
    json::array rules;
    for (const auto& rule : rule_table()) {
        json::array judges;
        for (const auto& judged : rule.judges) {
            const auto& s = judged.severities;
            judges.push_back(json::object{{"changeKind", to_string(judged.change)},
                                          {"spec", to_string(s.spec)},
                                          {"status", to_string(s.status)},
                                          {"request", to_string(s.request)},
                                          {"response", to_string(s.response)}});
        }
        rules.push_back(json::object{{"id", rule.id},
                                     {"message", rule.message},
                                     {"sentence", rule.sentence},
                                     {"breaks", rule.breaks},
                                     {"remedy", rule.remedy},
                                     {"defaultSeverity", to_string(rule.default_severity())},
                                     {"severities", std::move(judges)},
                                     {"singleSnapshot", rule.single_snapshot}});
    }
    return to_pretty_json(json::object{{"rules", std::move(rules)}});
}

}  // namespace kompat
