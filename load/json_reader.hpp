#pragma once
// Reads JSON text into a ParsedFile with Boost.JSON.
#include "load/limits.hpp"
#include "model/parsed_file.hpp"
#include "load/source_reader.hpp"

namespace kompat {

// Throws InputError (file:line:col) for malformed JSON, nesting deeper than the
// limit, invalid UTF-8, or a duplicate key in one object.
ParsedFile read_json(const SourceFile& source, const Limits& limits);

// Line and column (1-based, column in characters) of a byte offset into `text`.
TextPosition position_at(std::string_view text, std::size_t offset);

}  // namespace kompat
