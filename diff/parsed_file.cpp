#include "diff/parsed_file.hpp"

#include <algorithm>
#include <functional>

namespace kompat {
void KeyIndexBuilder::object_done(const boost::json::object& object, std::size_t keys) {
    const auto first = open_keys_.end() - static_cast<std::ptrdiff_t>(keys);
    if (!object.empty())
        file_.first_key_index.push_back({object.begin(), static_cast<std::uint32_t>(file_.key_positions.size())});
    file_.key_positions.insert(file_.key_positions.end(), first, open_keys_.end());
    open_keys_.erase(first, open_keys_.end());
}

void KeyIndexBuilder::finish() {
    // Objects are completed inner first and the JSON reader allocates each one's members
    // then, from a monotonic resource: the index arrives as a few runs of increasing
    // addresses (one a block of the resource), merged here in a few passes. Input that
    // does not (YAML's objects are allocated when they open) is sorted.
    auto& index = file_.first_key_index;
    const auto before = [](const ParsedFile::FirstKey& a, const ParsedFile::FirstKey& b) {
        return std::less<>()(a.object_begin, b.object_begin);
    };
    std::vector<std::size_t> run_starts{0};
    for (std::size_t i = 1; i < index.size() && run_starts.size() <= 64; ++i)
        if (before(index[i], index[i - 1])) run_starts.push_back(i);
    if (run_starts.size() > 64) {
        std::sort(index.begin(), index.end(), before);
        return;
    }
    run_starts.push_back(index.size());
    const auto at = [&](std::size_t i) { return index.begin() + static_cast<std::ptrdiff_t>(i); };
    while (run_starts.size() > 2) {
        std::vector<std::size_t> merged;
        for (std::size_t r = 0; r + 2 < run_starts.size(); r += 2) {
            std::inplace_merge(at(run_starts[r]), at(run_starts[r + 1]), at(run_starts[r + 2]), before);
            merged.push_back(run_starts[r]);
        }
        if (run_starts.size() % 2 == 0) merged.push_back(run_starts[run_starts.size() - 2]);
        merged.push_back(index.size());
        run_starts = std::move(merged);
    }
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
