#include "report/history_objects.hpp"

#include <fmt/format.h>

#include <array>

#include "report/markdown_text.hpp"
#include "support/text_safety.hpp"

namespace kompat {
namespace {

std::string target_name(const HistoryReport& report) { return report.timeline->releases[report.target]; }

// What an object uses, as one sentence after its name.
std::string use_text(const HistoryReport& report, const ObjectUse& use) {
    const auto& timeline = *report.timeline;
    const auto release = use.release ? timeline.releases[*use.release] : std::string();
    const auto instead = [&](std::size_t in) {
        const auto kind = replacement_of(timeline, use.kind, in);
        return kind.empty() ? std::string("; no version of the kind is left") : "; use " + kind;
    };
    switch (use.problem) {
        case ObjectProblem::kind_removed: return fmt::format("removed in {}", release) + instead(report.target);
        case ObjectProblem::kind_not_yet: return fmt::format("not in {}; added in {}", target_name(report), release);
        case ObjectProblem::kind_deprecated: return fmt::format("deprecated in {}", release) + instead(report.target);
        case ObjectProblem::field_removed: return fmt::format("{} removed in {}", use.field, release);
        case ObjectProblem::field_not_yet: return fmt::format("{} not in {}; added in {}", use.field, target_name(report), release);
        case ObjectProblem::field_unknown:
            return fmt::format("{} is in no release from {} to {}", use.field, timeline.releases.front(), timeline.releases.back());
        case ObjectProblem::field_alpha:
            return fmt::format("{} is alpha in {}", use.field, target_name(report)) + (release.empty() ? "" : " (since " + release + ")");
    }
    return {};
}

std::string object_line(const HistoryReport& report, const ObjectUse& use) {
    return fmt::format("{} {} ({}:{}): {}", use.kind, use.object, use.file, use.position.line, use_text(report, use));
}

std::string objects_summary(const HistoryReport& report) {
    const auto& uses = *report.objects;
    std::vector<std::string> parts{fmt::format("{} of {} object(s) judged against {}: {} finding(s)", uses.objects - uses.skipped,
                                               uses.objects, target_name(report), uses.uses.size())};
    if (!uses.unknown_kinds.empty())
        parts.push_back(fmt::format("skipped {} object(s) of kinds no release has: {}", uses.skipped, fmt::join(uses.unknown_kinds, ", ")));
    return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace

std::string history_objects_text(const HistoryReport& report) {
    std::string out = "\n";
    for (const auto& use : report.objects->uses) out += log_line(object_line(report, use)) + "\n";
    return out + log_line("summary: " + objects_summary(report)) + "\n";
}

std::string history_objects_markdown(const HistoryReport& report) {
    std::string out = fmt::format("\n## Objects against {}\n\n", code(target_name(report)));
    for (const auto& use : report.objects->uses)
        out += "- " +
               line_text(
                   fmt::format("{} {} ({}:{}): ", input_span(use.kind), input_span(use.object), input_span(use.file), use.position.line) +
                   use_text(report, use)) +
               "\n";
    return out + "\n" + line_text(objects_summary(report)) + "\n";
}

void write_history_objects(JsonWriter& out, const HistoryReport& report) {
    const auto& timeline = *report.timeline;
    out.member("target", target_name(report));
    out.key("objects");
    out.begin_array();
    for (const auto& use : report.objects->uses) {
        static constexpr std::array problems{"kind-removed",  "kind-not-yet",  "kind-deprecated", "field-removed",
                                             "field-not-yet", "field-unknown", "field-alpha"};
        out.begin_object();
        out.member("object", use.object);
        out.member("kind", use.kind);
        out.member("file", escape_control(use.file));
        out.member("line", std::uint64_t{use.position.line});
        out.member("column", std::uint64_t{use.position.column});
        out.key("field");
        out.string_or_null(use.field);
        out.member("problem", problems[static_cast<std::size_t>(use.problem)]);
        out.key("release");
        use.release ? out.string(timeline.releases[*use.release]) : out.null();
        out.member("message", use_text(report, use));
        out.end_object();
    }
    out.end_array();
    out.key("skippedKinds");
    out.begin_array();
    for (const auto& kind : report.objects->unknown_kinds) out.string(kind);
    out.end_array();
}

}  // namespace kompat
