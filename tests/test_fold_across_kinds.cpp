// The same change in many kinds said once: a provider's storage-version move across its
// CRDs is one line in text, one markdown row, one annotation and one changelog bullet;
// JSON keeps a finding a kind, with a shared `group`.
#include <boost/json/parse.hpp>

#include <set>

#include "test_support.hpp"

using kompat::test::run;
using kompat::test::TempDir;

namespace {

std::string crd(int number, const std::string& storage) {
    const auto kind = "Thing" + std::to_string(number);
    std::string versions;
    for (const std::string version : {"v1beta1", "v1beta2"})
        versions += "  - name: " + version + "\n    served: true\n    storage: " + (version == storage ? "true" : "false") +
                    "\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n"
                    "            type: object\n            properties:\n              region:\n                type: string\n";
    return "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: thing" + std::to_string(number) +
           "s.ec2.example.io\nspec:\n  group: ec2.example.io\n  names:\n    kind: " + kind + "\n    plural: thing" +
           std::to_string(number) + "s\n  scope: Cluster\n  versions:\n" + versions;
}

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("fold across kinds: one storage-version move in 300 CRDs is one line in every report people read") {
    TempDir dir;
    for (int i = 0; i < 300; ++i) {
        dir.write("old/t" + std::to_string(i) + ".yaml", crd(i, "v1beta1"));
        dir.write("new/t" + std::to_string(i) + ".yaml", crd(i, "v1beta2"));
    }
    const auto in_dir = "cd '" + dir.path().string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() + "' ";

    const auto text = run(in_dir + "check old new");
    REQUIRE(text.exit_code == 0);
    INFO(text.out);
    CHECK(lines(text.out) <= 10);
    CHECK(text.out.find("upgrade: 300 CRDs: migrate-first: CRD storage version changed: ") != std::string::npos);
    CHECK(text.out.find("\nacross kinds\n") != std::string::npos);
    CHECK(text.out.find("warning crd-storage-version-changed: storage version changed from `v1beta1` to `v1beta2`\n    in 300 kinds: ") !=
          std::string::npos);
    CHECK(text.out.find(" and 297 more (--format json lists each)\n") != std::string::npos);

    const auto markdown = run(in_dir + "check old new --format markdown").out;
    CHECK(markdown.size() < 2000);
    CHECK(std::count(markdown.begin(), markdown.end(), '|') < 60);  // the counts table and one row
    CHECK(markdown.find("| 300 kinds: `ec2.example.io/v1beta2 Thing0`") != std::string::npos);

    const auto github = run(in_dir + "check old new --format github --show warning").out;
    CHECK(lines(github) == 2);  // the annotation and the summary line

    const auto notes = run(in_dir + "changelog old new").out;
    INFO(notes);
    CHECK(notes.find("storage version changed from `v1beta1` to `v1beta2`") != std::string::npos);
    CHECK(lines(notes) < 10);
    CHECK(notes.find(" and 297 more kinds** storage version changed") != std::string::npos);

    // JSON keeps every finding, one a kind, the 300 in one group.
    const auto json = boost::json::parse(run(in_dir + "check old new --format json").out);
    const auto& findings = json.at("findings").as_array();
    CHECK(findings.size() == 300);
    std::set<std::string> groups;
    for (const auto& finding : findings) groups.insert(std::string(finding.at("group").as_string()));
    CHECK(groups.size() == 1);
}

TEST_CASE("fold across kinds: the same change in two kinds stays under each kind") {
    TempDir dir;
    for (int i = 0; i < 2; ++i) {
        dir.write("old/t" + std::to_string(i) + ".yaml", crd(i, "v1beta1"));
        dir.write("new/t" + std::to_string(i) + ".yaml", crd(i, "v1beta2"));
    }
    const auto text = run("cd '" + dir.path().string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() + "' check old new").out;
    INFO(text);
    CHECK(text.find("across kinds") == std::string::npos);
    CHECK(text.find("\nec2.example.io/v1beta2 Thing0\n") != std::string::npos);
    CHECK(text.find("\nec2.example.io/v1beta2 Thing1\n") != std::string::npos);
}

// Folding needs the same sentence, not the same schema: fields of several types removed
// from one object are one line that says so once ("5 fields removed", not "field 5 fields").
TEST_CASE("fold across kinds: fields of different types removed from one object are one line") {
    TempDir dir;
    const auto swagger = [](bool with_fields) {
        const std::string removed = with_fields ? R"(, "a": {"type": "string"}, "b": {"type": "integer"}, "c": {"type": "boolean"},
            "d": {"type": "array", "items": {"type": "string"}}, "e": {"type": "object"})"
                                                : "";
        return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {"/r": {"post": {"parameters": [{"in": "body",
            "name": "body", "schema": {"$ref": "#/definitions/Request"}}], "responses": {"200": {"description": "ok"}}}}},
            "definitions": {"Request": {"type": "object", "properties": {"kept": {"type": "string"})" +
               removed + "}}}}";
    };
    dir.write("old.json", swagger(true));
    dir.write("new.json", swagger(false));
    const auto text =
        run("cd '" + dir.path().string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() + "' check old.json new.json").out;
    INFO(text);
    CHECK(text.find(" field-removed: 5 fields removed\n    at .a, .b, .c and 2 more (--format json lists each)\n") != std::string::npos);
    CHECK(text.find("field 5 fields") == std::string::npos);
}
