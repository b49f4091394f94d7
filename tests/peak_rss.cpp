// Runs a command and writes its peak resident set, in bytes, to a file: the figure of
// that command alone. A test process that has grown cannot read it for itself: a child
// it forks carries its high-water mark through exec (Linux keeps the old image's peak),
// however the child's figures are read. This small process, started afresh, is the
// command's parent instead.
//
// usage: kompat_peak_rss REPORT COMMAND [ARGUMENT...]; exits with the command's status.
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <cstdio>

extern char** environ;  // NOLINT: POSIX declares it for posix_spawn's callers

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fputs("usage: kompat_peak_rss REPORT COMMAND [ARGUMENT...]\n", stderr);
        return 2;
    }
    pid_t pid = 0;
    if (const int error = posix_spawnp(&pid, argv[2], nullptr, nullptr, argv + 2, environ); error != 0) {
        std::fprintf(stderr, "kompat_peak_rss: cannot run %s\n", argv[2]);
        return 127;
    }
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid) return 127;
    std::FILE* report = std::fopen(argv[1], "w");
    if (report == nullptr || std::fprintf(report, "%ld\n", usage.ru_maxrss * 1024L) < 0 || std::fclose(report) != 0) return 127;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
