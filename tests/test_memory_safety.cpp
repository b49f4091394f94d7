// Inputs that once reached freed memory in the diff: the differ appended units
// to the vector it was walking. Run under the sanitizer build in CI, so a return of the
// bug fails here, not only in a crash elsewhere.
#include "diff/snapshot_diff.hpp"
#include "test_support.hpp"

using namespace kompat;
using kompat::test::TempDir;

namespace {

// An OpenAPI 3 spec whose `Holder.creds` refers to `Creds` in a second file.
void write_cross_file_spec(const TempDir& dir, const std::string& side, const std::string& creds_enum) {
    dir.write(side + "/spec.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "components": {"schemas": {"Holder": {"type": "object", "properties": {
        "creds": {"$ref": "link.json#/components/schemas/Creds"}}}}}})");
    dir.write(side + "/link.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "components": {"schemas": {"Creds": {"type": "string", "enum": )" +
                                       creds_enum + "}}}}");
}

// 400 kinds whose definitions move to another package name while each keeps its
// group/version/kind, and each refers to a type of its own.
std::string renamed_kinds_spec(const std::string& package, int kinds) {
    std::string definitions;
    for (int i = 0; i < kinds; ++i) {
        const auto n = std::to_string(i);
        if (!definitions.empty()) definitions += ",";
        definitions += "\"" + package + ".Widget" + n + R"(": {"type": "object", "properties": {"spec": {"$ref": "#/definitions/)" +
                       package + ".WidgetSpec" + n +
                       R"("}}, "x-kubernetes-group-version-kind": [{"group": "example.io", "version": "v1", "kind": "Widget)" + n +
                       R"("}]},)";
        definitions += "\"" + package + ".WidgetSpec" + n + R"(": {"type": "object", "properties": {"size": {"type": "integer"}}})";
    }
    return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {)" + definitions + "}}";
}

}  // namespace

TEST_CASE("A schema in a second file that gains an enum value is one finding, found without touching freed memory") {
    TempDir dir;
    write_cross_file_spec(dir, "old", R"(["a"])");
    write_cross_file_spec(dir, "new", R"(["a", "b"])");
    const auto pair = load_snapshot_pair((dir.path() / "old").string(), (dir.path() / "new").string());
    const auto diff = diff_snapshots(pair.old_snapshot, pair.new_snapshot);
    REQUIRE(diff.changes.size() == 1);
    CHECK(diff.changes.front().kind == ChangeKind::enum_value_added);
}

TEST_CASE("400 kinds renamed to another package, each keeping its group/version/kind, are compared safely") {
    TempDir dir;
    const auto old_file = dir.write("old.json", renamed_kinds_spec("io.example.old.v1", 400));
    auto new_text = renamed_kinds_spec("io.example.new.v1", 400);
    // One real change among them, so the walk reaches into the renamed types.
    const std::string integer = R"(WidgetSpec7": {"type": "object", "properties": {"size": {"type": "integer"})";
    const auto at = new_text.find(integer);
    REQUIRE(at != std::string::npos);
    new_text.replace(at, integer.size(), R"(WidgetSpec7": {"type": "object", "properties": {"size": {"type": "string"})");
    const auto new_file = dir.write("new.json", new_text);
    const auto pair = load_snapshot_pair(old_file.string(), new_file.string());
    const auto diff = diff_snapshots(pair.old_snapshot, pair.new_snapshot);
    const auto typed =
        std::count_if(diff.changes.begin(), diff.changes.end(), [](const Change& c) { return c.kind == ChangeKind::type_changed; });
    CHECK(typed == 1);
}
