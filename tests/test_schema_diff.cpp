// The differ itself: comparing on two threads, and the JSON values it compares and copies.
#include <boost/json.hpp>

#include <algorithm>
#include <set>
#include <string>

#include "support/json_values.hpp"
#include "model/lifecycle.hpp"
#include "diff/snapshot_diff.hpp"
#include "test_support.hpp"

using namespace kompat;
using kompat::test::load_text;

namespace {

// An OpenAPI v3 document of `types` kinds, each its own named type T<n>, plus a type Leaf.
// In `changed`, every third type's `size` default moves from its number to its number + 1
// and its x-note (a string long enough to live in the snapshot's memory) is rewritten,
// and T0.next refers to Leaf instead of T1 (a pair of types no name pairs up). Only T0
// refers to another type, so each kind reaches its own type alone.
std::string many_types(int types, bool changed) {
    std::string out = R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {)";
    out += R"("com.example.v1.Leaf": {"type": "object", "properties": {"size": {"type": "integer", "default": 0}}})";
    for (int t = 0; t < types; ++t) {
        const int size = changed && t % 3 == 0 ? t + 1 : t;
        const auto next =
            t > 0 ? "" : R"(, "next": {"$ref": "#/components/schemas/com.example.v1.)" + std::string(changed ? "Leaf" : "T1") + "\"}";
        out += ",\"com.example.v1.T" + std::to_string(t) +
               R"(": {"type": "object", "properties": {"size": {"type": "integer", "default": )" + std::to_string(size) + "}" + next +
               R"(}, "x-note": "the note of a type, long enough to be allocated )" + (changed && t % 3 == 0 ? "anew" : "") +
               R"(", "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "K)" + std::to_string(t) +
               R"("}]})";
    }
    return out + "}}}";
}

std::string dump(const DiffResult& result) {
    std::string out;
    for (const auto& change : result.changes) {
        out += std::string(to_string(change.kind)) + " " + change.type + " " + change.path + " " +
               boost::json::serialize(change.old_value) + " -> " + boost::json::serialize(change.new_value) + " |";
        for (const auto& reach : change.reaches) out += " " + reach.from + " " + reach.path;
        out += "\n";
    }
    return out;
}

}  // namespace

TEST_CASE("Comparing many type pairs on two threads: every change found, the same every run") {
    // 600 kinds make enough comparisons for a second thread.
    const auto before = load_text("old.json", many_types(600, false));
    const auto after = load_text("new.json", many_types(600, true));
    const auto result = diff_snapshots(before, after);
    std::set<int> changed_defaults;
    for (const auto& change : result.changes) {
        if (change.kind != ChangeKind::default_changed || change.type == "com.example.v1.Leaf") continue;
        const auto number = std::stoi(change.type.substr(change.type.find('T') + 1));
        changed_defaults.insert(number);
        CHECK(number % 3 == 0);
        CHECK(change.path == ".size");
        CHECK(change.old_value == number);
        CHECK(change.new_value == number + 1);
        for (const auto& reach : change.reaches) CHECK(reach.from == "example.com/v1 K" + std::to_string(number));
    }
    CHECK(changed_defaults.size() == 200);
    const auto notes = std::count_if(result.changes.begin(), result.changes.end(), [](const Change& change) {
        return change.kind == ChangeKind::annotation_changed && change.detail == "x-note";
    });
    CHECK(notes >= 200);
    // T0.next now refers to Leaf: T1 is compared with Leaf too, after the named pairs.
    const auto text = dump(result);
    CHECK(text.find("default-changed com.example.v1.Leaf .size 1 -> 0 | example.com/v1 K0 .next.size\n") != std::string::npos);
    for (int run = 0; run < 10; ++run) CHECK(dump(diff_snapshots(before, after)) == text);
}

namespace {

// Memory that counts what is taken from it, as a snapshot's arena would grow.
class CountingMemory : public boost::json::memory_resource {
public:
    std::size_t allocations = 0;

private:
    void* do_allocate(std::size_t bytes, std::size_t alignment) override {
        ++allocations;
        return ::operator new(bytes, std::align_val_t(alignment));
    }
    void do_deallocate(void* p, std::size_t, std::size_t alignment) override { ::operator delete(p, std::align_val_t(alignment)); }
    [[nodiscard]] bool do_is_equal(const boost::json::memory_resource& other) const noexcept override { return this == &other; }
};

}  // namespace

TEST_CASE("Comparing and copying a snapshot's values takes nothing from the snapshot's memory") {
    // The diff compares and copies values on two threads; a snapshot's arena is not for them.
    CountingMemory memory;
    const boost::json::storage_ptr snapshot_memory(&memory);
    const auto text = R"({"a": "a string long enough to be allocated", "b": [1, {"c": "another long string to allocate"}]})";
    const auto reordered = R"({"b": [1, {"c": "another long string to allocate"}], "a": "a string long enough to be allocated"})";
    const auto a = boost::json::parse(text, snapshot_memory);
    const auto b = boost::json::parse(reordered, snapshot_memory);
    const auto c = boost::json::parse(R"({"a": "a string long enough to be allocated", "b": [2]})", snapshot_memory);
    const auto taken = memory.allocations;

    CHECK(json_equal(a, b));
    CHECK_FALSE(json_equal(a, c));
    CHECK_FALSE(json_equal(a.at("b"), c.at("b")));
    CHECK(json_equal(boost::json::value(1), boost::json::value(1U)));  // as Boost.JSON: the same integer
    CHECK_FALSE(json_equal(boost::json::value(1), boost::json::value(1.0)));
    CHECK(memory.allocations == taken);

    const auto copy = detached(a);
    const auto list = detached(a.at("b").get_array());
    CHECK(memory.allocations == taken);
    CHECK(copy == a);
    CHECK(list == a.at("b"));
    CHECK(copy.storage().get() == boost::json::storage_ptr().get());

    // What both replace: Boost 1.81 compares objects by copying their members, and copies
    // a value into its original's memory.
    CHECK(a == b);
    const boost::json::value plain_copy = a;
    CHECK(memory.allocations > taken);
}

TEST_CASE("lifecycle inferred from each sentence Kubernetes writes, and from no other") {
    const auto status_of = [](std::string_view description) {
        Schema schema;
        schema.description = description;
        return lifecycle_of(schema).status;
    };
    CHECK(status_of("This field is alpha-level and is only honored by servers that enable the Foo feature.") == LifecycleStatus::alpha);
    CHECK(status_of("Bar is an alpha field and requires enabling the Bar feature gate.") == LifecycleStatus::alpha);
    CHECK(status_of("(Alpha) Baz.") == LifecycleStatus::alpha);
    CHECK(status_of("This field is beta-level.") == LifecycleStatus::beta);
    CHECK(status_of("Qux is a beta field and requires the Qux feature gate.") == LifecycleStatus::beta);
    CHECK(status_of("(Beta) Quux.") == LifecycleStatus::beta);
    CHECK(status_of("Deprecated: use other.") == LifecycleStatus::deprecated);
    CHECK(status_of("A field. Deprecated: use other.") == LifecycleStatus::deprecated);
    CHECK(status_of("A field.\nDeprecated: use other.") == LifecycleStatus::deprecated);
    CHECK(status_of("This field is deprecated in favour of other.") == LifecycleStatus::deprecated);
    CHECK(status_of("Since 1.20 this field is deprecated.") == LifecycleStatus::deprecated);
    // Words that hold the letters but not the sentences.
    CHECK(status_of("Standard object's metadata. More info: "
                    "https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata") ==
          LifecycleStatus::none);
    CHECK(status_of("Must be alphanumeric; the beta of a level.") == LifecycleStatus::none);
    // Every form of docs/lifecycle-sentences.md, as the corpus writes it.
    for (const auto* alpha : {
             "This is an alpha field and requires enabling the DRAAdminAccess feature gate.",
             "This is an alpha type and requires enabling the DRAControlPlaneController feature gate.",
             "This is an alpha feature and may change or be removed in the future.",
             "Alpha, gated by the ClusterTrustBundleProjection feature gate.",
             "(Alpha) Using the field requires the RecoverVolumeExpansionFailure feature gate to be enabled.",
             "More info: https://kubernetes.io/docs/x (Alpha) Using this field requires the VolumeAttributesClass feature gate to be "
             "enabled.",
             "ALPHA: This field is in alpha and must be enabled via the Frob feature gate.",
             "This is a alpha-level feature enabled by the Frob feature flag.",
             "This field is alpha-level.",
             "This field  is alpha-level.",
             "Requires the Frob feature gate to be enabled, which is alpha.",
             "CSI represents storage that is handled by an external CSI driver (Alpha feature).",
             "This is an Alpha Feature and is only enabled with the `--feature-gates=Frob=true` option.",
             "This is an alpha field from kubernetes 1.22 until 1.24 which requires enabling the Frob feature gate.",
             "Some text. This is an alpha field and requires enabling the\nFrob feature gate.",
             "Note that the Frob custom resource definition is currently at Alpha level.",
         }) {
        INFO(alpha);
        CHECK(status_of(alpha) == LifecycleStatus::alpha);
    }
    for (const auto* beta : {
             "This is a beta field and requires enabling GRPCContainerProbe feature gate.",
             "This is an beta field and requires enabling ExpandCSIVolumes feature gate.",
             "This is beta field and must be enabled via the CronJobTimeZone feature gate.",
             "This is a beta field and enabled/disabled by DaemonSetUpdateSurge feature gate.",
             "This feature is in Beta state and is enabled by default.",
             "This is a Beta Feature enabled by default.",
             "This field is beta-level and is only honored when PodAffinityNamespaceSelector feature is enabled.",
             "This field is beta.",
             "This field is beta in 1.23.",
             "(Beta) Using this field requires the AnyVolumeDataSource feature gate to be enabled.",
             "csi represents storage that is handled by an external CSI driver (Beta feature).",
             "This is a beta feature enabled by the Frob feature gate.",
             "This is an optional, beta field that requires the Frob feature gate being enabled to be set.",
             "Using the ordinals field requires the StatefulSetStartOrdinal feature gate to be enabled, which is beta.",
             "This is an alpha field from kubernetes 1.26 until 1.28 and a beta field from 1.28.",
             "(Note that setting a tolerance requires the beta HPAConfigurableTolerance feature gate to be enabled.)",
         }) {
        INFO(beta);
        CHECK(status_of(beta) == LifecycleStatus::beta);
    }
    for (const auto* deprecated : {
             "Deprecated: GCEPersistentDisk is deprecated.",
             "DEPRECATED: Frob is deprecated.",
             "*Deprecated: this will be removed in a future release.*",
             "(Deprecated) The EndpointSlice controller only generates slices of addressType IPv4 and IPv6.",
             "Deprecated in 1.16, please use the bindings subresource of pods instead.",
             "Deprecated.",
             "bearerToken is deprecated: this will be removed in a future release.",
             "Frob: Deprecated.",
             "datasetName is Name of the dataset stored as metadata -> name on the dataset for Flocker should be considered as deprecated",
             "More info: https://kubernetes.io/docs/x The field is never populated, and now is deprecated.",
             "This API is deprecated since 1.22",
             "deprecated: use the 'watch' parameter with a list operation instead.",
             "Deprecated, use failurePolicy under the webhookConfiguration instead.",
             "Any changes to container resources will automatically set this to \"Proposed\" Deprecated: Resize status is moved.",
         }) {
        INFO(deprecated);
        CHECK(status_of(deprecated) == LifecycleStatus::deprecated);
    }
    for (const auto* none : {
             "This should be an ISO 3166-1 alpha-2 country code.",
             "These are sorted first by GA > beta > alpha (where GA is a version with no suffix such as beta or alpha).",
             "This is a beta field in k8s 1.21 and GA in 1.22.",
             "minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled.",
             "During Alpha stage of the EnvFiles feature gate, the key size is limited to 128 characters.",
             "deprecated indicates this version of the custom resource API is deprecated.",
             "Valid options are Retain, Delete, and Recycle (deprecated).",
             "Takes precedence over Regex (deprecated) if non-empty.",
             "This replaces the deprecated `kubernetes.io/ingress.class` annotation.",
             "An existing custom resource that implements data population (Alpha) In order to use it, enable AnyVolumeDataSource.",
             "This is a stable field but requires that the Frob feature gate is enabled.",
             "Valid values are Active and Retired. Deprecated values are refused.",
         }) {
        INFO(none);
        CHECK(status_of(none) == LifecycleStatus::none);
    }
    CHECK(status_of("") == LifecycleStatus::none);

    Schema gated;
    gated.description = "This field is alpha-level and is only honored by servers that enable the `JobBackoffLimitPerIndex` feature gate.";
    CHECK(lifecycle_of(gated).feature_gate == "JobBackoffLimitPerIndex");
    CHECK(lifecycle_of(gated).inferred);
    Schema after_gate;
    after_gate.description =
        "This is a beta field. The eviction API uses it when the feature gate PDBUnhealthyPodEvictionPolicy is enabled.";
    CHECK(lifecycle_of(after_gate).feature_gate == "PDBUnhealthyPodEvictionPolicy");

    // In a CRD, a Kubernetes gate named bare is a copied core type's text; a project's own
    // gate is written `quoted` or as --feature-gates.
    Schema copied;
    copied.description = "This is a beta field and requires enabling MatchLabelKeysInPodAffinity feature gate (enabled by default).";
    CHECK(lifecycle_of(copied, LifecycleSource::crd).copied);
    CHECK(lifecycle_of(copied, LifecycleSource::crd).status == LifecycleStatus::none);
    CHECK(lifecycle_of(copied).status == LifecycleStatus::beta);
    Schema copied_release;
    copied_release.description =
        "This is an alpha field from kubernetes 1.22 until 1.24 which requires enabling the "
        "StatefulSetMinReadySeconds feature gate.";
    CHECK(lifecycle_of(copied_release, LifecycleSource::crd).copied);
    CHECK(lifecycle_of(copied_release, LifecycleSource::crd).status == LifecycleStatus::none);
    CHECK(lifecycle_of(copied_release, LifecycleSource::crd).copied_stage == LifecycleStatus::none);
    CHECK(lifecycle_of(copied, LifecycleSource::crd).copied_stage == LifecycleStatus::beta);
    Schema project_flag;
    project_flag.description = "THIS IS AN ALPHA FIELD. It is not honored unless the relevant Crossplane feature flag is enabled.";
    CHECK_FALSE(lifecycle_of(project_flag, LifecycleSource::crd).copied);
    CHECK(lifecycle_of(project_flag, LifecycleSource::crd).status == LifecycleStatus::alpha);
    CHECK_FALSE(lifecycle_of(copied).copied);
    Schema volume;
    volume.description = "csi represents storage that is handled by an external CSI driver (Beta feature).";
    CHECK(lifecycle_of(volume, LifecycleSource::crd).copied);
    Schema own;
    own.description = "(Alpha) Using this field requires the `PrometheusAgentDaemonSet` feature gate to be enabled.";
    CHECK(lifecycle_of(own, LifecycleSource::crd).status == LifecycleStatus::alpha);
    CHECK_FALSE(lifecycle_of(own, LifecycleSource::crd).copied);
    own.description =
        "This is an Alpha Feature and is only enabled with the `--feature-gates=AdditionalCertificateOutputFormats=true` option.";
    CHECK(lifecycle_of(own, LifecycleSource::crd).feature_gate == "AdditionalCertificateOutputFormats");
}

TEST_CASE("A shared parameter's change is found in every operation that uses it, on two threads too") {
    // 300 operations (enough for two compare threads) share two parameter definitions;
    // `limit` changes type in the new spec, `pretty` not at all.
    const auto spec = [](const std::string& limit_type) {
        std::string out = R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "parameters": {)"
                          R"("pretty": {"name": "pretty", "in": "query", "type": "string", "description": "Pretty-print the output."},)"
                          R"("limit": {"name": "limit", "in": "query", "type": ")" +
                          limit_type + R"("}}, "paths": {)";
        for (int i = 0; i < 300; ++i)
            out += (i > 0 ? "," : "") + std::string(R"("/apis/example.com/v1/things)") + std::to_string(i) +
                   R"(": {"get": {"parameters": [{"$ref": "#/parameters/pretty"}, {"$ref": "#/parameters/limit"}], "responses": {}}})";
        return out + "}, \"definitions\": {}}";
    };
    const auto result = diff_snapshots(load_text("old.json", spec("integer")), load_text("new.json", spec("string")));
    std::set<std::string> operations;
    for (const auto& change : result.changes) {
        CHECK(change.kind == ChangeKind::parameter_type_changed);
        CHECK(change.detail == "query limit");
        operations.insert(change.operation);
    }
    CHECK(result.changes.size() == 300);
    CHECK(operations.size() == 300);
}

TEST_CASE("Parameters in step, added, removed and repeated: each pair compared once, the first of a repeated name counts") {
    const auto spec = [](const std::string& parameters) {
        return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "definitions": {}, "paths": {"/apis/example.com/v1/things": {"get": {"parameters": [)" +
               parameters + R"(], "responses": {}}}}})";
    };
    const auto kinds_of = [&](const std::string& before, const std::string& after) {
        std::vector<std::string> out;
        for (const auto& change : diff_snapshots(load_text("old.json", spec(before)), load_text("new.json", spec(after))).changes)
            out.push_back(std::string(to_string(change.kind)) + " " + change.detail);
        return out;
    };
    const std::string limit = R"({"name": "limit", "in": "query", "type": "integer"})";
    const std::string limit_text = R"({"name": "limit", "in": "query", "type": "string"})";
    const std::string pretty = R"({"name": "pretty", "in": "query", "type": "string"})";
    const std::string watch = R"({"name": "watch", "in": "query", "type": "boolean"})";
    // In step: the same names at the same places.
    CHECK(kinds_of(limit + "," + pretty, limit_text + "," + pretty) == std::vector<std::string>{"parameter-type-changed query limit"});
    // Not in step: merged by (in, name).
    CHECK(kinds_of(limit + "," + pretty, limit_text + "," + watch) ==
          std::vector<std::string>{"parameter-type-changed query limit", "parameter-removed query pretty", "parameter-added query watch"});
    // A name written twice: only its first definition is compared, on either path.
    CHECK(kinds_of(limit + "," + limit, limit + "," + limit_text).empty());
    CHECK(kinds_of(limit + "," + limit + "," + pretty, limit + "," + limit_text).size() == 1);
}
