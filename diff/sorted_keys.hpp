#pragma once
// JSON values with the keys of every object sorted: the order a document writes its
// keys in means nothing, so nothing kompat prints may depend on it.
#include <boost/json/value.hpp>

namespace kompat {

boost::json::value with_sorted_keys(const boost::json::value& value);

}  // namespace kompat
