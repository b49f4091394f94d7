#include "load/cluster_state.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace kompat {
namespace {

void add_missing(std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const auto& entry : from)
        if (std::find(to.begin(), to.end(), entry) == to.end()) to.push_back(entry);
}

// What OLD takes from a cluster's CRD: the versions stored and the names accepted.
struct ClusterCrd {
    std::vector<std::string> stored_versions;
    std::optional<AcceptedNames> accepted_names;
};

}  // namespace

std::string take_cluster_state(Snapshot& old_side, const Snapshot& cluster) {
    // By group and kind, as the differ pairs CRDs: a CRD's name is its plural and group.
    std::map<std::pair<std::string, std::string>, ClusterCrd> state;
    for (const auto& kind : cluster.kinds)
        if (kind.crd && (!kind.crd->stored_versions.empty() || kind.crd->accepted_names))
            state.try_emplace({kind.gvk.group, kind.gvk.kind}, ClusterCrd{kind.crd->stored_versions, kind.crd->accepted_names});
    std::set<std::pair<std::string, std::string>> matched;
    std::set<std::pair<std::string, std::string>> old_crds;
    for (auto& kind : old_side.kinds) {
        if (!kind.crd) continue;
        const std::pair key{kind.gvk.group, kind.gvk.kind};
        old_crds.insert(key);
        const auto found = state.find(key);
        if (found == state.end()) continue;
        matched.insert(key);
        add_missing(kind.crd->stored_versions, found->second.stored_versions);
        // Several clusters: a name any of them accepts is one a script there may use.
        if (const auto& accepted = found->second.accepted_names) {
            auto& names = kind.crd->accepted_names;
            if (!names) names.emplace();
            add_missing(names->short_names, accepted->short_names);
            add_missing(names->categories, accepted->categories);
        }
    }
    const auto missing = old_crds.size() - matched.size();
    return fmt::format("cluster state from {}: status.storedVersions and acceptedNames of {} of OLD's {} CRD(s){}", cluster.source,
                       matched.size(), old_crds.size(), missing == 0 ? "" : fmt::format("; {} not in that cluster", missing));
}

}  // namespace kompat
