#pragma once
// An API's history as `kompat history` writes it: JSON for tools (docs/report-json.md,
// schemaVersion 1), text (one line per kind version, operation and field with an event,
// newest first), markdown (each release's notes, newest first), and the objects that use
// what the target release removed, deprecates or holds as alpha.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "history/object_history.hpp"
#include "history/timeline.hpp"

namespace kompat {

// What a report is narrowed to: one kind (`batch/v1 CronJob`, or `CronJob` for each of its
// versions), or one field (`io.k8s.api.core.v1.PodSpec.hostUsers`) or type's fields.
struct HistoryFilter {
    std::string kind;
    std::string field;
    [[nodiscard]] bool keeps_kind(const std::string& kind_version) const;
    [[nodiscard]] bool keeps_operation(const Timeline& timeline, const std::string& operation) const;
    [[nodiscard]] bool keeps_field(const Timeline& timeline, const FieldKey& field_key) const;
    [[nodiscard]] bool empty() const { return kind.empty() && field.empty(); }
};

struct HistoryReport {
    const Timeline* timeline = nullptr;
    HistoryFilter filter;
    // markdown: the notes of each release against the one before (index 0 for release 1),
    // each a changelog as `kompat changelog` writes it.
    std::vector<std::string> release_notes;
    std::optional<ObjectUses> objects;  // --objects
    std::size_t target = 0;             // the release the objects are judged against
    std::vector<std::string> notes;
};

// The kind version to use instead of `kind`, in the release that no longer serves it
// ("batch/v1 CronJob"), or "".
std::string replacement_of(const Timeline& timeline, const std::string& kind, std::size_t release);

std::string history_json(const HistoryReport& report);
std::string history_text(const HistoryReport& report);
std::string history_markdown(const HistoryReport& report);

}  // namespace kompat
