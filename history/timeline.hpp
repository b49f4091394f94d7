#pragma once
// The history of an API across its releases, oldest first (`kompat history`): for every kind
// version, operation and field, the release that added, deprecated and removed it, each
// change of its prerelease stage, and the releases whose breaking changes touched it.
// Built one release at a time, from each release's facts and the errors of each
// consecutive pair, so no more than two snapshots are ever held.
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "history/release_facts.hpp"
#include "rules/finding.hpp"

namespace kompat {

struct StageChange {
    std::optional<std::size_t> release;  // unset: the first release has it already
    FieldStage stage = FieldStage::ga;
};

struct BreakingChange {
    std::size_t release = 0;
    std::vector<std::string> rules;  // sorted, once each
};

// Releases are indexes into Timeline::releases.
struct HistoryEntry {
    std::optional<std::size_t> added;       // unset: the first release has it
    std::optional<std::size_t> removed;     // the first release without it (unset: the last has it)
    std::optional<std::size_t> deprecated;  // the first release that deprecates it
    std::vector<StageChange> stages;        // fields only
    std::vector<BreakingChange> changed;
    std::size_t last_seen = 0;  // the latest release that has it
    FieldStage stage = FieldStage::ga;

    // The release its current stage started in; unset when that is before the first release.
    [[nodiscard]] std::optional<std::size_t> min_version() const { return stages.empty() ? std::nullopt : stages.back().release; }
    [[nodiscard]] bool present_in(std::size_t release) const;  // whether the release has it
};

using FieldKey = std::pair<std::string, std::string>;  // type, path

struct Timeline {
    std::vector<std::string> releases;  // labels, oldest first
    std::map<std::string, HistoryEntry, std::less<>> kinds;
    std::map<std::string, HistoryEntry, std::less<>> operations;
    std::map<FieldKey, HistoryEntry> fields;
    std::map<std::string, HistoryEntry, std::less<>> types;                      // the types holding fields
    std::set<std::string, std::less<>> kind_types;                               // types that are a kind's own schema
    std::map<std::string, std::string, std::less<>> operation_kind;              // the kind each operation serves, when said
    std::map<std::string, std::vector<std::string>, std::less<>> kinds_of_type;  // as the last release that has the type says
    // Each release's served kind versions and those it deprecates, for the version to use
    // instead of a removed one.
    std::vector<std::vector<std::string>> served;
    std::vector<std::vector<std::string>> deprecated_kinds;
    std::size_t unplaced_breaks = 0;  // errors no kind, operation or field of the history holds
};

// Appends the next release (newer than every release before it).
void add_release(Timeline& timeline, std::string label, const ReleaseFacts& facts);

// Records the errors among `findings`, the findings of the release before `release` against
// it, on the kinds, operations and fields they stand at.
void add_breaks(Timeline& timeline, std::size_t release, const std::vector<Finding>& findings);

// The path one step up (`.spec.ports[*]` → `.spec.ports`, `.spec.ports` → `.spec`), "" at the top.
std::string parent_of(const std::string& path);

// The field at `path` of `type`, or the nearest field holding it; null for none.
const HistoryEntry* find_field(const Timeline& timeline, const std::string& type, std::string path);

}  // namespace kompat
