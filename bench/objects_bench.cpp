// Objects (`--objects`): 10,000 ServiceMonitors and PodMonitors validated against
// prometheus-operator's CRDs (v0.93.0; and checked across v0.80.0 → v0.93.0), against
// reading the same object files alone (YAML parse into values, what any validator must do).
#include <unistd.h>

#include <fstream>

#include "bench/bench_support.hpp"
#include "load/manifest_loader.hpp"
#include "objects/object_check.hpp"

namespace kompat::bench {
namespace {

constexpr int object_count = 10'000;

// Objects as a cluster dump holds them: one file, `---` between documents.
std::string objects_text() {
    std::string text;
    for (int i = 0; i < object_count; ++i) {
        const auto n = std::to_string(i);
        if (i % 2 == 0)
            text += "---\napiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata:\n  name: app-" + n +
                    "\n  namespace: team-" + std::to_string(i % 20) +
                    "\n  labels: {team: frontend, release: prod}\nspec:\n  selector:\n    matchLabels:\n      app: app-" + n +
                    "\n  namespaceSelector: {matchNames: [team-" + std::to_string(i % 20) +
                    "]}\n  endpoints:\n  - port: web\n    interval: 30s\n    path: /metrics\n    scheme: http\n    relabelings:\n"
                    "    - sourceLabels: [__meta_kubernetes_pod_name]\n      targetLabel: pod\n      action: replace\n"
                    "  - port: admin\n    interval: 1m\n    honorLabels: true\n";
        else
            text += "---\napiVersion: monitoring.coreos.com/v1\nkind: PodMonitor\nmetadata:\n  name: pods-" + n + "\n  namespace: team-" +
                    std::to_string(i % 20) +
                    "\nspec:\n  selector:\n    matchExpressions:\n"
                    "    - {key: app, operator: In, values: [api, worker]}\n  podMetricsEndpoints:\n  - port: metrics\n"
                    "    interval: 15s\n    scrapeTimeout: 10s\n    metricRelabelings:\n    - sourceLabels: [__name__]\n"
                    "      regex: go_.*\n      action: drop\n";
    }
    return text;
}

// The objects' file, written once to a temporary directory that lives as long as the process.
const std::string& objects_file() {
    static const std::string path = [] {
        auto dir = (std::filesystem::temp_directory_path() / ("kompat-bench-objects-" + std::to_string(getpid()))).string();
        std::filesystem::create_directories(dir);
        const auto file = dir + "/objects.yaml";
        std::ofstream(file) << objects_text();
        return file;
    }();
    return path;
}

const Snapshot& release(const std::string& name) {
    static std::map<std::string, Snapshot> loaded;
    auto found = loaded.find(name);
    if (found == loaded.end()) found = loaded.emplace(name, load_snapshot(sources_of(name))).first;
    return found->second;
}

void objects_read(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(load_manifests({objects_file()}, {}).manifests.size());
}

void objects_validate(benchmark::State& state) {
    const auto& snapshot = release("crds/prometheus-operator/v0.93.0");
    std::size_t changes = 0;
    for (auto _ : state) changes = validate_objects(snapshot, load_manifests({objects_file()}, {}), {}).changes.size();
    state.counters["changes"] = static_cast<double>(changes);
}

void objects_check(benchmark::State& state) {
    const auto& before = release("crds/prometheus-operator/v0.80.0");
    const auto& after = release("crds/prometheus-operator/v0.93.0");
    std::size_t changes = 0;
    for (auto _ : state) changes = check_objects(before, after, load_manifests({objects_file()}, {}), {}).changes.size();
    state.counters["changes"] = static_cast<double>(changes);
}

BENCHMARK(objects_read)->Unit(benchmark::kMillisecond);
BENCHMARK(objects_validate)->Unit(benchmark::kMillisecond);
BENCHMARK(objects_check)->Unit(benchmark::kMillisecond);

}  // namespace

std::vector<std::pair<std::string, std::string>> objects_ratios() {
    return {{"objects_validate", "objects_read"}, {"objects_check", "objects_read"}};
}

}  // namespace kompat::bench
