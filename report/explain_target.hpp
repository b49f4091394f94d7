#pragma once
// What `kompat explain` points at (KEP-3515): a kind of a snapshot, found by the names
// people type (kind, plural resource, CRD singular and short names), and a field path
// walked inside it the way `kubectl explain` walks one.
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/snapshot.hpp"

namespace kompat {

// A resource, version or field that the snapshot does not have. The message names the
// closest candidates it does have.
class LookupError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ExplainTarget {
    const Kind* kind = nullptr;
    std::vector<std::string> field_path;  // the fields walked, as the snapshot names them
    const Schema* schema = nullptr;       // the field as written at its property; the kind's schema for no path
    bool required = false;                // the field is required where it stands
    // The path as findings write it, from the kind's root: `[*]` into array items, `{*}`
    // into map values (".spec.containers[*].ports"); "" for the kind itself.
    std::string finding_path;
};

// `request` is RESOURCE[.field.path], matched case-insensitively. `api_version`
// ("" or `group/version`, `v1` for the core group) picks a version; without it, the
// most stable, newest version is taken, served CRD versions before unserved ones and
// the core group before others.
ExplainTarget find_explain_target(const Snapshot& snapshot, std::string_view request, std::string_view api_version);

// One field of an object as `explain` lists it.
struct ExplainField {
    std::string_view name;
    const Schema* schema = nullptr;
    bool required = false;
};

// The schema whose fields a value of `schema` has: `$ref`s followed, and array items
// and map values stepped into, as kubectl does for `pods.spec.containers`. Every named
// type met on the way is appended to `refs_met` when it is given.
const Schema& field_holder(const Snapshot& snapshot, const Schema& schema, std::vector<std::string_view>* refs_met = nullptr);

// The fields of `holder` (its own properties and those of its `allOf` members), sorted
// by name as kubectl lists them.
std::vector<ExplainField> fields_of(const Snapshot& snapshot, const Schema& holder);

}  // namespace kompat
