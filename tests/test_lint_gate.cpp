// `kompat lint` as a gate on an existing spec: Kubernetes' own released specs pass it, a
// default missing in one version is an error only where the spec can tell it matters, and
// --fail-on decides the exit as in `check`.
#include <boost/json/parse.hpp>

#include <filesystem>

#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::test::run;
using kompat::test::TempDir;

namespace {

std::string lint(const fs::path& spec, const std::string& options = "") {
    return "'" + kompat::test::kompat_binary() + "' lint " + options + "'" + spec.string() + "'";
}

// A CRD of two versions whose `spec` (or `status`) has `size`: defaulted in v1, not in
// v1beta1, whose own `size` schema is `beta_size` (JSON).
std::string two_versions(const std::string& where, const std::string& beta_size) {
    const auto version = [&](const std::string& name, bool storage, const std::string& size) {
        return R"({"name": ")" + name + R"(", "served": true, "storage": )" + (storage ? "true" : "false") +
               R"(, "schema": {"openAPIV3Schema": {"type": "object", "properties": {")" + where +
               R"(": {"type": "object", "properties": {"size": )" + size + "}}}}}}";
    };
    return R"({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": "gadgets.example.com"},
      "spec": {"group": "example.com", "scope": "Namespaced", "names": {"kind": "Gadget", "plural": "gadgets"}, "versions": [)" +
           version("v1", true, R"({"type": "integer", "format": "int32", "default": 1})") + ", " + version("v1beta1", false, beta_size) +
           "]}}";
}

std::vector<std::string> severities_of(const std::string& json) {
    std::vector<std::string> out;
    const auto report = boost::json::parse(json);
    for (const auto& finding : report.at("findings").as_array())
        if (finding.at("rule") == "default-missing-in-version") out.emplace_back(finding.at("severity").as_string());
    return out;
}

}  // namespace

TEST_CASE("lint: Kubernetes' own released specs, swagger and v3, give no error") {
    if (!kompat::test::corpus_present()) {
        WARN("../shared/corpus is absent: Kubernetes' own specs are not linted");
        return;
    }
    std::size_t linted = 0;
    for (const auto& release : fs::directory_iterator(fs::path(kompat::test::corpus_dir()) / "kubernetes")) {
        for (const auto* form : {"swagger.json", "v3"}) {
            if (!fs::exists(release.path() / form)) continue;
            INFO(release.path().filename().string() << "/" << form);
            const auto result = run(lint(release.path() / form, "--format json "));
            CHECK(result.exit_code == 0);
            CHECK(boost::json::parse(result.out).at("summary").at("error") == 0);
            ++linted;
        }
    }
    CHECK(linted >= 10);
}

TEST_CASE("lint: a default missing in another version is an error where the spec can tell, else a warning that says why") {
    TempDir dir;
    const auto integer = std::string(R"({"type": "integer", "format": "int32")");
    // A CRD's spec: the API server applies the schema's defaults, clients write spec.
    CHECK(severities_of(run(lint(dir.write("spec.json", two_versions("spec", integer + "}")), "--format json ")).out) ==
          std::vector<std::string>{"error"});
    // Status: the API server writes it.
    const auto status = run(lint(dir.write("status.json", two_versions("status", integer + "}")), "--show info "));
    CHECK(status.exit_code == 0);
    CHECK(status.out.find("warning default-missing-in-version: .status.size: `size` has no default here, but is defaulted in "
                          "example.com/v1 Gadget; on status, which the API server writes") != std::string::npos);
    // A field this version deprecates.
    CHECK(severities_of(
              run(lint(dir.write("deprecated.json", two_versions("spec", integer + R"(, "description": "Deprecated: use count."})")),
                       "--format json "))
                  .out) == std::vector<std::string>{"warning"});
    // Another type in that version: no default of its own to be missing.
    CHECK(severities_of(run(lint(dir.write("other-type.json", two_versions("spec", R"({"type": "string"})")), "--format json ")).out)
              .empty());
}

TEST_CASE("lint: --fail-on decides the exit as in check") {
    TempDir dir;
    const auto spec = dir.write("status.json", two_versions("status", R"({"type": "integer", "format": "int32"})"));
    CHECK(run(lint(spec)).exit_code == 0);                        // a warning, below the default --fail-on error
    CHECK(run(lint(spec, "--fail-on warning ")).exit_code == 1);  // at the gate
    CHECK(run(lint(spec, "--fail-on info ")).exit_code == 1);
    CHECK(run(lint(spec, "--fail-on bogus ")).exit_code == 2);
}
