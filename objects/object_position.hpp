#pragma once
// Where a field of an object stands in the file it was read from, so that a finding about
// one field of an object points at that field's line and column, not at the object's
// first line.
#include <boost/json/object.hpp>

#include <string_view>

#include "support/input_error.hpp"

namespace kompat {

// The position of the key of the field at `path` (`.spec.containers[0].image`,
// `.metadata["a.b"]`) in `body`, or of the nearest key on the way to it (a required field
// that is missing: its parent's); `fallback` (the object's first key) when the path
// meets no key at all.
TextPosition position_of_field(const boost::json::object& body, std::string_view path, TextPosition fallback);

}  // namespace kompat
