#pragma once
// Changes that recur across operations (a media type every response gained, a security
// requirement the whole document added) said once each, reached from every operation
// they concern: Kubernetes 1.32 added CBOR to every response, which is one finding, not
// 1,565. Internal to diff/.
#include "diff/diff_context.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace kompat {

// One side of a tallied change: its value as text (none: JSON null) and where it stands
// in its snapshot (none: no position). Made into a Change's values and positions only
// when they are kept: most places repeat a change met already.
struct TalliedSide {
    std::optional<std::string_view> text;
    const Location* location = nullptr;
};

class OperationTally {
public:
    // One more place (an operation's reach: its roles say request or response) where the
    // change `kind` with `detail` happened; the same kind, roles and detail are one change.
    void add(const DiffContext& context, ChangeKind kind, std::string_view detail, TalliedSide before, TalliedSide after,
             const Reach& place);
    // The changes, in a stable order, each with its reaches sorted and standing at its
    // first operation by name.
    void emit(std::vector<Change>& surface);

private:
    struct Tallied {
        Change change;
        std::pair<std::string, std::string> first_place;  // (from, path) of the first reach by name
    };
    // Keys by kind, roles, then detail; a lookup's detail is a view, so meeting a change
    // again makes no string.
    struct KeyOrder {
        using is_transparent = void;
        template <typename A, typename B>
        bool operator()(const A& a, const B& b) const {
            return std::tuple(std::get<0>(a), std::get<1>(a), std::string_view(std::get<2>(a))) <
                   std::tuple(std::get<0>(b), std::get<1>(b), std::string_view(std::get<2>(b)));
        }
    };
    std::map<std::tuple<ChangeKind, unsigned, std::string>, Tallied, KeyOrder> changes_;
};

}  // namespace kompat
