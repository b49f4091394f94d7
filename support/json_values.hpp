#pragma once
// Small builders of JSON values that several stages share.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <span>
#include <string_view>
#include <vector>

namespace kompat {

// The string value of `key` in `object`; "" when it is absent or not a string.
std::string_view string_member(const boost::json::object& object, std::string_view key);

// The value with the keys of every object sorted: the order a document writes its keys
// in means nothing, so nothing kompat prints may depend on it.
boost::json::value with_sorted_keys(const boost::json::value& value);

// Equal JSON (keys in any order; 1 and 1.0 differ, as in Boost.JSON). Unlike Boost
// 1.81's operator==, which copies each member of an object into that object's memory
// resource (a snapshot's arena, not to be grown after loading nor shared by threads),
// it allocates nothing.
bool json_equal(const boost::json::value& a, const boost::json::value& b);

// A copy in the default memory resource. Boost.JSON copies a value into the memory its
// original lives in: for a snapshot's value, the snapshot's arena, which a finding must
// neither grow (the diff runs on two threads) nor outlive.
boost::json::value detached(const boost::json::value& value);
boost::json::value detached(const boost::json::array& array);

// A JSON array of the strings, in their order.
boost::json::value strings_json(std::span<const std::string_view> strings);

}  // namespace kompat
