#include "history/timeline.hpp"

#include <algorithm>

namespace kompat {
namespace {

// Marks `entry` as held by `release` (the newest so far).
void observe(HistoryEntry& entry, bool known, std::size_t release, bool deprecated) {
    if (!known) entry.added = release == 0 ? std::nullopt : std::optional(release);
    entry.removed.reset();  // back again after a release without it
    entry.last_seen = release;
    if (deprecated && !entry.deprecated) entry.deprecated = release;
}

template <typename Map, typename Key>
HistoryEntry& observed(Map& map, const Key& key, std::size_t release, bool deprecated, bool& known) {
    auto found = map.find(key);
    known = found != map.end();
    if (!known) found = map.emplace(key, HistoryEntry{}).first;
    observe(found->second, known, release, deprecated);
    return found->second;
}

// What the release before held and this one does not is removed in it.
template <typename Map>
void mark_removed(Map& map, std::size_t release) {
    for (auto& [key, entry] : map)
        if (release > 0 && entry.last_seen == release - 1 && !entry.removed) entry.removed = release;
}

}  // namespace

std::string parent_of(const std::string& path) {
    if (path.ends_with("[*]") || path.ends_with("{*}")) return path.substr(0, path.size() - 3);
    if (path.ends_with("\"]")) {
        const auto open = path.rfind("[\"");
        return open == std::string::npos ? std::string() : path.substr(0, open);
    }
    const auto dot = path.rfind('.');
    return dot == std::string::npos || dot == 0 ? std::string() : path.substr(0, dot);
}

namespace {

// The field at `path` of `type`, or the nearest field holding it; null for none.
template <typename Fields>
auto nearest_field(Fields& fields, const std::string& type, std::string path) -> decltype(&fields.begin()->second) {
    for (; !path.empty() && path != "."; path = parent_of(path))
        if (const auto found = fields.find(FieldKey{type, path}); found != fields.end()) return &found->second;
    return nullptr;
}

void record(HistoryEntry& entry, std::size_t release, std::string_view rule) {
    if (entry.changed.empty() || entry.changed.back().release != release) entry.changed.push_back({release, {}});
    auto& rules = entry.changed.back().rules;
    const auto at = std::lower_bound(rules.begin(), rules.end(), rule);
    if (at == rules.end() || *at != rule) rules.insert(at, std::string(rule));
}

}  // namespace

bool HistoryEntry::present_in(std::size_t release) const { return (!added || *added <= release) && (!removed || release < *removed); }

void add_release(Timeline& timeline, std::string label, const ReleaseFacts& facts) {
    const auto release = timeline.releases.size();
    timeline.releases.push_back(std::move(label));
    bool known = false;
    auto& served = timeline.served.emplace_back();
    auto& deprecated = timeline.deprecated_kinds.emplace_back();
    for (const auto& kind : facts.kinds) {
        if (!kind.served) continue;  // a version no client can use is gone for them
        observed(timeline.kinds, kind.kind, release, kind.deprecated, known);
        served.push_back(kind.kind);
        if (kind.deprecated) deprecated.push_back(kind.kind);
    }
    for (const auto& operation : facts.operations) {
        observed(timeline.operations, operation.operation, release, operation.deprecated, known);
        if (!operation.kind.empty()) timeline.operation_kind[operation.operation] = operation.kind;
    }
    for (const auto& field : facts.fields) {
        observed(timeline.types, field.type, release, false, known);
        auto& entry = observed(timeline.fields, FieldKey{field.type, field.path}, release, field.deprecated, known);
        // Deprecation is no stage: a deprecated beta field is still beta.
        if (!known) {
            entry.stage = field.stage;
            if (release > 0 || field.stage != FieldStage::ga) entry.stages.push_back({entry.added, field.stage});
        } else if (field.stage != entry.stage) {
            entry.stage = field.stage;
            entry.stages.push_back({release, field.stage});
        }
    }
    timeline.kind_types.insert(facts.kind_types.begin(), facts.kind_types.end());
    for (const auto& [type, kinds] : facts.kinds_of_type) timeline.kinds_of_type[type] = kinds;
    mark_removed(timeline.kinds, release);
    mark_removed(timeline.operations, release);
    mark_removed(timeline.fields, release);
    mark_removed(timeline.types, release);
}

const HistoryEntry* find_field(const Timeline& timeline, const std::string& type, std::string path) {
    return nearest_field(timeline.fields, type, std::move(path));
}

void add_breaks(Timeline& timeline, std::size_t release, const std::vector<Finding>& findings) {
    for (const auto& finding : findings) {
        if (finding.severity != Severity::error) continue;
        const auto rule = finding.rule.id();
        HistoryEntry* entry = nullptr;
        if (finding.operation) {
            if (const auto found = timeline.operations.find(*finding.operation); found != timeline.operations.end()) entry = &found->second;
        } else if (finding.path != ".") {
            // A CRD's fields stand in its kind version; a named type's in the type.
            entry = nearest_field(timeline.fields, finding.type, finding.path);
            if (entry == nullptr && finding.kind) entry = nearest_field(timeline.fields, *finding.kind, finding.path);
        }
        if (entry == nullptr && finding.kind)
            if (const auto found = timeline.kinds.find(*finding.kind); found != timeline.kinds.end()) entry = &found->second;
        if (entry == nullptr) {
            ++timeline.unplaced_breaks;
            continue;
        }
        record(*entry, release, rule);
    }
}

}  // namespace kompat
