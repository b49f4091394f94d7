#pragma once
// One input file read into JSON values (JSON and YAML alike), with the line and
// column of every object key, so every schema can say where it stands.
#include <boost/json/memory_resource.hpp>
#include <boost/json/monotonic_resource.hpp>
#include <boost/json/value.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "support/input_error.hpp"

namespace kompat {

// The memory a file's values live in: a monotonic arena, freed at once. A reader tells
// it the position of the key it is about to add; that key's characters (the next
// allocation of alignment 1, which Boost.JSON makes only for object keys) are stored
// right behind a tag holding the position. A key's position is then read from the key
// itself, with no index over the documents to build or search.
//
// Blocks of a MiB or more (the table of a mapping with tens of thousands of keys, as it
// grows) come from the heap and go back to it when Boost.JSON lets them go, so a wide
// mapping read key by key leaves no trail of outgrown tables behind.
class KeyPositionMemory final : public boost::json::memory_resource {
public:
    KeyPositionMemory() = default;
    KeyPositionMemory(const KeyPositionMemory&) = delete;
    KeyPositionMemory& operator=(const KeyPositionMemory&) = delete;
    ~KeyPositionMemory() override;

    void position_next_key(TextPosition position) {
        pending_ = position;
        key_pending_ = true;
    }
    // The characters of the key allocated last (for the JSON reader's duplicate check).
    [[nodiscard]] const char* last_key() const { return last_key_; }
    // The position tagged on `key` (the characters of a key allocated here), or
    // unknown when it carries no tag.
    [[nodiscard]] static TextPosition position_of_key(const char* key);

private:
    void* do_allocate(std::size_t size, std::size_t alignment) override;
    void do_deallocate(void* block, std::size_t size, std::size_t alignment) override;
    [[nodiscard]] bool do_is_equal(const memory_resource& other) const noexcept override { return this == &other; }

    static constexpr std::size_t large_block = std::size_t{1} << 20;
    boost::json::monotonic_resource arena_;
    std::unordered_set<void*> large_blocks_;  // live blocks from the heap
    TextPosition pending_;
    bool key_pending_ = false;
    const char* last_key_ = nullptr;
};

struct ParsedFile {
    std::string name;  // as shown in messages
    // Holds every value of `documents` (declared first, so it outlives them). Its
    // deallocation is trivial, so the documents are freed at once, not walked.
    std::unique_ptr<KeyPositionMemory> memory = std::make_unique<KeyPositionMemory>();
    std::vector<boost::json::value> documents;  // one, or several for multi-document YAML
    std::vector<TextPosition> document_starts;  // where each document begins
    // What was read but deserves a word in the report (a key repeated with the same
    // value), each as "file:line:col: text".
    std::vector<std::string> warnings;

    // Position of the key of `member`, a member of an object of `documents`; unknown
    // for a member that is not.
    [[nodiscard]] TextPosition position_of(const boost::json::key_value_pair& member) const;
    // Position of an object: that of its first key; for an empty object, unknown.
    [[nodiscard]] TextPosition position_of(const boost::json::object& object) const;
};

}  // namespace kompat

// The arena never frees one allocation alone, so values need not be walked to be freed.
template <>
struct boost::json::is_deallocate_trivial<kompat::KeyPositionMemory> : std::true_type {};
