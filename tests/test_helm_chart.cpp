// Helm charts as snapshots: a chart directory is its crds/ and plain templates/ (and its
// unpacked subcharts'); a template with template syntax is skipped and named; `helm
// template` output is read as it is.
#include <boost/json.hpp>

#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::test::read_file;
using kompat::test::run;

namespace {

std::string in_dir(const fs::path& dir) { return "cd '" + dir.string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() + "' "; }

const char* const gadget_crd = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Gadget, plural: gadgets}
  versions:
    - name: v1
      served: true
      storage: true
      schema: {openAPIV3Schema: {type: object}}
)";

}  // namespace

TEST_CASE("chart: every golden chart case gives its expected reports") {
    int cases = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(kompat::test::source_dir()) / "golden" / "charts")) {
        INFO(entry.path().filename().string());
        for (const auto* format : {"text", "json"}) {
            const auto result =
                run(in_dir(entry.path()) + "check old new --format " + format + (std::string(format) == "text" ? " --show info" : ""));
            CHECK(result.err.empty());
            CHECK(result.out == read_file(entry.path() / ("expected." + std::string(format))));
        }
        ++cases;
    }
    CHECK(cases >= 1);
}

TEST_CASE("chart: crds/, plain templates/ and subcharts are read, not values, Chart.yaml or templated files") {
    const auto chart = fs::path(kompat::test::source_dir()) / "golden" / "charts" / "chart-crds-and-templates";
    const auto result = run(in_dir(chart) + "inspect old --format json");
    REQUIRE(result.exit_code == 0);
    // Gadget (crds/), Widget (a plain template), Thing (the subchart's crds/); a plain template
    // that is no CRD is read and counted.
    for (const auto* kind : {"\"kind\": \"Gadget\"", "\"kind\": \"Widget\"", "\"kind\": \"Thing\""})
        CHECK(result.out.find(kind) != std::string::npos);
    const auto files = boost::json::parse(result.out).at("files");
    CHECK(boost::json::serialize(files) ==
          R"(["old/charts/sub/crds/things.yaml","old/crds/gadgets.yaml","old/templates/service.yaml","old/templates/widgets-crd.yaml"])");
    const auto check = run(in_dir(chart) + "check old new");
    CHECK(check.out.find("note: old/templates/deployment.yaml:4:9: template skipped: it holds template syntax") != std::string::npos);
    CHECK(check.out.find("pass the output of helm template instead") != std::string::npos);
    CHECK(check.out.find("old: 1 Kubernetes object(s) that are not CustomResourceDefinitions skipped") != std::string::npos);
}

TEST_CASE("chart: a chart whose every CRD is templated is exit 2 saying to pass helm template output") {
    kompat::test::TempDir dir;
    dir.write("chart/Chart.yaml", "apiVersion: v2\nname: c\nversion: 1.0.0\n");
    dir.write("chart/templates/crd.yaml", std::string(gadget_crd) + "  # {{ .Values.x }}\n");
    const auto result = run(in_dir(dir.path()) + "check chart chart");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err.find("a Helm chart with no CustomResourceDefinition in crds/ or in a plain-YAML template (1 template(s) with "
                          "template syntax skipped") != std::string::npos);
}

TEST_CASE("chart: helm template output is one file: its CRDs kept, other kinds counted") {
    kompat::test::TempDir dir;
    const auto rendered = std::string("---\n# Source: c/templates/sa.yaml\napiVersion: v1\nkind: ServiceAccount\nmetadata: {name: c}\n") +
                          "---\n# Source: c/crds/gadgets.yaml\n" + gadget_crd;
    dir.write("rendered.yaml", rendered);
    const auto result = run(in_dir(dir.path()) + "check rendered.yaml rendered.yaml");
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("rendered.yaml (crd)") != std::string::npos);
    CHECK(result.out.find("rendered.yaml: 1 Kubernetes object(s) that are not CustomResourceDefinitions skipped") != std::string::npos);
}

TEST_CASE("chart: a directory without Chart.yaml is read whole, templates and all") {
    kompat::test::TempDir dir;
    dir.write("crds/templates/gadgets.yaml", gadget_crd);
    dir.write("crds/values.yaml", gadget_crd);  // not a chart: every file is the snapshot's
    const auto result = run(in_dir(dir.path()) + "inspect crds");
    CHECK(result.exit_code == 2);  // the same CRD twice
}
