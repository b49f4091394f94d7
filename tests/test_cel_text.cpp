// Reading CEL rules: their layout taken out, string literals kept, the fields of self.
#include <catch2/catch.hpp>

#include "diff/cel_text.hpp"

using kompat::cel_normalised;
using kompat::cel_self_fields;
using kompat::cel_tests_presence;

TEST_CASE("cel: layout outside string literals is no change") {
    CHECK(cel_normalised("self.size() <= 63") == cel_normalised("self.size()\n  <= 63"));
    CHECK(cel_normalised("self.size()<=63") == cel_normalised("self.size() <= 63"));
    CHECK(cel_normalised("(self.a && self.b)") == cel_normalised("self.a && self.b"));
    CHECK(cel_normalised("((self.a))") == "self.a");
    // Parentheses that do not enclose the whole expression stay.
    CHECK(cel_normalised("(self.a) && (self.b)") == "(self.a)&&(self.b)");
    // A word keeps its space from the next word: `x in y` is not `xiny`.
    CHECK(cel_normalised("'a'  in  self.list") == "'a'in self.list");
    CHECK(cel_normalised("self.a // why\n  && self.b") == "self.a&&self.b");
}

TEST_CASE("cel: whitespace inside a string literal is a change") {
    CHECK(cel_normalised("self != 'a b'") != cel_normalised("self != 'a  b'"));
    CHECK(cel_normalised("self != \"a // b\"") == "self!=\"a // b\"");
    CHECK(cel_normalised("self.matches(r'^a  b$')") == "self.matches(r'^a  b$')");
    CHECK(cel_normalised("self == '''a\n  b'''") == "self=='''a\n  b'''");
    CHECK(cel_normalised("self == 'it\\'s  x'") == "self=='it\\'s  x'");
}

TEST_CASE("cel: the fields of self a rule reads") {
    using Fields = std::vector<std::string>;
    CHECK(cel_self_fields("!(has(self.percent) && has(self.fraction))") == Fields{"percent", "fraction"});
    CHECK(cel_self_fields("self.mode == 'Pipeline' && has(self.pipeline.steps)") == Fields{"mode", "pipeline"});
    CHECK(cel_self_fields("'self.x' == 'a'") == Fields{});
    // The value as a whole: a method of self, an index, a comparison with oldSelf.
    CHECK_FALSE(cel_self_fields("self.size() <= 128"));
    CHECK_FALSE(cel_self_fields("self == oldSelf"));
    CHECK_FALSE(cel_self_fields("self.x == oldSelf.x"));
    CHECK_FALSE(cel_self_fields("self[0] == 'a'"));
    CHECK_FALSE(cel_self_fields("self.all(x, x != '')"));
}

TEST_CASE("cel: a rule tests a field's presence with has()") {
    CHECK(cel_tests_presence("!has(self.a) || self.a > 0", "a"));
    CHECK(cel_tests_presence("has( self.a )", "a"));
    CHECK_FALSE(cel_tests_presence("self.a > 0", "a"));
    CHECK_FALSE(cel_tests_presence("has(self.ab)", "a"));
}

TEST_CASE("cel: top-level alternatives and a field compared with a literal") {
    using Parts = std::vector<std::string>;
    CHECK(kompat::cel_disjuncts("self.scope == 'LegacyCluster' || !has(self.claimNames)") ==
          Parts{"self.scope=='LegacyCluster'", "!has(self.claimNames)"});
    CHECK(kompat::cel_disjuncts("(a || b) && c") == Parts{"(a||b)&&c"});
    CHECK(kompat::cel_disjuncts("self == 'a||b' || x") == Parts{"self=='a||b'", "x"});
    using Equals = std::optional<std::pair<std::string, std::string>>;
    CHECK(kompat::cel_field_equals("self.scope == 'LegacyCluster'") == Equals{{"scope", "\"LegacyCluster\""}});
    CHECK(kompat::cel_field_equals("3 == self.replicas") == Equals{{"replicas", "3"}});
    CHECK(kompat::cel_field_equals("self.on == true") == Equals{{"on", "true"}});
    CHECK_FALSE(kompat::cel_field_equals("self.a.b == 'x'"));
    CHECK_FALSE(kompat::cel_field_equals("self.a == self.b"));
    CHECK_FALSE(kompat::cel_field_equals("self.a == 'it\\'s'"));
}

TEST_CASE("cel: the simple facts a rule states") {
    using kompat::cel_simple_facts;
    using What = kompat::CelFact::What;
    const auto facts = cel_simple_facts("self.size() <= 128 && (size(self.items) > 0) && has(self.mode) && 4 > self.tags.size()");
    REQUIRE(facts);
    REQUIRE(facts->size() == 4);
    CHECK(((*facts)[0].field.empty() && (*facts)[0].what == What::size_at_most && (*facts)[0].bound == 128));
    CHECK(((*facts)[1].field == "items" && (*facts)[1].what == What::size_at_least && (*facts)[1].bound == 1));
    CHECK(((*facts)[2].field == "mode" && (*facts)[2].what == What::present));
    CHECK(((*facts)[3].field == "tags" && (*facts)[3].what == What::size_at_most && (*facts)[3].bound == 3));
    const auto non_empty = cel_simple_facts("self != ''");
    REQUIRE(non_empty);
    CHECK(((*non_empty)[0].what == What::size_at_least && (*non_empty)[0].bound == 1));
    // Anything else is not read: a guess would turn a real tightening into info.
    CHECK_FALSE(cel_simple_facts("self.size() <= 128 || self.mode == 'x'"));
    CHECK_FALSE(cel_simple_facts("self.filter(f, f.type == 'A').size() <= 1"));
    CHECK_FALSE(cel_simple_facts("self.a.b.size() <= 1"));
    CHECK_FALSE(cel_simple_facts("self.size() < 0"));
    CHECK_FALSE(cel_simple_facts("self.size() <= oldSelf.size()"));
}
