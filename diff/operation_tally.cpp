#include "diff/operation_tally.hpp"

#include <algorithm>

namespace kompat {

void OperationTally::add(ChangeKind kind, const std::string& detail, const boost::json::value& old_value,
                         const boost::json::value& new_value, const SourcePosition& old_position, const SourcePosition& new_position,
                         const Reach& place) {
    auto [entry, inserted] = changes_.try_emplace({kind, place.roles, detail});
    auto& tallied = entry->second;
    auto& change = tallied.change;
    if (inserted) {
        change.kind = kind;
        change.detail = detail;
        change.old_value = old_value;
        change.new_value = new_value;
    }
    // Positions follow the first reach by name, whatever order the operations are met in.
    if (inserted || std::tie(place.from, place.path) < std::tie(tallied.first_place.first, tallied.first_place.second)) {
        tallied.first_place = {place.from, place.path};
        change.old_position = old_position;
        change.new_position = new_position;
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
