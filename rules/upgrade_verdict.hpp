#pragma once
// One verdict per CRD for a pre-upgrade hook: can NEW be applied to the clusters that run
// OLD? `breaking` when a finding on the CRD is an error (the update is refused, or breaks
// clients or objects); `migrate-first` when it is safe once stored objects are migrated (a
// storage version changed, a version removed or unserved that a cluster may store);
// `safe` otherwise. Judged on the findings as reported (after configuration and baseline).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/snapshot.hpp"
#include "rules/finding.hpp"

namespace kompat {

enum class UpgradeVerdict : std::uint8_t { safe, migrate_first, breaking };
std::string_view to_string(UpgradeVerdict verdict);

// A CRD as its findings name it: `gadgets.example.com`, of group and kind.
struct CrdIdentity {
    std::string name;
    std::string group;
    std::string kind;
    friend auto operator<=>(const CrdIdentity&, const CrdIdentity&) = default;
};

struct CrdUpgrade {
    std::string crd;  // gadgets.example.com
    UpgradeVerdict verdict = UpgradeVerdict::safe;
    std::string reason;  // "" when safe with nothing to say
};

// Every CRD of either snapshot, sorted by name, once each; none for OpenAPI documents.
std::vector<CrdIdentity> crds_of(const Snapshot& before, const Snapshot& after);

// The verdict of each CRD of `crds`, in its order.
std::vector<CrdUpgrade> upgrade_verdicts(const std::vector<CrdIdentity>& crds, const std::vector<Finding>& findings);

}  // namespace kompat
