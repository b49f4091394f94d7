#pragma once
// The fields an object sets that a release does not describe, or describes as alpha
// (`kompat history --objects`): what a manifest would lose or depend on in that release.
#include <string>
#include <vector>

#include "model/manifest.hpp"
#include "model/snapshot.hpp"

namespace kompat {

struct ObjectField {
    std::string path;        // in the object: `.spec.template.spec.hostUsers`, `.spec.ports[0].name`
    std::string type;        // the named type it stands in, or `root_type` for the kind's own schema
    std::string field_path;  // inside `type`: `.hostUsers`, `.ports[*].name`
    TextPosition position;   // its key in the object's file
    bool described = true;   // false: the release's schema has no such field
    bool alpha = false;      // described, as alpha
};

// The fields of `object` that `kind`'s schema in `snapshot` lacks (where the schema lists
// its fields: a map, a free-form object or preserved unknown fields accept any) or marks
// alpha, in the object's order. `root_type` names the kind's own schema.
std::vector<ObjectField> fields_to_review(const Snapshot& snapshot, const Kind& kind, const std::string& root_type, const Manifest& object);

}  // namespace kompat
