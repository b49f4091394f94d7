#pragma once
// A short JSON picture of a schema, what a finding shows as its old or new value.
#include <boost/json/value.hpp>

#include "model/schema.hpp"

namespace kompat {

// Type, format, $ref, enum, default, items, additionalProperties, the names of its
// properties and required fields (sorted), and the Kubernetes extensions a reader needs;
// no descriptions, no nested properties.
boost::json::value schema_summary(const Schema& schema);

}  // namespace kompat
