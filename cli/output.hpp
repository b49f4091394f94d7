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

// Writes `text` to a temporary file beside `path`, then renames it into place: a link at
// `path` is replaced, never written through, and a failed write (a full disk, a file
// size limit) leaves the previous file as it was. Exit code 0, or 2 with a message.
int write_file_atomically(const std::string& path, const std::string& text);

// Refuses outputs that would overwrite an input or each other: exit code 0, or 2 with a
// message. `inputs` are the files and directories the run reads.
int check_outputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs);

}  // namespace kompat::cli
