#pragma once
// One OpenAPI v2 or v3 document being read, as every part of reading it needs it: the
// loader (openapi_loader), its payloads (openapi_payloads) and its security and servers
// (openapi_security). Internal to load/.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/load_state.hpp"

namespace kompat {

struct OpenApiDocument {
    LoadState& state;
    std::uint32_t file_index;
    const ParsedFile& file;
    const boost::json::object& document;
    const boost::json::value* root = nullptr;  // the document as its file holds it
    bool v3 = false;

    // Fails at `key` of `object`, or at `object` when it has no such key.
    [[noreturn]] void fail_at(const boost::json::object& object, std::string_view key, const std::string& message) const;
};

}  // namespace kompat
