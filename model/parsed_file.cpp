#include "model/parsed_file.hpp"

#include <cstring>
#include <new>

namespace kompat {
namespace {

// Stored in front of a key's characters. The marker tells a tagged key from one that
// is not (a key this memory did not allocate is never looked at: see position_of).
struct KeyTag {
    static constexpr std::uint32_t tagged = 0x4B706F73;  // "Kpos"
    std::uint32_t marker = tagged;
    TextPosition position;
};

}  // namespace

KeyPositionMemory::~KeyPositionMemory() {
    for (auto* block : large_blocks_) ::operator delete(block);
}

void* KeyPositionMemory::do_allocate(std::size_t size, std::size_t alignment) {
    // Keys always come from the arena: their tags are read behind them.
    if (size >= large_block && !(key_pending_ && alignment == 1) && alignment <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) {
        auto* block = ::operator new(size);
        large_blocks_.insert(block);
        return block;
    }
    if (!key_pending_ || alignment != 1) return arena_.allocate(size, alignment);
    key_pending_ = false;
    auto* block = static_cast<char*>(arena_.allocate(sizeof(KeyTag) + size, 1));
    const KeyTag tag{KeyTag::tagged, pending_};
    std::memcpy(block, &tag, sizeof tag);
    last_key_ = block + sizeof(KeyTag);
    return block + sizeof(KeyTag);
}

void KeyPositionMemory::do_deallocate(void* block, std::size_t size, std::size_t /*alignment*/) {
    if (size >= large_block && large_blocks_.erase(block) > 0) ::operator delete(block);
}

TextPosition KeyPositionMemory::position_of_key(const char* key) {
    KeyTag tag;
    std::memcpy(&tag, key - sizeof(KeyTag), sizeof tag);
    return tag.marker == KeyTag::tagged ? tag.position : TextPosition{};
}

TextPosition ParsedFile::position_of(const boost::json::key_value_pair& member) const {
    // Only keys allocated in this file's memory sit behind a tag (or, untagged, behind
    // other bytes of the same arena block); anything else is not read.
    if (member.value().storage().get() != memory.get()) return {};
    return KeyPositionMemory::position_of_key(member.key().data());
}

TextPosition ParsedFile::position_of(const boost::json::object& object) const {
    return object.empty() ? TextPosition{} : position_of(*object.begin());
}

}  // namespace kompat
