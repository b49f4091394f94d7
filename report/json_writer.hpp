#pragma once
// JSON text for reports: two-space indent, keys in the order they were inserted,
// a newline at the end. Deterministic for the same value.
#include <boost/json/value.hpp>

#include <string>

namespace kompat {

std::string to_pretty_json(const boost::json::value& value);

}  // namespace kompat
