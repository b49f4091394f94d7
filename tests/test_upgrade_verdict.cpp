// One verdict per CRD (check's `upgrade`): breaking on an error, migrate-first on a
// warning that asks for stored objects to move, safe otherwise.
#include "rules/upgrade_verdict.hpp"
#include "test_support.hpp"

using kompat::Finding;
using kompat::RuleRef;
using kompat::Severity;
using kompat::UpgradeVerdict;

namespace {

Finding on(const std::string& rule, const std::string& kind, Severity severity) {
    Finding finding;
    finding.rule = RuleRef::named(rule);
    finding.kind = kind;
    finding.path = ".";
    finding.severity = severity;
    return finding;
}

}  // namespace

TEST_CASE("upgrade verdict: an error breaks, a storage warning asks for migration, other warnings are safe") {
    const std::vector<kompat::CrdIdentity> crds{{"gadgets.example.com", "example.com", "Gadget"},
                                                {"things.example.com", "example.com", "Thing"},
                                                {"widgets.example.com", "example.com", "Widget"},
                                                {"wheels.example.com", "example.com", "Wheel"}};
    const std::vector<Finding> findings{
        on("crd-storage-version-changed", "example.com/v1 Gadget", Severity::warning),
        on("field-removed", "example.com/v1 Thing", Severity::error),
        on("crd-stored-version-removed", "example.com/v1alpha1 Thing", Severity::error),
        on("unserved-version-removed", "example.com/v1alpha1 Thing", Severity::warning),
        on("crd-short-name-removed", "example.com/v1 Widget", Severity::warning),
        on("field-added", "example.com/v1 Widget", Severity::info),
        // Info: the cluster stores only the new version.
        on("crd-storage-version-changed-nothing-stored", "example.com/v1 Wheel", Severity::info),
    };
    const auto verdicts = kompat::upgrade_verdicts(crds, findings);
    REQUIRE(verdicts.size() == 4);
    CHECK(verdicts[0].verdict == UpgradeVerdict::migrate_first);
    CHECK(verdicts[0].reason == "CRD storage version changed");
    CHECK(verdicts[1].verdict == UpgradeVerdict::breaking);
    CHECK(verdicts[1].reason ==
          "2 errors: field-removed, crd-stored-version-removed; and CRD version removed that was not served: a cluster may still store it");
    CHECK(verdicts[2].verdict == UpgradeVerdict::safe);
    CHECK(verdicts[2].reason == "1 warning to review, none about stored objects");
    CHECK(verdicts[3].verdict == UpgradeVerdict::safe);
    CHECK(verdicts[3].reason.empty());
    CHECK(kompat::to_string(UpgradeVerdict::migrate_first) == "migrate-first");
}

TEST_CASE("upgrade verdict: gateway-api v1.1.0 to v1.2.0 opens the text report with the CRDs that are not safe") {
    if (!kompat::test::corpus_present()) return;
    const auto gateway = kompat::test::corpus_dir() + "/crds/gateway-api/";
    const auto result = kompat::test::run("'" + kompat::test::kompat_binary() + "' check '" + gateway + "v1.1.0/standard' '" + gateway +
                                          "v1.2.0/standard'");
    INFO(result.out);
    // The second line on: one upgrade line per CRD that is not safe, before the findings.
    CHECK(result.out.find("\nupgrade: referencegrants.gateway.networking.k8s.io: migrate-first: CRD version removed that was not "
                          "served: a cluster may still store it\n") != std::string::npos);
    // Its only error was a CEL rule the old maxItems already implied: the removal decides.
    CHECK(result.out.find("\nupgrade: grpcroutes.gateway.networking.k8s.io: migrate-first: ") != std::string::npos);
    CHECK(result.out.find("\nupgrade: gatewayclasses.gateway.networking.k8s.io: breaking: 1 error: default-changed\n") !=
          std::string::npos);
    CHECK(result.out.find("upgrade: gateways.gateway.networking.k8s.io") == std::string::npos);
}
