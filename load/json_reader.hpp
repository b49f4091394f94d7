#pragma once
// Reads JSON text into a ParsedFile with Boost.JSON.
#include "support/limits.hpp"
#include "model/parsed_file.hpp"
#include "load/source_reader.hpp"
#include "load/text_position.hpp"

namespace kompat {

// Throws InputError (file:line:col) for malformed JSON, nesting deeper than the
// limit, invalid UTF-8, a duplicate key in one object, or anything after the document
// but whitespace. Reads the text in pieces (load/text_pieces.hpp).
ParsedFile read_json(const SourceFile& source, const Limits& limits);

// As read_json, with pieces of about `piece_bytes` (tests cut texts small).
ParsedFile read_json_in_pieces(const SourceFile& source, const Limits& limits, std::size_t piece_bytes);

}  // namespace kompat
