#include "diff/diff_context.hpp"

#include <algorithm>
#include <cmath>

namespace kompat {
namespace json = boost::json;

namespace {

std::set<std::string> group_versions(const Snapshot& snapshot) {
    std::set<std::string> out;
    for (const auto& kind : snapshot.kinds)
        if (!is_auxiliary_kind(kind)) out.insert(kind.gvk.group + "/" + kind.gvk.version);
    return out;
}

bool is_kubernetes_server(const Snapshot& snapshot) {
    return snapshot.format != SnapshotFormat::crd && std::any_of(snapshot.kinds.begin(), snapshot.kinds.end(),
                                                                 [](const Kind& kind) { return !kind.crd && !is_auxiliary_kind(kind); });
}

}  // namespace

TypeIndex::TypeIndex(const Snapshot& snapshot) {
    by_name_.reserve(snapshot.types.size());
    for (const auto& [name, schema] : snapshot.types) by_name_.emplace(name, &schema);
}

DiffContext::DiffContext(const Snapshot& old_snapshot, const Snapshot& new_snapshot)
    : old_side(old_snapshot),
      new_side(new_snapshot),
      old_types(old_snapshot),
      new_types(new_snapshot),
      old_group_versions(group_versions(old_snapshot)),
      new_group_versions(group_versions(new_snapshot)),
      lossy((old_snapshot.format == SnapshotFormat::openapi_v2) != (new_snapshot.format == SnapshotFormat::openapi_v2) &&
            old_snapshot.format != SnapshotFormat::crd && new_snapshot.format != SnapshotFormat::crd),
      kubernetes_server(is_kubernetes_server(old_snapshot) && is_kubernetes_server(new_snapshot)) {}

SourcePosition DiffContext::position(const Snapshot& snapshot, const Location& location) const {
    if (location.position.line == 0) return {};
    return {std::string(snapshot.report_path_of(location)), location.position};
}

Change DiffContext::make(ChangeKind kind, const std::string& path, const Schema& o, const Schema& n) const {
    Change change;
    change.kind = kind;
    change.path = path;
    change.old_position = position(old_side, o.location);
    change.new_position = position(new_side, n.location);
    change.lifecycle = lifecycle(n);
    return change;
}

void DiffContext::emit(Unit& unit, ChangeKind kind, const std::string& path, const Schema& o, const Schema& n, json::value old_value,
                       json::value new_value, std::string detail, std::string aside) const {
    auto change = make(kind, path, o, n);
    change.old_value = std::move(old_value);
    change.new_value = std::move(new_value);
    change.detail = std::move(detail);
    change.aside = std::move(aside);
    add_change(unit, std::move(change));
}

void add_change(Unit& unit, Change change) {
    if (change.type.empty()) change.type = unit.type;
    if (change.operation.empty()) change.operation = unit.operation;
    unit.changes.push_back(std::move(change));
}

bool is_auxiliary_kind(const Kind& kind) {
    if (kind.crd) return false;
    const std::string_view name = kind.type_name;
    const std::string_view version = kind.gvk.version;
    for (auto at = name.find(version); at != std::string_view::npos; at = name.find(version, at + 1))
        if (at > 0 && name[at - 1] == '.' && at + version.size() < name.size() && name[at + version.size()] == '.') return false;
    return true;
}

json::value number_json(double value) {
    if (std::isfinite(value) && std::floor(value) == value && std::fabs(value) < 9.0e15) return static_cast<std::int64_t>(value);
    return value;
}

bool is_alpha(const Lifecycle& lifecycle) { return lifecycle.status == LifecycleStatus::alpha; }

}  // namespace kompat
