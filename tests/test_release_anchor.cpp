// check --release: a PR judged against the releases users run, in a git repository where a
// field was added on main after the release.
#include <boost/json/parse.hpp>

#include <cstdlib>

#include "test_support.hpp"

using kompat::test::run;
using kompat::test::TempDir;

namespace {

// A CRD of example.com whose spec has the given fields, each a string.
std::string crd(const std::vector<std::string>& fields) {
    std::string properties;
    for (const auto& field : fields) properties += "                " + field + ": {type: string}\n";
    return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: widgets.example.com}\n"
           "spec:\n  group: example.com\n  scope: Namespaced\n"
           "  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}\n"
           "  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n"
           "        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n" +
           properties;
}

}  // namespace

TEST_CASE("check --release: a change to what no release had is info, a released field removed names the release") {
    TempDir dir;
    const auto git = "git -C '" + dir.path().string() + "' ";
    const auto commit = [&](const std::string& message) {
        REQUIRE(std::system((git + "add -A && " + git + "-c user.name=t -c user.email=t@t commit -qm " + message).c_str()) == 0);
    };
    REQUIRE(std::system((git + "init -q").c_str()) == 0);
    dir.write("crd.yaml", crd({"size", "color"}));
    commit("v1.0.0");
    REQUIRE(std::system((git + "tag v1.0.0").c_str()) == 0);
    dir.write("crd.yaml", crd({"size", "color", "shape"}));  // on main after the release
    commit("shape");
    // The PR: shape (never released) and color (released) removed.
    dir.write("crd.yaml", crd({"size"}));

    const auto in_dir = "cd '" + dir.path().string() + "' && '" + kompat::test::kompat_binary() + "' ";
    const auto plain = run(in_dir + "check git:HEAD:crd.yaml crd.yaml --format json");
    REQUIRE(plain.exit_code == 1);
    const auto anchored = run(in_dir + "check git:HEAD:crd.yaml crd.yaml --release git:v1.0.0:crd.yaml --format json");
    REQUIRE(anchored.exit_code == 1);
    INFO(anchored.out);
    const auto findings = boost::json::parse(anchored.out).at("findings").as_array();
    REQUIRE(findings.size() == 2);
    for (const auto& finding : findings) {
        const auto& path = finding.at("path").as_string();
        if (path == ".spec.color") {
            CHECK(finding.at("rule").as_string() == "field-removed");
            CHECK(finding.at("severity").as_string() == "error");
            CHECK(finding.at("releases") == boost::json::parse(R"(["git:v1.0.0:crd.yaml"])"));
        } else {
            CHECK(path == ".spec.shape");
            CHECK(finding.at("rule").as_string() == "unreleased-change");
            CHECK(finding.at("severity").as_string() == "info");
            CHECK(finding.as_object().if_contains("releases") == nullptr);
        }
    }
    // The text report says both: the release broken, and what no release had.
    const auto text = run(in_dir + "check git:HEAD:crd.yaml crd.yaml --release git:v1.0.0:crd.yaml --show info");
    CHECK(text.out.find("against release git:v1.0.0:crd.yaml") != std::string::npos);
    CHECK(text.out.find("`shape` removed (field-removed; no release given had it)") != std::string::npos);
    CHECK(text.out.find("note: judged against release git:v1.0.0:crd.yaml: 1 change(s) to what no release had are info") !=
          std::string::npos);
    // Only the unreleased change: the gate passes.
    dir.write("crd.yaml", crd({"size", "color"}));
    CHECK(run(in_dir + "check git:HEAD:crd.yaml crd.yaml --release git:v1.0.0:crd.yaml").exit_code == 0);
    CHECK(run(in_dir + "check git:HEAD:crd.yaml crd.yaml").exit_code == 1);
    // A release that cannot be read is bad input.
    const auto missing = run(in_dir + "check git:HEAD:crd.yaml crd.yaml --release git:v9.9.9:crd.yaml");
    CHECK(missing.exit_code == 2);
    CHECK(missing.out.empty());
}
