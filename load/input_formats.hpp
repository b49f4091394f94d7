#pragma once
// The inputs a snapshot can be made of, one row a format: how a document of it is
// recognised and how it is loaded. A new input format is one row in input_formats.cpp
// and its loader's file.
#include <boost/json/object.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "model/snapshot.hpp"

namespace kompat {

struct LoadState;

struct InputFormat {
    SnapshotFormat format;
    std::string_view name;           // in messages: "OpenAPI v2"
    std::string_view recognised_by;  // what a document of it says, for the message on one of no format
    bool (*recognises)(const boost::json::object& document);
    void (*load)(LoadState& state, std::uint32_t file, const boost::json::object& document);
    void (*finish)(LoadState& state);  // once every document and `$ref` is built; may be null
};

std::span<const InputFormat> input_formats();

// The format of a document, or nullptr.
const InputFormat* input_format_of(const boost::json::object& document);

// "expected an OpenAPI v2 document (…), … or a CustomResourceDefinition (…)"
std::string expected_input_formats();

}  // namespace kompat
