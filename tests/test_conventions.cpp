// API conventions: `check --lint` reports only the violations a change adds (the ratchet),
// and they do not fail a check below --fail-on.
#include "test_support.hpp"

using kompat::test::run;
using kompat::test::TempDir;

namespace {

// A CRD of one version whose spec has the given properties (JSON text), otherwise conventional.
std::string crd(const std::string& spec_properties, const std::string& version = "v1") {
    return R"({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": "gadgets.example.com"},
  "spec": {"group": "example.com", "scope": "Namespaced", "names": {"kind": "Gadget", "plural": "gadgets", "singular": "gadget"},
    "versions": [{"name": ")" +
           version + R"(", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object", "properties": {
      "spec": {"type": "object", "properties": {)" +
           spec_properties + "}}}}}}]}}";
}

constexpr const char* size = R"("size": {"type": "integer", "format": "int32"})";
constexpr const char* unbounded_name = R"("name": {"type": "string"})";
constexpr const char* bounded_name = R"("name": {"type": "string", "maxLength": 63})";

struct Pair {
    TempDir dir;
    kompat::test::RunResult check(const std::string& old_crd, const std::string& new_crd, const std::string& options) {
        dir.write("old.json", old_crd);
        dir.write("new.json", new_crd);
        return run("cd '" + dir.path().string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() +
                   "' check old.json new.json --lint " + options);
    }
};

}  // namespace

TEST_CASE("conventions: check --lint reports a violation a change adds, not one the old API had") {
    Pair pair;
    // The old violation (name has no maxLength) stays as it was: silent.
    const auto same = pair.check(crd(std::string(size) + ", " + unbounded_name), crd(std::string(size) + ", " + unbounded_name), "");
    CHECK(same.exit_code == 0);
    CHECK(same.out.find("convention-") == std::string::npos);
    // A new field that violates one: reported, under a heading of its own, as a warning that
    // does not fail the check (--fail-on error)...
    const auto added = pair.check(crd(size), crd(std::string(size) + ", " + unbounded_name), "");
    CHECK(added.exit_code == 0);
    CHECK(added.out.find("API conventions: example.com/v1 Gadget\n") != std::string::npos);
    CHECK(added.out.find("warning convention-string-max-length: .spec.name: `name`: a string with no maxLength") != std::string::npos);
    // ... unless asked to.
    CHECK(pair.check(crd(size), crd(std::string(size) + ", " + unbounded_name), "--fail-on warning").exit_code == 1);
    // A field that changed into a violation (its format dropped): reported.
    const auto changed = pair.check(crd(size), crd(R"("size": {"type": "integer"})"), "--format json");
    CHECK(changed.out.find("\"rule\": \"convention-integer-format\"") != std::string::npos);
    CHECK(changed.out.find("\"category\": \"convention\"") != std::string::npos);
    // A violation fixed: silent.
    const auto fixed = pair.check(crd(std::string(size) + ", " + unbounded_name), crd(std::string(size) + ", " + bounded_name), "");
    CHECK(fixed.out.find("convention-") == std::string::npos);
    // Without --lint, no convention finding at all.
    pair.dir.write("new.json", crd(std::string(size) + ", " + unbounded_name));
    CHECK(run("cd '" + pair.dir.path().string() + "' && '" + kompat::test::kompat_binary() + "' check old.json new.json")
              .out.find("convention-") == std::string::npos);
}

TEST_CASE("conventions: in an alpha version a violation is info") {
    Pair pair;
    const auto alpha = pair.check(crd(size, "v1alpha1"), crd(std::string(size) + ", " + unbounded_name, "v1alpha1"), "--show info");
    CHECK(alpha.out.find("info convention-string-max-length: .spec.name") != std::string::npos);
}
