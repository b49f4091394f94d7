// rules: the rule catalogue.
#include <memory>
#include <optional>

#include "cli/command.hpp"
#include "cli/output.hpp"
#include "report/rules_report.hpp"

namespace kompat::cli {

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
