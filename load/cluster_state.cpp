#include "load/cluster_state.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace kompat {

std::string take_cluster_state(Snapshot& old_side, const Snapshot& cluster) {
    // By group and kind, as the differ pairs CRDs: a CRD's name is its plural and group.
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> stored;
    for (const auto& kind : cluster.kinds)
        if (kind.crd && !kind.crd->stored_versions.empty()) stored.try_emplace({kind.gvk.group, kind.gvk.kind}, kind.crd->stored_versions);
    std::set<std::pair<std::string, std::string>> matched;
    std::set<std::pair<std::string, std::string>> old_crds;
    for (auto& kind : old_side.kinds) {
        if (!kind.crd) continue;
        const std::pair key{kind.gvk.group, kind.gvk.kind};
        old_crds.insert(key);
        const auto found = stored.find(key);
        if (found == stored.end()) continue;
        matched.insert(key);
        auto& versions = kind.crd->stored_versions;
        for (const auto& version : found->second)
            if (std::find(versions.begin(), versions.end(), version) == versions.end()) versions.push_back(version);
    }
    const auto missing = old_crds.size() - matched.size();
    return fmt::format("cluster state from {}: status.storedVersions of {} of OLD's {} CRD(s){}", cluster.source, matched.size(),
                       old_crds.size(), missing == 0 ? "" : fmt::format("; {} not in that cluster", missing));
}

}  // namespace kompat
