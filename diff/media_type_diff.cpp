#include "diff/media_type_diff.hpp"

#include <algorithm>

namespace kompat {

void MediaTypeTally::compare(const DiffContext& context, const std::vector<MediaType>& before, const std::vector<MediaType>& after,
                             const Reach& place) {
    const auto order = [](const MediaType& a, const MediaType& b) { return a.name.compare(b.name); };
    merge_sorted(
        before, after, order,
        [&](const MediaType& gone) { tally(ChangeKind::media_type_removed, gone, context.position(context.old_side, gone.location), true, place); },
        [&](const MediaType& fresh) { tally(ChangeKind::media_type_added, fresh, context.position(context.new_side, fresh.location), false, place); },
        [](const MediaType&, const MediaType&) {});
}

void MediaTypeTally::tally(ChangeKind kind, const MediaType& media, SourcePosition position, bool removed, const Reach& place) {
    auto [entry, inserted] = changes_.try_emplace({kind, place.roles, media.name});
    auto& change = entry->second;
    if (inserted) {
        change.kind = kind;
        change.detail = std::string(media.name);
        (removed ? change.old_value : change.new_value) = boost::json::value(media.name);
    }
    auto& first = first_reach_[&change];
    if (inserted || std::tie(place.from, place.path) < std::tie(first.first, first.second)) {
        first = {place.from, place.path};
        (removed ? change.old_position : change.new_position) = std::move(position);
    }
    change.reaches.push_back(place);
}

void MediaTypeTally::emit(std::vector<Change>& surface) {
    for (auto& [key, change] : changes_) {
        std::sort(change.reaches.begin(), change.reaches.end(),
                  [](const Reach& a, const Reach& b) { return std::tie(a.from, a.path) < std::tie(b.from, b.path); });
        // The first operation (by name) is where the finding stands; every other is in `affects`.
        change.path = change.reaches.front().path;
        change.operation = change.reaches.front().from;
        surface.push_back(std::move(change));
    }
    changes_.clear();
    first_reach_.clear();
}

}  // namespace kompat
