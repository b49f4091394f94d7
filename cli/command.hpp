#pragma once
// A subcommand of kompat: its options registered on the command line, and what it does
// once they are parsed. main() is a table of these; adding a command is one row there and
// one file of its own (docs/contributing.md).
#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <string_view>

#include "cli/exit_codes.hpp"
#include "support/limits.hpp"

namespace kompat::cli {

struct Command {
    CLI::App* app = nullptr;
    // Checks what the options alone can tell (usage, outputs that would overwrite an
    // input), before anything is read: exit code 0 when the run may go on.
    std::function<int()> check = [] { return 0; };
    // The command itself, on a thread with a large stack; an InputError it throws is exit 2.
    std::function<int()> run;
};

// Each adds its subcommand to `app`; `limits` are shared by all, set by their options.
Command add_inspect(CLI::App& app, Limits& limits);
Command add_check(CLI::App& app, Limits& limits);
Command add_diff(CLI::App& app, Limits& limits);
Command add_changelog(CLI::App& app, Limits& limits);
Command add_lint(CLI::App& app, Limits& limits);
Command add_validate(CLI::App& app, Limits& limits);
Command add_explain(CLI::App& app, Limits& limits);
Command add_history(CLI::App& app, Limits& limits);
Command add_rules(CLI::App& app);

// `footer` of a command's help after the list of what a snapshot argument may be.
std::string with_snapshot_forms(std::string_view footer);

// The limits of docs/limits.md, each an option named as its error message names it;
// `compares`: a command of two snapshots, with the limits on findings and reports.
void add_limit_options(CLI::App* command, Limits& limits, bool compares);
// The limit of commands that validate objects (--objects).
void add_objects_limit_option(CLI::App* command, Limits& limits);

}  // namespace kompat::cli
