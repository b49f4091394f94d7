#pragma once
// What the benchmark files share: the corpus, its files read once, a check as the CLI
// runs it, and the paired ratio of a subject against a reference.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "diff/snapshot_diff.hpp"
#include "load/snapshot_loader.hpp"
#include "load/text_pieces.hpp"
#include "rules/evaluate.hpp"

namespace kompat::bench {

inline std::filesystem::path corpus() { return std::filesystem::path(KOMPAT_SOURCE_DIR) / ".." / "shared" / "corpus"; }

// The files of a spec with every byte read (none left to be read as it is parsed).
inline SourceSet read_whole(const std::string& spec) {
    auto set = read_sources(spec, {});
    for (auto& file : set.files) read_in_full(file);
    return set;
}

// The files of a spec, read once, so only parsing and loading are timed.
inline const SourceSet& sources_of(const std::string& relative) {
    static std::map<std::string, SourceSet> cache;
    auto found = cache.find(relative);
    if (found == cache.end()) found = cache.emplace(relative, read_whole((corpus() / relative).string())).first;
    return found->second;
}

// What `kompat check` does once the files are read: both loads at once, then diff and judge.
inline std::size_t check_sources(const SourceSet& before, const SourceSet& after) {
    const auto [old_snapshot, new_snapshot] = load_snapshot_pair(before, after);
    return evaluate(diff_snapshots(old_snapshot, new_snapshot).changes).size();
}

// On a machine whose speed changes from one second to the next, the fastest of a few
// repetitions may catch subject and reference in different spells. Here the subject is
// timed right after (or before, alternately) the reference, and each such pair gives
// one ratio: prints the quartiles of `count` ratios.
inline void print_paired_ratio(const std::string& subject_name, const std::string& reference_name, int count,
                               const std::function<void()>& subject, const std::function<void()>& reference) {
    using clock = std::chrono::steady_clock;
    const auto seconds = [](const std::function<void()>& run) {
        const auto start = clock::now();
        run();
        return std::chrono::duration<double>(clock::now() - start).count();
    };
    subject();  // warm up both
    reference();
    std::vector<double> ratios;
    for (int i = 0; i < count; ++i) {
        const bool reference_first = i % 2 == 0;
        const auto first = reference_first ? seconds(reference) : seconds(subject);
        const auto second = reference_first ? seconds(subject) : seconds(reference);
        ratios.push_back(reference_first ? second / first : first / second);
    }
    std::sort(ratios.begin(), ratios.end());
    const auto at = [&](double q) { return ratios[static_cast<std::size_t>(q * static_cast<double>(ratios.size() - 1))]; };
    std::cout << subject_name << " / " << reference_name << ", " << count << " back-to-back pairs: median " << at(0.5) << "x (quartiles "
              << at(0.25) << "x to " << at(0.75) << "x)\n";
}

// bench/yaml_bench.cpp: its ratios (subject, reference) for the table's end, and its
// paired ratios.
std::vector<std::pair<std::string, std::string>> yaml_ratios();
void yaml_paired_ratios(int count);
int yaml_wide_rss(const std::string& shape);

// bench/json_floor.cpp: the parts of a JSON check, paired against parsing both inputs.
void json_paired_ratios(int count);

// bench/process_pairs.cpp: `kompat check` as a process against a process that
// DOM-parses the same inputs (`--parse-once SPEC...`, also in that file), paired.
int parse_once(const std::vector<std::string>& specs);
void process_paired_ratios(int count);
// The same file: `kompat history` over the ten Kubernetes releases of the corpus against
// the nine consecutive `kompat check`s it replaces, and their peak memory.
void history_paired_ratios(int count);

// bench/phase_table.cpp: the table of where a check's time goes (`--phases N`).
int phase_table(int runs);

// bench/objects_bench.cpp: its ratios (subject, reference) for the table's end.
std::vector<std::pair<std::string, std::string>> objects_ratios();

// This process's peak resident set so far, in KiB.
inline long max_rss_kib() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

}  // namespace kompat::bench
