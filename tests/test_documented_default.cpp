// Whether a description already stated the default a release adds: each phrase of the
// table once, and the near misses that must not count.
#include "test_support.hpp"

#include <boost/json/parse.hpp>

#include <string_view>

#include "diff/documented_default.hpp"

using kompat::documents_default;

namespace {
bool states(std::string_view description, std::string_view value_json) {
    return documents_default(description, boost::json::parse(value_json));
}
}  // namespace

TEST_CASE("documented default: lead-in phrases") {
    CHECK(states("Defaults to Retain.", R"("Retain")"));
    CHECK(states("The default is 50.", "50"));
    CHECK(states("Maximum results. Default: 10", "10"));
    CHECK(states("The default value is `IfNotPresent`.", R"("IfNotPresent")"));
    CHECK(states("Default value: 'ext4'", R"("ext4")"));
    CHECK(states("Filesystem type. Implicitly inferred to be \"ext4\" if unspecified.", R"("ext4")"));
    CHECK(states("The protocol is inferred as TCP.", R"("TCP")"));
    CHECK(states("One of A or B, the default being B.", R"("B")"));
    CHECK(states("When not defined, the operator assumes only one shard.", "1"));
    CHECK(states("If unset, true.", "true"));
}

TEST_CASE("documented default: trailer phrases") {
    CHECK(states("Uses 30s by default.", R"("30s")"));
    CHECK(states("`Retain` is the default.", R"("Retain")"));
    CHECK(states("Whether to follow redirects; false is used by default", "false"));
}

TEST_CASE("documented default: case of the phrase, not of the value") {
    CHECK(states("DEFAULTS TO Retain", R"("Retain")"));
    CHECK_FALSE(states("Defaults to retain.", R"("Retain")"));
}

TEST_CASE("documented default: another value or a longer word is no statement") {
    CHECK_FALSE(states("Defaults to 1m.", R"("30s")"));
    CHECK_FALSE(states("The default is 500.", "50"));
    CHECK_FALSE(states("Defaults to \"ext4x\".", R"("ext4")"));
    CHECK_FALSE(states("Defaults to ext4x.", R"("ext4")"));
    CHECK_FALSE(states("Retainer by default", R"("tainer")"));
    CHECK_FALSE(states("The operator assumes only one shard.", "2"));
    CHECK_FALSE(states("Defaults to 'ext4", R"("ext4")"));
}

TEST_CASE("documented default: only strings, booleans and numbers are read") {
    CHECK_FALSE(states("Defaults to {}.", "{}"));
    CHECK_FALSE(states("Defaults to [].", "[]"));
    CHECK_FALSE(states("Defaults to .", R"("")"));
    CHECK_FALSE(states("", "1"));
}
