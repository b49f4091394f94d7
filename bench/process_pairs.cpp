// Issue 38's JSON goal measured as a user meets it: a whole `kompat check` process (start,
// read, load, diff, judge, JSON report) against a whole process that reads the same files
// and DOM-parses them with `boost::json::parse` (`kompat_bench --parse-once`), run back
// to back. In one process every page of memory is touched for the first time, as in CI;
// the in-process benchmarks reuse the heap between iterations, which favours the
// reference (its many small blocks come back warm, the check's large arena blocks do not).
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <boost/json/parse.hpp>

#include <filesystem>
#include <stdexcept>
#include <tuple>

#include "bench/bench_support.hpp"

extern char** environ;  // NOLINT: POSIX declares it for posix_spawn's callers

namespace kompat::bench {
namespace {

namespace fs = std::filesystem;

// Runs `arguments` with standard output and error to /dev/null; true when it exits 0 or 1
// (check's "findings at the threshold"). `peak_kib`, when given, gets the process's peak
// resident set, and `cpu_seconds` has its user and system time added.
bool run_quietly(const std::vector<std::string>& arguments, long* peak_kib = nullptr, double* cpu_seconds = nullptr) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    std::vector<char*> argv;
    for (const auto& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));  // NOLINT: posix_spawn's signature
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return false;
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) return false;
    if (peak_kib != nullptr) *peak_kib = usage.ru_maxrss;
    const auto seconds = [](const timeval& time) { return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6; };
    if (cpu_seconds != nullptr) *cpu_seconds += seconds(usage.ru_utime) + seconds(usage.ru_stime);
    return WIFEXITED(status) && WEXITSTATUS(status) <= 1;
}

}  // namespace

int parse_once(const std::vector<std::string>& specs) {
    // Kept until the end, as a tool that holds both documents would.
    std::vector<boost::json::value> documents;
    for (const auto& spec : specs)
        for (const auto& file : read_sources(spec, {}).files) documents.push_back(boost::json::parse(whole_text(file)));
    std::cout << documents.size() << " documents\n";
    return 0;
}

void process_paired_ratios(int count) {
    const auto here = fs::read_symlink("/proc/self/exe").parent_path();
    const auto kompat = (here / "kompat").string();
    const auto self = (here / "kompat_bench").string();
    for (const auto& [name, before, after] : {std::tuple("swagger", "kubernetes/v1.31/swagger.json", "kubernetes/v1.32/swagger.json"),
                                              std::tuple("v3_directory", "kubernetes/v1.31/v3", "kubernetes/v1.32/v3")}) {
        const auto old_spec = (corpus() / before).string();
        const auto new_spec = (corpus() / after).string();
        const auto run = [](const std::vector<std::string>& arguments) {
            if (!run_quietly(arguments)) throw std::runtime_error("kompat_bench: " + arguments[0] + " failed");
        };
        print_paired_ratio(
            std::string("check_process/") + name, std::string("parse_once_process/") + name, count,
            [&] {
                run({kompat, "check", old_spec, new_spec, "--format", "json"});
            },
            [&] {
                run({self, "--parse-once", old_spec, new_spec});
            });
    }
}

void history_paired_ratios(int count) {
    const auto here = fs::read_symlink("/proc/self/exe").parent_path();
    const auto kompat = (here / "kompat").string();
    std::vector<std::string> releases;
    for (const auto* release : {"v1.24", "v1.25", "v1.26", "v1.27", "v1.28", "v1.29", "v1.30", "v1.31", "v1.32", "v1.35"})
        releases.push_back((corpus() / "kubernetes" / release / "v3").string());
    const auto run = [](const std::vector<std::string>& arguments, long* peak_kib, double* cpu_seconds) {
        if (!run_quietly(arguments, peak_kib, cpu_seconds)) throw std::runtime_error("kompat_bench: " + arguments[1] + " failed");
    };
    std::vector<std::string> history{kompat, "history", "--format", "json"};
    for (std::size_t i = 0; i < releases.size(); ++i) history.push_back(std::to_string(i) + "=" + releases[i]);
    long history_peak = 0;
    long check_peak = 0;
    double history_cpu = 0;
    double checks_cpu = 0;
    print_paired_ratio(
        "history_process/kubernetes_10_releases", "nine_check_processes/kubernetes_10_releases", count,
        [&] { run(history, &history_peak, &history_cpu); },
        [&] {
            for (std::size_t i = 0; i + 1 < releases.size(); ++i) {
                long peak = 0;
                run({kompat, "check", releases[i], releases[i + 1], "--format", "json"}, &peak, &checks_cpu);
                check_peak = std::max(check_peak, peak);
            }
        });
    // Both ran count + 1 times (one warm-up each).
    std::cout << "CPU (user + system): history " << history_cpu / (count + 1) << " s, the nine checks " << checks_cpu / (count + 1)
              << " s: " << history_cpu / checks_cpu << "x\n";
    std::cout << "peak RSS: history " << history_peak << " KiB, the largest of the nine checks " << check_peak
              << " KiB: " << static_cast<double>(history_peak) / static_cast<double>(check_peak) << "x\n";
}

}  // namespace kompat::bench
