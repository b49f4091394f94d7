#pragma once
// One input file read into JSON values (JSON and YAML alike), with the line and
// column of every object key, so every schema can say where it stands.
#include <boost/json/monotonic_resource.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "diff/input_error.hpp"

namespace kompat {

struct ParsedFile {
    std::string name;  // as shown in messages
    // Holds every value of `documents` (declared first, so it outlives them). Its
    // deallocation is trivial, so the documents are freed at once, not walked.
    std::unique_ptr<boost::json::monotonic_resource> memory = std::make_unique<boost::json::monotonic_resource>();
    std::vector<boost::json::value> documents; // one, or several for multi-document YAML
    std::vector<TextPosition> document_starts; // where each document begins

    // Storage for values of this file's documents.
    [[nodiscard]] boost::json::storage_ptr storage() const { return boost::json::storage_ptr(memory.get()); }

    // Position of the key `member` inside `object` (both from `documents`).
    [[nodiscard]] TextPosition position_of(const boost::json::object& object,
                                           const boost::json::key_value_pair& member) const;
    // Positions of every key of `object`, in member order (empty when unknown): for
    // callers that need several, one lookup.
    [[nodiscard]] std::span<const TextPosition> key_positions_of(const boost::json::object& object) const;
    // Position of an object: that of its first key; for an empty object, unknown.
    [[nodiscard]] TextPosition position_of(const boost::json::object& object) const;

    // Filled by index_key_positions(): key positions in document order, and for each
    // non-empty object the index of its first key's position, sorted by the object's
    // address (a flat sorted table: no allocation per object, as a hash map would make).
    struct FirstKey {
        const boost::json::key_value_pair* object_begin;
        std::uint32_t index;
    };
    std::vector<TextPosition> key_positions;
    std::vector<FirstKey> first_key_index;
};

// Called by the readers once the documents are built, with `key_positions` holding the
// position of every key in document order. Returns false when the documents hold fewer
// keys than were read, that is, when an object had a duplicate key.
bool index_key_positions(ParsedFile& file);

}  // namespace kompat
