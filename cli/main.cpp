// kompat's command line: wires the stages together and maps outcomes to exit codes
// (0 clean, 1 findings at or above --fail-on, 2 bad usage or unreadable input).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <string>

#include "diff/input_error.hpp"
#include "diff/snapshot_loader.hpp"
#include "report/inspect_report.hpp"

namespace {

constexpr int exit_usage_or_input = 2;

// The whole report is built before anything is written, so a failure never leaves
// half a report on stdout.
int write_stdout(const std::string& text) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
        std::fputs("kompat: cannot write to standard output\n", stderr);
        return exit_usage_or_input;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"kompat: compatibility diff and API review for Kubernetes-style APIs"};
    app.set_version_flag("--version", std::string("kompat 0.1.0"));
    app.require_subcommand(1);

    std::string spec;
    std::string format = "text";
    auto* inspect = app.add_subcommand("inspect", "Show what kompat understood of one snapshot");
    inspect->add_option("SPEC", spec,
                        "OpenAPI v2/v3 file, directory of v3 files or CRDs, CRD file, - for stdin, or REV:PATH")
        ->required();
    inspect->add_option("--format", format, "Output format")->check(CLI::IsMember({"text", "json"}));

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return exit_usage_or_input;
    }

    try {
        if (inspect->parsed()) {
            const auto snapshot = kompat::load_snapshot(spec);
            return write_stdout(format == "json" ? kompat::inspect_json(snapshot) : kompat::inspect_text(snapshot));
        }
    } catch (const kompat::InputError& error) {
        std::cerr << error.describe() << '\n';
        return exit_usage_or_input;
    } catch (const std::bad_alloc&) {
        std::cerr << "kompat: out of memory\n";
        return exit_usage_or_input;
    }
    return exit_usage_or_input;
}
