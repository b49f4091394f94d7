#include "diff/cluster_drift.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <set>
#include <string>

#include "diff/surface_diff.hpp"
#include "support/field_path.hpp"

namespace kompat {
namespace {

// Every field path of `schema` (`.spec.size`, `.spec.ports[*].name`, `.labels{*}`), into
// `out`. A CRD's schema holds no `$ref`s; a cycle of them elsewhere stops at `depth`.
void collect_fields(const Snapshot& snapshot, const Schema& written, const std::string& path, std::set<std::string>& out, int depth) {
    if (depth > 200) return;
    const auto& schema = snapshot.resolve(written);
    for (const auto& property : schema.properties) {
        const auto field = path + field_step(property.name);
        out.insert(field);
        collect_fields(snapshot, property.schema, field, out, depth + 1);
    }
    if (schema.items) collect_fields(snapshot, *schema.items, path + "[*]", out, depth + 1);
    if (schema.additional_properties) collect_fields(snapshot, *schema.additional_properties, path + "{*}", out, depth + 1);
}

std::set<std::string> fields_of(const Snapshot& snapshot, const Kind& kind) {
    std::set<std::string> out;
    collect_fields(snapshot, kind.schema, "", out, 0);
    return out;
}

// "3 fields OLD has", and in `named` the first three ("lacks .spec.a, .spec.b, .spec.c").
std::string counted(const std::vector<std::string>& fields, std::string_view whose, std::string_view verb,
                    std::vector<std::string>& named) {
    std::string names;
    for (std::size_t i = 0; i < fields.size() && i < 3; ++i) names += (i == 0 ? "" : ", ") + fields[i];
    if (fields.size() > 3) names += fmt::format(" and {} more", fields.size() - 3);
    named.push_back(fmt::format("{} {}", verb, names));
    return fmt::format("{} {} field{} {}", verb, fields.size(), fields.size() == 1 ? "" : "s", whose);
}

}  // namespace

std::vector<Change> cluster_drift(const Snapshot& old_side, const Snapshot& cluster) {
    std::vector<Change> out;
    for (const auto& kind : old_side.kinds) {
        if (!kind.crd) continue;
        const auto* running = cluster.find_kind(kind.gvk);
        if (running == nullptr || !running->crd) continue;
        const auto old_fields = fields_of(old_side, kind);
        const auto cluster_fields = fields_of(cluster, *running);
        std::vector<std::string> lacks;
        std::vector<std::string> extra;
        std::set_difference(old_fields.begin(), old_fields.end(), cluster_fields.begin(), cluster_fields.end(), std::back_inserter(lacks));
        std::set_difference(cluster_fields.begin(), cluster_fields.end(), old_fields.begin(), old_fields.end(), std::back_inserter(extra));
        if (lacks.empty() && extra.empty()) continue;
        Change change;
        change.kind = ChangeKind::crd_cluster_drift;
        change.type = kind.type_name;
        change.path = ".";
        change.stability = kind.stability;
        // The counts identify the drift; the fields named are said aside (paths run long).
        std::vector<std::string> parts;
        std::vector<std::string> named;
        if (!lacks.empty()) parts.push_back(counted(lacks, "OLD has", "lacks", named));
        if (!extra.empty()) parts.push_back(counted(extra, "OLD lacks", "has", named));
        change.detail = fmt::format("the cluster's {} {}", kind.gvk.version, fmt::join(parts, " and "));
        change.aside = fmt::format("it {}", fmt::join(named, "; it "));
        change.old_value = boost::json::value(cluster.source);
        if (kind.location.position.line != 0)
            change.old_position = {std::string(old_side.report_path_of(kind.location)), kind.location.position};
        if (running->location.position.line != 0)
            change.new_position = {std::string(cluster.report_path_of(running->location)), running->location.position};
        change.reaches.push_back(whole_kind_reach(kind));
        out.push_back(std::move(change));
    }
    return out;
}

}  // namespace kompat
