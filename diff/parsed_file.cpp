#include "diff/parsed_file.hpp"

#include <algorithm>
#include <functional>

namespace kompat {
namespace {

// Walks one document in preorder, the order in which the readers saw its keys, and
// stores each object's key positions side by side so a key's position is found from
// its object with one lookup. Iterative, so depth is bounded only by the readers.
struct KeyIndexer {
    const std::vector<TextPosition>& in_document_order;
    std::vector<TextPosition>& by_object;
    std::vector<ParsedFile::FirstKey>& first_key_index;
    std::size_t next = 0;

    struct Frame {
        const boost::json::value* container;
        std::size_t member = 0;
        std::uint32_t base = 0;
    };

    void enter(const boost::json::value& value, std::vector<Frame>& stack) {
        if (const auto* object = value.if_object(); object != nullptr && !object->empty()) {
            const auto base = static_cast<std::uint32_t>(by_object.size());
            by_object.resize(by_object.size() + object->size());
            first_key_index.push_back({object->begin(), base});
            stack.push_back({&value, 0, base});
        } else if (const auto* array = value.if_array(); array != nullptr && !array->empty()) {
            stack.push_back({&value, 0, 0});
        }
    }

    void run(const boost::json::value& root) {
        std::vector<Frame> stack;
        enter(root, stack);
        while (!stack.empty()) {
            auto& frame = stack.back();
            if (const auto* object = frame.container->if_object()) {
                if (frame.member == object->size()) {
                    stack.pop_back();
                    continue;
                }
                const auto& member = object->begin()[frame.member];
                if (next < in_document_order.size())
                    by_object[frame.base + frame.member] = in_document_order[next];
                ++next;
                ++frame.member;
                enter(member.value(), stack);  // may invalidate `frame`
            } else {
                const auto& array = frame.container->get_array();
                if (frame.member == array.size()) {
                    stack.pop_back();
                    continue;
                }
                const auto& element = array[frame.member];
                ++frame.member;
                enter(element, stack);
            }
        }
    }
};

}  // namespace

bool index_key_positions(ParsedFile& file) {
    std::vector<TextPosition> by_object;
    by_object.reserve(file.key_positions.size());
    file.first_key_index.clear();
    file.first_key_index.reserve(file.key_positions.size() / 3);  // specs average ~3 keys an object
    KeyIndexer indexer{file.key_positions, by_object, file.first_key_index};
    for (const auto& document : file.documents) indexer.run(document);
    std::sort(file.first_key_index.begin(), file.first_key_index.end(),
              [](const auto& a, const auto& b) { return std::less<>()(a.object_begin, b.object_begin); });
    const bool complete = indexer.next == file.key_positions.size();
    file.key_positions = std::move(by_object);
    return complete;
}

std::span<const TextPosition> ParsedFile::key_positions_of(const boost::json::object& object) const {
    if (object.empty()) return {};
    const auto found = std::lower_bound(first_key_index.begin(), first_key_index.end(), object.begin(),
                                        [](const FirstKey& entry, const auto* begin) { return std::less<>()(entry.object_begin, begin); });
    if (found == first_key_index.end() || found->object_begin != object.begin() ||
        found->index + object.size() > key_positions.size())
        return {};
    return {key_positions.data() + found->index, object.size()};
}

TextPosition ParsedFile::position_of(const boost::json::object& object,
                                     const boost::json::key_value_pair& member) const {
    const auto positions = key_positions_of(object);
    const auto index = static_cast<std::size_t>(&member - object.begin());
    return index < positions.size() ? positions[index] : TextPosition{};
}

TextPosition ParsedFile::position_of(const boost::json::object& object) const {
    return object.empty() ? TextPosition{} : position_of(object, *object.begin());
}

}  // namespace kompat
