#pragma once
// Small builders of JSON values that several stages share.
#include <boost/json/value.hpp>

#include <string_view>
#include <vector>

namespace kompat {

// The value with the keys of every object sorted: the order a document writes its keys
// in means nothing, so nothing kompat prints may depend on it.
boost::json::value with_sorted_keys(const boost::json::value& value);

// A JSON array of the strings, in their order.
boost::json::value strings_json(const std::vector<std::string_view>& strings);

}  // namespace kompat
