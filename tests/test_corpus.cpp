// Every spec of ../shared/corpus loads, and what kompat found matches figures derived
// here without kompat's loader (plain Boost.JSON traversals, and libfyaml's own document
// API rather than kompat's YAML reader), and the definition counts that corpus/SOURCES.md
// publishes.
#include <libfyaml.h>

#include <boost/json.hpp>

#include <map>
#include <set>
#include <tuple>

#include "support/sanitizers.hpp"
#include "test_support.hpp"

using namespace kompat;
namespace fs = std::filesystem;
namespace json = boost::json;

namespace {

using GvkSet = std::set<std::tuple<std::string, std::string, std::string>>;

struct OpenApiFigures {
    GvkSet gvks;
    std::set<std::string> types;
    std::size_t operations = 0;
};

void count_openapi(const fs::path& file, OpenApiFigures& figures) {
    const auto document = json::parse(test::read_file(file)).as_object();
    const bool v3 = document.contains("openapi");
    const auto* schemas = v3 ? document.at("components").as_object().if_contains("schemas") : document.if_contains("definitions");
    if (schemas != nullptr) {
        for (const auto& [name, schema] : schemas->as_object()) {
            figures.types.insert(std::string(name));
            if (const auto* gvks = schema.as_object().if_contains("x-kubernetes-group-version-kind"))
                for (const auto& gvk : gvks->as_array())
                    figures.gvks.emplace(json::value_to<std::string>(gvk.at("group")), json::value_to<std::string>(gvk.at("version")),
                                         json::value_to<std::string>(gvk.at("kind")));
        }
    }
    static const std::set<std::string> methods{"get", "put", "post", "delete", "options", "head", "patch", "trace"};
    for (const auto& [path, item] : document.at("paths").as_object())
        for (const auto& [method, operation] : item.as_object()) figures.operations += methods.count(std::string(method));
}

void check_openapi(const std::string& spec, const OpenApiFigures& expected) {
    INFO(spec);
    const auto snapshot = load_snapshot(spec);
    GvkSet kinds;
    for (const auto& kind : snapshot.kinds) kinds.emplace(kind.gvk.group, kind.gvk.version, kind.gvk.kind);
    CHECK(snapshot.kinds.size() == kinds.size());  // once per GVK
    CHECK(kinds == expected.gvks);
    CHECK(snapshot.types.size() == expected.types.size());
    CHECK(snapshot.operations.size() == expected.operations);
    CHECK(snapshot.notes.empty());
}

// (group, version, kind, served, storage) of every CRD version, read with libfyaml's
// document API alone.
using CrdVersions = std::set<std::tuple<std::string, std::string, std::string, bool, bool>>;

struct FyNode {
    fy_node* node;
    [[nodiscard]] FyNode at(const char* path) const {
        return {node == nullptr ? nullptr : fy_node_by_path(node, path, static_cast<std::size_t>(-1), FYNWF_DONT_FOLLOW)};
    }
    [[nodiscard]] std::string text() const {
        const char* scalar = node == nullptr ? nullptr : fy_node_get_scalar0(node);
        return scalar == nullptr ? std::string() : std::string(scalar);
    }
};

void count_crds(const fs::path& file, CrdVersions& versions) {
    fy_parse_cfg cfg{};
    // A released knative CRD repeats a key with the same value, which kompat reads once.
    cfg.flags = static_cast<fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_ALLOW_DUPLICATE_KEYS);
    std::unique_ptr<fy_parser, decltype(&fy_parser_destroy)> parser(fy_parser_create(&cfg), &fy_parser_destroy);
    REQUIRE(fy_parser_set_input_file(parser.get(), file.c_str()) == 0);
    while (auto* document = fy_parse_load_document(parser.get())) {
        const FyNode root{fy_document_root(document)};
        if (root.at("/kind").text() == "CustomResourceDefinition") {
            const auto spec = root.at("/spec");
            const auto group = spec.at("/group").text();
            const auto kind = spec.at("/names/kind").text();
            if (auto* list = spec.at("/versions").node) {
                void* iterator = nullptr;
                while (auto* item = fy_node_sequence_iterate(list, &iterator)) {
                    const FyNode version{item};
                    versions.emplace(group, version.at("/name").text(), kind, version.at("/served").text() == "true",
                                     version.at("/storage").text() == "true");
                }
            } else {
                versions.emplace(group, spec.at("/version").text(), kind, true, true);
            }
        }
        fy_parse_document_destroy(parser.get(), document);
    }
}

// Directories that hold CRD files directly (gateway-api keeps them a level down).
std::vector<fs::path> crd_snapshot_dirs(const fs::path& root) {
    std::vector<fs::path> dirs;
    for (const auto& project : fs::directory_iterator(root / "crds")) {
        for (const auto& release : fs::directory_iterator(project)) {
            bool has_files = false;
            for (const auto& entry : fs::directory_iterator(release)) {
                if (entry.is_directory()) dirs.push_back(entry.path());
                else has_files = true;
            }
            if (has_files) dirs.push_back(release.path());
        }
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

}  // namespace

TEST_CASE("corpus: Kubernetes swagger.json, kinds once per GVK, types and operations") {
    if (!test::require_corpus()) return;
    const fs::path root = test::corpus_dir();
    // Definition counts published in corpus/SOURCES.md ("v2 defs / paths").
    const std::map<std::string, std::size_t> published_definitions{{"v1.28", 570}, {"v1.29", 577}, {"v1.30", 626},
                                                                   {"v1.31", 635}, {"v1.32", 638}, {"v1.35", 735}};
    std::size_t checked = 0;
    for (const auto& release : fs::directory_iterator(root / "kubernetes")) {
        const auto swagger = release.path() / "swagger.json";
        if (!fs::exists(swagger)) continue;
        OpenApiFigures figures;
        count_openapi(swagger, figures);
        CHECK(figures.types.size() == published_definitions.at(release.path().filename().string()));
        check_openapi(swagger.string(), figures);
        ++checked;
    }
    CHECK(checked == published_definitions.size());
}

TEST_CASE("corpus: Kubernetes v3 directories merge into one snapshot") {
    if (!test::require_corpus()) return;
    const fs::path root = test::corpus_dir();
    std::size_t checked = 0;
    for (const auto& release : fs::directory_iterator(root / "kubernetes")) {
        const auto v3 = release.path() / "v3";
        if (!fs::is_directory(v3)) continue;
        OpenApiFigures figures;
        for (const auto& file : fs::directory_iterator(v3)) count_openapi(file.path(), figures);
        check_openapi(v3.string(), figures);
        ++checked;
    }
    CHECK(checked == 10);
}

TEST_CASE("corpus: v1.32 swagger.json and its v3 directory agree on the API kinds") {
    if (!test::require_corpus()) return;
    const fs::path root = test::corpus_dir();
    const auto v2 = load_snapshot((root / "kubernetes/v1.32/swagger.json").string());
    const auto v3 = load_snapshot((root / "kubernetes/v1.32/v3").string());
    std::set<std::string> in_v2;
    std::set<std::string> in_v3;
    for (const auto& kind : v2.kinds) in_v2.insert(kind.gvk.to_string());
    for (const auto& kind : v3.kinds) in_v3.insert(kind.gvk.to_string());
    std::vector<std::string> only_v3;
    std::set_difference(in_v3.begin(), in_v3.end(), in_v2.begin(), in_v2.end(), std::back_inserter(only_v3));
    CHECK(only_v3.empty());
    CHECK(v2.find_kind({"apps", "v1", "Deployment"}) != nullptr);
    CHECK(v3.find_kind({"apps", "v1", "Deployment"})->type_name == "io.k8s.api.apps.v1.Deployment");
}

TEST_CASE("corpus: every CRD release loads with its versions, served and storage flags") {
    if (!test::require_corpus()) return;
    std::size_t checked = 0;
    for (const auto& dir : crd_snapshot_dirs(test::corpus_dir())) {
        INFO(dir.string());
        CrdVersions expected;
        for (const auto& file : fs::recursive_directory_iterator(dir))
            if (file.is_regular_file()) count_crds(file.path(), expected);
        const auto snapshot = load_snapshot(dir.string());
        CHECK(snapshot.format == SnapshotFormat::crd);
        CrdVersions found;
        for (const auto& kind : snapshot.kinds)
            found.emplace(kind.gvk.group, kind.gvk.version, kind.gvk.kind, kind.crd->served, kind.crd->storage);
        CHECK(snapshot.kinds.size() == expected.size());
        CHECK(found == expected);
        ++checked;
    }
    CHECK(checked >= 30);
}

TEST_CASE("corpus: gateway-api CRD versions per release") {
    if (!test::require_corpus()) return;
    const fs::path root = test::corpus_dir();
    // v1.0.0 standard serves Gateway, GatewayClass and HTTPRoute at v1 and v1beta1 and
    // still stores v1beta1 (read off the files with PyYAML); ReferenceGrant stays v1beta1.
    const auto standard = load_snapshot((root / "crds/gateway-api/v1.0.0/standard").string());
    for (const auto* kind : {"Gateway", "GatewayClass", "HTTPRoute"}) {
        const auto* v1 = standard.find_kind({"gateway.networking.k8s.io", "v1", kind});
        const auto* v1beta1 = standard.find_kind({"gateway.networking.k8s.io", "v1beta1", kind});
        REQUIRE(v1 != nullptr);
        REQUIRE(v1beta1 != nullptr);
        CHECK(v1->crd->served);
        CHECK_FALSE(v1->crd->storage);
        CHECK(v1beta1->crd->served);
        CHECK(v1beta1->crd->storage);
    }
    CHECK(standard.find_kind({"gateway.networking.k8s.io", "v1beta1", "ReferenceGrant"}) != nullptr);
    // v0.4.0 ships the old networking.x-k8s.io group next to the new one.
    const auto old = load_snapshot((root / "crds/gateway-api/v0.4.0").string());
    CHECK(old.find_kind({"networking.x-k8s.io", "v1alpha1", "Gateway"}) != nullptr);
    CHECK(old.find_kind({"gateway.networking.k8s.io", "v1alpha2", "Gateway"}) != nullptr);
}

TEST_CASE("corpus: prometheus-operator's unquoted '=' enum item is the string \"=\"") {
    if (!test::require_corpus()) return;
    const auto dir = fs::path(test::corpus_dir()) / "crds/prometheus-operator/v0.93.0";
    const auto snapshot = load_snapshot(dir.string());
    const auto* kind = snapshot.find_kind({"monitoring.coreos.com", "v1alpha1", "AlertmanagerConfig"});
    REQUIRE(kind != nullptr);
    const auto& matchers = kind->schema.find_property("spec")
                               ->schema.find_property("route")
                               ->schema.find_property("matchers")
                               ->schema.items->find_property("matchType")
                               ->schema;
    REQUIRE(matchers.enum_values != nullptr);
    CHECK(std::find(matchers.enum_values->begin(), matchers.enum_values->end(), json::value("=")) != matchers.enum_values->end());
}

TEST_CASE("corpus: Stripe OpenAPI 3 specs") {
    if (!test::require_corpus()) return;
    for (const auto* tag : {"v100", "v127"}) {
        const auto spec = fs::path(test::corpus_dir()) / "openapi3/stripe" / tag / "spec3.json";
        OpenApiFigures figures;
        count_openapi(spec, figures);
        check_openapi(spec.string(), figures);
    }
}

TEST_CASE("corpus: the pairs nearest their memory ceiling peak within 6x their input plus 64 MB") {
    // Issue 38's bound on a check's peak memory, where it is tightest on the corpus
    // (docs/performance.md, "Peak memory on the corpus"): Stripe's 11.5 MB report, the
    // largest YAML pair, a v3/ directory pair. Read by a parent of kompat's own
    // (run_kompat_measured), so the figure is kompat's whichever process runs the case.
    if (!test::require_corpus()) return;
#ifdef KOMPAT_ADDRESS_SANITIZER
    WARN("AddressSanitizer's shadow memory is no measure of kompat's: peak memory not checked");
#else
    const fs::path root = test::corpus_dir();
    const auto bytes_of = [](const fs::path& path) {
        if (!fs::is_directory(path)) return static_cast<double>(fs::file_size(path));
        double total = 0;
        for (const auto& entry : fs::recursive_directory_iterator(path))
            if (entry.is_regular_file()) total += static_cast<double>(entry.file_size());
        return total;
    };
    for (const auto& [old_spec, new_spec] : {std::pair{"openapi3/stripe/v100/spec3.json", "openapi3/stripe/v127/spec3.json"},
                                             std::pair{"crds/prometheus-operator/v0.80.0", "crds/prometheus-operator/v0.93.0"},
                                             std::pair{"kubernetes/v1.31/v3", "kubernetes/v1.32/v3"}}) {
        INFO(old_spec << " -> " << new_spec);
        const auto [result, peak_bytes] =
            test::run_kompat_measured(root, std::string("check ") + old_spec + " " + new_spec + " --format json");
        CHECK((result.exit_code == 0 || result.exit_code == 1));  // answered: no error of kompat's
        CHECK(result.out.find("\"findings\"") != std::string::npos);
        const double ceiling = test::peak_memory_ceiling(bytes_of(root / old_spec) + bytes_of(root / new_spec));
        INFO("peak " << peak_bytes / 1e6 << " MB, ceiling " << ceiling / 1e6 << " MB");
        CHECK(peak_bytes > 0);
        CHECK(peak_bytes <= ceiling);
    }
#endif
}
