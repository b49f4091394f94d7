#pragma once
// Changes that recur across operations (a media type every response gained, a security
// requirement the whole document added) said once each, reached from every operation
// they concern: Kubernetes 1.32 added CBOR to every response, which is one finding, not
// 1,565. Internal to diff/.
#include "diff/diff_context.hpp"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace kompat {

class OperationTally {
public:
    // One more place (an operation's reach: its roles say request or response) where the
    // change `kind` with `detail` happened; the same kind, roles and detail are one change.
    void add(ChangeKind kind, const std::string& detail, const boost::json::value& old_value, const boost::json::value& new_value,
             const SourcePosition& old_position, const SourcePosition& new_position, const Reach& place);
    // The changes, in a stable order, each with its reaches sorted and standing at its
    // first operation by name.
    void emit(std::vector<Change>& surface);

private:
    struct Tallied {
        Change change;
        std::pair<std::string, std::string> first_place;  // (from, path) of the first reach by name
    };
    std::map<std::tuple<ChangeKind, unsigned, std::string>, Tallied> changes_;
};

}  // namespace kompat
