// kompat's command line: a table of subcommands (cli/command.hpp), each in a file of its
// own; main() parses, checks, and runs the one asked for, mapping every outcome to an
// exit code (0 clean, 1 findings at or above --fail-on, 2 bad usage or unreadable input).
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <functional>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "cli/command.hpp"
#include "cli/output.hpp"
#include "cli/version.hpp"
#include "report/explain_target.hpp"
#include "support/edit_distance.hpp"
#include "support/heap_room.hpp"
#include "support/input_error.hpp"
#include "support/stack_thread.hpp"

namespace {

using kompat::cli::exit_usage_or_input;
using kompat::cli::print_error;

// Runs `command` on a thread with a large stack (reserved, and touched only as far as it
// is used); on this thread when no such thread can be made, with the nesting limit cut to
// what this thread's stack takes, so deep input is an error, never a crash. Whatever it
// throws is exit 2, never a verdict.
int run_on_large_stack(const std::function<int()>& command, kompat::Limits& limits) {
    int result = exit_usage_or_input;
    const auto guarded = [&] {
        try {
            result = command();
        } catch (const kompat::InputError& error) {
            print_error(error.describe());
        } catch (const kompat::LookupError& error) {
            print_error(std::string("kompat explain: ") + error.what());
        } catch (const std::bad_alloc&) {
            print_error("kompat: out of memory");
        } catch (const std::exception& error) {
            print_error(std::string("kompat: internal error: ") + error.what());  // a failure of kompat itself
        }
    };
    kompat::StackThread thread(guarded, kompat::large_stack_bytes,
                               [&] { limits.max_nesting_depth = kompat::nesting_the_stack_allows(limits.max_nesting_depth); });
    thread.join();
    return result;
}

// kompat's own options are flags, so its first argument that is not one names the
// command: a mistyped one is said so, with the nearest command, not "A subcommand is
// required". Empty when the command is known or none is given.
std::string unknown_command(int argc, char** argv, const std::vector<kompat::cli::Command>& commands) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view word = argv[i];
        if (word.starts_with('-')) continue;
        std::string nearest;
        std::size_t best = 3;  // at most two edits away, else no suggestion
        for (const auto& command : commands) {
            if (command.app->get_name() == word) return {};
            if (const auto distance = kompat::edit_distance(word, command.app->get_name()); distance < best) {
                best = distance;
                nearest = command.app->get_name();
            }
        }
        std::string names;
        for (const auto& command : commands) names += (names.empty() ? "" : ", ") + command.app->get_name();
        // print_error escapes what the word may hold.
        return nearest.empty() ? fmt::format("kompat: no command \"{}\"; the commands are {}", word, names)
                               : fmt::format("kompat: no command \"{}\"; did you mean {}?", word, nearest);
    }
    return {};
}

}  // namespace

int main(int argc, char** argv) {
    kompat::set_heap_growth();
    // Named, so that help says `kompat`, not the path it was run by.
    CLI::App app{"kompat: compatibility diff and API review for Kubernetes-style APIs", "kompat"};
    app.set_version_flag("--version", kompat::cli::version_text());
    app.require_subcommand(1);
    kompat::Limits limits;
    const std::vector<kompat::cli::Command> commands{
        kompat::cli::add_inspect(app, limits),   kompat::cli::add_check(app, limits),   kompat::cli::add_diff(app, limits),
        kompat::cli::add_changelog(app, limits), kompat::cli::add_lint(app, limits),    kompat::cli::add_validate(app, limits),
        kompat::cli::add_explain(app, limits),   kompat::cli::add_history(app, limits), kompat::cli::add_rules(app),
    };
    if (const auto unknown = unknown_command(argc, argv, commands); !unknown.empty()) {
        print_error(unknown);
        print_error("Run kompat --help for more information.");
        return exit_usage_or_input;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // Not app.exit(): the message may quote an argument, which is escaped like any input.
        print_error(std::string("kompat: ") + e.what());
        print_error("Run with --help for more information.");
        return exit_usage_or_input;
    }
    const auto command = std::find_if(commands.begin(), commands.end(), [](const auto& c) { return c.app->parsed(); });
    if (command == commands.end()) return exit_usage_or_input;
    if (const int refused = command->check(); refused != 0) return refused;
    // A file-size limit (ulimit -f) must fail a write with EFBIG, reported, not kill kompat.
    std::signal(SIGXFSZ, SIG_IGN);
    // Every stage walks nested values recursively: the command runs on a stack large enough
    // for the deepest nesting --max-nesting-depth allows, sanitizers on.
    return run_on_large_stack(command->run, limits);
}
