// Verdicts a Kubernetes reviewer agrees with, asserted on the real release pairs of
// ../shared/corpus (skipped when it is absent): no false alarm on list annotations, List
// kinds, server defaults, whitespace or retired versions; one finding for one edit.
#include <algorithm>
#include <map>
#include <tuple>
#include <set>

#include "diff/snapshot_diff.hpp"
#include "report/junit_report.hpp"
#include "rules/config.hpp"
#include "rules/evaluate.hpp"
#include "support/whitespace.hpp"
#include "test_support.hpp"

using namespace kompat;

namespace {

std::string corpus(const std::string& relative) { return test::corpus_dir() + "/" + relative; }

std::vector<Finding> check(const std::string& before, const std::string& after) {
    return evaluate(diff_snapshots(load_snapshot(corpus(before)), load_snapshot(corpus(after))).changes);
}

bool ends_with_list(const std::optional<std::string>& kind) { return kind && kind->ends_with("List"); }

}  // namespace

TEST_CASE("precision: Kubernetes 1.29 -> 1.30 keeps apply's merging, so its list annotations are no finding") {
    if (!test::require_corpus()) return;
    for (const auto* spec : {"v3", "swagger.json"}) {
        INFO(spec);
        int loud = 0;
        for (const auto& f : check(std::string("kubernetes/v1.29/") + spec, std::string("kubernetes/v1.30/") + spec)) {
            if (!f.rule.id().starts_with("list-")) continue;
            CHECK(f.severity != Severity::error);
            if (f.severity == Severity::warning) ++loud;
        }
        CHECK(loud <= 1);
    }
}

TEST_CASE("precision: no error on a List kind, and no default-added error, in any Kubernetes pair") {
    if (!test::require_corpus()) return;
    for (const auto& [a, b] : test::corpus_consecutive_pairs()) {
        if (a.find("/kubernetes/") == std::string::npos) continue;
        INFO(a << " -> " << b);
        for (const auto& f : evaluate(diff_snapshots(load_snapshot(a), load_snapshot(b)).changes)) {
            if (f.severity != Severity::error) continue;
            CHECK_FALSE(ends_with_list(f.kind));
            CHECK(f.rule != "default-added");
        }
    }
}

TEST_CASE("precision: retiring a beta version is a warning, said once with its List and operations") {
    if (!test::require_corpus()) return;
    std::map<std::string, Severity> retired;
    for (const auto& f : check("kubernetes/v1.32/v3", "kubernetes/v1.35/v3")) {
        if (!f.kind || f.kind->find("admissionregistration.k8s.io/v1beta1 ValidatingAdmissionPolicy") == std::string::npos) continue;
        if (f.rule == "version-removed" || f.rule == "kind-removed") retired[*f.kind] = f.severity;
        else CHECK(f.severity == Severity::info);
    }
    const std::map<std::string, Severity> expected{
        {"admissionregistration.k8s.io/v1beta1 ValidatingAdmissionPolicy", Severity::warning},
        {"admissionregistration.k8s.io/v1beta1 ValidatingAdmissionPolicyBinding", Severity::warning},
    };
    CHECK(retired == expected);
    // cert-manager v1.6.0 stops serving v1beta1 (and the alphas): those are the only findings there.
    for (const auto& f : check("crds/cert-manager/v1.5.0", "crds/cert-manager/v1.6.0")) {
        if (!f.kind || f.kind->find("/v1beta1 ") == std::string::npos) continue;
        CHECK(f.rule == "crd-version-unserved");
        CHECK(f.severity == Severity::warning);
    }
}

TEST_CASE("precision: a description whose only change is whitespace is no change (gateway-api v1.1.0 -> v1.2.0)") {
    if (!test::require_corpus()) return;
    const auto words = [](const boost::json::value& v) {
        return kompat::whitespace_collapsed(v.is_string() ? std::string_view(v.get_string()) : std::string_view());
    };
    for (const auto* sub : {"standard", "experimental"})
        for (const auto& f : check(std::string("crds/gateway-api/v1.1.0/") + sub, std::string("crds/gateway-api/v1.2.0/") + sub))
            if (f.rule == "description-changed") CHECK(words(f.old_value) != words(f.new_value));
}

TEST_CASE("precision: no edit anywhere in the corpus is both tightened and relaxed") {
    if (!test::require_corpus()) return;
    for (const auto& [a, b] : test::corpus_consecutive_pairs()) {
        INFO(a << " -> " << b);
        std::map<std::string, std::set<std::string>> directions;  // keyword at a place -> directions
        for (const auto& f : evaluate(diff_snapshots(load_snapshot(a), load_snapshot(b)).changes)) {
            for (const std::string_view suffix : {"-tightened", "-relaxed"}) {
                if (!f.rule.id().ends_with(suffix)) continue;
                const auto keyword = std::string(f.rule.id()).substr(0, f.rule.id().size() - suffix.size());
                directions[keyword + " " + f.type + " " + f.path + " " + f.kind.value_or("")].insert(std::string(suffix));
            }
        }
        for (const auto& [place, found] : directions) {
            INFO(place);
            CHECK(found.size() == 1);
        }
    }
}

TEST_CASE("precision: Kubernetes 1.24 -> 1.25 promotions, as the release notes give them") {
    if (!test::require_corpus()) return;
    // A stage both descriptions state is a promotion; a stage sentence dropped (GA, or
    // stale text removed: the schema cannot tell) is said as such.
    std::map<std::string, std::tuple<std::string, std::string, std::string>> staged;
    for (const auto& f : check("kubernetes/v1.24/v3", "kubernetes/v1.25/v3"))
        if (f.rule == "lifecycle-promoted" || f.rule == "lifecycle-stage-unstated")
            staged[f.path.substr(f.path.rfind('.') + 1)] = {std::string(f.rule.id()), std::string(f.old_value.as_string()),
                                                            std::string(f.new_value.as_string())};
    using Staged = std::tuple<std::string, std::string, std::string>;
    CHECK(staged["controllerExpandSecretRef"] == Staged("lifecycle-promoted", "alpha", "beta"));
    CHECK(staged["maxSurge"] == Staged("lifecycle-stage-unstated", "beta", "ga"));
    CHECK(staged["endPort"] == Staged("lifecycle-stage-unstated", "beta", "ga"));
    CHECK(staged["timeZone"] == Staged("lifecycle-promoted", "alpha", "beta"));
}

TEST_CASE("precision: a CRD's copied pod template announces no Kubernetes feature gate as its own lifecycle") {
    if (!test::require_corpus()) return;
    // cert-manager copies the pod template; its only lifecycle of its own here is additionalOutputFormats.
    for (const auto& [a, b] : test::corpus_consecutive_pairs()) {
        if (a.find("/cert-manager/") == std::string::npos) continue;
        INFO(a << " -> " << b);
        for (const auto& f : evaluate(diff_snapshots(load_snapshot(a), load_snapshot(b)).changes))
            if (f.rule == "lifecycle-promoted" || f.rule == "lifecycle-stage-unstated" || f.rule == "lifecycle-demoted" ||
                f.rule == "feature-gate-changed")
                CHECK(f.path.ends_with(".additionalOutputFormats"));
    }
}

TEST_CASE("precision: a change in a shared type lives in the type, and is found through every kind that reaches it") {
    if (!test::require_corpus()) return;
    const auto findings = check("kubernetes/v1.30/v3", "kubernetes/v1.31/v3");
    const auto found = std::find_if(findings.begin(), findings.end(), [](const Finding& f) {
        return f.rule == "field-became-required" && f.type == "io.k8s.api.core.v1.HostAlias";
    });
    REQUIRE(found != findings.end());
    CHECK_FALSE(found->kind);
    CHECK(found->path == ".ip");
    CHECK(std::count(found->affects.begin(), found->affects.end(), "v1 Pod") == 1);
    CHECK(std::count(found->affects.begin(), found->affects.end(), "v1 PodList") == 0);  // folded into v1 Pod
    const AffectedPlace through_pod{"v1 Pod", ".spec.hostAliases[*].ip"};
    CHECK(std::count(found->affected_places.begin(), found->affected_places.end(), through_pod) == 1);

    // An ignore written through any affected kind matches it; a JUnit report fails every affected kind's suite.
    const auto config = parse_config({"k.yaml",
                                      "ignores:\n  - rule: field-became-required\n    location: \"v1 Pod *hostAliases*\"\n"
                                      "    reason: validated as required since 1.0\n"},
                                     Limits{});
    const auto outcome = apply_config(findings, config, "2026-11-24");
    CHECK(std::none_of(outcome.findings.begin(), outcome.findings.end(),
                       [](const Finding& f) { return f.rule == "field-became-required" && f.type == "io.k8s.api.core.v1.HostAlias"; }));
    ReportSources sources{{"a", "openapi-v3"}, {"b", "openapi-v3"}, {}, {"apps/v1 DaemonSet", "v1 Pod"}};
    const auto junit = junit_report({*found}, summarize({*found}), sources, Severity::error);
    for (const auto* suite : {"<testsuite name=\"v1 Pod\"", "<testsuite name=\"apps/v1 DaemonSet\""}) {
        const auto at = junit.find(suite);
        REQUIRE(at != std::string::npos);
        CHECK(junit.compare(junit.find("failures=\"", at) + 10, 2, "1\"") == 0);
    }
}
