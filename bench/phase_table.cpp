// `kompat_bench --phases N`: where a check's time goes, per corpus pair, as a table of
// ratios to the parse floor of the same inputs (Boost.JSON's DOM parse for JSON,
// libfyaml's bare event parse for YAML), each phase the fastest of N runs, measured in
// one run of this program: reading the files, loading both snapshots, diffing, judging,
// and writing each report format.
#include <boost/json/parse.hpp>
#include <libfyaml.h>

#include <cstdio>

#include "bench/bench_support.hpp"
#include "report/report_sources.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"
#include "report/github_report.hpp"
#include "report/html_report.hpp"
#include "report/junit_report.hpp"
#include "report/markdown_report.hpp"
#include "report/sarif_report.hpp"

namespace kompat::bench {
namespace {

using clock = std::chrono::steady_clock;

// The fastest of `runs` runs of `work`, in seconds.
double fastest(int runs, const std::function<void()>& work) {
    double best = 1e300;
    for (int i = 0; i < runs; ++i) {
        const auto start = clock::now();
        work();
        best = std::min(best, std::chrono::duration<double>(clock::now() - start).count());
    }
    return best;
}

bool is_json(const SourceFile& file) { return file.name.ends_with(".json"); }

// The floor: every file parsed and dropped, JSON by Boost.JSON's DOM parse, YAML by
// libfyaml's event parse.
void parse_floor(const SourceSet& sources) {
    for (const auto& file : sources.files) {
        if (is_json(file)) {
            benchmark::DoNotOptimize(boost::json::parse(file.bytes));
            continue;
        }
        fy_parse_cfg cfg{};
        cfg.flags = static_cast<fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_JSON_NONE);
        auto* parser = fy_parser_create(&cfg);
        fy_parser_set_string(parser, file.bytes.data(), file.bytes.size());
        while (auto* event = fy_parser_parse(parser)) fy_parser_event_free(parser, event);
        fy_parser_destroy(parser);
    }
}

struct Pair {
    const char* name;
    const char* before;
    const char* after;
};

constexpr Pair pairs[] = {
    {"Kubernetes 1.31 → 1.32 swagger.json", "kubernetes/v1.31/swagger.json", "kubernetes/v1.32/swagger.json"},
    {"Kubernetes 1.31 → 1.32 v3/", "kubernetes/v1.31/v3", "kubernetes/v1.32/v3"},
    {"prometheus-operator 0.80 → 0.93 (YAML)", "crds/prometheus-operator/v0.80.0", "crds/prometheus-operator/v0.93.0"},
    {"gateway-api 1.3.0 → 1.6.1 experimental (YAML)", "crds/gateway-api/v1.3.0/experimental", "crds/gateway-api/v1.6.1/experimental"},
    {"Stripe v100 → v127 (OpenAPI 3)", "openapi3/stripe/v100/spec3.json", "openapi3/stripe/v127/spec3.json"},
};

}  // namespace

int phase_table(int runs) {
    std::printf(
        "| pair | parse floor | read files | load both | diff | judge | json | text | markdown | sarif | junit | github | html | check + "
        "json |\n");
    std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const auto& pair : pairs) {
        const auto before_path = (corpus() / pair.before).string();
        const auto after_path = (corpus() / pair.after).string();
        const auto read = fastest(runs, [&] {
            benchmark::DoNotOptimize(read_whole(before_path));
            benchmark::DoNotOptimize(read_whole(after_path));
        });
        const auto& old_sources = sources_of(pair.before);
        const auto& new_sources = sources_of(pair.after);
        const auto floor = fastest(runs, [&] {
            parse_floor(old_sources);
            parse_floor(new_sources);
        });
        const auto load = fastest(runs, [&] { benchmark::DoNotOptimize(load_snapshot_pair(old_sources, new_sources)); });
        const auto snapshots = load_snapshot_pair(old_sources, new_sources);
        const auto diff = fastest(runs, [&] { benchmark::DoNotOptimize(diff_snapshots(snapshots.old_snapshot, snapshots.new_snapshot)); });
        const auto changes = diff_snapshots(snapshots.old_snapshot, snapshots.new_snapshot);
        const auto judge = fastest(runs, [&] { benchmark::DoNotOptimize(evaluate(changes.changes)); });
        const auto findings = evaluate(changes.changes);
        const auto summary = summarize(findings);
        const ReportSources sources{{pair.before, "x"}, {pair.after, "x"}, changes.notes};
        const auto report = [&](const std::function<std::string()>& write) {
            return fastest(runs, [&] { benchmark::DoNotOptimize(write()); });
        };
        const auto json = report([&] { return json_report(findings, summary, sources); });
        const auto text = report([&] { return text_report(findings, summary, sources, {false, Severity::warning}); });
        const auto markdown = report([&] { return markdown_report(findings, summary, sources, Severity::warning, Severity::error); });
        const auto sarif = report([&] { return sarif_report(findings, summary, sources, Severity::warning); });
        const auto junit = report([&] { return junit_report(findings, summary, sources, Severity::error); });
        const auto github = report([&] { return github_report(findings, summary, sources, Severity::warning); });
        const auto html = report([&] { return html_report(findings, summary, sources); });
        const auto ratio = [&](double seconds) { return seconds / floor; };
        std::printf(
            "| %s (%zu findings) | %.1f ms | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× "
            "|\n",
            pair.name, findings.size(), floor * 1000, ratio(read), ratio(load), ratio(diff), ratio(judge), ratio(json), ratio(text),
            ratio(markdown), ratio(sarif), ratio(junit), ratio(github), ratio(html), ratio(load + diff + judge + json));
        std::fflush(stdout);
    }
    return 0;
}

}  // namespace kompat::bench
