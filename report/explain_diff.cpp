#include "report/explain_diff.hpp"

#include <dtl/dtl.hpp>
#include <fmt/format.h>

#include "support/text_safety.hpp"
#include "support/whitespace.hpp"
#include "report/finding_text.hpp"

namespace kompat {
namespace {

std::vector<std::string> lines_of(const std::optional<std::string>& text) {
    std::vector<std::string> lines;
    if (!text) return lines;
    std::size_t start = 0;
    while (start < text->size()) {
        const auto end = std::min(text->find('\n', start), text->size());
        lines.push_back(text->substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

// `place` is `prefix` or a place inside it (`.spec.containers[*]`, `.spec.containers.ports`).
bool at_or_inside(std::string_view place, std::string_view prefix) {
    if (!place.starts_with(prefix)) return false;
    if (place.size() == prefix.size()) return true;
    const char next = place[prefix.size()];
    // A kind's place ("v1 Pod") holds the paths inside it ("v1 Pod .spec"), not "v1 PodList".
    if (next == ' ') return place.size() > prefix.size() + 1 && place[prefix.size() + 1] == '.';
    return next == '.' || next == '[' || next == '{' || next == '/';
}

// Lines are the same when their words are: indentation and spacing are layout.
class SameWords : public dtl::Compare<std::string> {
public:
    [[nodiscard]] bool impl(const std::string& a, const std::string& b) const override {
        return a == b || whitespace_collapsed(a) == whitespace_collapsed(b);
    }
};

}  // namespace

std::string explain_diff_text(const std::optional<std::string>& old_text, const std::optional<std::string>& new_text) {
    const auto before = lines_of(old_text);
    const auto after = lines_of(new_text);
    std::string out;
    if (!old_text) out += "(the old snapshot has no such field: every line is new)\n";
    if (!new_text) out += "(the new snapshot has no such field: every line is gone)\n";
    dtl::Diff<std::string, std::vector<std::string>, SameWords> diff(before, after);
    diff.compose();
    // A line the same but for its layout is shown as it is now. A blank line is layout,
    // never a change: the new text's blank lines are shown unmarked, the old one's dropped.
    for (const auto& [line, info] : diff.getSes().getSequence()) {
        const bool common = info.type == dtl::SES_COMMON;
        const auto& shown = common && info.afterIdx > 0 ? after[static_cast<std::size_t>(info.afterIdx - 1)] : line;
        if (whitespace_collapsed(shown).empty()) {
            if (info.type != dtl::SES_DELETE) out += "\n";
            continue;
        }
        out += (common ? "  " : info.type == dtl::SES_DELETE ? "- " : "+ ") + shown + "\n";
    }
    return out;
}

std::string findings_at(const std::vector<Finding>& findings, const std::string& place) {
    std::string out;
    std::size_t count = 0;
    for (const auto& finding : findings) {
        const auto places = places_of(finding);
        if (std::none_of(places.begin(), places.end(), [&](const std::string& each) { return at_or_inside(each, place); })) continue;
        ++count;
        const auto at = location_text(finding);
        out += fmt::format("{}{} {}: {}: {}\n", at.empty() ? "" : at + ": ", to_string(finding.severity), finding.rule.id(),
                           place_of(finding), finding_sentence(finding));
        if (const auto context = finding_context(finding); !context.empty()) out += "    " + context + "\n";
    }
    return fmt::format("\nFINDINGS ({}):\n", count) + (count == 0 ? std::string("    none\n") : out);
}

}  // namespace kompat
