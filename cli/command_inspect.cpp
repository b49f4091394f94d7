// inspect: what kompat understood of one snapshot.
#include <memory>

#include "cli/command.hpp"
#include "cli/output.hpp"
#include "load/snapshot_loader.hpp"
#include "report/inspect_report.hpp"
#include "support/text_safety.hpp"

namespace kompat::cli {

Command add_inspect(CLI::App& app, Limits& limits) {
    struct Options {
        std::string spec;
        std::string format = "text";
    };
    auto options = std::make_shared<Options>();
    auto* inspect = app.add_subcommand("inspect", "Show what kompat understood of one snapshot");
    inspect->add_option("SPEC", options->spec, "OpenAPI v2/v3 file, directory of v3 files or CRDs, CRD file, - for stdin, or git:REV:PATH")
        ->required();
    inspect->add_option("--format", options->format, "Output format")->check(CLI::IsMember({"text", "json"}))->default_str("text");
    inspect->footer(with_snapshot_forms(R"(Exit codes: 0 read, 2 bad usage or unreadable input.

Examples:
  kompat inspect api/openapi-spec/v3
  kompat inspect git:HEAD:config/crd --format json)"));
    add_limit_options(inspect, limits, false);
    return {inspect, [] { return 0; },
            [options, &limits] {
                const auto snapshot = load_snapshot(options->spec, limits);
                return write_stdout(options->format == "json" ? inspect_json(snapshot) : escape_control_lines(inspect_text(snapshot)));
            }};
}

}  // namespace kompat::cli
