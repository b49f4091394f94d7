// inspect and rules: what kompat understood of one snapshot, and the rule catalogue.
#include <memory>
#include <optional>

#include "cli/command.hpp"
#include "cli/output.hpp"
#include "load/snapshot_loader.hpp"
#include "support/text_safety.hpp"
#include "report/inspect_report.hpp"
#include "report/rules_report.hpp"

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
    inspect->footer(R"(Exit codes: 0 read, 2 bad usage or unreadable input.

Examples:
  kompat inspect api/openapi-spec/v3
  kompat inspect git:HEAD:config/crd --format json)");
    add_limit_options(inspect, limits, false);
    return {inspect, [] { return 0; },
            [options, &limits] {
                const auto snapshot = load_snapshot(options->spec, limits);
                return write_stdout(options->format == "json" ? inspect_json(snapshot) : escape_control_lines(inspect_text(snapshot)));
            }};
}

Command add_rules(CLI::App& app) {
    struct Options {
        std::string rule;
        std::string format = "text";
    };
    auto options = std::make_shared<Options>();
    auto* rules = app.add_subcommand("rules", "The rule catalogue: what each rule means, whom it breaks, what to do about it");
    rules->add_option("RULE", options->rule, "One rule, shown in full");
    rules->add_option("--format", options->format, "Output format")->check(CLI::IsMember({"text", "json"}))->default_str("text");
    rules->footer(R"(Exit codes: 0 shown, 2 no such rule.

Examples:
  kompat rules
  kompat rules field-became-required)");
    return {rules, [] { return 0; },
            [options] {
                if (options->format == "json") return write_stdout(rules_json());
                const auto text = rules_text(options->rule.empty() ? std::nullopt : std::optional<std::string_view>(options->rule));
                if (!text) {
                    print_error("kompat rules: no rule \"" + options->rule + "\"; `kompat rules` lists them");
                    return exit_usage_or_input;
                }
                return write_stdout(*text);
            }};
}

}  // namespace kompat::cli
