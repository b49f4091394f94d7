"""Defaults: added, removed, changed, and across versions."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403
from cases_surface import *  # noqa: F401,F403
from cases_fields import *  # noqa: F401,F403
from cases_validation import *  # noqa: F401,F403

# ---- defaults ----
def crd_field(schema):
    return crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "size": schema}}}}}])


case("default-added", "default-added",
     "A field gained a default. In a CRD this is an error: structural defaulting changes what is stored. In a Kubernetes "
     "API server's own spec it is info: the server's Go defaulting applied the value already, the spec now says so.",
     crd_field({"type": "integer"}), crd_field({"type": "integer", "default": 1}))
case("default-added-kubernetes-server-is-info", None, "", field({"type": "integer"}), field({"type": "integer", "default": 1}),
     ["default-added"])
case("default-added-zero-value", "default-added-zero-value",
     "A CRD field gained a default of its type's zero value (`\"\"`, `0`, `false`), as controller-gen writes for the `name` "
     "of a LocalObjectReference since Kubernetes marked it `+default=\"\"`. A reader of a Go value field (not a pointer) "
     "already read that for an absent field, so nothing changes for it; a reader that tells absent from empty now reads "
     "empty. Info.",
     crd_field({"type": "string"}), crd_field({"type": "string", "default": ""}))
case("default-added-as-documented", "default-added-as-documented",
     "A default added where the old description already stated that value (\"Defaults to X.\", \"The default is X\", "
     "\"Default: X\", \"Implicitly inferred to be X\", \"X by default\", \"X is the default\", X as written or quoted, "
     "a small number also as a word: \"assumes only one shard\"; for a request parameter, its own description): the "
     "schema now states the documented default. Info: the value was the default before; any other default added stays "
     "`default-added`.",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "operator": {"type": "string", "description": "Operator to match with. Defaults to Equal."}}}}}}]),
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "operator": {"type": "string", "description": "Operator to match with. Defaults to Equal.", "default": "Equal"}}}}}}]))
case("default-added-as-documented-inferred", None, "",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "fsType": {"type": "string", "description": "Filesystem type to mount. Implicitly inferred to be \"ext4\" if unspecified."}}}}}}]),
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "fsType": {"type": "string", "description": "Filesystem type to mount. Implicitly inferred to be \"ext4\" if unspecified.",
                    "default": "ext4"}}}}}}]),
     ["default-added-as-documented"])
case("default-added-as-documented-number-word", None, "",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "shards": {"type": "integer", "description": "When not defined, the operator assumes only one shard."}}}}}}]),
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "shards": {"type": "integer", "description": "When not defined, the operator assumes only one shard.", "default": 1}}}}}}]),
     ["default-added-as-documented"])
case("default-added-undocumented-stays-an-error", None, "",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "operator": {"type": "string", "description": "Operator to match with. Defaults to Equal."}}}}}}]),
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "operator": {"type": "string", "description": "Operator to match with. Defaults to Equal.", "default": "Exists"}}}}}}]),
     ["default-added"])
case("default-removed", "default-removed", "A field lost its default.", field({"type": "integer", "default": 1}), field({"type": "integer"}))
case("default-changed", "default-changed", "A field's default changed.", field({"type": "integer", "default": 1}), field({"type": "integer", "default": 2}))
case("default-missing-in-version", "default-missing-in-version",
     "Checked on one snapshot (`kompat lint`): a field with a default in one version of a kind has none in another "
     "version that has the field (api_changes.md: defaults must exist in all versions).",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "size": {"type": "integer", "format": "int32", "default": 1}}}}}},
          {"name": "v1beta1", "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
              "size": {"type": "integer", "format": "int32"}}}}}}]), None)
