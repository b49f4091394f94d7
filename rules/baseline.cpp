#include "rules/baseline.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "load/json_reader.hpp"
#include "support/text_safety.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace {

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

bool is_hex(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// The digits of the first baseline format's fingerprints (48 bits of FNV-1a).
constexpr std::size_t first_format_digits = 12;

// Where the reason starts: the first `#` at the line's start or after a blank.
std::size_t reason_start(std::string_view body) {
    for (std::size_t at = body.find('#'); at != std::string_view::npos; at = body.find('#', at + 1))
        if (at == 0 || body[at - 1] == ' ' || body[at - 1] == '\t') return at;
    return std::string_view::npos;
}

std::string one_line(std::string text) {
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    return text;
}

}  // namespace

std::vector<BaselineEntry> parse_baseline(const SourceFile& file) {
    std::vector<BaselineEntry> entries;
    std::string_view text = file.bytes;
    // Its places and reasons reach every report: text, never raw bytes (docs/security.md).
    if (const auto invalid = first_invalid_utf8(text))
        throw InputError(file.name, position_at(text, *invalid), "not UTF-8: a baseline file is UTF-8 text");
    if (const auto nul = text.find('\0'); nul != std::string_view::npos)
        throw InputError(file.name, position_at(text, nul), "a NUL byte: a baseline file is text");
    for (std::uint32_t line = 1; !text.empty(); ++line) {
        const auto end = std::min(text.find('\n'), text.size());
        const auto content = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        const auto body = trimmed(content);
        if (body.empty() || body.front() == '#') continue;
        const auto column = static_cast<std::uint32_t>(content.find(body.front()) + 1);
        const auto fail = [&](std::uint32_t at, const std::string& message) { throw InputError(file.name, {line, at}, message); };

        BaselineEntry entry;
        entry.position = {line, column};
        const auto hash = reason_start(body);
        const auto fields = trimmed(body.substr(0, hash));
        if (hash != std::string_view::npos) entry.reason = std::string(trimmed(body.substr(hash + 1)));
        const auto first_space = fields.find(' ');
        entry.fingerprint = std::string(fields.substr(0, first_space));
        if (entry.fingerprint.size() == first_format_digits && is_hex(entry.fingerprint))
            fail(column,
                 "a 12-digit fingerprint of kompat's first baseline format, which matched on 48 bits and the rule alone; "
                 "entries now carry 16 digits and match by place too: write the baseline again (kompat check OLD NEW "
                 "--write-baseline FILE) and review its diff");
        if (entry.fingerprint.size() != fingerprint_digits || !is_hex(entry.fingerprint))
            fail(column, "a baseline entry starts with a finding's 16-digit fingerprint, not \"" + entry.fingerprint + "\"");
        const auto rest = first_space == std::string_view::npos ? std::string_view() : trimmed(fields.substr(first_space));
        const auto second_space = rest.find(' ');
        entry.rule = std::string(rest.substr(0, second_space));
        const auto rule_column = static_cast<std::uint32_t>(column + (rest.empty() ? fields.size() : rest.data() - fields.data()));
        if (entry.rule.empty()) fail(rule_column, "a baseline entry names its rule after the fingerprint");
        if (find_rule(entry.rule) == nullptr) fail(rule_column, "unknown rule \"" + entry.rule + "\" (docs/rules.md lists them)");
        if (second_space != std::string_view::npos) entry.place = std::string(trimmed(rest.substr(second_space)));
        if (entry.place.empty()) fail(rule_column, "a baseline entry names the place of its finding after the rule");
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::string baseline_line(const Finding& finding, std::string_view reason) {
    return finding.fingerprint + " " + std::string(finding.rule.id()) + " " + one_line(place_of(finding)) + "  # " +
           one_line(std::string(reason));
}

WrittenBaseline write_baseline(const std::vector<Finding>& findings, Severity at_least) {
    // By place, then rule: a reviewer reads the entries of one kind together.
    std::set<std::tuple<std::string, std::string, std::string>> entries;
    for (const auto& finding : findings) {
        if (finding.severity < at_least) continue;
        entries.emplace(one_line(place_of(finding)), std::string(finding.rule.id()), baseline_line(finding, finding.message));
    }
    WrittenBaseline written;
    written.text =
        "# kompat baseline: findings accepted on purpose, one a line: FINGERPRINT RULE PLACE  # REASON.\n"
        "# Replace each reason with why the break is accepted; delete a line to stop accepting it.\n";
    for (const auto& entry : entries) written.text += std::get<2>(entry) + "\n";
    written.entries = entries.size();
    return written;
}

BaselineOutcome apply_baseline(std::vector<Finding> findings, const std::vector<BaselineEntry>& baseline) {
    // Fingerprint, rule and place: the place is what a reviewer read when accepting the
    // entry, so an entry never accepts a finding at another place.
    using Key = std::tuple<std::string_view, std::string_view, std::string>;
    std::set<Key> accepted_keys;
    std::multimap<std::pair<std::string_view, std::string_view>, const BaselineEntry*> by_fingerprint;
    for (const auto& entry : baseline) {
        accepted_keys.emplace(entry.fingerprint, entry.rule, entry.place);
        by_fingerprint.emplace(std::pair<std::string_view, std::string_view>{entry.fingerprint, entry.rule}, &entry);
    }
    BaselineOutcome outcome;
    std::set<Key> used;
    std::set<const BaselineEntry*> mismatched;
    for (auto& finding : findings) {
        Key key{finding.fingerprint, finding.rule.id(), one_line(place_of(finding))};
        if (accepted_keys.contains(key)) {
            used.insert(std::move(key));
            ++outcome.accepted;
            continue;
        }
        const auto [first, last] = by_fingerprint.equal_range({finding.fingerprint, finding.rule.id()});
        for (auto it = first; it != last; ++it)
            if (mismatched.insert(it->second).second) outcome.mismatched.push_back({*it->second, std::get<2>(key)});
        outcome.findings.push_back(std::move(finding));
    }
    for (const auto& entry : baseline) {
        if (used.contains({entry.fingerprint, entry.rule, entry.place})) outcome.accepting.push_back(entry);
        else if (!mismatched.contains(&entry)) outcome.stale.push_back(entry);
    }
    return outcome;
}

}  // namespace kompat
