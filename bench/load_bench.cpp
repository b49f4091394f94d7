// Loading benchmarks: kompat's snapshot loading against boost::json::parse of the same
// bytes, measured in the same run; ratios are printed after the table.
//
//   build/kompat_bench                       the benchmarks and their ratios
//   build/kompat_bench --rss SPEC            peak RSS of loading SPEC, against its size
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <boost/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "diff/snapshot_loader.hpp"

namespace fs = std::filesystem;

namespace {

fs::path corpus() { return fs::path(KOMPAT_SOURCE_DIR) / ".." / "shared" / "corpus"; }

// The files of a spec, read once, so only parsing and loading are timed.
const kompat::SourceSet& sources_of(const std::string& relative) {
    static std::map<std::string, kompat::SourceSet> cache;
    auto found = cache.find(relative);
    if (found == cache.end()) found = cache.emplace(relative, kompat::read_sources((corpus() / relative).string(), {})).first;
    return found->second;
}

void parse_with_boost(benchmark::State& state, const std::string& spec) {
    const auto& sources = sources_of(spec);
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const auto& file : sources.files) {
            auto value = boost::json::parse(file.bytes);
            benchmark::DoNotOptimize(value);
            bytes += file.bytes.size();
        }
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

void load_with_kompat(benchmark::State& state, const std::string& spec) {
    const auto& sources = sources_of(spec);
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto snapshot = kompat::load_snapshot(sources);
        benchmark::DoNotOptimize(snapshot);
        for (const auto& file : sources.files) bytes += file.bytes.size();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

const std::string swagger = "kubernetes/v1.32/swagger.json";
const std::string v3_directory = "kubernetes/v1.32/v3";

BENCHMARK_CAPTURE(parse_with_boost, swagger, swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(load_with_kompat, swagger, swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(parse_with_boost, v3_directory, v3_directory)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(load_with_kompat, v3_directory, v3_directory)->Unit(benchmark::kMillisecond);

// Keeps the fastest repetition of each benchmark (the estimate least disturbed by the
// rest of the machine) so ratios can be printed at the end.
class RatioReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const auto& run : runs) {
            if (run.run_type != Run::RT_Iteration || run.iterations == 0) continue;
            const auto seconds = run.real_accumulated_time / static_cast<double>(run.iterations);
            auto [entry, inserted] = seconds_.emplace(run.run_name.str(), seconds);
            if (!inserted) entry->second = std::min(entry->second, seconds);
        }
        ConsoleReporter::ReportRuns(runs);
    }
    void print_ratio(const std::string& subject, const std::string& reference) const {
        const auto s = seconds_.find(subject);
        const auto r = seconds_.find(reference);
        if (s == seconds_.end() || r == seconds_.end() || r->second <= 0) return;
        std::cout << subject << " / " << reference << " = " << s->second / r->second << "x\n";
    }

private:
    std::map<std::string, double> seconds_;
};

long max_rss_kib() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

int peak_rss(const std::string& spec) {
    const auto before = max_rss_kib();
    const auto sources = kompat::read_sources(spec, {});
    std::size_t bytes = 0;
    for (const auto& file : sources.files) bytes += file.bytes.size();
    const auto snapshot = kompat::load_snapshot(sources);
    const auto grown = (max_rss_kib() - before) * 1024.0;
    std::cout << spec << ": input " << bytes << " bytes, peak RSS grew " << static_cast<long>(grown) << " bytes = "
              << grown / static_cast<double>(bytes) << "x input (" << snapshot.types.size() << " types)\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--rss") return peak_rss(argv[2]);
    if (!fs::is_directory(corpus())) {
        std::cerr << "kompat_bench: ../shared/corpus is absent beside the checkout; nothing to measure\n";
        return 0;
    }
    // Five repetitions unless asked otherwise; the ratios use the fastest of each.
    std::vector<char*> args(argv, argv + argc);
    std::string repetitions = "--benchmark_repetitions=5";
    const bool asked = std::any_of(args.begin(), args.end(), [](const char* a) { return std::string_view(a).starts_with("--benchmark_repetitions"); });
    if (!asked) args.push_back(repetitions.data());
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    RatioReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.print_ratio("load_with_kompat/swagger", "parse_with_boost/swagger");
    reporter.print_ratio("load_with_kompat/v3_directory", "parse_with_boost/v3_directory");
    benchmark::Shutdown();
    return 0;
}
