// Each input form into one Snapshot.
#include "load/source_reader.hpp"
#include "test_support.hpp"

using namespace kompat;
using kompat::test::load_text;

namespace {

const std::string swagger = R"({
  "swagger": "2.0",
  "info": {"title": "t", "version": "1"},
  "paths": {
    "/apis/example.com/v1/namespaces/{namespace}/widgets": {
      "parameters": [
        {"name": "namespace", "in": "path", "required": true, "type": "string"},
        {"name": "pretty", "in": "query", "type": "string"}
      ],
      "get": {
        "operationId": "listWidgets",
        "parameters": [{"name": "pretty", "in": "query", "type": "boolean"}],
        "responses": {"200": {"description": "OK", "schema": {"$ref": "#/definitions/com.example.v1.WidgetList"}}}
      },
      "post": {
        "parameters": [{"name": "body", "in": "body", "required": true, "schema": {"$ref": "#/definitions/com.example.v1.Widget"}}],
        "responses": {"201": {"$ref": "#/responses/Created"}}
      }
    }
  },
  "responses": {"Created": {"description": "Created", "schema": {"$ref": "#/definitions/com.example.v1.Widget"}}},
  "definitions": {
    "com.example.v1.Widget": {
      "type": "object",
      "required": ["spec"],
      "properties": {
        "spec": {"$ref": "#/definitions/com.example.v1.WidgetSpec", "description": "the spec"},
        "status": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}
      },
      "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "Widget"}]
    },
    "com.example.v1.WidgetSpec": {
      "type": "object",
      "properties": {
        "size": {"type": "integer", "format": "int32", "minimum": 1, "maximum": 10, "exclusiveMaximum": true, "default": 3},
        "mode": {"type": "string", "enum": ["Fast", "Slow"], "pattern": "^[A-Z]", "maxLength": 8, "minLength": 1},
        "ports": {
          "type": "array", "items": {"type": "object", "properties": {"port": {"type": "integer"}, "name": {"type": "string"}}},
          "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["port"],
          "x-kubernetes-patch-strategy": "merge", "x-kubernetes-patch-merge-key": "port",
          "maxItems": 4, "minItems": 0, "uniqueItems": true
        },
        "labels": {"type": "object", "additionalProperties": {"type": "string"}, "x-kubernetes-map-type": "granular",
                   "maxProperties": 5, "minProperties": 1},
        "target": {"x-kubernetes-int-or-string": true, "title": "target", "x-custom": 1},
        "template": {"type": "object", "x-kubernetes-embedded-resource": true, "additionalProperties": false},
        "frobber": {
          "type": "string",
          "x-kubernetes-validations": [{"rule": "self == oldSelf", "message": "immutable", "reason": "FieldValueForbidden"}],
          "x-kubernetes-api-lifecycle": {"kubernetes": {"status": "alpha", "minVersion": "v1.20", "featureGate": "Frobber2D"}}
        }
      }
    },
    "com.example.v1.WidgetList": {
      "type": "object",
      "properties": {"items": {"type": "array", "items": {"$ref": "#/definitions/com.example.v1.Widget"}}},
      "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "WidgetList"}]
    }
  }
})";

const Property& property(const Schema& schema, std::string_view name) {
    const auto* found = schema.find_property(name);
    REQUIRE(found != nullptr);
    return *found;
}

}  // namespace

TEST_CASE("OpenAPI v2: kinds, named types, operations") {
    const auto snapshot = load_text("swagger.json", swagger);
    CHECK(snapshot.format == SnapshotFormat::openapi_v2);
    REQUIRE(snapshot.kinds.size() == 2);
    CHECK(snapshot.kinds[0].gvk.to_string() == "example.com/v1 Widget");
    CHECK(snapshot.kinds[0].stability == Stability::ga);
    CHECK(snapshot.kinds[0].type_name == "com.example.v1.Widget");
    CHECK(snapshot.kinds[0].schema.ref == "com.example.v1.Widget");
    CHECK(snapshot.types.size() == 3);

    REQUIRE(snapshot.operations.size() == 2);
    const auto& get = snapshot.operations[0];
    CHECK(get.key() == "GET /apis/example.com/v1/namespaces/{namespace}/widgets");
    CHECK(get.operation_id == "listWidgets");
    // Path-level parameters are merged in; the operation's own `pretty` overrides.
    REQUIRE(get.parameters.size() == 2);
    CHECK(get.parameters[0]->in == "path");
    CHECK(get.parameters[0]->required);
    CHECK(get.parameters[1]->name == "pretty");
    CHECK(get.parameters[1]->schema.type == TypeList{"boolean"});
    REQUIRE(get.responses.size() == 1);
    CHECK(get.responses[0].schema->ref == "com.example.v1.WidgetList");

    const auto& post = snapshot.operations[1];
    CHECK(post.method == "POST");
    // Swagger 2.0's body parameter is the request body, as in OpenAPI 3.
    CHECK(post.parameters.size() == 2);
    REQUIRE(post.request_body.has_value());
    CHECK(post.request_body->ref == "com.example.v1.Widget");
    CHECK(post.request_body_required);
    // A response given by $ref is followed.
    REQUIRE(post.responses.size() == 1);
    CHECK(post.responses[0].status == "201");
    CHECK(post.responses[0].schema->ref == "com.example.v1.Widget");
}

TEST_CASE("Schemas carry every keyword and Kubernetes extension") {
    const auto snapshot = load_text("swagger.json", swagger);
    const auto& widget = *snapshot.find_type("com.example.v1.Widget");
    CHECK(widget.required == std::vector<std::string_view>{"spec"});
    CHECK(property(widget, "spec").schema.ref == "com.example.v1.WidgetSpec");
    CHECK(property(widget, "spec").schema.description == "the spec");
    CHECK(property(widget, "status").schema.preserve_unknown_fields);

    const auto& spec = *snapshot.find_type("com.example.v1.WidgetSpec");
    const auto& size = property(spec, "size").schema;
    CHECK(size.format == "int32");
    CHECK(size.value_bounds().minimum == 1.0);
    CHECK(size.value_bounds().maximum == 10.0);
    CHECK(size.value_bounds().exclusive_maximum);
    REQUIRE(size.default_value != nullptr);
    CHECK(*size.default_value == boost::json::value(3));

    const auto& mode = property(spec, "mode").schema;
    REQUIRE(mode.enum_values != nullptr);
    CHECK(mode.enum_values->size() == 2);
    CHECK(mode.value_bounds().pattern == std::optional<std::string_view>("^[A-Z]"));
    CHECK(mode.value_bounds().max_length == 8U);
    CHECK(mode.value_bounds().min_length == 1U);

    const auto& ports = property(spec, "ports").schema;
    CHECK(ports.kubernetes().list_type == "map");
    CHECK(ports.kubernetes().list_map_keys == std::vector<std::string_view>{"port"});
    CHECK(ports.kubernetes().patch_strategy == "merge");
    CHECK(ports.kubernetes().patch_merge_key == "port");
    CHECK(ports.value_bounds().max_items == 4U);
    CHECK(ports.value_bounds().min_items == 0U);
    CHECK(ports.value_bounds().unique_items);
    REQUIRE(ports.items != nullptr);
    CHECK(ports.items->properties.size() == 2);

    const auto& labels = property(spec, "labels").schema;
    REQUIRE(labels.additional_properties != nullptr);
    CHECK(labels.additional_properties->type == TypeList{"string"});
    CHECK(labels.kubernetes().map_type == "granular");
    CHECK(labels.value_bounds().max_properties == 5U);
    CHECK(labels.value_bounds().min_properties == 1U);

    const auto& target = property(spec, "target").schema;
    CHECK(target.int_or_string);
    REQUIRE(target.unmodelled().extensions.size() == 1);
    CHECK(target.unmodelled().extensions[0].name == "x-custom");
    REQUIRE(target.unmodelled().other_keywords.size() == 1);
    CHECK(target.unmodelled().other_keywords[0].name == "title");

    const auto& templ = property(spec, "template").schema;
    CHECK(templ.embedded_resource);
    CHECK(templ.additional_properties_allowed == false);

    const auto& frobber = property(spec, "frobber").schema;
    REQUIRE(frobber.kubernetes().validations.size() == 1);
    CHECK(frobber.kubernetes().validations[0].rule == "self == oldSelf");
    CHECK(frobber.kubernetes().validations[0].message == "immutable");
    CHECK(frobber.kubernetes().validations[0].reason == "FieldValueForbidden");
    REQUIRE(frobber.kubernetes().lifecycle.size() == 1);
    CHECK(frobber.kubernetes().lifecycle[0].project == "kubernetes");
    CHECK(frobber.kubernetes().lifecycle[0].status == "alpha");
    CHECK(frobber.kubernetes().lifecycle[0].min_version == "v1.20");
    CHECK(frobber.kubernetes().lifecycle[0].feature_gate == "Frobber2D");
}

TEST_CASE("Schemas know the file, line and column where they stand, in JSON and YAML") {
    const auto snapshot = load_text("swagger.json", swagger);
    const auto& spec = *snapshot.find_type("com.example.v1.WidgetSpec");
    CHECK(snapshot.file_of(spec.location) == "swagger.json");
    CHECK(spec.location.position == TextPosition{32, 5});
    CHECK(property(spec, "mode").schema.location.position == TextPosition{36, 9});

    const std::string yaml =
        "openapi: 3.0.0\n"
        "info: {title: t, version: '1'}\n"
        "paths: {}\n"
        "components:\n"
        "  schemas:\n"
        "    Thing:\n"
        "      type: object\n"
        "      properties:\n"
        "        name:\n"
        "          type: string\n";
    const auto from_yaml = load_text("spec.yaml", yaml);
    const auto& thing = *from_yaml.find_type("Thing");
    CHECK(thing.location.position == TextPosition{6, 5});
    CHECK(property(thing, "name").schema.location.position == TextPosition{9, 9});
}

TEST_CASE("OpenAPI v3: components.schemas, requestBody, responses by media type, 3.1 forms") {
    const std::string v3 = R"({
      "openapi": "3.1.0",
      "info": {"title": "t", "version": "1"},
      "paths": {"/things": {"put": {
        "requestBody": {"required": true, "content": {"application/yaml": {"schema": {"type": "string"}},
                                                      "application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
        "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
                      "default": {"description": "error"}}
      }}},
      "components": {"schemas": {
        "Thing": {"type": ["object", "null"], "properties": {"n": {"type": "number", "exclusiveMaximum": 5}}}
      }}
    })";
    const auto snapshot = load_text("v3.json", v3);
    CHECK(snapshot.format == SnapshotFormat::openapi_v3);
    REQUIRE(snapshot.operations.size() == 1);
    const auto& put = snapshot.operations[0];
    REQUIRE(put.request_body.has_value());
    CHECK(put.request_body->ref == "Thing");  // application/json is preferred
    CHECK(put.request_body_required);
    REQUIRE(put.responses.size() == 2);
    CHECK(put.responses[0].status == "200");
    CHECK(put.responses[0].schema->ref == "Thing");
    CHECK_FALSE(put.responses[1].schema.has_value());
    const auto& thing = *snapshot.find_type("Thing");
    CHECK(thing.type == TypeList{"object"});
    CHECK(thing.nullable);
    const auto& n = property(thing, "n").schema;
    CHECK(n.value_bounds().maximum == 5.0);
    CHECK(n.value_bounds().exclusive_maximum);
}

TEST_CASE("A directory of v3 files is one snapshot, and a type in several files is one type") {
    const auto file_a = R"({"openapi": "3.0.0", "info": {"title": "a", "version": "1"},
      "paths": {"/apis/a/v1/foos": {"get": {"responses": {}}}},
      "components": {"schemas": {
        "Meta": {"type": "object", "properties": {"name": {"type": "string"}}},
        "Foo": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "a", "version": "v1alpha1", "kind": "Foo"}]}}}})";
    const auto file_b = R"({"openapi": "3.0.0", "info": {"title": "b", "version": "1"},
      "paths": {"/apis/b/v2beta1/bars": {"get": {"responses": {}}}},
      "components": {"schemas": {
        "Meta": {"type": "object", "properties": {"name": {"type": "string"}}},
        "Bar": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "b", "version": "v2beta1", "kind": "Bar"}]}}}})";
    const auto snapshot = load_snapshot(test::sources({{"mem/a.json", file_a}, {"mem/b.json", file_b}}, true));
    CHECK(snapshot.from_directory);
    CHECK(snapshot.types.size() == 3);
    CHECK(snapshot.operations.size() == 2);
    REQUIRE(snapshot.kinds.size() == 2);
    CHECK(snapshot.kinds[0].stability == Stability::alpha);
    CHECK(snapshot.kinds[1].stability == Stability::beta);
    CHECK(snapshot.notes.empty());

    SECTION("the same type with its keys in another order is the same type") {
        std::string reordered = file_b;
        reordered.replace(reordered.find(R"("Meta": {"type": "object", "properties": {"name": {"type": "string"}}})"), 70,
                          R"("Meta": {"properties": {"name": {"type": "string"}}, "type": "object"})");
        const auto merged = load_snapshot(test::sources({{"mem/a.json", file_a}, {"mem/b.json", reordered}}, true));
        CHECK(merged.notes.empty());
    }
    SECTION("two copies that differ: the first file's copy is kept, and a note says so") {
        std::string changed = file_b;
        changed.replace(changed.find("\"string\""), 8, "\"integer\"");
        const auto merged = load_snapshot(test::sources({{"mem/a.json", file_a}, {"mem/b.json", changed}}, true));
        CHECK(property(*merged.find_type("Meta"), "name").schema.type == TypeList{"string"});
        REQUIRE(merged.notes.size() == 1);
        CHECK(merged.notes[0] == "type Meta differs between mem/a.json:4:9 and mem/b.json:4:9; kompat uses the first");
    }
    SECTION("an operation in two files: the first file's is kept, and a note says so") {
        std::string again = file_b;
        const std::string bars = R"("/apis/b/v2beta1/bars": {"get": {"responses": {}}})";
        again.replace(again.find(bars), bars.size(),
                      R"("/apis/a/v1/foos": {"get": {"operationId": "second", "responses": {}}, "put": {"responses": {}}})");
        const auto merged = load_snapshot(test::sources({{"mem/a.json", file_a}, {"mem/b.json", again}}, true));
        REQUIRE(merged.operations.size() == 2);
        CHECK(merged.operations[0].key() == "GET /apis/a/v1/foos");
        CHECK(merged.operations[0].operation_id.empty());
        CHECK(merged.operations[0].location.file == 0);
        CHECK(merged.operations[1].key() == "PUT /apis/a/v1/foos");
        REQUIRE(merged.notes.size() == 1);
        CHECK(merged.notes[0] == "operation GET /apis/a/v1/foos is defined in mem/a.json:2:37 and mem/b.json:2:37; kompat uses the first");
    }
}

namespace {

const std::string crd_v1 = R"(apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Cluster
  names:
    kind: Widget
    plural: widgets
    singular: widget
    shortNames: [wd]
  versions:
  - name: v1alpha1
    served: false
    storage: false
    deprecated: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
  - name: v1
    served: true
    storage: true
    subresources: {status: {}}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer, default: 1}
)";

const std::string crd_v1beta1 = R"(apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  version: v1beta1
  names:
    kind: Gadget
    plural: gadgets
  validation:
    openAPIV3Schema:
      type: object
      properties:
        spec:
          type: object
)";

}  // namespace

TEST_CASE("CRD apiextensions.k8s.io/v1: every version a kind, with scope, served, storage") {
    const auto snapshot = load_text("widgets.yaml", crd_v1);
    CHECK(snapshot.format == SnapshotFormat::crd);
    REQUIRE(snapshot.kinds.size() == 2);
    const auto& v1 = snapshot.kinds[0];
    const auto& alpha = snapshot.kinds[1];
    CHECK(v1.gvk.to_string() == "example.com/v1 Widget");
    CHECK(v1.stability == Stability::ga);
    REQUIRE(v1.crd.has_value());
    CHECK(v1.crd->name == "widgets.example.com");
    CHECK(v1.crd->scope == "Cluster");
    CHECK(v1.crd->served);
    CHECK(v1.crd->storage);
    CHECK(v1.crd->short_names == std::vector<std::string>{"wd"});
    CHECK(v1.crd->subresources == std::vector<std::string_view>{"status"});
    CHECK(v1.location.position == TextPosition{24, 5});
    const auto& size = property(property(v1.schema, "spec").schema, "size").schema;
    CHECK(*size.default_value == boost::json::value(1));
    CHECK(alpha.stability == Stability::alpha);
    CHECK_FALSE(alpha.crd->served);
    CHECK(alpha.crd->deprecated);
}

TEST_CASE("CRD apiextensions.k8s.io/v1beta1: top-level validation and a single version") {
    const auto snapshot = load_text("gadgets.yaml", crd_v1beta1);
    REQUIRE(snapshot.kinds.size() == 1);
    const auto& kind = snapshot.kinds[0];
    CHECK(kind.gvk.to_string() == "example.com/v1beta1 Gadget");
    CHECK(kind.stability == Stability::beta);
    CHECK(kind.crd->scope == "Namespaced");  // the default
    CHECK(kind.crd->served);
    CHECK(kind.crd->storage);
    CHECK(kind.schema.find_property("spec") != nullptr);

    SECTION("with versions, the top-level schema applies to each") {
        std::string with_versions = crd_v1beta1;
        with_versions.replace(
            with_versions.find("  version: v1beta1\n"), 19,
            "  versions:\n  - {name: v1beta1, served: true, storage: true}\n  - {name: v1beta2, served: true, storage: false}\n");
        const auto multi = load_text("gadgets.yaml", with_versions);
        REQUIRE(multi.kinds.size() == 2);
        CHECK(multi.kinds[1].schema.find_property("spec") != nullptr);
        CHECK_FALSE(multi.kinds[1].crd->storage);
    }
}

TEST_CASE("CRDs: many per file, a List, a directory, and other objects are skipped with a note") {
    const auto stream = crd_v1 + "---\n" + crd_v1beta1 + "---\napiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n";
    const auto snapshot = load_text("all.yaml", stream);
    CHECK(snapshot.kinds.size() == 3);
    // Said in every report: an input warning, not a note of inspect alone.
    REQUIRE(snapshot.input_warnings.size() == 1);
    CHECK(snapshot.input_warnings[0].find("1 Kubernetes object(s) that are not CustomResourceDefinitions skipped") != std::string::npos);

    const auto list = load_text("list.json", R"({"apiVersion": "v1", "kind": "List", "items": [
        {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": "as.x.io"},
         "spec": {"group": "x.io", "scope": "Namespaced", "names": {"kind": "A", "plural": "as"},
                  "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object"}}}]}}]})");
    REQUIRE(list.kinds.size() == 1);
    CHECK(list.kinds[0].gvk.to_string() == "x.io/v1 A");

    const auto dir = load_snapshot(test::sources({{"mem/a.yaml", crd_v1}, {"mem/b.yaml", crd_v1beta1}}, true));
    CHECK(dir.kinds.size() == 3);
    CHECK(dir.files == std::vector<std::string>{"mem/a.yaml", "mem/b.yaml"});
}

TEST_CASE("Stability from the version name") {
    CHECK(stability_of_version("v1") == Stability::ga);
    CHECK(stability_of_version("v2") == Stability::ga);
    CHECK(stability_of_version("v1alpha1") == Stability::alpha);
    CHECK(stability_of_version("v1alpha") == Stability::alpha);
    CHECK(stability_of_version("v2beta3") == Stability::beta);
    CHECK(stability_of_version("v1-experimental-alpha") == Stability::alpha);
    CHECK(stability_of_version("v1beta1x") == Stability::beta);
    CHECK(stability_of_version("2021-01-01") == Stability::ga);
}

TEST_CASE("Files and directories on disk, and git revisions") {
    test::TempDir dir;
    dir.write("crds/widgets.yaml", crd_v1);
    dir.write("crds/nested/gadgets.yml", crd_v1beta1);
    dir.write("crds/README.md", "not a spec");
    const auto from_dir = load_snapshot((dir.path() / "crds").string());
    CHECK(from_dir.kinds.size() == 3);
    CHECK(from_dir.files.size() == 2);

    const auto from_file = load_snapshot((dir.path() / "crds" / "widgets.yaml").string());
    CHECK(from_file.kinds.size() == 2);

    const auto git = "git -C '" + dir.path().string() + "' ";
    REQUIRE(std::system((git + "init -q && " + git + "add crds && " + git + "-c user.name=t -c user.email=t@t commit -qm one").c_str()) ==
            0);
    // Change the working tree: the revision must still give the committed content.
    dir.write("crds/widgets.yaml", crd_v1beta1);
    const auto cwd = std::filesystem::current_path();
    std::filesystem::current_path(dir.path());
    const auto at_head = load_snapshot("HEAD:crds");
    const auto file_at_head = load_snapshot("HEAD:crds/widgets.yaml");
    std::string missing;
    try {
        load_snapshot("HEAD:nope.yaml");
    } catch (const InputError& error) {
        missing = error.describe();
    }
    std::filesystem::current_path(cwd);
    CHECK(at_head.kinds.size() == 3);
    CHECK(at_head.files == std::vector<std::string>{"HEAD:crds/nested/gadgets.yml", "HEAD:crds/widgets.yaml"});
    CHECK(file_at_head.kinds.size() == 2);
    CHECK(missing == "HEAD:nope.yaml:1:1: no such file or directory at that revision");
}

TEST_CASE("A comparison's two snapshots load at once, with the errors loading one after the other gives") {
    const auto good = test::sources({{"good.json", swagger}});
    const auto bad_old = test::sources({{"old.json", "{\"swagger\": \"2.0\",\n  oops}"}});
    const auto bad_new = test::sources({{"new.json", "{\"openapi\": \"3.0.0\", \"paths\": 7}"}});

    const auto [before, after] = load_snapshot_pair(good, good);
    const auto alone = load_snapshot(good);
    CHECK(before.kinds.size() == alone.kinds.size());
    CHECK(after.types.size() == alone.types.size());
    CHECK(after.operations.size() == alone.operations.size());

    const auto error_of = [](const SourceSet& a, const SourceSet& b) -> std::string {
        try {
            (void)load_snapshot_pair(a, b);
        } catch (const InputError& error) {
            return error.describe();
        }
        return "no error";
    };
    const auto old_error = test::load_error(bad_old);
    const auto new_error = test::load_error(bad_new);
    CHECK(old_error.starts_with("old.json:2:3: "));
    CHECK(new_error.starts_with("new.json:"));
    CHECK(error_of(bad_old, bad_new) == old_error);  // both fail: the old one is said
    CHECK(error_of(good, bad_new) == new_error);
    CHECK(error_of(bad_old, good) == old_error);
}

TEST_CASE("Two snapshots named by path are read at once, with the errors reading one after the other gives") {
    test::TempDir dir;
    dir.write("good.json", swagger);
    dir.write("bad.json", "{\"swagger\": \"2.0\",\n  oops}");
    const auto path = [&dir](const std::string& name) { return (dir.path() / name).string(); };
    const auto error_of = [&](const std::string& a, const std::string& b) -> std::string {
        try {
            (void)load_snapshot_pair(path(a), path(b));
        } catch (const InputError& error) {
            return error.describe();
        }
        return "no error";
    };
    const auto [before, after] = load_snapshot_pair(path("good.json"), path("good.json"));
    const auto alone = load_snapshot(path("good.json"));
    CHECK(before.types.size() == alone.types.size());
    CHECK(after.operations.size() == alone.operations.size());

    CHECK(error_of("gone-old.json", "gone-new.json").find("gone-old.json") != std::string::npos);  // both unreadable: the old one
    CHECK(error_of("good.json", "gone-new.json").find("gone-new.json") != std::string::npos);
    CHECK(error_of("gone-old.json", "good.json").find("gone-old.json") != std::string::npos);
    // A read error comes before any load error, as when the two were read one after the other.
    CHECK(error_of("bad.json", "gone-new.json").find("gone-new.json") != std::string::npos);
    CHECK(error_of("bad.json", "good.json").find("bad.json:2:3: ") != std::string::npos);
}
