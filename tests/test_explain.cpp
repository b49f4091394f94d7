// `kompat explain`: finding resources and fields, and the golden outputs of
// golden/explain/<case>/ (its `args`, run in the case's folder, give `expected.txt`).
#include <boost/json/parse.hpp>

#include <fstream>
#include <sstream>

#include "report/explain_target.hpp"
#include "load/snapshot_loader.hpp"
#include "report/explain_diff.hpp"
#include "report/explain_report.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::test::load_text;
using kompat::test::read_file;
using kompat::test::run;

namespace {

fs::path explain_cases_dir() { return fs::path(kompat::test::source_dir()) / "golden" / "explain"; }

std::string lookup_error(const kompat::Snapshot& snapshot, std::string_view request, std::string_view api_version = "") {
    try {
        kompat::find_explain_target(snapshot, request, api_version);
    } catch (const kompat::LookupError& error) {
        return error.what();
    }
    return "(no error)";
}

// A swagger 2.0 document of the given definitions; each object in `kinds` is a kind.
std::string swagger(const std::string& definitions) {
    return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {)" + definitions + "}}";
}

std::string kind_definition(const std::string& name, const std::string& group, const std::string& version, const std::string& kind,
                            const std::string& properties = "{}") {
    return "\"" + name + R"(": {"type": "object", "properties": )" + properties + R"(, "x-kubernetes-group-version-kind": [{"group": ")" +
           group + R"(", "version": ")" + version + R"(", "kind": ")" + kind + "\"}]}";
}

const std::string widgets_crd = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets, singular: widget, shortNames: [wdg]}
  versions:
  - name: v2
    served: false
    storage: false
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object}}}}
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              parts:
                type: array
                items: {type: object, properties: {name: {type: string}, count: {type: integer}}}
)";

}  // namespace

TEST_CASE("explain: every golden case prints its expected output") {
    std::vector<fs::path> cases;
    for (const auto& entry : fs::directory_iterator(explain_cases_dir()))
        if (entry.is_directory()) cases.push_back(entry.path());
    std::sort(cases.begin(), cases.end());
    REQUIRE(cases.size() >= 8);
    const auto corpus = kompat::test::corpus_dir();
    for (const auto& dir : cases) {
        INFO("explain case " << dir.filename().string());
        auto args = read_file(dir / "args");
        while (!args.empty() && args.back() == '\n') args.pop_back();
        if (args.find("{corpus") != std::string::npos && !kompat::test::corpus_present()) continue;
        // {corpus-relative}: the corpus as a path from the case's folder (file names in the output stay the same everywhere).
        const auto relative = fs::path(corpus).lexically_relative(dir.lexically_normal()).string();  // links not followed
        for (std::size_t at; (at = args.find("{corpus-relative}")) != std::string::npos;)
            args.replace(at, std::string("{corpus-relative}").size(), relative);
        for (std::size_t at; (at = args.find("{corpus}")) != std::string::npos;) args.replace(at, std::string("{corpus}").size(), corpus);
        const auto result = run("cd '" + dir.string() + "' && '" + kompat::test::kompat_binary() + "' explain " + args);
        CHECK(result.err.empty());
        CHECK(result.exit_code == 0);
        CHECK(result.out == read_file(dir / "expected.txt"));
    }
}

TEST_CASE("explain: a resource is found by kind, plural path name, CRD names and short names, in any case") {
    const auto crd = load_text("widgets.yaml", widgets_crd);
    for (const auto* name : {"Widget", "widget", "WIDGETS", "wdg", "widgets.example.com"}) {
        INFO(name);
        const auto target = kompat::find_explain_target(crd, name, "");
        CHECK(target.kind->gvk.to_string() == "example.com/v1 Widget");  // the served version, not the unserved v2
        CHECK(target.field_path.empty());
    }
    CHECK(kompat::find_explain_target(crd, "wdg", "example.com/v2").kind->gvk.version == "v2");
    CHECK(lookup_error(crd, "wdg", "example.com/v3") ==
          "resource \"wdg\" has no version example.com/v3; it has: example.com/v1, example.com/v2");

    const auto pod = load_text("spec.json", read_file(explain_cases_dir() / "pod-containers" / "spec.json"));
    CHECK(kompat::find_explain_target(pod, "pods", "").kind->gvk.to_string() == "v1 Pod");
    CHECK(kompat::find_explain_target(pod, "Pod.spec", "").field_path == std::vector<std::string>{"spec"});
}

TEST_CASE("explain: without --api-version the most stable, newest version is taken, the core group first") {
    const auto snapshot = load_text(
        "s.json", swagger(kind_definition("a", "events.k8s.io", "v1", "Event") + "," + kind_definition("b", "", "v1", "Event") + "," +
                          kind_definition("c", "", "v1beta1", "Event") + "," + kind_definition("d", "apps", "v1beta2", "Deployment") + "," +
                          kind_definition("e", "apps", "v1beta1", "Deployment") + "," +
                          kind_definition("f", "apps", "v1alpha1", "Deployment") + "," + kind_definition("g", "apps", "v2", "Deployment")));
    CHECK(kompat::find_explain_target(snapshot, "event", "").kind->gvk.to_string() == "v1 Event");
    CHECK(kompat::find_explain_target(snapshot, "event", "events.k8s.io/v1").kind->gvk.to_string() == "events.k8s.io/v1 Event");
    CHECK(kompat::find_explain_target(snapshot, "deployment", "").kind->gvk.to_string() == "apps/v2 Deployment");
    CHECK(kompat::find_explain_target(snapshot, "deployment", "apps/v1beta2").kind->gvk.version == "v1beta2");
}

TEST_CASE("explain: a field path goes through array items and map values") {
    const auto crd = load_text("widgets.yaml", widgets_crd);
    const auto target = kompat::find_explain_target(crd, "widgets.spec.parts.count", "");
    CHECK(target.field_path == std::vector<std::string>{"spec", "parts", "count"});
    REQUIRE(target.schema != nullptr);
    CHECK(target.schema->type == kompat::TypeList{"integer"});

    const auto tree = load_text("spec.json", read_file(explain_cases_dir() / "recursive-cyclic" / "spec.json"));
    CHECK(kompat::find_explain_target(tree, "trees.index.children.value.next.text", "").field_path ==
          std::vector<std::string>{"index", "children", "value", "next", "text"});
}

TEST_CASE("explain: an unknown resource or field names the closest ones") {
    const auto crd = load_text("widgets.yaml", widgets_crd);
    CHECK(lookup_error(crd, "widgte") == "no resource \"widgte\" in widgets.yaml; did you mean: widget, widgets?");
    CHECK(lookup_error(crd, "gizmo.spec") == "no resource \"gizmo\" in widgets.yaml");
    CHECK(lookup_error(crd, "widgets.spec.prats") == "field \"prats\" does not exist in Widget.spec; did you mean: parts?");
    CHECK(lookup_error(crd, "widgets.spec.parts.name.first") ==
          "field \"first\" does not exist in Widget.spec.parts.name, which has no fields");
    // Field names are matched exactly, as the API server does.
    CHECK(lookup_error(crd, "widgets.Spec") == "field \"Spec\" does not exist in Widget; did you mean: spec?");
}

TEST_CASE("explain: the command exits 2 with nothing on stdout for an unknown resource or a bad spec") {
    kompat::test::TempDir dir;
    const auto spec = dir.write("widgets.yaml", widgets_crd);
    const auto binary = "'" + kompat::test::kompat_binary() + "' explain ";
    const auto unknown = run(binary + "'" + spec.string() + "' widgets.spec.prats");
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.out.empty());
    CHECK(unknown.err == "kompat explain: field \"prats\" does not exist in Widget.spec; did you mean: parts?\n");

    const auto bad = dir.write("bad.json", "{\"swagger\": \"2.0\", \"paths\": {");
    const auto broken = run(binary + "'" + bad.string() + "' pods");
    CHECK(broken.exit_code == 2);
    CHECK(broken.out.empty());
    CHECK(broken.err.starts_with(bad.string() + ":1:"));

    const auto usage = run(binary + "'" + spec.string() + "' widgets --output yaml");
    CHECK(usage.exit_code == 2);
    CHECK(usage.out.empty());
}

TEST_CASE("explain: works on standard input and on REV:PATH") {
    kompat::test::TempDir dir;
    dir.write("widgets.yaml", widgets_crd);
    const auto binary = "'" + kompat::test::kompat_binary() + "' explain ";
    const auto from_stdin = run("cd '" + dir.path().string() + "' && " + binary + "- wdg.spec < widgets.yaml");
    CHECK(from_stdin.exit_code == 0);
    CHECK(from_stdin.out.find("FIELD: spec <Object>") != std::string::npos);

    const auto git = "cd '" + dir.path().string() + "' && git -c init.defaultBranch=main init -q && git add widgets.yaml && " +
                     "git -c user.name=t -c user.email=t@example.com commit -qm one && ";
    const auto from_git = run(git + binary + "HEAD:widgets.yaml wdg.spec");
    CHECK(from_git.exit_code == 0);
    CHECK(from_git.out == from_stdin.out);
}

TEST_CASE("explain: a recursive explain of a fanning type graph stops at the line limit") {
    // Seven levels of types with eight fields each referring to the next: 8^7 lines.
    std::string definitions;
    for (int level = 0; level < 7; ++level) {
        std::string properties = "{";
        for (int field = 0; field < 8; ++field)
            properties += std::string(field == 0 ? "" : ",") + "\"f" + std::to_string(field) + R"(": {"$ref": "#/definitions/t)" +
                          std::to_string(level + 1) + "\"}";
        definitions +=
            kind_definition("t" + std::to_string(level), "example.com", "v1", "T" + std::to_string(level), properties + "}") + ",";
    }
    definitions += R"("t7": {"type": "string"})";
    const auto snapshot = load_text("fan.json", swagger(definitions));
    const auto target = kompat::find_explain_target(snapshot, "t0", "");
    CHECK_THROWS_WITH(kompat::explain_text(snapshot, target, {.recursive = true, .max_lines = 100'000}),
                      "the recursive explain passes 100000 lines (limit max-lines; raise it with --max-lines N, or explain a "
                      "narrower field path)");
    const auto narrower = kompat::find_explain_target(snapshot, "t4", "");
    const auto text = kompat::explain_text(snapshot, narrower, {.recursive = true, .max_lines = 100'000});
    CHECK(std::count(text.begin(), text.end(), '\n') > 8 * 8 * 8);
}

TEST_CASE("explain: the openapiv3 output does not depend on JSON or YAML, key order or Swagger version") {
    const auto json_spec = load_text("spec.json", R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "definitions": {"w": {"type": "object", "properties": {"b": {"type": "integer", "minimum": 1}, "a": {"$ref": "#/definitions/x"}},
                            "x-kubernetes-group-version-kind": [{"group": "g", "version": "v1", "kind": "W"}]},
                      "x": {"type": "object", "description": "X.", "properties": {"y": {"type": "string", "default": "d"}}}}})");
    const auto yaml_spec = load_text("spec.yaml", R"(openapi: 3.0.0
info: {version: "1", title: t}
paths: {}
components:
  schemas:
    x: {properties: {y: {default: d, type: string}}, description: X., type: object}
    w:
      x-kubernetes-group-version-kind: [{kind: W, version: v1, group: g}]
      properties:
        a: {allOf: [{$ref: '#/components/schemas/x'}]}
        b: {minimum: 1, type: integer}
      type: object
)");
    const auto from_json = kompat::explain_openapi_v3(json_spec, kompat::find_explain_target(json_spec, "w", ""));
    CHECK(from_json == kompat::explain_openapi_v3(yaml_spec, kompat::find_explain_target(yaml_spec, "w", "")));
    const auto parsed = boost::json::parse(from_json);
    CHECK(parsed.at("properties").at("a").at("$ref") == "#/components/schemas/x");  // one level only
    const auto field = kompat::explain_openapi_v3(json_spec, kompat::find_explain_target(json_spec, "w.a", ""));
    CHECK(boost::json::parse(field).at("properties").at("y").at("default") == "d");  // the field's own $ref resolved
}

TEST_CASE("explain: kubectl's layout first, kompat's additions after it, labelled") {
    const auto crd = load_text("gadgets.yaml", R"yaml(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Gadget, plural: gadgets}
  versions:
  - name: v1
    served: false
    storage: true
    deprecated: true
    deprecationWarning: use v2
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [parts]
            properties:
              parts:
                type: array
                maxItems: 8
                x-kubernetes-validations:
                - rule: "self.all(p, p.name.size() > 0) && self.exists(p, p.name == 'main') && self.size() <= 8 && self.size() >= 1"
                  message: needs a main part
                items:
                  type: object
                  default: {}
                  x-kubernetes-validations: [{rule: "has(self.name)"}]
                  properties:
                    name: {type: string, enum: [main, spare]}
                    meta: {type: object, default: {}}
)yaml");
    const auto target = kompat::find_explain_target(crd, "gadgets.spec.parts", "");
    const auto text = kompat::explain_text(crd, target, {});
    // The version's state, before anything else is read.
    CHECK(text.find("WARNING:    example.com/v1 is not served") != std::string::npos);
    CHECK(text.find("WARNING:    example.com/v1 is deprecated: use v2") != std::string::npos);
    // kubectl's FIELD line has no -required-; kompat says it in its own part, after FIELDS.
    CHECK(text.find("FIELD: parts <[]Object>\n") != std::string::npos);
    const auto schema_part = text.find("SCHEMA (kompat, beyond kubectl explain):\n  REQUIRED:");
    REQUIRE(schema_part != std::string::npos);
    CHECK(text.find("FIELDS:\n") < schema_part);
    CHECK(text.find("ITEMS:          items <= 8") > schema_part);
    // No `default: {}` noise.
    CHECK(text.find("default: {}") == std::string::npos);
    // One labelled section a level, rules wrapped to the page.
    const auto list_rules = text.find("\nVALIDATIONS:\n  - rule: self.all(p, p.name.size() > 0)");
    const auto item_rules = text.find("\nVALIDATIONS OF EACH ITEM:\n  - rule: has(self.name)\n");
    CHECK(list_rules != std::string::npos);
    CHECK(item_rules != std::string::npos);
    CHECK(list_rules < item_rules);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) CHECK(line.size() <= 80);
    // An enum at the FIELD level is one value a line, as kubectl prints it.
    const auto name = kompat::explain_text(crd, kompat::find_explain_target(crd, "gadgets.spec.parts.name", ""), {});
    CHECK(name.find("FIELD: name <string>\nENUM:\n    main\n    spare\n") != std::string::npos);
}

TEST_CASE("explain: kubectl's short names of built-in resources are known, and suggested") {
    const auto snapshot =
        load_text("swagger.json", swagger(kind_definition("crd", "apiextensions.k8s.io", "v1", "CustomResourceDefinition")));
    // A spec without operations knows the kind by name only; kubectl's `crd` needs the plural.
    CHECK(lookup_error(snapshot, "crd").find("no resource \"crd\"") != std::string::npos);
    if (!kompat::test::require_corpus()) return;
    const auto corpus = kompat::load_snapshot(kompat::test::corpus_dir() + "/kubernetes/v1.30/v3");
    CHECK(kompat::find_explain_target(corpus, "crd.spec", "").kind->gvk.kind == "CustomResourceDefinition");
    CHECK(kompat::find_explain_target(corpus, "deploy", "").kind->gvk.kind == "Deployment");
    CHECK(lookup_error(corpus, "crdd").find("did you mean: crd") != std::string::npos);
}

TEST_CASE("explain: --output openapiv3 holds every schema its references name") {
    const auto snapshot =
        load_text("swagger.json",
                  swagger(kind_definition("a.Widget", "example.com", "v1", "Widget", R"({"spec": {"$ref": "#/definitions/a.Spec"}})") +
                          R"(, "a.Spec": {"type": "object", "properties": {"part": {"$ref": "#/definitions/a.Part"}}},
                    "a.Part": {"type": "object", "properties": {"next": {"$ref": "#/definitions/a.Part"}, "size": {"$ref": "#/definitions/a.Size"}}},
                    "a.Size": {"type": "integer"})"));
    const auto document =
        boost::json::parse(kompat::explain_openapi_v3(snapshot, kompat::find_explain_target(snapshot, "widget.spec", "")));
    const auto& schemas = document.at("components").at("schemas").as_object();
    CHECK(schemas.size() == 2);  // a.Part (itself and a.Size referred to from it) and a.Size
    CHECK(schemas.contains("a.Part"));
    CHECK(schemas.contains("a.Size"));
    CHECK(document.at("properties").at("part").at("$ref") == "#/components/schemas/a.Part");
}

TEST_CASE("explain --diff: works on REV:PATH, and a field one side lacks shows as added") {
    kompat::test::TempDir dir;
    dir.write("widgets.yaml", widgets_crd);
    const auto binary = "'" + kompat::test::kompat_binary() + "' explain --diff ";
    const auto git = "cd '" + dir.path().string() + "' && git -c init.defaultBranch=main init -q && git add widgets.yaml && " +
                     "git -c user.name=t -c user.email=t@example.com commit -qm one && ";
    REQUIRE(run(git + "true").exit_code == 0);
    // The same file at HEAD and on disk: every line unchanged, no finding.
    const auto same = run("cd '" + dir.path().string() + "' && " + binary + "HEAD:widgets.yaml widgets.yaml wdg.spec");
    CHECK(same.exit_code == 0);
    CHECK(same.out.find("\n- ") == std::string::npos);
    CHECK(same.out.find("\n+ ") == std::string::npos);
    CHECK(same.out.ends_with("FINDINGS (0):\n    none\n"));
    // A field only the new side has: all its lines are new, and its finding is listed.
    std::string grown = widgets_crd;
    const auto at = grown.find("              parts:");
    REQUIRE(at != std::string::npos);
    grown.insert(at, "              paused: {type: boolean, description: Stops the widget.}\n");
    dir.write("grown.yaml", grown);
    const auto added = run("cd '" + dir.path().string() + "' && " + binary + "HEAD:widgets.yaml grown.yaml wdg.spec.paused");
    CHECK(added.exit_code == 0);
    CHECK(added.out.starts_with("(the old snapshot has no such field: every line is new)\n+ GROUP:      example.com\n"));
    CHECK(added.out.find("info field-added: example.com/v1 Widget .spec.paused: field `paused` added") != std::string::npos);
    // Neither side has it: the usual lookup error.
    const auto neither = run("cd '" + dir.path().string() + "' && " + binary + "HEAD:widgets.yaml grown.yaml wdg.spec.nothing");
    CHECK(neither.exit_code == 2);
    CHECK(neither.out.empty());
}

TEST_CASE("explain --diff: lines that differ only in spacing are the same line") {
    const std::string before = "FIELD: spec\n  DESCRIPTION:\n    the  size of it\n";
    const std::string after = "FIELD: spec\n  DESCRIPTION:\n    the size of it\n";
    const auto diff = kompat::explain_diff_text(before, after);
    CHECK(diff.find("- ") == std::string::npos);
    CHECK(diff.find("+ ") == std::string::npos);
    CHECK(diff.find("    the size of it\n") != std::string::npos);  // shown as it is now
    CHECK(kompat::explain_diff_text(before, "FIELD: spec\n  DESCRIPTION:\n    the size of them\n").find("+     the size of them") !=
          std::string::npos);
}

// A blank line is layout: added or removed, it is never a change; and a line the
// description indents itself (a code example) keeps its indentation.
TEST_CASE("explain --diff: blank lines are never marked, and a description's indented lines keep their indentation") {
    const auto diff = kompat::explain_diff_text(std::string("FIELD: spec\n\n  DESCRIPTION:\n    one\n\n\n    two\n"),
                                                std::string("FIELD: spec\n  DESCRIPTION:\n\n    one\n    three\n\n    two\n"));
    INFO(diff);
    CHECK(diff.find("-\n") == std::string::npos);
    CHECK(diff.find("+\n") == std::string::npos);
    CHECK(diff.find("- \n") == std::string::npos);
    CHECK(diff.find("+ \n") == std::string::npos);
    CHECK(diff.find("+     three\n") != std::string::npos);

    const auto description = [](const std::string& first) {
        return swagger(kind_definition(
            "io.example.v1.Widget", "example.com", "v1", "Widget",
            R"({"spec": {"type": "string", "description": ")" + first + R"(\n\nExample:\n  spec:\n    size: 3\n\nThe end."}})"));
    };
    kompat::test::TempDir dir;
    dir.write("old.json", description("First paragraph."));
    dir.write("new.json", description("First paragraph, longer now."));
    const auto result =
        run("cd '" + dir.path().string() + "' && '" + kompat::test::kompat_binary() + "' explain --diff old.json new.json widget.spec");
    INFO(result.out << result.err);
    REQUIRE(result.exit_code <= 1);
    CHECK(result.out.find("\n        spec:\n          size: 3\n") !=
          std::string::npos);  // the mark column, the page's indent, the example's
    CHECK(result.out.find("+ ") != std::string::npos);
    CHECK(result.out.find("- \n") == std::string::npos);
}
