// Cluster state (check --cluster, or OLD as a `kubectl get crd -o yaml` dump): the versions a
// cluster stores each CRD's objects in, against NEW's versions.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"

using kompat::test::count_of;
using kompat::test::run;

namespace {

// A cluster's GRPCRoute CRD as `kubectl get crd -o yaml` lists it, storing `stored`.
std::string grpcroute_dump(const std::string& stored) {
    return R"(apiVersion: v1
kind: List
items:
- apiVersion: apiextensions.k8s.io/v1
  kind: CustomResourceDefinition
  metadata: {name: grpcroutes.gateway.networking.k8s.io}
  spec:
    group: gateway.networking.k8s.io
    scope: Namespaced
    names: {kind: GRPCRoute, plural: grpcroutes, listKind: GRPCRouteList, singular: grpcroute}
    versions:
    - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}
    - {name: v1alpha2, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}
  status:
    storedVersions: )" +
           stored + "\n";
}

std::string kompat_command() { return "'" + kompat::test::kompat_binary() + "'"; }

}  // namespace

TEST_CASE("cluster: gateway-api v1.1.0 to v1.2.0 fails where a cluster still stores v1alpha2, and passes once it does not") {
    if (!kompat::test::require_corpus()) return;
    const auto root = kompat::test::corpus_dir() + "/crds/gateway-api/";
    kompat::test::TempDir dir;
    const auto storing = dir.write("storing.yaml", grpcroute_dump("[v1alpha2, v1]"));
    const auto migrated = dir.write("migrated.yaml", grpcroute_dump("[v1]"));
    const auto pair = " '" + root + "v1.1.0/standard' '" + root + "v1.2.0/standard'";
    // The option before the inputs, as after them.
    const auto before = run(kompat_command() + " check --format json --cluster '" + storing.string() + "'" + pair);
    INFO(before.out << before.err);
    CHECK(before.exit_code == 1);
    CHECK(count_of(before.out, "\"rule\": \"crd-stored-version-removed\"") == 1);
    CHECK(before.out.find("storedVersions v1alpha2, v1; NEW serves v1") != std::string::npos);
    CHECK(before.out.find("\"kind\": \"gateway.networking.k8s.io/v1 GRPCRoute\"") != std::string::npos);
    CHECK(before.out.find("cluster state from") != std::string::npos);
    const auto after = run(kompat_command() + " check" + pair + " --cluster '" + migrated.string() + "' --format json");
    CHECK(after.out.find("crd-stored-version-") == std::string::npos);
    // The release's other errors stay; the one the cluster's state made is gone.
    const auto errors = [](const std::string& report) {
        const auto at = report.find("\"error\": ");
        return at == std::string::npos ? -1 : std::stoi(report.substr(at + 9));
    };
    CHECK(errors(after.out) == errors(before.out) - 1);
}

TEST_CASE("cluster: a dump as OLD is its own cluster state, and several clusters together store every version any stores") {
    kompat::test::TempDir dir;
    const auto dump = dir.write("old.yaml", grpcroute_dump("[v1alpha2, v1]"));
    auto only_v1 = grpcroute_dump("[v1]");
    only_v1 = only_v1.substr(0, only_v1.find("    - {name: v1alpha2")) + "  status: {storedVersions: [v1]}\n";
    const auto release = dir.write("new.yaml", only_v1);
    const auto own = run(kompat_command() + " check '" + dump.string() + "' '" + release.string() + "'");
    INFO(own.out << own.err);
    CHECK(own.exit_code == 1);
    CHECK(count_of(own.out, "error crd-stored-version-removed") == 1);
    CHECK(own.out.find("storedVersions v1alpha2, v1; NEW serves v1") != std::string::npos);
    // NEW as OLD (storing v1 only), two clusters: one of them still stores v1alpha2.
    const auto clean = dir.write("clean.yaml", grpcroute_dump("[v1]"));
    const auto both = run(kompat_command() + " check '" + release.string() + "' '" + release.string() + "' --cluster '" + clean.string() +
                          "' --cluster '" + dump.string() + "'");
    CHECK(both.exit_code == 1);
    CHECK(count_of(both.out, "error crd-stored-version-removed") == 1);
    // The options may come before the inputs, repeated.
    const auto before_inputs = run(kompat_command() + " check --cluster '" + clean.string() + "' --cluster '" + dump.string() + "' '" +
                                   release.string() + "' '" + release.string() + "'");
    INFO(before_inputs.err);
    CHECK(before_inputs.out == both.out);
    CHECK(before_inputs.exit_code == 1);
    const auto one =
        run(kompat_command() + " check '" + release.string() + "' '" + release.string() + "' --cluster '" + clean.string() + "'");
    CHECK(one.exit_code == 0);
}

TEST_CASE("cluster: a dump whose status.storedVersions is no list is exit 2 at its place, nothing on stdout") {
    kompat::test::TempDir dir;
    auto text = grpcroute_dump("v1");
    const auto bad = dir.write("bad.yaml", text);
    const auto result = run(kompat_command() + " check --cluster '" + bad.string() + "' '" + bad.string() + "' '" + bad.string() + "'");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find("bad.yaml:") != std::string::npos);
    CHECK(result.err.find("\"storedVersions\" must be a list of strings") != std::string::npos);
}
