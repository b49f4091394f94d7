#pragma once
// Where kompat's words go: reports to stdout or files, messages to stderr. Nothing an
// input wrote reaches a terminal or a CI log raw (docs/security.md), and a report file is
// written whole or not at all, never through a link.
#include <string>
#include <string_view>
#include <vector>

namespace kompat::cli {

// One line on stderr: controls and bytes that are not UTF-8 escaped, and no line a CI
// runner would read as a workflow command.
void print_error(std::string_view line);

// Writes a whole report to stdout; exit code 0, or 2 with a message when it cannot.
// `may_hold_commands` only for the github format, whose `::` lines are kompat's own.
int write_stdout(const std::string& text, bool may_hold_commands = false);

// The files one run writes (reports, a baseline): each written whole to a temporary file
// beside its path as the run goes, all renamed into place only when the run succeeds. A
// run that ends in exit 2 leaves no new or changed output: what was staged and not
// committed is removed. An existing target that is not a regular file (a link, device,
// FIFO or socket) is refused, never replaced or written through.
class OutputBatch {
public:
    OutputBatch() = default;
    OutputBatch(const OutputBatch&) = delete;
    OutputBatch& operator=(const OutputBatch&) = delete;
    ~OutputBatch();

    // Exit code 0, or 2 with a message (the target refused, the disk full, a file size limit).
    int stage(const std::string& path, const std::string& text);
    // Renames every staged file into place. Exit code 0, or 2 with a message.
    int commit();

private:
    struct Staged {
        std::string path;       // as the user wrote it
        std::string temporary;  // beside the target
        std::string target;
    };
    std::vector<Staged> staged_;
};

// `-` as an output: standard output.
inline bool is_standard_output(std::string_view path) { return path == "-"; }

// Refuses outputs that would overwrite an input or each other: exit code 0, or 2 with a
// message. `inputs` are the arguments the run reads files and directories from (options
// left empty, and `-`, read none).
int check_outputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs);

}  // namespace kompat::cli
