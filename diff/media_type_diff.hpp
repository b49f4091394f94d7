#pragma once
// The media types of request bodies and responses, added and removed. One change per
// media type and direction, reached from every operation it concerns: Kubernetes 1.32
// added CBOR to every response, which is one finding, not 1,565. Internal to diff/.
#include "diff/diff_context.hpp"

#include <map>
#include <string_view>
#include <tuple>
#include <vector>

namespace kompat {

class MediaTypeTally {
public:
    // The media types of one request body or response, in both snapshots; `place` is the
    // operation's reach to it (its roles say request or response).
    void compare(const DiffContext& context, const std::vector<MediaType>& before, const std::vector<MediaType>& after,
                 const Reach& place);
    // The changes, in a stable order, each with its reaches sorted.
    void emit(std::vector<Change>& surface);

private:
    void tally(ChangeKind kind, const MediaType& media, SourcePosition position, bool removed, const Reach& place);
    std::map<std::tuple<ChangeKind, unsigned, std::string_view>, Change> changes_;
    // Each change's position is the one of its first reach by name, whatever the order met.
    std::map<const Change*, std::pair<std::string, std::string>> first_reach_;
};

}  // namespace kompat
