#pragma once
// Whether a description already stated a default in words: a default added to the schema
// that the description stated is no new behaviour (default-added-as-documented). The
// phrases are one table (documented_default.cpp), each with a test.
#include <boost/json/value.hpp>

#include <string_view>

namespace kompat {

// Whether `description` states `value` as the default: "Defaults to X.", "The default is
// X", "Default: X", "Implicitly inferred to be X", "X by default", …; X as written, in
// quotes or backticks, or (a small integer) as a number word ("assumes only one shard").
bool documents_default(std::string_view description, const boost::json::value& value);

}  // namespace kompat
