// Issue 38's JSON goal measured as a user meets it: a whole `kompat check` process (start,
// read, load, diff, judge, JSON report) against a whole process that reads the same files
// and DOM-parses them with `boost::json::parse` (`kompat_bench --parse-once`), run back
// to back. In one process every page of memory is touched for the first time, as in CI;
// the in-process benchmarks reuse the heap between iterations, which favours the
// reference (its many small blocks come back warm, the check's large arena blocks do not).
#include <fcntl.h>
#include <spawn.h>
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
// (check's "findings at the threshold").
bool run_quietly(const std::vector<std::string>& arguments) {
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
    if (waitpid(pid, &status, 0) != pid) return false;
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

}  // namespace kompat::bench
