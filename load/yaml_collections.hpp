#pragma once
// The collections a YAML reader is inside, and how a finished one becomes a JSON value:
// entries wait in one shared buffer, a wide mapping is built key by key, merge keys (<<)
// are expanded and a repeated key is refused or read once. Internal to load/.
#include <boost/json/value.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/source_reader.hpp"
#include "model/parsed_file.hpp"

namespace kompat {

// What the collections need of the reader that fills them.
struct CollectionContext {
    const SourceFile& source;
    ParsedFile& file;  // its memory holds every value; duplicate keys are noted in its warnings
    // Counts nodes a merge adds against the reader's budget (throws past it).
    std::function<void(std::uint64_t nodes, TextPosition position, std::string_view cause)> count_nodes;
};

// A mapping key: its characters in the stack's key characters. 16 bytes, so that a
// mapping of 10^6 keys waits in 32 MB.
struct YamlKey {
    std::uint32_t begin = 0;
    std::uint32_t size : 31 = 0;
    std::uint32_t merge : 1 = 0;  // a merge key (<<)
    TextPosition position;
};
static_assert(sizeof(YamlKey) == 16);

// A value read, waiting for the collection it is in to end.
struct YamlEntry {
    boost::json::value value;
    YamlKey key;  // in a mapping
};

// A collection being read.
struct YamlFrame {
    bool mapping = false;
    std::size_t first_entry = 0;
    std::size_t key_chars_begin = 0;
    std::string anchor;
    std::uint64_t nodes_at_start = 0;
    TextPosition position;
    std::size_t offset = 0;  // in the text, where it starts
    std::uint32_t height = 0;
    // The key read last in a mapping, waiting for its value.
    bool has_key = false;
    YamlKey key;
    // A wide mapping's object, built key by key once it has `wide_mapping` entries: its
    // entries then never wait in two copies (see KeyPositionMemory).
    std::optional<boost::json::object> wide;
    std::vector<YamlEntry> merges;  // values of merge keys (<<), merged at the mapping's end
};

class CollectionStack {
public:
    explicit CollectionStack(CollectionContext context);

    [[nodiscard]] bool empty() const { return frames_.empty(); }
    [[nodiscard]] std::size_t depth() const { return frames_.size(); }
    [[nodiscard]] const std::vector<YamlFrame>& frames() const { return frames_; }
    [[nodiscard]] bool expecting_key() const { return !frames_.empty() && frames_.back().mapping && !frames_.back().has_key; }

    void open(YamlFrame frame);
    void set_key(std::string_view text, TextPosition position, bool merge);
    // A finished value to the innermost collection; `offset`: where the reader is in the text.
    void add(boost::json::value value, std::uint32_t height, std::size_t offset);
    // Ends the innermost collection: its value, and the frame it was read in.
    std::pair<boost::json::value, YamlFrame> close();

private:
    [[noreturn]] void fail(TextPosition position, const std::string& message) const;
    boost::json::array array_of(const YamlFrame& frame);
    boost::json::object object_of(YamlFrame& frame);
    std::size_t wider(const YamlFrame& frame, std::size_t offset) const;
    boost::json::object object_of_entries(const YamlFrame& frame, std::size_t room);
    void add_member(boost::json::object& object, const YamlKey& key, boost::json::value value);
    void merge_into(boost::json::object& object, boost::json::object& merged, TextPosition position);

    CollectionContext context_;
    boost::json::storage_ptr sp_;
    std::vector<YamlFrame> frames_;
    std::deque<YamlEntry> entries_;  // in blocks: a mapping of 10^6 keys never waits in two copies while it grows
    std::string key_chars_;
};

// A deep copy in the file's memory, keys keeping their positions (an alias's expansion).
boost::json::value copy_in(const boost::json::value& value, ParsedFile& file);

}  // namespace kompat
