// Live clusters (kube:NAME, kube:): kubectl runs as git does for REV:PATH. A stub kubectl
// on PATH stands in for a cluster: nothing here needs one.
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::test::read_file;
using kompat::test::run;

namespace {

// The Gadget CRD a cluster holds: v1beta1 and v1 served, and objects stored in both.
const char* const cluster_crd = R"({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
 "metadata": {"name": "gadgets.example.com"},
 "spec": {"group": "example.com", "scope": "Namespaced", "names": {"kind": "Gadget", "plural": "gadgets"},
  "versions": [{"name": "v1beta1", "served": true, "storage": false, "schema": {"openAPIV3Schema": {"type": "object"}}},
               {"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object"}}}]},
 "status": {"storedVersions": ["v1beta1", "v1"]}})";

// The release to apply: v1 only.
const char* const release_crd = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Gadget, plural: gadgets}
  versions:
    - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object}}}
)";

struct StubCluster {
    kompat::test::TempDir dir;
    StubCluster() {
        dir.write("one.json", cluster_crd);
        dir.write("all.json", std::string(R"({"apiVersion": "v1", "kind": "List", "items": [)") + cluster_crd + "]}");
        dir.write("release.yaml", release_crd);
        // Records its arguments; one CRD when named (its third argument), else the List.
        stub(R"(printf '%s\n' "$@" > "$(dirname "$0")/../args"
case "$3" in --*) cat "$(dirname "$0")/../all.json" ;; gadgets.example.com) cat "$(dirname "$0")/../one.json" ;;
*) echo "Error from server (NotFound): customresourcedefinitions.apiextensions.k8s.io \"$3\" not found" >&2; exit 1 ;; esac
)");
    }
    void stub(const std::string& body) const {
        const auto file = dir.write("bin/kubectl", "#!/bin/sh\n" + body);
        fs::permissions(file, fs::perms::owner_all);
    }
    [[nodiscard]] std::string kompat(const std::string& args) const {
        return "cd '" + dir.path().string() + "' && PATH='" + (dir.path() / "bin").string() + "':\"$PATH\" NO_COLOR=1 '" +
               kompat::test::kompat_binary() + "' " + args;
    }
};

}  // namespace

TEST_CASE("kube: kube:NAME reads one CRD with kubectl, with its status: the cluster's stored versions are judged") {
    const StubCluster cluster;
    const auto result = run(cluster.kompat("check kube:gadgets.example.com release.yaml"));
    INFO(result.out << result.err);
    CHECK(result.exit_code == 1);
    CHECK(result.out.starts_with("kompat: kube:gadgets.example.com (crd) -> release.yaml (crd)\n"));
    CHECK(kompat::test::count_of(result.out, "error crd-stored-version-removed") == 1);
    CHECK(read_file(cluster.dir.path() / "args") ==
          "get\ncustomresourcedefinitions.apiextensions.k8s.io\ngadgets.example.com\n--output=json\n--request-timeout=60s\n");
}

TEST_CASE("kube: kube: alone reads every CRD, and serves as --cluster too") {
    const StubCluster cluster;
    const auto all = run(cluster.kompat("inspect kube:"));
    INFO(all.out << all.err);
    CHECK(all.exit_code == 0);
    CHECK(all.out.find("example.com/v1beta1 Gadget") != std::string::npos);
    CHECK(read_file(cluster.dir.path() / "args") ==
          "get\ncustomresourcedefinitions.apiextensions.k8s.io\n--output=json\n--request-timeout=60s\n");
    const auto as_cluster = run(cluster.kompat("check release.yaml release.yaml --cluster kube:"));
    CHECK(as_cluster.exit_code == 1);
    CHECK(kompat::test::count_of(as_cluster.out, "error crd-stored-version-removed") == 1);
}

TEST_CASE("kube: kubectl missing, failing or slow, and a bad name, are exit 2 with nothing on stdout") {
    const StubCluster cluster;
    const auto refused = [&](const std::string& args, const std::string& message) {
        const auto result = run(cluster.kompat(args));
        INFO(args << "\n" << result.err);
        CHECK(result.exit_code == 2);
        CHECK(result.out.empty());
        CHECK(result.err.find(message) != std::string::npos);
    };
    refused("inspect kube:widgets.example.com",
            "kube:widgets.example.com:1:1: kubectl failed: Error from server (NotFound): customresourcedefinitions.apiextensions.k8s.io "
            "\"widgets.example.com\" not found");
    refused("inspect kube:--kubeconfig=/etc/passwd", "kube: must be followed by a CRD name");
    refused("inspect 'kube:Gadgets.example.com'", "kube: must be followed by a CRD name");
    cluster.stub("exec sleep 30\n");
    refused("inspect kube: --kubectl-timeout 1", "kubectl did not finish within 1 seconds (limit kubectl-timeout");
    fs::remove(cluster.dir.path() / "bin" / "kubectl");
    const auto missing = run("cd '" + cluster.dir.path().string() + "' && PATH='" + (cluster.dir.path() / "bin").string() + "' '" +
                             kompat::test::kompat_binary() + "' inspect kube:");
    CHECK(missing.exit_code == 2);
    CHECK(missing.out.empty());
    CHECK(missing.err.find("cannot run kubectl: No such file or directory") != std::string::npos);
}
