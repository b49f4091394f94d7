// The diff and the rules on real specs of ../shared/corpus (skipped when it is absent).
#include <map>
#include <set>

#include "diff/snapshot_diff.hpp"
#include "report/report_sources.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"
#include "rules/evaluate.hpp"
#include "test_support.hpp"

using namespace kompat;
namespace fs = std::filesystem;

namespace {

std::string corpus(const std::string& relative) { return (fs::path(test::corpus_dir()) / relative).string(); }

std::vector<Finding> check(const Snapshot& before, const Snapshot& after) { return evaluate(diff_snapshots(before, after).changes); }

}  // namespace

TEST_CASE("corpus diff: 1.24 -> 1.25 reports each public removal once") {
    if (!test::require_corpus()) return;
    const auto findings = check(load_snapshot(corpus("kubernetes/v1.24/v3")), load_snapshot(corpus("kubernetes/v1.25/v3")));
    std::map<std::string, int> removals;
    for (const auto& finding : findings)
        if (finding.rule == "kind-removed" || finding.rule == "version-removed") ++removals[*finding.kind];
    const std::map<std::string, int> expected{
        {"autoscaling/v2beta1 HorizontalPodAutoscaler", 1},
        {"batch/v1beta1 CronJob", 1},
        {"discovery.k8s.io/v1beta1 EndpointSlice", 1},
        {"events.k8s.io/v1beta1 Event", 1},
        {"node.k8s.io/v1beta1 RuntimeClass", 1},
        {"policy/v1beta1 PodDisruptionBudget", 1},
        {"policy/v1beta1 PodSecurityPolicy", 1},
    };
    CHECK(removals == expected);
    for (const auto& finding : findings)
        if (finding.rule == "kind-removed" || finding.rule == "version-removed") CHECK(finding.severity == Severity::warning);
}

TEST_CASE("corpus diff: every consecutive pair runs, without duplicate fingerprints") {
    if (!test::require_corpus()) return;
    const auto pairs = test::corpus_consecutive_pairs();
    CHECK(pairs.size() >= 30);
    for (const auto& [a, b] : pairs) {
        INFO(a << " -> " << b);
        std::vector<Finding> findings;
        REQUIRE_NOTHROW(findings = check(load_snapshot(a), load_snapshot(b)));
        std::set<std::string> fingerprints;
        for (const auto& finding : findings) CHECK(fingerprints.insert(finding.fingerprint).second);
    }
}

TEST_CASE("corpus diff: gateway-api v1.2.0 -> v1.2.1, the control pair, has no finding") {
    if (!test::require_corpus()) return;
    for (const auto* sub : {"standard", "experimental"})
        CHECK(check(load_snapshot(corpus(std::string("crds/gateway-api/v1.2.0/") + sub)),
                    load_snapshot(corpus(std::string("crds/gateway-api/v1.2.1/") + sub)))
                  .empty());
}

TEST_CASE("corpus diff: a snapshot against itself has no finding") {
    if (!test::require_corpus()) return;
    std::vector<std::string> specs;
    for (const auto& [a, b] : test::corpus_consecutive_pairs()) {
        specs.push_back(a);
        specs.push_back(b);
    }
    std::sort(specs.begin(), specs.end());
    specs.erase(std::unique(specs.begin(), specs.end()), specs.end());
    for (const auto& spec : specs) {
        INFO(spec);
        const auto snapshot = load_snapshot(spec);
        CHECK(check(snapshot, snapshot).empty());
    }
}

TEST_CASE("corpus diff: swagger.json against the v3 files of the same release differs only where the corpus does") {
    if (!test::require_corpus()) return;
    // corpus/SOURCES.md caveats 1 and 4: v2 also holds the discovery documents (types and
    // paths: /api/, /apis/<group>/, /version/, /.well-known/, /openid/, /logs/) that the v3
    // copies leave out; v1.31, v1.32 and v1.35 agree on everything else.
    const std::set<std::string> discovery_kinds{"v1 APIGroup", "v1 APIGroupList", "v1 APIVersions"};
    for (const auto* release : {"v1.31", "v1.32", "v1.35"}) {
        INFO(release);
        const auto findings = check(load_snapshot(corpus(std::string("kubernetes/") + release + "/swagger.json")),
                                    load_snapshot(corpus(std::string("kubernetes/") + release + "/v3")));
        for (const auto& finding : findings) {
            INFO(finding.rule << " " << finding.kind.value_or(finding.operation.value_or(finding.type)));
            if (finding.rule == "kind-removed") CHECK(discovery_kinds.contains(*finding.kind));
            else if (finding.rule == "definition-removed")
                CHECK((finding.type.starts_with("io.k8s.apimachinery.pkg.apis.meta.v1.") ||
                       finding.type == "io.k8s.apimachinery.pkg.version.Info"));
            else if (finding.rule == "operation-removed")
                CHECK((finding.operation->ends_with("/") || finding.operation->find("/.well-known/") != std::string::npos ||
                       finding.operation->find("/openid/") != std::string::npos ||
                       finding.operation->find(" /logs/") != std::string::npos));
            else FAIL("unexpected finding");
        }
    }
}

TEST_CASE("corpus diff: a field added from A to B is a field removed from B to A") {
    if (!test::require_corpus()) return;
    for (const auto& [a, b] : {std::pair<std::string, std::string>{"kubernetes/v1.31/v3", "kubernetes/v1.32/v3"},
                               {"crds/prometheus-operator/v0.80.0", "crds/prometheus-operator/v0.93.0"},
                               {"crds/gateway-api/v1.1.0/experimental", "crds/gateway-api/v1.2.0/experimental"}}) {
        INFO(a << " <-> " << b);
        const auto old_snapshot = load_snapshot(corpus(a));
        const auto new_snapshot = load_snapshot(corpus(b));
        const auto places = [](const std::vector<Finding>& findings, std::string_view rule) {
            std::set<std::pair<std::string, std::string>> out;
            for (const auto& f : findings)
                if (f.rule == rule || (rule == "field-added" && f.rule == "field-added-required")) out.emplace(f.type, f.path);
            return out;
        };
        const auto forward = check(old_snapshot, new_snapshot);
        const auto backward = check(new_snapshot, old_snapshot);
        CHECK(places(forward, "field-added") == places(backward, "field-removed"));
        CHECK(places(forward, "field-removed") == places(backward, "field-added"));
        CHECK(!places(forward, "field-added").empty());
    }
}

TEST_CASE("corpus diff: the same inputs give byte-identical reports") {
    if (!test::require_corpus()) return;
    const auto report = [] {
        const auto before = load_snapshot(corpus("kubernetes/v1.31/v3"));
        const auto after = load_snapshot(corpus("kubernetes/v1.32/v3"));
        const auto findings = check(before, after);
        const ReportSources sources{{before.source, "openapi-v3"}, {after.source, "openapi-v3"}, {}};
        return json_report(findings, summarize(findings), sources) +
               text_report(findings, summarize(findings), sources, {false, Severity::info});
    };
    CHECK(report() == report());
}

TEST_CASE("corpus diff: Stripe v100 -> v127, a type wrapped in anyOf is widened, not retyped with its fields removed") {
    if (!test::require_corpus()) return;
    const auto findings =
        check(load_snapshot(corpus("openapi3/stripe/v100/spec3.json")), load_snapshot(corpus("openapi3/stripe/v127/spec3.json")));
    std::map<std::string, int> by_rule;
    for (const auto& finding : findings) ++by_rule[std::string(finding.rule.id())];
    // Before unions were compared branch by branch: 47 errors from the wrapping alone
    // (a type-changed and a field-removed for every property still there) and 9 warnings.
    CHECK(by_rule["type-changed"] == 0);
    CHECK(by_rule["unclassified-change"] == 0);
    // The one field Stripe did remove: checkout line items' description.
    REQUIRE(by_rule["field-removed"] == 1);
    // Terminal locations and readers: `$ref X` → `anyOf [X, deleted_X]` in four responses;
    // setup intents' acss_debit and sepa_debit gained a branch; three request URLs
    // accept "" too (`string` → `anyOf [string, enum [""]]`).
    std::map<std::string, int> widened;
    for (const auto& finding : findings) {
        if (finding.rule == "field-removed") CHECK(finding.path.ends_with("line_items[*].description"));
        if (finding.rule != "type-widened") continue;
        ++widened[std::string(to_string(finding.severity)) + " " + finding.role];
        if (finding.operation && finding.operation->find("/v1/terminal/locations/") != std::string::npos) {
            CHECK(finding.old_value == boost::json::value("terminal.location"));
            CHECK(finding.new_value == boost::json::value("terminal.location | deleted_terminal.location"));
        }
        if (finding.role == "request") CHECK(finding.new_value == boost::json::value("string | string enum [\"\"]"));
    }
    CHECK(widened == std::map<std::string, int>{{"error response", 6}, {"info request", 3}});
    const auto summary = summarize(findings);
    // 41 before maxLength replaced by an enum within it stopped counting as relaxed
    // (charge.status, refund.reason); 39 before the values added to one enum became one
    // finding (five to payment_method_types, four to tax id types, …); 19 before a
    // pattern removed from a response (`url`) became a warning (rule set 4).
    CHECK(summary.error == 18);
    CHECK(summary.warning == 1);
}
