#pragma once
// What every part of the differ reads: the two snapshots, their named types by name, and
// how a change is made and filed in its unit. Internal to diff/.
#include "diff/change.hpp"
#include "diff/unit_graph.hpp"
#include "model/snapshot.hpp"

#include <boost/json/value.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace kompat {

// A snapshot's named types by name, hashed: the diff looks a type up at every `$ref`.
class TypeIndex {
public:
    explicit TypeIndex(const Snapshot& snapshot);
    [[nodiscard]] const Schema* find(std::string_view name) const {
        const auto found = by_name_.find(name);
        return found == by_name_.end() ? nullptr : found->second;
    }

private:
    std::unordered_map<std::string_view, const Schema*> by_name_;
};

struct DiffContext {
    DiffContext(const Snapshot& old_snapshot, const Snapshot& new_snapshot);

    const Snapshot& old_side;
    const Snapshot& new_side;
    const TypeIndex old_types;
    const TypeIndex new_types;
    // Group-versions with kinds, "group/version".
    const std::set<std::string> old_group_versions;
    const std::set<std::string> new_group_versions;
    // OpenAPI v2 against v3: keywords v2 cannot carry are not compared.
    bool lossy = false;
    // Both sides are a Kubernetes API server's own spec (kinds, no CRD).
    bool kubernetes_server = false;

    // A schema's lifecycle, read as its snapshot's kind (a CRD's copied core types say less).
    [[nodiscard]] Lifecycle lifecycle(const Schema& schema) const {
        return lifecycle_of(schema, new_side.format == SnapshotFormat::crd ? LifecycleSource::crd : LifecycleSource::kubernetes);
    }
    [[nodiscard]] SourcePosition position(const Snapshot& snapshot, const Location& location) const;
    // A change at `path` between o and n, with their positions and n's lifecycle.
    [[nodiscard]] Change make(ChangeKind kind, const std::string& path, const Schema& o, const Schema& n) const;
    // `aside`: said after the change, not what identifies it (Change::aside).
    void emit(Unit& unit, ChangeKind kind, const std::string& path, const Schema& o, const Schema& n, boost::json::value old_value,
              boost::json::value new_value, std::string detail = {}, std::string aside = {}) const;
};

// Two schemas compared at one place: the unit their changes go to and the path inside it.
// What every keyword comparison (value_compare, kubernetes_compare, the CEL rules) takes.
struct SchemaSite {
    const DiffContext& context;
    const Schema& o;
    const Schema& n;
    Unit& unit;
    const std::string& path;
    // The place's words from outside the schema (ComparePlace::documented).
    std::string_view documented{};

    // A change of the two schemas here.
    void emit(ChangeKind kind, boost::json::value old_value, boost::json::value new_value, std::string detail = {},
              std::string aside = {}) const {
        context.emit(unit, kind, path, o, n, std::move(old_value), std::move(new_value), std::move(detail), std::move(aside));
    }
};

// meta.v1 types (DeleteOptions, WatchEvent, …) carry a GVK for every group-version: they
// are no kind of the group-version they name.
bool is_auxiliary_kind(const Kind& kind);

// Files a change in its unit, which names its type and operation unless it names its own.
void add_change(Unit& unit, Change change);

// A bound as JSON: integral values as integers (5, not 5E0), as specs write them.
boost::json::value number_json(double value);
inline boost::json::value number_json(std::uint64_t value) { return value; }

bool is_alpha(const Lifecycle& lifecycle);

// Walks two lists sorted by `order` side by side: `only_old` for an element of `before`
// alone, `only_new` for one of `after` alone, `both` for a pair. After the first of
// equal neighbours, the others are skipped (a spec may repeat a name; the first counts).
template <typename List, typename Order, typename OnlyOld, typename OnlyNew, typename Both>
void merge_sorted(const List& before, const List& after, Order order, OnlyOld only_old, OnlyNew only_new, Both both) {
    auto o = before.begin();
    auto n = after.begin();
    const auto next = [&](auto& it, const List& list) {
        const auto current = it;
        while (++it != list.end() && order(*current, *it) == 0) {
        }
    };
    while (o != before.end() || n != after.end()) {
        // Each pair compared once (names compared are often long and alike: media types).
        bool old_first = n == after.end();
        bool new_first = o == before.end();
        if (!old_first && !new_first) {
            const auto side = order(*o, *n);
            old_first = side < 0;
            new_first = side > 0;
        }
        if (old_first) {
            only_old(*o);
            next(o, before);
        } else if (new_first) {
            only_new(*n);
            next(n, after);
        } else {
            both(*o, *n);
            next(o, before);
            next(n, after);
        }
    }
}

}  // namespace kompat
