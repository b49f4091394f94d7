// YAML benchmarks, each against libfyaml's bare event parse of the same files (the
// floor: what any reader built on it must at least do), on prometheus-operator's CRDs
// v0.80.0 and v0.93.0 (8.5 MB of YAML):
// - the YAML reader alone (events into JSON values with key positions);
// - loading one release (`kompat inspect`);
// - `check` of the pair.
#include <libfyaml.h>
#include <yaml.h>

#include "bench/bench_support.hpp"
#include "load/yaml_reader.hpp"

namespace kompat::bench {
namespace {

constexpr const char* old_release = "crds/prometheus-operator/v0.80.0";
constexpr const char* new_release = "crds/prometheus-operator/v0.93.0";

// Every event of every file, parsed and freed, nothing kept.
std::size_t parse_events(const SourceSet& sources) {
    std::size_t events = 0;
    for (const auto& file : sources.files) {
        fy_parse_cfg cfg{};
        cfg.flags = static_cast<fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_JSON_NONE);
        auto* parser = fy_parser_create(&cfg);
        fy_parser_set_string(parser, file.bytes.data(), file.bytes.size());
        while (auto* event = fy_parser_parse(parser)) {
            ++events;
            fy_parser_event_free(parser, event);
        }
        fy_parser_destroy(parser);
    }
    return events;
}

// The same with libyaml, the C parser most YAML readers are built on (PyYAML's, go-yaml's
// port): a reference only, to say how libfyaml's own parse compares.
std::size_t parse_libyaml_events(const SourceSet& sources) {
    std::size_t events = 0;
    for (const auto& file : sources.files) {
        yaml_parser_t parser;
        yaml_parser_initialize(&parser);
        // NOLINTNEXTLINE(cppcoreguidelines-pro-type-reinterpret-cast): libyaml takes unsigned bytes
        yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(file.bytes.data()), file.bytes.size());
        yaml_event_t event;
        bool done = false;
        while (!done && yaml_parser_parse(&parser, &event) != 0) {
            done = event.type == YAML_STREAM_END_EVENT;
            ++events;
            yaml_event_delete(&event);
        }
        yaml_parser_delete(&parser);
    }
    return events;
}

std::size_t read_files(const SourceSet& sources) {
    std::size_t documents = 0;
    for (const auto& file : sources.files) documents += read_yaml(file, {}).documents.size();
    return documents;
}

std::size_t bytes_of(const SourceSet& sources) {
    std::size_t bytes = 0;
    for (const auto& file : sources.files) bytes += file.bytes.size();
    return bytes;
}

void yaml_event_floor(benchmark::State& state, const std::string& release) {
    const auto& sources = sources_of(release);
    for (auto _ : state) benchmark::DoNotOptimize(parse_events(sources));
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes_of(sources) * state.iterations()));
}

void yaml_libyaml_floor(benchmark::State& state, const std::string& release) {
    const auto& sources = sources_of(release);
    for (auto _ : state) benchmark::DoNotOptimize(parse_libyaml_events(sources));
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes_of(sources) * state.iterations()));
}

void yaml_read(benchmark::State& state, const std::string& release) {
    const auto& sources = sources_of(release);
    for (auto _ : state) benchmark::DoNotOptimize(read_files(sources));
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes_of(sources) * state.iterations()));
}

void yaml_inspect(benchmark::State& state, const std::string& release) {
    const auto& sources = sources_of(release);
    for (auto _ : state) benchmark::DoNotOptimize(load_snapshot(sources));
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes_of(sources) * state.iterations()));
}

void yaml_event_floor_pair(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(parse_events(sources_of(old_release)) + parse_events(sources_of(new_release)));
}

void yaml_libyaml_floor_pair(benchmark::State& state) {
    for (auto _ : state)
        benchmark::DoNotOptimize(parse_libyaml_events(sources_of(old_release)) + parse_libyaml_events(sources_of(new_release)));
}

void yaml_check_pair(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(check_sources(sources_of(old_release), sources_of(new_release)));
}

BENCHMARK_CAPTURE(yaml_event_floor, prometheus_operator, new_release)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(yaml_libyaml_floor, prometheus_operator, new_release)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(yaml_read, prometheus_operator, new_release)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(yaml_inspect, prometheus_operator, new_release)->Unit(benchmark::kMillisecond);
BENCHMARK(yaml_event_floor_pair)->Unit(benchmark::kMillisecond);
BENCHMARK(yaml_libyaml_floor_pair)->Unit(benchmark::kMillisecond);
BENCHMARK(yaml_check_pair)->Unit(benchmark::kMillisecond);

}  // namespace

std::vector<std::pair<std::string, std::string>> yaml_ratios() {
    return {{"yaml_read/prometheus_operator", "yaml_event_floor/prometheus_operator"},
            {"yaml_inspect/prometheus_operator", "yaml_event_floor/prometheus_operator"},
            {"yaml_check_pair", "yaml_event_floor_pair"},
            {"yaml_event_floor/prometheus_operator", "yaml_libyaml_floor/prometheus_operator"},
            {"yaml_check_pair", "yaml_libyaml_floor_pair"}};
}

void yaml_paired_ratios(int count) {
    const auto& old_sources = sources_of(old_release);
    const auto& new_sources = sources_of(new_release);
    print_paired_ratio(
        "yaml_check_pair", "yaml_event_floor_pair", count, [&] { benchmark::DoNotOptimize(check_sources(old_sources, new_sources)); },
        [&] { benchmark::DoNotOptimize(parse_events(old_sources) + parse_events(new_sources)); });
    print_paired_ratio(
        "yaml_check_pair", "yaml_libyaml_floor_pair", count, [&] { benchmark::DoNotOptimize(check_sources(old_sources, new_sources)); },
        [&] { benchmark::DoNotOptimize(parse_libyaml_events(old_sources) + parse_libyaml_events(new_sources)); });
    print_paired_ratio(
        "yaml_event_floor_pair", "yaml_libyaml_floor_pair", count,
        [&] { benchmark::DoNotOptimize(parse_events(old_sources) + parse_events(new_sources)); },
        [&] { benchmark::DoNotOptimize(parse_libyaml_events(old_sources) + parse_libyaml_events(new_sources)); });
    print_paired_ratio(
        "yaml_inspect/prometheus_operator", "yaml_event_floor/prometheus_operator", count,
        [&] { benchmark::DoNotOptimize(load_snapshot(new_sources)); }, [&] { benchmark::DoNotOptimize(parse_events(new_sources)); });
    print_paired_ratio(
        "yaml_read/prometheus_operator", "yaml_event_floor/prometheus_operator", count,
        [&] { benchmark::DoNotOptimize(read_files(new_sources)); }, [&] { benchmark::DoNotOptimize(parse_events(new_sources)); });
}

}  // namespace kompat::bench

namespace kompat::bench {

// Peak RSS of reading a YAML file of 10^6 keys with the YAML reader alone, against the
// file's size: `flat` is one mapping of `kN: N` lines, `spec` an OpenAPI document whose one
// schema has 10^6 properties `pN: {type: string}`. One shape a run: RSS peaks once.
int yaml_wide_rss(const std::string& shape) {
    std::string text;
    if (shape == "spec")
        text = "openapi: 3.0.0\ninfo: {title: t, version: v}\npaths: {}\ncomponents:\n  schemas:\n    Wide:\n      properties:\n";
    for (int i = 0; i < 1'000'000; ++i)
        text += shape == "spec" ? "        p" + std::to_string(i) + ": {type: string}\n"
                                : "k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
    const SourceFile source{"wide.yaml", std::move(text)};
    const auto before = max_rss_kib();
    const auto file = read_yaml(source, {});
    const auto grown = static_cast<double>(max_rss_kib() - before) * 1024.0 + static_cast<double>(source.bytes.size());
    std::cout << "reading 10^6 keys (" << shape << "): input " << source.bytes.size() << " bytes, peak RSS with the input "
              << static_cast<long>(grown) << " bytes = " << grown / static_cast<double>(source.bytes.size()) << "x input ("
              << file.documents.size() << " document)\n";
    return 0;
}

}  // namespace kompat::bench
