// The version policy of a general OpenAPI document: semantic versions read, the next one
// suggested, a break without a major bump found.
#include <catch2/catch.hpp>

#include "rules/version_policy.hpp"

using kompat::Finding;
using kompat::RuleRef;
using kompat::Severity;

namespace {

Finding finding(std::string rule, Severity severity) {
    Finding out;
    out.rule = RuleRef::named(rule);
    out.severity = severity;
    return out;
}

}  // namespace

TEST_CASE("version policy: what a semantic version is") {
    CHECK(kompat::semantic_version("1.4.2")->numbers == std::vector<unsigned long>{1, 4, 2});
    CHECK(kompat::semantic_version("v2.0")->v_prefix);
    CHECK(kompat::semantic_version("70")->numbers == std::vector<unsigned long>{70});
    CHECK(kompat::semantic_version("1.4.2-rc.1+build.5"));
    // A date, a word, a suffix on a short version, four numbers: none.
    CHECK_FALSE(kompat::semantic_version("2020-08-27"));
    CHECK_FALSE(kompat::semantic_version("unversioned"));
    CHECK_FALSE(kompat::semantic_version("1.4-beta"));
    CHECK_FALSE(kompat::semantic_version("1.2.3.4"));
    CHECK_FALSE(kompat::semantic_version(""));
}

TEST_CASE("version policy: the next version, by what the changes are") {
    const std::vector<Finding> a_break{finding("field-removed", Severity::error), finding("field-added", Severity::info)};
    const std::vector<Finding> additions{finding("field-added", Severity::info), finding("enum-value-added", Severity::warning)};
    const std::vector<Finding> other{finding("description-changed", Severity::info)};
    CHECK(kompat::next_version("1.4.2", a_break) == "2.0.0");
    CHECK(kompat::next_version("1.4.2", additions) == "1.5.0");
    CHECK(kompat::next_version("1.4.2", other) == "1.4.3");
    CHECK(kompat::next_version("v1.4", a_break) == "v2.0");
    CHECK(kompat::next_version("70", a_break) == "71");
    CHECK(kompat::next_version("70", other).empty());  // no patch number to raise
    CHECK(kompat::next_version("1.4.2", {}).empty());
    CHECK(kompat::next_version("2020-08-27", a_break).empty());
}

TEST_CASE("version policy: a break without a major bump is version-not-bumped") {
    const std::vector<Finding> a_break{finding("field-removed", Severity::error)};
    const auto found = kompat::version_not_bumped("1.4.2", "1.5.0", a_break);
    REQUIRE(found);
    CHECK(found->rule == "version-not-bumped");
    CHECK(found->severity == Severity::warning);
    CHECK(found->detail == "1 breaking change: the next version is 2.0.0");
    CHECK_FALSE(kompat::version_not_bumped("1.4.2", "2.0.0", a_break));
    CHECK_FALSE(kompat::version_not_bumped("1.4.2", "1.5.0", {finding("field-added", Severity::info)}));
    CHECK_FALSE(kompat::version_not_bumped("2020-08-27", "2020-08-27", a_break));
}
