// Benchmarks, each against a reference measured in the same run; ratios are printed
// after the table:
// - loading a snapshot against boost::json::parse of the same bytes;
// - `check` of two releases (load both, diff, judge) against parsing both, and each of
//   its stages alone against the same;
// - `check` of synthetic specs of 1x, 4x and 16x a base size, against the 1x one;
// - 50,000 config ignores against 50,000 findings, against the same findings without;
// - `check` of a $ref chain of 5,000, 20,000 and 50,000 types (refused past
//   --max-report-bytes), against parsing both files;
// - YAML (bench/yaml_bench.cpp): reading, loading and checking prometheus-operator's
//   CRDs against libfyaml's bare event parse of the same files.
//
//   build/kompat_bench                       the benchmarks and their ratios
//   build/kompat_bench --rss SPEC            peak RSS of loading SPEC, against its size
//   build/kompat_bench --rss-yaml-keys flat|spec
//                                            peak RSS of reading 10^6 YAML keys, against their size
//   build/kompat_bench --paired N            `check` against parsing both, N times each
//                                            back to back: quartiles of the N ratios (YAML:
//                                            against libfyaml's event parse); then, for JSON,
//                                            each part of a check against the same parse
//   build/kompat_bench --process-pairs N     a whole `kompat check` process against a process
//                                            that reads and DOM-parses both inputs
//                                            (`--parse-once SPEC...`), N pairs back to back
//   build/kompat_bench --history-pairs N     `kompat history` over the ten Kubernetes releases
//                                            against the nine `check`s it replaces, and peak RSS
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <boost/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <tuple>
#include <sstream>

#include "bench/bench_support.hpp"
#include "diff/snapshot_diff.hpp"
#include "support/input_error.hpp"
#include "load/snapshot_loader.hpp"
#include "rules/config.hpp"
#include "rules/evaluate.hpp"

namespace fs = std::filesystem;

namespace {

using kompat::bench::check_sources;
using kompat::bench::corpus;
using kompat::bench::max_rss_kib;
using kompat::bench::sources_of;

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

void parse_pair_with_boost(benchmark::State& state, const std::string& before, const std::string& after) {
    const auto& old_sources = sources_of(before);
    const auto& new_sources = sources_of(after);
    for (auto _ : state) {
        for (const auto* set : {&old_sources, &new_sources})
            for (const auto& file : set->files) {
                auto value = boost::json::parse(file.bytes);
                benchmark::DoNotOptimize(value);
            }
    }
}

void check_pair(benchmark::State& state, const std::string& before, const std::string& after) {
    const auto& old_sources = sources_of(before);
    const auto& new_sources = sources_of(after);
    for (auto _ : state) benchmark::DoNotOptimize(check_sources(old_sources, new_sources));
}

// The same with the two loads one after the other (the diff still compares on two
// threads): what loading at once saves.
void check_pair_loads_in_turn(benchmark::State& state, const std::string& before, const std::string& after) {
    const auto& old_sources = sources_of(before);
    const auto& new_sources = sources_of(after);
    for (auto _ : state) {
        const auto old_snapshot = kompat::load_snapshot(old_sources);
        const auto new_snapshot = kompat::load_snapshot(new_sources);
        benchmark::DoNotOptimize(kompat::evaluate(kompat::diff_snapshots(old_snapshot, new_snapshot).changes).size());
    }
}

// The stages of a check, each alone: loading both snapshots (on two threads), diffing
// two loaded snapshots, judging the changes. Where a check's time goes.
void load_pair(benchmark::State& state, const std::string& before, const std::string& after) {
    const auto& old_sources = sources_of(before);
    const auto& new_sources = sources_of(after);
    for (auto _ : state) benchmark::DoNotOptimize(kompat::load_snapshot_pair(old_sources, new_sources));
}

void diff_pair(benchmark::State& state, const std::string& before, const std::string& after) {
    const auto [old_snapshot, new_snapshot] = kompat::load_snapshot_pair(sources_of(before), sources_of(after));
    for (auto _ : state) benchmark::DoNotOptimize(kompat::diff_snapshots(old_snapshot, new_snapshot));
}

void judge_pair(benchmark::State& state, const std::string& before, const std::string& after) {
    const auto [old_snapshot, new_snapshot] = kompat::load_snapshot_pair(sources_of(before), sources_of(after));
    const auto changes = kompat::diff_snapshots(old_snapshot, new_snapshot).changes;
    for (auto _ : state) benchmark::DoNotOptimize(kompat::evaluate(changes));
}

// A Kubernetes-like OpenAPI v3 document of `types` object types in blocks of 50: each
// block is one kind's type graph (a cycle of references, as in JSONSchemaProps), so the
// work per kind is bounded as in real APIs. Each type has ten fields; `changed` alters a
// field of every tenth type.
std::string synthetic_spec(int types, bool changed) {
    std::string out = R"({"openapi": "3.0.0", "info": {"title": "synthetic", "version": "1"}, "paths": {}, "components": {"schemas": {)";
    for (int t = 0; t < types; ++t) {
        const auto name = "com.example.v1.T" + std::to_string(t);
        out += (t > 0 ? "," : "") + std::string("\"") + name + R"(": {"type": "object", "description": "Type number )" + std::to_string(t) +
               R"(.", "properties": {)";
        for (int f = 0; f < 10; ++f) {
            const bool alter = changed && t % 10 == 0 && f == 0;
            out += (f > 0 ? "," : "") + std::string("\"f") + std::to_string(f) + R"(": {"type": ")" + (alter ? "integer" : "string") +
                   R"(", "maxLength": )" + std::to_string(alter ? 5 : 10) + R"(, "description": "Field of the type."})";
        }
        out += R"(, "next": {"allOf": [{"$ref": "#/components/schemas/com.example.v1.T)" + std::to_string(t / 50 * 50 + (t + 1) % 50) +
               R"("}]}})";
        if (t % 50 == 0)
            out += R"(, "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "K)" + std::to_string(t) +
                   R"("}])";
        out += "}";
    }
    out += "}}}";
    return out;
}

void check_synthetic(benchmark::State& state) {
    const auto types = static_cast<int>(state.range(0)) * 500;
    kompat::SourceSet before;
    kompat::SourceSet after;
    before.argument = "old.json";
    after.argument = "new.json";
    before.files.push_back({"old.json", synthetic_spec(types, false)});
    after.files.push_back({"new.json", synthetic_spec(types, true)});
    for (auto _ : state) benchmark::DoNotOptimize(check_sources(before, after));
    state.SetComplexityN(types);
}

const std::string swagger = "kubernetes/v1.32/swagger.json";
const std::string v3_directory = "kubernetes/v1.32/v3";

BENCHMARK_CAPTURE(parse_with_boost, swagger, swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(load_with_kompat, swagger, swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(parse_with_boost, v3_directory, v3_directory)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(load_with_kompat, v3_directory, v3_directory)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(parse_pair_with_boost, swagger, "kubernetes/v1.31/swagger.json", swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(check_pair, swagger, "kubernetes/v1.31/swagger.json", swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(check_pair_loads_in_turn, swagger, "kubernetes/v1.31/swagger.json", swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(load_pair, swagger, "kubernetes/v1.31/swagger.json", swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(diff_pair, swagger, "kubernetes/v1.31/swagger.json", swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(judge_pair, swagger, "kubernetes/v1.31/swagger.json", swagger)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(parse_pair_with_boost, v3_directory, "kubernetes/v1.31/v3", v3_directory)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(check_pair, v3_directory, "kubernetes/v1.31/v3", v3_directory)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(check_pair_loads_in_turn, v3_directory, "kubernetes/v1.31/v3", v3_directory)->Unit(benchmark::kMillisecond);
BENCHMARK(check_synthetic)->Arg(1)->Arg(4)->Arg(16)->Unit(benchmark::kMillisecond);

// A chain of N named types, each referring to the next and each changed (a hostile PR's
// shape: the paths that reach the changes grow with the square of N). Past
// --max-report-bytes the check stops with an InputError, which is the point: the curve
// of 5,000, 20,000 and 50,000 stays near linear instead of 80 s and 10.9 GB at 50,000.
// The reference is parsing both files.
std::string ref_chain(int length, int max_length) {
    std::string out =
        R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {"io.example.v1.Root": {"type": "object",
        "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "Root"}], "properties": {"spec": {"$ref": "#/definitions/d0"}}})";
    for (int i = 0; i < length; ++i) {
        out += ",\"d" + std::to_string(i) + R"(": {"type": "object", "properties": {"v": {"type": "string", "maxLength": )" +
               std::to_string(max_length) + "}";
        if (i + 1 < length) out += R"(, "next": {"$ref": "#/definitions/d)" + std::to_string(i + 1) + "\"}";
        out += "}}";
    }
    return out + "}}";
}

std::pair<kompat::SourceSet, kompat::SourceSet> chain_pair(int length) {
    kompat::SourceSet before;
    kompat::SourceSet after;
    before.argument = "old.json";
    after.argument = "new.json";
    before.files.push_back({"old.json", ref_chain(length, 10)});
    after.files.push_back({"new.json", ref_chain(length, 5)});
    return {std::move(before), std::move(after)};
}

void check_ref_chain(benchmark::State& state) {
    const auto [before, after] = chain_pair(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        try {
            benchmark::DoNotOptimize(check_sources(before, after));
        } catch (const kompat::InputError&) {
            // refused by --max-report-bytes: the limit did its work
        }
    }
}
BENCHMARK(check_ref_chain)->Arg(5000)->Arg(20000)->Arg(50000)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

void parse_ref_chain(benchmark::State& state) {
    const auto [before, after] = chain_pair(static_cast<int>(state.range(0)));
    for (auto _ : state)
        for (const auto* set : {&before, &after}) benchmark::DoNotOptimize(boost::json::parse(set->files.front().bytes));
}
BENCHMARK(parse_ref_chain)->Arg(5000)->Arg(20000)->Arg(50000)->Unit(benchmark::kMillisecond);

// A PR's kompat.yaml of 50,000 ignores against 50,000 findings (both files come from the
// PR): 0 without ignores (the reference), 1 with 50,000 exact locations that match
// nothing, 2 with 50,000 `literal*` locations that each match one finding.
void ignores_against_findings(benchmark::State& state) {
    constexpr int count = 50'000;
    std::vector<kompat::Finding> findings;
    kompat::Config config;
    config.file = "kompat.yaml";
    for (int i = 0; i < count; ++i) {
        kompat::Finding finding;
        finding.rule = kompat::RuleRef::named("field-removed");
        finding.kind = "example.io/v1 Widget";
        finding.type = "io.example.v1.WidgetSpec";
        finding.path = ".spec.field" + std::to_string(i);
        finding.fingerprint = std::to_string(i);
        findings.push_back(std::move(finding));
        if (state.range(0) == 0) continue;
        kompat::IgnoreEntry ignore;
        ignore.rule = "field-removed";
        ignore.location = "example.io/v1 Widget .spec.field" + std::to_string(i) + (state.range(0) == 1 ? ".absent" : "*");
        ignore.reason = "bench";
        config.ignores.push_back(std::move(ignore));
    }
    for (auto _ : state) benchmark::DoNotOptimize(kompat::apply_config(findings, config, "2026-01-01"));
}
BENCHMARK(ignores_against_findings)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

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

int peak_rss(const std::string& spec) {
    const auto before = max_rss_kib();
    const auto sources = kompat::read_sources(spec, {});
    const auto bytes = sources.used.bytes;
    const auto snapshot = kompat::load_snapshot(sources);
    const auto grown = (max_rss_kib() - before) * 1024.0;
    std::cout << spec << ": input " << bytes << " bytes, peak RSS grew " << static_cast<long>(grown)
              << " bytes = " << grown / static_cast<double>(bytes) << "x input (" << snapshot.types.size() << " types)\n";
    return 0;
}

// `check` against parsing both files, paired (see print_paired_ratio).
int paired_ratios(int count) {
    for (const auto& [name, before, after] : {std::tuple("swagger", "kubernetes/v1.31/swagger.json", "kubernetes/v1.32/swagger.json"),
                                              std::tuple("v3_directory", "kubernetes/v1.31/v3", "kubernetes/v1.32/v3")}) {
        const auto& old_sources = sources_of(before);
        const auto& new_sources = sources_of(after);
        const auto parse = [&] {
            for (const auto* set : {&old_sources, &new_sources})
                for (const auto& file : set->files) benchmark::DoNotOptimize(boost::json::parse(file.bytes));
        };
        const auto check = [&] { benchmark::DoNotOptimize(check_sources(old_sources, new_sources)); };
        kompat::bench::print_paired_ratio(std::string("check_pair/") + name, std::string("parse_pair_with_boost/") + name, count, check,
                                          parse);
    }
    kompat::bench::json_paired_ratios(count);
    kompat::bench::yaml_paired_ratios(count);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--rss") return peak_rss(argv[2]);
    if (argc == 3 && std::string(argv[1]) == "--rss-yaml-keys") return kompat::bench::yaml_wide_rss(argv[2]);
    if (argc == 3 && std::string(argv[1]) == "--phases") {
        if (!fs::is_directory(corpus())) {
            std::cerr << "kompat_bench: ../shared/corpus is absent beside the checkout; nothing to measure\n";
            return 0;
        }
        return kompat::bench::phase_table(std::max(1, std::atoi(argv[2])));
    }
    if (argc >= 3 && std::string(argv[1]) == "--parse-once") return kompat::bench::parse_once({argv + 2, argv + argc});
    if (argc == 3 && std::string(argv[1]) == "--process-pairs") {
        if (!fs::is_directory(corpus())) {
            std::cerr << "kompat_bench: ../shared/corpus is absent beside the checkout; nothing to measure\n";
            return 0;
        }
        kompat::bench::process_paired_ratios(std::max(1, std::atoi(argv[2])));
        return 0;
    }
    if (argc == 3 && std::string(argv[1]) == "--history-pairs") {
        if (!fs::is_directory(corpus())) {
            std::cerr << "kompat_bench: ../shared/corpus is absent beside the checkout; nothing to measure\n";
            return 0;
        }
        kompat::bench::history_paired_ratios(std::max(1, std::atoi(argv[2])));
        return 0;
    }
    if (argc == 3 && std::string(argv[1]) == "--paired") {
        if (!fs::is_directory(corpus())) {
            std::cerr << "kompat_bench: ../shared/corpus is absent beside the checkout; nothing to measure\n";
            return 0;
        }
        return paired_ratios(std::max(1, std::atoi(argv[2])));
    }
    if (!fs::is_directory(corpus())) {
        std::cerr << "kompat_bench: ../shared/corpus is absent beside the checkout; nothing to measure\n";
        return 0;
    }
    // Ten repetitions, interleaved at random so that a slow spell of the machine falls on
    // subject and reference alike, unless asked otherwise; the ratios use the fastest of each.
    std::vector<char*> args(argv, argv + argc);
    std::string repetitions = "--benchmark_repetitions=10";
    std::string interleaving = "--benchmark_enable_random_interleaving=true";
    const auto asked = [&](std::string_view option) {
        return std::any_of(args.begin(), args.end(), [&](const char* a) { return std::string_view(a).starts_with(option); });
    };
    if (!asked("--benchmark_repetitions")) args.push_back(repetitions.data());
    if (!asked("--benchmark_enable_random_interleaving")) args.push_back(interleaving.data());
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    RatioReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.print_ratio("load_with_kompat/swagger", "parse_with_boost/swagger");
    reporter.print_ratio("load_with_kompat/v3_directory", "parse_with_boost/v3_directory");
    reporter.print_ratio("check_pair/swagger", "parse_pair_with_boost/swagger");
    reporter.print_ratio("load_pair/swagger", "parse_pair_with_boost/swagger");
    reporter.print_ratio("diff_pair/swagger", "parse_pair_with_boost/swagger");
    reporter.print_ratio("judge_pair/swagger", "parse_pair_with_boost/swagger");
    reporter.print_ratio("check_pair/v3_directory", "parse_pair_with_boost/v3_directory");
    reporter.print_ratio("check_pair_loads_in_turn/swagger", "parse_pair_with_boost/swagger");
    reporter.print_ratio("check_pair_loads_in_turn/v3_directory", "parse_pair_with_boost/v3_directory");
    reporter.print_ratio("check_synthetic/4", "check_synthetic/1");
    reporter.print_ratio("check_synthetic/16", "check_synthetic/1");
    for (const auto* n : {"5000", "20000", "50000"})
        reporter.print_ratio(std::string("check_ref_chain/") + n + "/iterations:1/repeats:3", std::string("parse_ref_chain/") + n);
    reporter.print_ratio("ignores_against_findings/1", "ignores_against_findings/0");
    reporter.print_ratio("ignores_against_findings/2", "ignores_against_findings/0");
    for (const auto& [subject, reference] : kompat::bench::yaml_ratios()) reporter.print_ratio(subject, reference);
    for (const auto& [subject, reference] : kompat::bench::objects_ratios()) reporter.print_ratio(subject, reference);
    benchmark::Shutdown();
    return 0;
}
