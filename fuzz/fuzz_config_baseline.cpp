// libFuzzer harness: the two files a PR's author writes besides its specs, the
// configuration file before the first NUL byte and the baseline after it, each parsed
// and applied to a fixed set of findings (ignores, severities, fingerprints).
#include <algorithm>

#include "fuzz/fuzz_support.hpp"
#include "rules/baseline.hpp"
#include "rules/config.hpp"

namespace {

std::vector<kompat::Finding> sample_findings() {
    std::vector<kompat::Finding> findings;
    for (const auto* rule : {"field-removed", "enum-value-added", "description-changed", "operation-removed"}) {
        kompat::Finding finding;
        finding.rule = kompat::RuleRef::named(rule);
        finding.kind = "apps/v1 Deployment";
        finding.type = "io.k8s.api.apps.v1.DeploymentSpec";
        finding.path = std::string(".spec.") + rule;
        finding.affects = {"apps/v1 Deployment", "apps/v1 DaemonSet"};
        finding.fingerprint = kompat::fingerprint_of(rule, finding.path, {}, {});
        findings.push_back(std::move(finding));
    }
    return findings;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = kompat::fuzz::bytes_of(data, size);
    const auto split = std::min(bytes.find('\0'), bytes.size());
    try {
        const auto config = kompat::parse_config({"kompat.yaml", std::string(bytes.substr(0, split))}, kompat::fuzz::fuzz_limits());
        const auto outcome = kompat::apply_config(sample_findings(), config, "2026-11-24");
    } catch (const kompat::InputError&) {
    }
    try {
        const auto baseline = kompat::parse_baseline({"kompat.baseline", std::string(bytes.substr(std::min(split + 1, bytes.size())))});
        const auto outcome = kompat::apply_baseline(sample_findings(), baseline);
        const auto written = kompat::write_baseline(outcome.findings, kompat::Severity::info);
    } catch (const kompat::InputError&) {
    }
    return 0;
}
