#include "load/yaml_collections.hpp"

#include <algorithm>

namespace kompat {
namespace json = boost::json;
namespace {

constexpr std::size_t wide_mapping = 1024;

}  // namespace

CollectionStack::CollectionStack(CollectionContext context) : context_(std::move(context)), sp_(context_.file.memory.get()) {}

void CollectionStack::fail(TextPosition position, const std::string& message) const {
    throw InputError(context_.source.name, position, message);
}

void CollectionStack::open(YamlFrame frame) {
    frame.first_entry = entries_.size();
    frame.key_chars_begin = key_chars_.size();
    frames_.push_back(std::move(frame));
}

void CollectionStack::set_key(std::string_view text, TextPosition position, bool merge) {
    auto& frame = frames_.back();
    frame.key = YamlKey{static_cast<std::uint32_t>(key_chars_.size()), static_cast<std::uint32_t>(text.size()), merge ? 1U : 0U, position};
    frame.has_key = true;
    key_chars_.append(text);
}

void CollectionStack::add(json::value value, std::uint32_t height, std::size_t offset) {
    auto& frame = frames_.back();
    frame.height = std::max(frame.height, height);
    if (!frame.mapping) {
        entries_.push_back(YamlEntry{std::move(value), {}});
        return;
    }
    frame.has_key = false;
    if (frame.key.merge) {
        frame.merges.push_back(YamlEntry{std::move(value), frame.key});
    } else if (frame.wide) {
        if (frame.wide->size() == frame.wide->capacity()) frame.wide->reserve(wider(frame, offset));
        add_member(*frame.wide, frame.key, std::move(value));
        key_chars_.resize(frame.key_chars_begin);
    } else {
        entries_.push_back(YamlEntry{std::move(value), frame.key});
        if (entries_.size() - frame.first_entry >= wide_mapping) {
            frame.wide.emplace(object_of_entries(frame, 2 * wide_mapping));
            entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(frame.first_entry), entries_.end());
            key_chars_.resize(frame.key_chars_begin);
        }
    }
}

std::pair<json::value, YamlFrame> CollectionStack::close() {
    auto& frame = frames_.back();
    json::value value = frame.mapping ? json::value(object_of(frame)) : json::value(array_of(frame));
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(frame.first_entry), entries_.end());
    key_chars_.resize(frame.key_chars_begin);
    auto closed = std::move(frame);
    frames_.pop_back();
    return {std::move(value), std::move(closed)};
}

json::array CollectionStack::array_of(const YamlFrame& frame) {
    json::array array(sp_);
    array.reserve(entries_.size() - frame.first_entry);
    for (auto i = frame.first_entry; i < entries_.size(); ++i) array.push_back(std::move(entries_[i].value));
    return array;
}

// Keys of merged mappings (<<) never replace keys the mapping sets itself; of several
// merged mappings, the first to set a key wins (the YAML 1.1 merge key rule).
json::object CollectionStack::object_of(YamlFrame& frame) {
    json::object object = frame.wide ? std::move(*frame.wide) : object_of_entries(frame, 0);
    for (auto& entry : frame.merges) {
        if (auto* merged = entry.value.if_object()) {
            merge_into(object, *merged, entry.key.position);
        } else if (auto* list = entry.value.if_array()) {
            for (auto& element : *list) {
                if (!element.is_object()) fail(entry.key.position, "merge key (<<) needs a mapping or a list of mappings");
                merge_into(object, element.get_object(), entry.key.position);
            }
        } else {
            fail(entry.key.position, "merge key (<<) needs a mapping or a list of mappings");
        }
    }
    return object;
}

// The next capacity of a wide mapping's object. Each regrowth holds the old table and
// the new at once, so the last should come early: room for as many keys as the rest
// of the text holds at this mapping's bytes per key so far (and an eighth more), at
// least twice and at most four times as many as it has. A mapping that fills the
// file reaches its size a few regrowths after it goes wide, not as it ends.
std::size_t CollectionStack::wider(const YamlFrame& frame, std::size_t offset) const {
    const auto size = frame.wide->size();
    const auto read = std::max<std::size_t>(offset - std::min(offset, frame.offset), 1);
    const auto& bytes = context_.source.bytes;
    const auto remaining = bytes.size() - std::min(offset, bytes.size());
    const auto estimate = size + remaining / std::max<std::size_t>(read / size, 1) + size / 8;
    return std::clamp(estimate, 2 * size, 4 * size);
}

// The mapping's own entries, waiting in entries_, as an object with room for `room`.
json::object CollectionStack::object_of_entries(const YamlFrame& frame, std::size_t room) {
    json::object object(sp_);
    object.reserve(std::max(room, entries_.size() - frame.first_entry));
    for (auto i = frame.first_entry; i < entries_.size(); ++i) add_member(object, entries_[i].key, std::move(entries_[i].value));
    return object;
}

void CollectionStack::add_member(json::object& object, const YamlKey& key, json::value value) {
    const std::string_view name(key_chars_.data() + key.begin, key.size);
    if (const auto* first = object.if_contains(name)) {
        const auto first_line = KeyPositionMemory::position_of_key(object.find(name)->key().data()).line;
        if (*first != value)
            fail(key.position, "duplicate key \"" + std::string(name) + "\" in one mapping, with a value other than at line " +
                                   std::to_string(first_line));
        // Real files repeat a key with the same value (a released knative CRD does):
        // nothing is ambiguous, so it is read, and said.
        context_.file.warnings.push_back(context_.source.name + ":" + std::to_string(key.position.line) + ":" +
                                         std::to_string(key.position.column) + ": duplicate key \"" + std::string(name) +
                                         "\" repeats the value of line " + std::to_string(first_line) + "; read once");
        return;
    }
    context_.file.memory->position_next_key(key.position);
    object.emplace(name, std::move(value));
}

void CollectionStack::merge_into(json::object& object, json::object& merged, TextPosition position) {
    for (auto& member : merged) {
        context_.count_nodes(1, position, "merge keys");
        if (object.contains(member.key())) continue;
        context_.file.memory->position_next_key(KeyPositionMemory::position_of_key(member.key().data()));
        object.emplace(member.key(), std::move(member.value()));
    }
}

json::value copy_in(const json::value& value, ParsedFile& file) {
    const json::storage_ptr sp(file.memory.get());
    switch (value.kind()) {
        case json::kind::object: {
            const auto& from = value.get_object();
            json::object to(sp);
            to.reserve(from.size());
            for (const auto& member : from) {
                auto copy = copy_in(member.value(), file);
                file.memory->position_next_key(KeyPositionMemory::position_of_key(member.key().data()));
                to.emplace(member.key(), std::move(copy));
            }
            return to;
        }
        case json::kind::array: {
            const auto& from = value.get_array();
            json::array to(sp);
            to.reserve(from.size());
            for (const auto& element : from) to.push_back(copy_in(element, file));
            return to;
        }
        default: return json::value(value, sp);
    }
}

}  // namespace kompat
