"""The API surface: kinds, versions, operations, parameters, responses, CRD scope and serving."""
# The families before this one, as one file would see them: later names shadow earlier ones.
from builders import *  # noqa: F401,F403

# ---- surface ----
case("kind-removed", "kind-removed", "A kind exists in the old snapshot and in no version of the new one.",
     openapi(kinds=("Widget", "Gadget")), openapi(kinds=("Widget",)), ["kind-removed", "definition-removed"])
case("kind-added", "kind-added", "A kind is new in every version.", openapi(kinds=("Widget",)), openapi(kinds=("Widget", "Gadget")), ["kind-added", "definition-added"])
v1_and_beta = openapi()
v1_and_beta["components"]["schemas"].update(openapi(version="v1beta1")["components"]["schemas"])
case("version-removed", "version-removed",
     "One version of a kind is gone while another remains. Removing a beta version is a warning, whether or not its "
     "group-version survives (deprecated, then removed, is the documented path), and its operations and its List are "
     "said by this finding; a GA one is an error; an alpha one info. The finding names the version clients move to "
     "(its `new` value): of the same group and kind, served and not deprecated where one is, the most stable and newest.",
     v1_and_beta, openapi(),
     ["version-removed", "definition-removed"])
case("version-added", "version-added", "A new version of an existing kind.", openapi(), v1_and_beta,
     ["version-added", "definition-added"])
case("operation-removed", "operation-removed", "A method and path pair is gone.", openapi(paths={WIDGETS: {"get": op()}}), openapi(paths={}))
case("operation-added", "operation-added", "A new method and path pair.", openapi(paths={}), openapi(paths={WIDGETS: {"get": op()}}))
case("parameter-removed", "parameter-removed", "An operation no longer takes a parameter.",
     openapi(paths={WIDGETS: {"get": op([query("limit")])}}), openapi(paths={WIDGETS: {"get": op()}}))
case("parameter-added", "parameter-added", "An operation takes a new optional parameter.", openapi(paths={WIDGETS: {"get": op()}}), openapi(paths={WIDGETS: {"get": op([query("limit")])}}))
case("parameter-added-required", "parameter-added-required", "An operation takes a new required parameter.",
     openapi(paths={WIDGETS: {"get": op()}}), openapi(paths={WIDGETS: {"get": op([query("limit", True)])}}))
case("parameter-became-required", "parameter-became-required", "An optional parameter became required.",
     openapi(paths={WIDGETS: {"get": op([query("limit")])}}), openapi(paths={WIDGETS: {"get": op([query("limit", True)])}}))
case("parameter-became-optional", "parameter-became-optional", "A required parameter became optional.",
     openapi(paths={WIDGETS: {"get": op([query("limit", True)])}}), openapi(paths={WIDGETS: {"get": op([query("limit")])}}))
case("parameter-type-changed", "parameter-type-changed", "A parameter's type or format changed.",
     openapi(paths={WIDGETS: {"get": op([query("limit", schema={"type": "string"})])}}),
     openapi(paths={WIDGETS: {"get": op([query("limit", schema={"type": "integer"})])}}))
case("response-removed", "response-removed",
     "An operation no longer documents a response status. A success status (2xx, 3xx) removed is an error; an error "
     "status (4xx, 5xx, `default`) removed is info: clients handle the error they no longer get as before.",
     openapi(paths={WIDGETS: {"get": op(responses={"200": {"description": "OK"}, "206": {"description": "Partial"}})}}),
     openapi(paths={WIDGETS: {"get": op(responses={"200": {"description": "OK"}})}}))
case("response-added", "response-added", "An operation documents a new response status.", openapi(paths={WIDGETS: {"get": op(responses={"200": {"description": "OK"}})}}),
     openapi(paths={WIDGETS: {"get": op(responses={"200": {"description": "OK"}, "404": {"description": "Not found"}})}}))
case("crd-scope-changed", "crd-scope-changed", "A CRD moved between Namespaced and Cluster scope.",
     crd([{"name": "v1", "storage": True}]), crd([{"name": "v1", "storage": True}], scope="Cluster"))
case("crd-version-unserved", "crd-version-unserved",
     "A CRD version is no longer served. Retiring a beta version is a warning (as removing it is), a GA one an error. "
     "What changed inside the version is said by this finding alone.",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False}]))
case("crd-version-served", "crd-version-served", "A CRD version is served again (or for the first time).",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]))
PET = {"type": "object", "properties": {"name": {"type": "string"}, "tag": {"type": "string"}}}
PET_WITHOUT_TAG = {"type": "object", "properties": {"name": {"type": "string"}}}
case("version-not-bumped", "version-not-bumped",
     "A general OpenAPI document breaks its clients (an error) while `info.version` keeps its major version: clients "
     "that trust semantic versioning take the release as safe. A warning naming the version semantic versioning asks "
     "for (1.4.2 with a break: 2.0.0; additions only: 1.5.0; otherwise 1.4.3, said in a note when nothing breaks). A "
     "version that is no semantic version (a date, `unversioned`) is not judged; Kubernetes-style APIs version by API "
     "version, and a break inside a served one is the finding itself.",
     api(response=PET, info_version="1.4.2"), api(response=PET_WITHOUT_TAG, info_version="1.4.3"),
     ["version-not-bumped", "field-removed"])
case("version-major-bumped-with-a-break", None, "",
     api(response=PET, info_version="1.4.2"), api(response=PET_WITHOUT_TAG, info_version="2.0.0"), ["field-removed"])
case("unreleased-change", "unreleased-change",
     "With `check --release REL`: an error or warning of OLD → NEW at a place where NEW breaks no release given (here "
     "`shape`, added on main after the release and removed again) is info: no user of a release can meet it. One "
     "where NEW breaks a release keeps its severity and names the release (`color` below). The sentence says the "
     "rule it would have been.",
     openapi(spec={"size": {"type": "integer"}, "color": {"type": "string"}, "shape": {"type": "string"}}),
     openapi(spec={"size": {"type": "integer"}}),
     ["unreleased-change", "field-removed"],
     release=openapi(spec={"size": {"type": "integer"}, "color": {"type": "string"}}))
case("unserved-version-removed", "unserved-version-removed",
     "A CRD version that was defined but not served (`served: false`) is gone. No client could use it, but a cluster "
     "may still store objects in it: the API server refuses the update while the version is in the CRD's "
     "`status.storedVersions` (gateway-api v1.2's removal of v1alpha2). A warning whatever the version's stability, "
     "saying how to check; with the cluster's state (a dump as OLD, or `check --cluster`) it is "
     "`crd-stored-version-removed` or `unstored-version-removed` instead.",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False}]),
     crd([{"name": "v1", "storage": True}]))
case("unserved-alpha-version-removed", None, "",
     crd([{"name": "v1", "storage": True}, {"name": "v1alpha2", "served": False}]),
     crd([{"name": "v1", "storage": True}]), ["unserved-version-removed"])
case("served-crd-version-removed", None, "",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]),
     crd([{"name": "v1", "storage": True}]), ["version-removed"])
case("crd-version-deprecated", "crd-version-deprecated",
     "A served CRD version is newly marked `deprecated: true`: its clients now get the `deprecationWarning` (or the API "
     "server's default words) on every request. Info, and a Deprecated entry in the changelog with the warning.",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]),
     crd([{"name": "v1", "storage": True},
          {"name": "v1beta1", "deprecated": True, "deprecationWarning": "example.com/v1beta1 Gadget is deprecated; use example.com/v1"}]))
case("crd-version-deprecated-without-warning", None, "",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "deprecated": True}]), ["crd-version-deprecated"])
case("crd-storage-version-changed", "crd-storage-version-changed", "A CRD stores objects in another version.",
     crd([{"name": "v1"}, {"name": "v1beta1", "storage": True}]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]))
case("crd-storage-version-changed-stored", None, "",
     crd([{"name": "v1"}, {"name": "v1beta1", "storage": True}], stored=["v1beta1", "v1"]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]), ["crd-storage-version-changed"])
case("crd-storage-version-changed-nothing-stored", "crd-storage-version-changed-nothing-stored",
     "With the cluster's state known: the storage version changes while the cluster's `status.storedVersions` holds "
     "only the new storage version. No object waits to be migrated, and the upgrade verdict is `safe`: info.",
     crd([{"name": "v1"}, {"name": "v1beta1", "storage": True}], stored=["v1"]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}]))
case("crd-short-name-removed", "crd-short-name-removed",
     "An entry of `names.shortNames` is gone: `kubectl get gd` and every script that uses it fail with \"the server "
     "doesn't have a resource type\". A warning.",
     crd([{"name": "v1", "storage": True}], names={"shortNames": ["gd", "gdt"]}),
     crd([{"name": "v1", "storage": True}], names={"shortNames": ["gdt"]}))
case("crd-category-removed", "crd-category-removed",
     "An entry of `names.categories` is gone: `kubectl get all`-style listings of that category no longer show the "
     "kind. A warning.",
     crd([{"name": "v1", "storage": True}], names={"categories": ["all", "example"]}),
     crd([{"name": "v1", "storage": True}], names={"categories": ["example"]}))
case("crd-unaccepted-short-name-removed", "crd-unaccepted-short-name-removed",
     "With the cluster's state known: a short name removed that the cluster's `status.acceptedNames` lacks (the API "
     "server left it out because another resource has it). `kubectl get gd` there never found this kind, so nothing "
     "breaks there: info.",
     crd([{"name": "v1", "storage": True}], names={"shortNames": ["gd", "gdt"]}, stored=["v1"], accepted={"shortNames": ["gdt"]}),
     crd([{"name": "v1", "storage": True}], names={"shortNames": ["gdt"]}))
case("crd-unaccepted-category-removed", "crd-unaccepted-category-removed",
     "With the cluster's state known: a category removed that the cluster's `status.acceptedNames` lacks. Listings of "
     "that category there never showed the kind: info.",
     crd([{"name": "v1", "storage": True}], names={"categories": ["all", "example"]}, stored=["v1"],
         accepted={"categories": ["example"]}),
     crd([{"name": "v1", "storage": True}], names={"categories": ["example"]}))
case("crd-short-name-removed-placeholder-status", None, "",
     crd([{"name": "v1", "storage": True}], names={"shortNames": ["gd"]}, accepted={"kind": "", "plural": ""}),
     crd([{"name": "v1", "storage": True}]), ["crd-short-name-removed"])
case("crd-short-name-accepted-by-cluster", None, "",
     crd([{"name": "v1", "storage": True}], names={"shortNames": ["gdt"]}),
     crd([{"name": "v1", "storage": True}], names={"shortNames": ["gdt"]}), ["crd-short-name-removed"],
     cluster=crd([{"name": "v1", "storage": True}], names={"shortNames": ["gd", "gdt"]}, stored=["v1"],
                 accepted={"shortNames": ["gd", "gdt"]}))
case("crd-list-kind-changed", "crd-list-kind-changed",
     "`names.listKind` changed (unset is the kind's name and `List`): clients that decode the kind's lists by their "
     "kind name break. A warning.",
     crd([{"name": "v1", "storage": True}]),
     crd([{"name": "v1", "storage": True}], names={"listKind": "GadgetCollection"}))
case("crd-singular-changed", "crd-singular-changed",
     "`names.singular` changed (unset is the kind's name in lower case): `kubectl get gadget` and scripts that use it "
     "break. A warning.",
     crd([{"name": "v1", "storage": True}], names={"singular": "gadget"}),
     crd([{"name": "v1", "storage": True}], names={"singular": "gizmo"}))
case("crd-names-unchanged-defaults", None, "",
     crd([{"name": "v1", "storage": True}], names={"listKind": "GadgetList", "shortNames": ["gd"]}),
     crd([{"name": "v1", "storage": True}], names={"shortNames": ["gd", "gdt"]}), [])
# ---- cluster state: status.storedVersions (a `kubectl get crd -o yaml` dump as OLD, or check --cluster) ----
case("crd-stored-version-removed", "crd-stored-version-removed",
     "OLD is a cluster's CRD (`kubectl get crd NAME -o yaml`) whose `status.storedVersions` holds a version NEW no longer "
     "has: the API server refuses the update (\"must appear in spec.versions\") until the objects stored in it are "
     "migrated and the version is removed from `status.storedVersions`. An error whatever the version's stability. "
     "`check OLD NEW --cluster DUMP` (repeatable) takes the stored versions from dumps of the clusters instead.",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}], stored=["v1beta1", "v1"]),
     crd([{"name": "v1", "storage": True}]), ["crd-stored-version-removed", "version-removed"])
case("crd-stored-version-unserved", "crd-stored-version-unserved",
     "A version in the cluster's `status.storedVersions` that NEW keeps but no longer serves: its objects can only be "
     "read through the other versions, and it cannot be removed until they are migrated (a warning).",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1"}], stored=["v1beta1", "v1"]),
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False}]),
     ["crd-stored-version-unserved", "crd-version-unserved"])
case("crd-stored-version-from-cluster", None, "",
     crd([{"name": "v1", "storage": True}]), crd([{"name": "v1", "storage": True}]), ["crd-stored-version-removed"],
     cluster=crd([{"name": "v1", "storage": True}, {"name": "v1alpha1", "served": False}], stored=["v1alpha1", "v1"]))
case("crd-cluster-drift", "crd-cluster-drift",
     "With `check --cluster`: the cluster's CRD of a version OLD has lacks a field OLD has and has one OLD lacks: the "
     "cluster does not run the release given as OLD. A warning that counts and names them; the rest of the report is "
     "judged against OLD.",
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "size": {"type": "integer"}, "color": {"type": "string"}}}}}}]),
     crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "size": {"type": "integer"}, "color": {"type": "string"}}}}}}]),
     cluster=crd([{"name": "v1", "storage": True, "schema": {"type": "object", "properties": {"spec": {"type": "object", "properties": {
         "size": {"type": "integer"}, "shade": {"type": "string"}}}}}}], stored=["v1"]))
case("unstored-version-removed", "unstored-version-removed",
     "With the cluster's state known: a CRD version that was not served, removed while the cluster's "
     "`status.storedVersions` does not hold it. The API server accepts the update and no object is lost: info.",
     crd([{"name": "v1", "storage": True}, {"name": "v1beta1", "served": False}], stored=["v1"]),
     crd([{"name": "v1", "storage": True}]))
case("crd-stored-unserved-version-removed", None, "",
     crd([{"name": "v1", "storage": True}, {"name": "v1alpha2", "served": False}], stored=["v1alpha2", "v1"]),
     crd([{"name": "v1", "storage": True}]), ["crd-stored-version-removed"])
