#include "diff/operation_tally.hpp"

#include <algorithm>

namespace kompat {
namespace json = boost::json;

void OperationTally::add(const DiffContext& context, ChangeKind kind, std::string_view detail, TalliedSide before, TalliedSide after,
                         const Reach& place) {
    auto entry = changes_.find(std::tuple(kind, place.roles, detail));
    const bool inserted = entry == changes_.end();
    if (inserted) entry = changes_.try_emplace(entry, std::tuple(kind, place.roles, std::string(detail)));
    auto& tallied = entry->second;
    auto& change = tallied.change;
    if (inserted) {
        const auto value_of = [](const TalliedSide& side) { return side.text ? json::value(*side.text) : json::value(nullptr); };
        change.kind = kind;
        change.detail = detail;
        change.old_value = value_of(before);
        change.new_value = value_of(after);
    }
    // Positions follow the first reach by name, whatever order the operations are met in.
    if (inserted || std::tie(place.from, place.path) < std::tie(tallied.first_place.first, tallied.first_place.second)) {
        const auto position_of = [&](const Snapshot& side, const TalliedSide& tallied_side) {
            return tallied_side.location != nullptr ? context.position(side, *tallied_side.location) : SourcePosition{};
        };
        tallied.first_place = {place.from, place.path};
        change.old_position = position_of(context.old_side, before);
        change.new_position = position_of(context.new_side, after);
    }
    change.reaches.push_back(place);
}

void OperationTally::emit(std::vector<Change>& surface) {
    for (auto& [key, tallied] : changes_) {
        auto& change = tallied.change;
        std::sort(change.reaches.begin(), change.reaches.end(),
                  [](const Reach& a, const Reach& b) { return std::tie(a.from, a.path) < std::tie(b.from, b.path); });
        change.path = change.reaches.front().path;
        change.operation = change.reaches.front().from;
        surface.push_back(std::move(change));
    }
    changes_.clear();
}

}  // namespace kompat
