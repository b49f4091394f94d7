// Union matching beside the code (diff/union_match.hpp): which old and new alternatives
// pair, and which branches share values, asserted as exact values on named types.
#include "diff/union_match.hpp"
#include "test_support.hpp"

using kompat::test::load_text;

namespace {

// An OpenAPI 3 document of the named types `schemas` (JSON members).
kompat::Snapshot types(const std::string& schemas) {
    return load_text(
        "spec.json",
        R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {)" + schemas + "}}}");
}

const std::string named = R"(
  "Text": {"type": "string"},
  "Short": {"type": "string", "maxLength": 3},
  "Count": {"type": "integer"},
  "Any": {},
  "X": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
  "Problem": {"type": "object", "properties": {"title": {"type": "string"}, "id": {"type": "string"}}},
  "Closed": {"type": "object", "additionalProperties": false, "properties": {"title": {"type": "string"}}},
  "OtherId": {"type": "object", "properties": {"id": {"type": "integer"}}},
  "Alias": {"$ref": "#/components/schemas/Alias2"},
  "Alias2": {"$ref": "#/components/schemas/Text"},
  "Pair": {"oneOf": [{"$ref": "#/components/schemas/Short"}, {"$ref": "#/components/schemas/Text"}]},
  "Single": {"oneOf": [{"$ref": "#/components/schemas/Text"}]})";

}  // namespace

TEST_CASE("union match: branches overlap in either order, and only when some value matches both") {
    const auto snapshot = types(named);
    const kompat::TypeIndex index(snapshot);
    const auto& t = snapshot.types;
    const auto overlap = [&](const char* a, const char* b) {
        const bool one_way = kompat::branches_overlap(t.at(a), index, t.at(b), index);
        CHECK(one_way == kompat::branches_overlap(t.at(b), index, t.at(a), index));
        return one_way;
    };
    CHECK(overlap("Text", "Short"));      // every short string is a string
    CHECK(overlap("Any", "Count"));       // `{}` admits everything
    CHECK(overlap("Problem", "X"));       // optional fields only, others allowed: every X matches
    CHECK(!overlap("Text", "Count"));     // no value is both
    CHECK(!overlap("Closed", "X"));       // additionalProperties: false refuses X's id
    CHECK(!overlap("OtherId", "X"));      // X requires id as a string, OtherId types it integer
    CHECK(!overlap("Short", "Problem"));  // a string is no object
}

TEST_CASE("union match: a $ref chain resolves to its schema, and alternatives pair bounded as before") {
    const auto snapshot = types(named);
    const kompat::TypeIndex index(snapshot);
    const auto& t = snapshot.types;
    CHECK(kompat::resolved_schema(t.at("Alias"), index) == &t.at("Text"));
    CHECK(kompat::resolved_schema(t.at("Text"), index) == &t.at("Text"));

    // `Text` became `oneOf [Short, Text]`: the old value pairs with the branch bounded as it
    // was (Text), whatever the order, and Short is the branch added.
    const auto before = kompat::alternatives_of(t.at("Text"), index);
    const auto after = kompat::alternatives_of(t.at("Pair"), index);
    CHECK(before.keyword.empty());
    CHECK(after.keyword == "oneOf");
    REQUIRE(after.branches.size() == 2);
    const auto match = kompat::match_branches(before, index, after, index);
    REQUIRE(match.pairs.size() == 1);
    CHECK(match.pairs.front() == std::pair<std::size_t, std::size_t>{0, 1});
    CHECK(match.only_new == std::vector<std::size_t>{0});
    CHECK(match.only_old.empty());
    // The same named type on both sides pairs first, whatever else matches.
    const auto same = kompat::match_branches(kompat::alternatives_of(t.at("Single"), index), index, after, index);
    REQUIRE(same.pairs.size() == 1);
    CHECK(same.pairs.front().second == 1);
    CHECK(kompat::branch_text(t.at("Short")) == "string maxLength 3");
    CHECK(kompat::branch_text(t.at("X")) == "object {id}");
}
