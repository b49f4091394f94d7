// The evaluation of a CEL rule added over the objects OLD admitted (diff/cel_old_objects):
// each shape of rule the corpus and issue 56 quote, on a schema pair built for it.
#include "diff/cel_old_objects.hpp"

#include "tests/test_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace {

using kompat::CelOnOldObjects;
using Outcome = CelOnOldObjects::Outcome;

// A snapshot holding one named schema `T`, written as JSON.
kompat::Snapshot with_type(const std::string& schema) {
    return kompat::test::load_text("t.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
        "components": {"schemas": {"T": )" + schema +
                                                 "}}}");
}

struct Judged {
    kompat::Snapshot old_side;
    kompat::Snapshot new_side;
    CelOnOldObjects result;
};

Judged judge(const std::string& old_schema, const std::string& new_schema, std::string_view rule) {
    Judged out{with_type(old_schema), with_type(new_schema), {}};
    out.result = kompat::cel_on_old_objects(out.old_side.types.at("T"), out.new_side.types.at("T"), rule);
    return out;
}

CelOnOldObjects::Outcome outcome(const std::string& old_schema, const std::string& new_schema, std::string_view rule) {
    return judge(old_schema, new_schema, rule).result.outcome;
}

bool names(const std::vector<std::string>& reasons, const std::string& reason) {
    return std::find(reasons.begin(), reasons.end(), reason) != reasons.end();
}

// An object schema of `properties`, the fields in `required` required.
std::string object(const std::string& properties, const std::string& required = "[]") {
    return R"({"type": "object", "required": )" + required + R"(, "properties": {)" + properties + "}}";
}

const std::string S = R"({"type": "string"})";

}  // namespace

TEST_CASE("cel_on_old_objects: a rule guarded by a new field's absence passes every old object") {
    const auto old_side = object(R"("region": )" + S);
    const auto new_side = object(R"("region": )" + S + R"(, "externalId": )" + S);
    const auto j = judge(old_side, new_side, "!has(self.externalId) || has(self.region)");
    CHECK(j.result.outcome == Outcome::every_object_passes);
    CHECK(names(j.result.new_in_new, "`externalId`"));
    CHECK(outcome(old_side, new_side, "!(has(self.externalId) && self.region == 'x')") == Outcome::every_object_passes);
    CHECK(outcome(old_side, new_side, "has(self.externalId) == has(self.externalId)") == Outcome::every_object_passes);
}

TEST_CASE("cel_on_old_objects: new fields compared by presence pass, required new fields fail") {
    const auto old_side = object(R"("name": )" + S);
    const auto new_side = object(R"("name": )" + S + R"(, "renewalDays": {"type": "integer"}, "validityDays": {"type": "integer"})");
    CHECK(outcome(old_side, new_side, "has(self.renewalDays) == has(self.validityDays)") == Outcome::every_object_passes);
    // Every old object lacks the field: each one fails.
    CHECK(outcome(old_side, new_side, "has(self.renewalDays)") == Outcome::some_object_fails);
    // Reading a new field unguarded is an error for every old object.
    CHECK(outcome(old_side, new_side, "self.renewalDays > 0") == Outcome::some_object_fails);
    CHECK(outcome(old_side, new_side, "false || self.renewalDays > 0") == Outcome::some_object_fails);
}

TEST_CASE("cel_on_old_objects: an enum value only NEW allows is held by no old object") {
    const auto old_side = object(R"("type": {"type": "string", "enum": ["tls", "scram"]})", R"(["type"])");
    const auto new_side = object(R"("type": {"type": "string", "enum": ["tls", "scram", "oauth"]}, "tokenUrl": )" + S, R"(["type"])");
    const auto j = judge(old_side, new_side, "self.type != 'oauth' || has(self.tokenUrl)");
    CHECK(j.result.outcome == Outcome::every_object_passes);
    CHECK(names(j.result.new_in_new, "the value `oauth`"));
    CHECK(outcome(old_side, new_side, "self.type == 'oauth' ? has(self.tokenUrl) : true") == Outcome::every_object_passes);
    // `tls` was allowed: an old tls object without tokenUrl fails.
    CHECK(outcome(old_side, new_side, "self.type != 'tls' || has(self.tokenUrl)") == Outcome::some_object_fails);
}

TEST_CASE("cel_on_old_objects: an optional field keeps its two cases together") {
    const auto old_side = object(R"("type": {"type": "string", "enum": ["secret", "config-map"]})");
    const auto new_side =
        object(R"("type": {"type": "string", "enum": ["secret", "config-map", "environment-variable"]}, "envVarName": )" + S);
    const auto j = judge(old_side, new_side, R"(has(self.type) == false || self.type != "environment-variable" || self.envVarName != "")");
    CHECK(j.result.outcome == Outcome::every_object_passes);
    CHECK(names(j.result.new_in_new, "`envVarName`"));
    CHECK(names(j.result.new_in_new, "the value `environment-variable`"));
    // Unguarded, an old object without `type` fails: reading an absent field is an error.
    CHECK(outcome(old_side, new_side, R"(self.type != "environment-variable")") == Outcome::some_object_fails);
    // A free string may be empty: whether some old object fails is not known.
    const auto free = object(R"("name": )" + S);
    CHECK(outcome(free, free, "!has(self.name) || self.name != ''") == Outcome::undecided);
}

TEST_CASE("cel_on_old_objects: a new field with a default holds that default in every old object") {
    const auto old_side = object(R"("claimNames": )" + S);
    const auto new_side = object(R"("claimNames": )" + S + R"(, "scope": {"type": "string", "default": "LegacyCluster"})");
    const auto j = judge(old_side, new_side, "self.scope == 'LegacyCluster' || !has(self.claimNames)");
    CHECK(j.result.outcome == Outcome::every_object_passes);
    CHECK(names(j.result.new_in_new, "`scope` (default `LegacyCluster`)"));
    CHECK(outcome(old_side, new_side, "has(self.scope)") == Outcome::every_object_passes);
}

TEST_CASE("cel_on_old_objects: a field OLD could hold unpruned is not new") {
    const auto old_side = R"({"type": "object", "x-kubernetes-preserve-unknown-fields": true, "properties": {}})";
    const auto new_side = object(R"("token": )" + S);
    CHECK(outcome(old_side, new_side, "!has(self.token)") == Outcome::undecided);
}

TEST_CASE("cel_on_old_objects: filter and size over values no old item has") {
    const auto item = [](const std::string& values) {
        return R"({"type": "array", "items": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": )" +
               values + "}}}}";
    };
    const auto old_side = item(R"(["Header", "Mirror"])");
    const auto new_side = item(R"(["Header", "Mirror", "CORS"])");
    CHECK(outcome(old_side, new_side, "self.filter(f, f.type == 'CORS').size() <= 1") == Outcome::every_object_passes);
    CHECK(outcome(old_side, new_side, "!self.exists(f, f.type == 'CORS')") == Outcome::every_object_passes);
    CHECK(outcome(old_side, new_side, "self.filter(f, f.type == 'Header').size() <= 1") == Outcome::undecided);
}

TEST_CASE("cel_on_old_objects: what the old schema implied") {
    const auto keyed = R"({"type": "array", "x-kubernetes-list-type": "map", "x-kubernetes-list-map-keys": ["name", "port"],
        "maxItems": 4, "items": {"type": "object", "required": ["name", "port"], "properties": {"name": {"type": "string"},
        "port": {"type": "integer"}, "matches": {"type": "array", "items": {"type": "string"}, "maxItems": 8}}}})";
    const auto unique = judge(keyed, keyed, "self.all(a, self.exists_one(b, a.name == b.name && b.port == a.port))");
    CHECK(unique.result.outcome == Outcome::every_object_passes);
    CHECK(names(unique.result.old_schema, "`self` was a list keyed by `name` and `port`"));
    // Unique by one key of two: two items may share a name.
    CHECK(outcome(keyed, keyed, "self.all(a, self.exists_one(b, a.name == b.name))") == Outcome::undecided);
    std::string total;
    for (int i = 0; i < 4; ++i)
        total += (i == 0 ? "" : " + ") + std::string("(self.size() > ") + std::to_string(i) + " ? (has(self[" + std::to_string(i) +
                 "].matches) ? self[" + std::to_string(i) + "].matches.size() : 0) : 0)";
    CHECK(outcome(keyed, keyed, total + " <= 32") == Outcome::every_object_passes);
    CHECK(outcome(keyed, keyed, total + " <= 31") == Outcome::undecided);
    // An index beyond the fewest items is an error where no guard shows the item is there.
    CHECK(outcome(keyed, keyed, "self[0].name != 'x' || true") == Outcome::every_object_passes);
    CHECK(outcome(keyed, keyed, "self[0].name != 'x'") == Outcome::undecided);
    CHECK(outcome(keyed, keyed, "self.size() > 0 ? self[0].port >= 0 || true : true") == Outcome::every_object_passes);
    const auto typed = object(R"("type": {"type": "string", "enum": ["Exact", "Prefix", "Regex"]})", R"(["type"])");
    CHECK(outcome(typed, typed, "self.type in ['Exact', 'Prefix'] || self.type == 'Regex'") == Outcome::every_object_passes);
    CHECK(outcome(typed, typed, "self.type.matches('^(Exact|Prefix|Regex)$')") == Outcome::every_object_passes);
    CHECK(outcome(typed, typed, "self.type.startsWith('E')") == Outcome::some_object_fails);
}

TEST_CASE("cel_on_old_objects: a rule it cannot read is undecided") {
    const auto any = object(R"("a": )" + S);
    CHECK(outcome(any, any, "self.?a.orValue('') == ''") == Outcome::undecided);
    CHECK(outcome(any, any, "self.a ==") == Outcome::undecided);
    CHECK(outcome(any, any, std::string(200, '(') + "true" + std::string(200, ')')) == Outcome::undecided);
}
