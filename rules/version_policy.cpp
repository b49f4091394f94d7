#include "rules/version_policy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "rules/rule_table.hpp"

namespace kompat {

std::optional<SemanticVersion> semantic_version(std::string_view text) {
    SemanticVersion out;
    if (text.starts_with('v') || text.starts_with('V')) {
        out.v_prefix = true;
        text.remove_prefix(1);
    }
    const auto suffix = text.find_first_of("-+");
    const auto core = text.substr(0, suffix);
    for (std::size_t at = 0; at <= core.size();) {
        const auto dot = std::min(core.find('.', at), core.size());
        const auto part = core.substr(at, dot - at);
        unsigned long number = 0;
        const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), number);
        if (part.empty() || part.size() > 9 || error != std::errc() || end != part.data() + part.size()) return std::nullopt;
        out.numbers.push_back(number);
        at = dot + 1;
    }
    if (out.numbers.size() > 3 || (suffix != std::string_view::npos && out.numbers.size() != 3)) return std::nullopt;
    return out;
}

namespace {

std::string text_of(const SemanticVersion& version) {
    return (version.v_prefix ? "v" : "") + fmt::format("{}", fmt::join(version.numbers, "."));
}

bool breaks(const std::vector<Finding>& findings) {
    return std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::error; });
}

}  // namespace

std::string next_version(std::string_view old_version, const std::vector<Finding>& findings) {
    auto version = semantic_version(old_version);
    if (!version || findings.empty()) return {};
    const bool additions_only = std::all_of(findings.begin(), findings.end(), [](const Finding& f) {
        return f.rule->direction == RuleDirection::addition && f.severity < Severity::error;
    });
    const std::size_t bumped = breaks(findings) ? 0 : additions_only ? 1 : 2;
    // Only the numbers the version writes: 70 → 71, 1.4 → 1.5.
    if (bumped >= version->numbers.size()) return {};
    ++version->numbers[bumped];
    for (auto i = bumped + 1; i < version->numbers.size(); ++i) version->numbers[i] = 0;
    return text_of(*version);
}

std::optional<Finding> version_not_bumped(std::string_view old_version, std::string_view new_version,
                                          const std::vector<Finding>& findings) {
    const auto before = semantic_version(old_version);
    const auto after = semantic_version(new_version);
    if (!before || !after || !breaks(findings) || after->numbers.front() > before->numbers.front()) return std::nullopt;
    const auto& rule = rule_for(ChangeKind::version_not_bumped, nullptr);
    Finding finding;
    finding.rule = rule;
    finding.severity = rule.judges.front().severities.spec;
    finding.path = ".";
    finding.type = "info.version";
    finding.old_value = boost::json::value(old_version);
    finding.new_value = boost::json::value(new_version);
    const auto errors = std::count_if(findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Severity::error; });
    finding.detail =
        fmt::format("{} breaking change{}: the next version is {}", errors, errors == 1 ? "" : "s", next_version(old_version, findings));
    finding.message = std::string(rule.message) + ": " + finding.detail;
    finding.fingerprint = fingerprint_of(finding.rule.id(), "info.version", finding.old_value, finding.new_value);
    return finding;
}

}  // namespace kompat
