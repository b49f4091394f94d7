#pragma once
// Which real objects a change breaks: each object validated against OLD's and NEW's
// schema of its kind (check --objects), or against one snapshot (validate --objects).
// What it finds are changes of the object-* kinds, judged by the rule table.
#include <boost/json/value.hpp>

#include <string>
#include <vector>

#include "diff/change.hpp"
#include "support/limits.hpp"
#include "model/manifest.hpp"
#include "model/snapshot.hpp"

namespace kompat {

// One thing an object meets: rejected, a field pruned, a default changed, ...
struct ObjectChange {
    ChangeKind kind = ChangeKind::object_rejected;
    std::string object;       // `default/web`
    std::string object_kind;  // `example.com/v1 Widget`
    std::string type;         // the kind's type name in the snapshot
    std::string file;         // the object file, as messages name it
    TextPosition position;    // the failing field's key (a missing field: its parent's), else the object's first key
    std::string path;         // the field inside the object; `.` for the object itself
    std::string keyword;      // the constraint (maximum, pattern, required, ...), or what changed
    std::string text;         // what it fails, with the value
    boost::json::value old_value;
    boost::json::value new_value;
};

struct ObjectCheck {
    std::vector<ObjectChange> changes;       // in the objects' order
    std::size_t objects = 0;                 // objects read
    std::size_t validated = 0;               // objects of a kind a snapshot has
    std::vector<std::string> unknown_kinds;  // kinds of the objects skipped, once each, sorted
    std::size_t skipped = 0;
    std::size_t cel_rules = 0;           // CEL rules (x-kubernetes-validations) not evaluated
    std::size_t unchecked_patterns = 0;  // patterns RE2 could not compile
    std::size_t status_ignored = 0;      // objects whose status was set aside (ignores_status)
};

// Each object against OLD and NEW: object-rejected, object-field-pruned,
// object-default-changed, object-version-unserved, object-invalid-before; an object of a
// kind only NEW serves is checked against NEW alone (as validate_objects does).
// Throws InputError at the object that would pass Limits::max_validation_steps.
ObjectCheck check_objects(const Snapshot& before, const Snapshot& after, const ManifestSet& objects, const Limits& limits);

// Each object against one snapshot: object-invalid, and object-field-pruned for what it drops.
ObjectCheck validate_objects(const Snapshot& snapshot, const ManifestSet& objects, const Limits& limits);

// What the reports' notes say of a check: how many objects, which were skipped, what
// was not evaluated.
std::vector<std::string> object_notes(const ObjectCheck& check);

}  // namespace kompat
