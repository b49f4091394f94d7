#pragma once
// Real objects against an API's history (`kompat history --objects`): which kind versions
// and fields an object uses that the target release removed, deprecates, never had, or
// still holds as alpha, with the release that did it.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "history/timeline.hpp"
#include "model/manifest.hpp"
#include "objects/object_fields.hpp"

namespace kompat {

// What the target release did to one object, read while that release was held.
struct ObjectReview {
    std::size_t manifest = 0;         // index into the ManifestSet
    bool kind_served = false;         // the target release serves the object's kind version
    std::vector<ObjectField> fields;  // fields_to_review, when it does
};

enum class ObjectProblem {
    kind_removed,     // the target release no longer serves the kind version
    kind_not_yet,     // a later release adds it (--target an earlier release)
    kind_deprecated,  // the target serves it deprecated
    field_removed,    // a field an earlier release had
    field_not_yet,    // a field a later release adds
    field_unknown,    // a field no release of the history has
    field_alpha,      // a field the target has as alpha
};

struct ObjectUse {
    std::string object;  // `default/web`
    std::string kind;    // `batch/v1beta1 CronJob`
    std::string file;
    TextPosition position;
    std::string field;  // the object's field (`.spec.hostUsers`); "" for its kind version
    ObjectProblem problem = ObjectProblem::kind_removed;
    std::optional<std::size_t> release;  // the release that removed, added, deprecated it or made it alpha
};

// Every use, in the objects' order; objects of kinds no release has are skipped and named
// in `unknown_kinds` (sorted, once each).
struct ObjectUses {
    std::vector<ObjectUse> uses;
    std::size_t objects = 0;
    std::size_t skipped = 0;  // of kinds no release has
    std::vector<std::string> unknown_kinds;
};

ObjectUses object_uses(const Timeline& timeline, std::size_t target, const ManifestSet& objects, const std::vector<ObjectReview>& reviews);

// Whether an object uses what the target release does not have: removed by it or, for an
// earlier target, added after it (history's exit 1).
bool uses_removed(const ObjectUses& uses);

}  // namespace kompat
