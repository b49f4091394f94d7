#pragma once
// x-kubernetes-unions: the unions a Kubernetes type declares (a discriminator field and the
// fields it chooses between), compared as api_changes.md allows them to change.
#include <boost/json/value.hpp>

#include <string>

namespace kompat {

// The options `after` adds to `before`, both x-kubernetes-unions lists ("exempt when type
// is Exempt"), when every old union keeps its discriminator and its options: api_changes.md
// allows adding an option to a union. Empty when it is any other edit.
std::string union_options_added(const boost::json::value& before, const boost::json::value& after);

}  // namespace kompat
