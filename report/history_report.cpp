#include "report/history_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "report/changelog_report.hpp"
#include "report/history_objects.hpp"
#include "report/json_writer.hpp"
#include "report/markdown_text.hpp"
#include "support/text_safety.hpp"

namespace kompat {
namespace {

// One thing that happened to an entry; `release` -1 for what the first release has already.
struct Event {
    long release = -1;
    std::string text;
};

long at(std::optional<std::size_t> release) { return release ? static_cast<long>(*release) : -1; }

// Its events, newest first: what a text line and the markdown list say of it.
std::vector<Event> events_of(const Timeline& timeline, const HistoryEntry& entry, const std::string& replacement) {
    const auto& names = timeline.releases;
    std::vector<Event> events;
    if (entry.removed)
        events.push_back({at(entry.removed), fmt::format("removed in {}", names[*entry.removed]) +
                                                 (replacement.empty() ? "" : fmt::format(", use {}", replacement))});
    for (auto change = entry.changed.rbegin(); change != entry.changed.rend(); ++change) {
        // The removal's own rule (field-removed, kind-removed) says no more than "removed".
        const bool only_removal =
            at(change->release) == at(entry.removed) &&
            std::all_of(change->rules.begin(), change->rules.end(), [](const std::string& rule) { return rule.ends_with("-removed"); });
        if (only_removal) continue;
        events.push_back({at(change->release), fmt::format("breaking in {} ({})", names[change->release], fmt::join(change->rules, ", "))});
    }
    if (entry.deprecated)
        events.push_back({at(entry.deprecated), *entry.deprecated == 0 ? fmt::format("deprecated (already in {})", names.front())
                                                                       : fmt::format("deprecated in {}", names[*entry.deprecated])});
    for (auto stage = entry.stages.rbegin(); stage != entry.stages.rend(); ++stage) {
        if (stage->release == entry.added && entry.added) continue;  // said with `added`
        // A description that stops naming a stage says no more than that: "GA" is a guess.
        const auto was = stage + 1 != entry.stages.rend() ? (stage + 1)->stage : FieldStage::ga;
        const auto name = stage->stage == FieldStage::ga ? fmt::format("no longer described as {}", to_string(was))
                                                         : std::string(to_string(stage->stage));
        events.push_back({at(stage->release), stage->release ? fmt::format("{} in {}", name, names[*stage->release])
                                                             : fmt::format("{} (already in {})", name, names.front())});
    }
    if (entry.added) {
        std::string text = fmt::format("added in {}", names[*entry.added]);
        if (!entry.stages.empty() && entry.stages.front().release == entry.added && entry.stages.front().stage != FieldStage::ga)
            text += fmt::format(" as {}", to_string(entry.stages.front().stage));
        events.push_back({at(entry.added), std::move(text)});
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.release > b.release; });
    return events;
}

std::string joined(const std::vector<Event>& events) {
    std::string out;
    for (const auto& event : events) out += (out.empty() ? "" : "; ") + event.text;
    return out;
}

long newest(const std::vector<Event>& events) { return events.empty() ? -2 : events.front().release; }

std::string replacement_if_removed(const Timeline& timeline, const std::string& kind, const HistoryEntry& entry) {
    return entry.removed ? replacement_of(timeline, kind, *entry.removed) : std::string();
}

// A field whose only events are its holder's (added or removed with the field or type that
// holds it) is said by the holder.
bool folded_into(const HistoryEntry& field, const HistoryEntry& type) {
    const bool only_ga_from_start = field.stages.empty() || (field.stages.size() == 1 && field.stages.front().stage == FieldStage::ga &&
                                                             field.stages.front().release == field.added);
    return field.added == type.added && field.removed == type.removed && !field.deprecated && field.changed.empty() && only_ga_from_start;
}

// An operation added or removed with the kind it serves is said by the kind.
bool folded_into_kind(const Timeline& timeline, const std::string& operation, const HistoryEntry& entry) {
    const auto kind = timeline.operation_kind.find(operation);
    if (kind == timeline.operation_kind.end()) return false;
    const auto found = timeline.kinds.find(kind->second);
    if (found == timeline.kinds.end()) return false;
    const auto& of_kind = found->second;
    const bool breaks_with_it = std::all_of(entry.changed.begin(), entry.changed.end(),
                                            [&](const BreakingChange& change) { return at(change.release) == at(of_kind.removed); });
    return entry.added == of_kind.added && entry.removed == of_kind.removed &&
           (!entry.deprecated || entry.deprecated == of_kind.deprecated) && breaks_with_it && (entry.added || entry.removed);
}

// `v1 Pod, v1 PodTemplate and 12 more`
std::string some_kinds(const std::vector<std::string>& kinds) {
    if (kinds.size() <= 3) return fmt::format("{}", fmt::join(kinds, ", "));
    return fmt::format("{}, {} and {} more", kinds[0], kinds[1], kinds.size() - 2);
}

const std::vector<std::string>& kinds_of_type(const Timeline& timeline, const std::string& type) {
    static const std::vector<std::string> none;
    const auto found = timeline.kinds_of_type.find(type);
    return found == timeline.kinds_of_type.end() ? none : found->second;
}

bool with_its_kinds(const Timeline& timeline, const std::string& type, const HistoryEntry& entry) {
    const auto& kinds = kinds_of_type(timeline, type);
    return !kinds.empty() && std::all_of(kinds.begin(), kinds.end(), [&](const std::string& kind) {
        const auto found = timeline.kinds.find(kind);
        return found != timeline.kinds.end() && found->second.added == entry.added && found->second.removed == entry.removed;
    });
}

// The lines of the text report and the markdown list, grouped.
struct Line {
    long newest = -1;
    std::string name;
    std::string events;
};

struct TypeGroup {
    long newest = -1;
    std::string heading;
    bool has_events = false;  // the heading says the type's own
    std::vector<Line> fields;
};

void sort_lines(std::vector<Line>& lines) {
    std::sort(lines.begin(), lines.end(),
              [](const Line& a, const Line& b) { return std::tie(b.newest, a.name) < std::tie(a.newest, b.name); });
}

struct HistoryLines {
    std::vector<Line> kinds;
    std::vector<Line> operations;
    std::vector<TypeGroup> types;
    std::size_t folded = 0;  // fields said by their type, operations by their kind
};

// A type's heading: its name, the kinds that reach it, and its own events unless a kind's
// line says them (its own type, or a type that came and went with every kind reaching it).
TypeGroup group_of(const Timeline& timeline, const std::string& name, const HistoryEntry& type) {
    TypeGroup group;
    const auto& kinds = kinds_of_type(timeline, name);
    group.heading = name;
    if (!kinds.empty() && !(kinds.size() == 1 && kinds.front() == name)) group.heading += " (" + some_kinds(kinds) + ")";
    if (timeline.kind_types.contains(name) || with_its_kinds(timeline, name, type)) return group;
    if (const auto events = events_of(timeline, type, {}); !events.empty()) {
        group.heading += ": " + joined(events);
        group.newest = newest(events);
        group.has_events = true;
    }
    return group;
}

std::vector<TypeGroup> type_groups(const HistoryReport& report, std::size_t& folded) {
    const auto& timeline = *report.timeline;
    std::map<std::string, TypeGroup> groups;
    for (const auto& [key, entry] : timeline.fields) {
        if (!report.filter.keeps_field(timeline, key)) continue;
        const auto& type = timeline.types.at(key.first);
        auto found = groups.find(key.first);
        if (found == groups.end()) found = groups.emplace(key.first, group_of(timeline, key.first, type)).first;
        // Said by the field or type that holds it, when it came and went with that.
        const auto* holder = find_field(timeline, key.first, parent_of(key.second));
        if (folded_into(entry, holder != nullptr ? *holder : type)) {
            ++folded;
        } else if (const auto events = events_of(timeline, entry, {}); !events.empty()) {
            found->second.fields.push_back({newest(events), key.second, joined(events)});
        }
    }
    std::vector<TypeGroup> out;
    for (auto& [name, group] : groups) {
        if (group.fields.empty() && !group.has_events) continue;
        sort_lines(group.fields);
        if (!group.fields.empty()) group.newest = std::max(group.newest, group.fields.front().newest);
        out.push_back(std::move(group));
    }
    std::stable_sort(out.begin(), out.end(), [](const TypeGroup& a, const TypeGroup& b) { return a.newest > b.newest; });
    return out;
}

HistoryLines lines_of(const HistoryReport& report) {
    const auto& timeline = *report.timeline;
    HistoryLines out;
    for (const auto& [kind, entry] : timeline.kinds) {
        if (!report.filter.keeps_kind(kind)) continue;
        const auto events = events_of(timeline, entry, replacement_if_removed(timeline, kind, entry));
        if (!events.empty()) out.kinds.push_back({newest(events), kind, joined(events)});
    }
    for (const auto& [operation, entry] : timeline.operations) {
        if (!report.filter.keeps_operation(timeline, operation)) continue;
        if (folded_into_kind(timeline, operation, entry)) {
            ++out.folded;
            continue;
        }
        const auto events = events_of(timeline, entry, {});
        if (!events.empty()) out.operations.push_back({newest(events), operation, joined(events)});
    }
    out.types = type_groups(report, out.folded);
    sort_lines(out.kinds);
    sort_lines(out.operations);
    return out;
}

// `"name": "v1.25"`, or null for no release.
void write_release(JsonWriter& out, const Timeline& timeline, std::string_view name, std::optional<std::size_t> release) {
    out.key(name);
    release ? out.string(timeline.releases[*release]) : out.null();
}

void write_entry_dates(JsonWriter& out, const Timeline& timeline, const HistoryEntry& entry) {
    write_release(out, timeline, "added", entry.added);
    write_release(out, timeline, "deprecated", entry.deprecated);
    write_release(out, timeline, "removed", entry.removed);
}

void write_changed(JsonWriter& out, const Timeline& timeline, const HistoryEntry& entry) {
    out.key("changed");
    out.begin_array();
    for (const auto& change : entry.changed) {
        out.begin_object();
        out.member("release", timeline.releases[change.release]);
        out.key("rules");
        out.begin_array();
        for (const auto& rule : change.rules) out.string(rule);
        out.end_array();
        out.end_object();
    }
    out.end_array();
}

void write_kinds(JsonWriter& out, const HistoryReport& report) {
    const auto& timeline = *report.timeline;
    out.key("kinds");
    out.begin_array();
    for (const auto& [kind, entry] : timeline.kinds) {
        if (!report.filter.keeps_kind(kind)) continue;
        out.begin_object();
        out.member("kind", kind);
        write_entry_dates(out, timeline, entry);
        out.key("replacement");
        out.string_or_null(replacement_if_removed(timeline, kind, entry));
        write_changed(out, timeline, entry);
        out.end_object();
    }
    out.end_array();
}

void write_fields(JsonWriter& out, const HistoryReport& report) {
    const auto& timeline = *report.timeline;
    out.key("fields");
    out.begin_array();
    for (const auto& [key, entry] : timeline.fields) {
        if (!report.filter.keeps_field(timeline, key)) continue;
        out.begin_object();
        out.member("type", key.first);
        out.member("path", key.second);
        out.key("kinds");
        out.begin_array();
        for (const auto& kind : kinds_of_type(timeline, key.first)) out.string(kind);
        out.end_array();
        write_entry_dates(out, timeline, entry);
        out.key("stages");
        out.begin_array();
        for (const auto& stage : entry.stages) {
            out.begin_object();
            write_release(out, timeline, "release", stage.release);
            out.member("stage", to_string(stage.stage));
            out.end_object();
        }
        out.end_array();
        write_release(out, timeline, "minVersion", entry.min_version());
        write_changed(out, timeline, entry);
        out.end_object();
    }
    out.end_array();
}

void write_operations(JsonWriter& out, const HistoryReport& report) {
    const auto& timeline = *report.timeline;
    out.key("operations");
    out.begin_array();
    for (const auto& [operation, entry] : timeline.operations) {
        if (!report.filter.keeps_operation(timeline, operation)) continue;
        out.begin_object();
        out.member("operation", operation);
        const auto kind = timeline.operation_kind.find(operation);
        out.key("kind");
        kind == timeline.operation_kind.end() ? out.null() : out.string(kind->second);
        write_entry_dates(out, timeline, entry);
        write_changed(out, timeline, entry);
        out.end_object();
    }
    out.end_array();
}

}  // namespace

bool HistoryFilter::keeps_kind(const std::string& kind_version) const {
    if (!field.empty()) return false;
    if (kind.empty()) return true;
    if (kind.find(' ') != std::string::npos) return kind_version == kind;
    return kind_version.ends_with(" " + kind);
}

bool HistoryFilter::keeps_operation(const Timeline& timeline, const std::string& operation) const {
    if (!field.empty()) return false;
    if (kind.empty()) return true;
    const auto found = timeline.operation_kind.find(operation);
    return found != timeline.operation_kind.end() && keeps_kind(found->second);
}

bool HistoryFilter::keeps_field(const Timeline& timeline, const FieldKey& field_key) const {
    if (!field.empty()) return field == field_key.first || field == field_key.first + field_key.second;
    if (kind.empty()) return true;
    const auto& kinds = kinds_of_type(timeline, field_key.first);
    return std::any_of(kinds.begin(), kinds.end(), [&](const std::string& reaching) { return keeps_kind(reaching); });
}

std::string replacement_of(const Timeline& timeline, const std::string& kind, std::size_t release) {
    if (release >= timeline.served.size()) return {};
    const auto group_version = replacement_version(kind, timeline.served[release], timeline.deprecated_kinds[release]);
    if (group_version.empty()) return {};
    return group_version + kind.substr(kind.rfind(' '));
}

std::string history_json(const HistoryReport& report) {
    const auto& timeline = *report.timeline;
    std::string text;
    JsonWriter out(text);
    out.begin_object();
    out.member("schemaVersion", std::uint64_t{1});
    out.key("releases");
    out.begin_array();
    for (const auto& release : timeline.releases) out.string(release);
    out.end_array();
    if (report.objects) {
        write_history_objects(out, report);
        out.end_object();
        return text;
    }
    write_kinds(out, report);
    write_fields(out, report);
    write_operations(out, report);
    out.key("notes");
    out.begin_array();
    for (const auto& note : report.notes) out.string(note);
    out.end_array();
    out.end_object();
    return text;
}

std::string history_text(const HistoryReport& report) {
    const auto& timeline = *report.timeline;
    std::string out = log_line(fmt::format("History of {} releases: {} → {}", timeline.releases.size(), timeline.releases.front(),
                                           timeline.releases.back())) +
                      "\n";
    for (const auto& note : report.notes) out += log_line("note: " + note) + "\n";
    if (report.objects) return out + history_objects_text(report);
    const auto lines = lines_of(report);
    const auto section = [&](std::string_view title, const std::vector<Line>& list) {
        if (list.empty()) return;
        out += fmt::format("\n{} ({})\n", title, list.size());
        for (const auto& line : list) out += log_line(fmt::format("  {}: {}", line.name, line.events)) + "\n";
    };
    section("Kind versions", lines.kinds);
    section("Operations", lines.operations);
    if (!lines.types.empty()) out += fmt::format("\nFields, by type ({})\n", lines.types.size());
    for (const auto& group : lines.types) {
        out += log_line("  " + group.heading) + "\n";
        for (const auto& line : group.fields) out += log_line(fmt::format("    {}: {}", line.name, line.events)) + "\n";
    }
    if (lines.kinds.empty() && lines.operations.empty() && lines.types.empty()) out += "\nNothing changed across these releases.\n";
    if (lines.folded > 0)
        out += fmt::format(
            "\n{} field(s) and operation(s) came or went with their type or kind and are not listed (--format json lists them)\n",
            lines.folded);
    return out;
}

std::string history_markdown(const HistoryReport& report) {
    const auto& timeline = *report.timeline;
    std::string out = fmt::format("# API history: {} → {}\n", code(timeline.releases.front()), code(timeline.releases.back()));
    for (const auto& note : report.notes) out += "\n" + line_text("Note: " + note) + "\n";
    if (report.objects) return out + history_objects_markdown(report);
    for (std::size_t release = timeline.releases.size(); release-- > 1;) {
        out += fmt::format("\n## {} (from {})\n", code(timeline.releases[release]), code(timeline.releases[release - 1]));
        std::string notes = release - 1 < report.release_notes.size() ? report.release_notes[release - 1] : std::string();
        // The changelog's own title gives way to the release's heading; its sections go a level down.
        if (const auto first_line = notes.find('\n'); notes.starts_with("# "))
            notes.erase(0, first_line == std::string::npos ? notes.size() : first_line + 1);
        std::string body;
        std::size_t start = 0;
        while (start < notes.size()) {
            auto end = notes.find('\n', start);
            if (end == std::string::npos) end = notes.size();
            const auto line = std::string_view(notes).substr(start, end - start);
            body += (line.starts_with("#") ? "#" : "") + std::string(line) + "\n";
            start = end + 1;
        }
        const bool empty = body.find_first_not_of('\n') == std::string::npos;
        out += empty ? "\nNo API changes in the release notes' sections.\n" : body;
    }
    return out;
}

}  // namespace kompat
