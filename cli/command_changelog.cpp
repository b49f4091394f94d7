// changelog: release notes between two snapshots.
#include <memory>

#include "cli/command.hpp"
#include "cli/report_formats.hpp"

namespace kompat::cli {
namespace {

struct ChangelogOptions {
    std::string old_spec;
    std::string new_spec;
    std::string format = "markdown";
    ReportRequest reports;
};

}  // namespace

Command add_changelog(CLI::App& app, Limits& limits) {
    auto options = std::make_shared<ChangelogOptions>();
    auto* changelog =
        app.add_subcommand("changelog", "Release notes between two snapshots: Breaking, Removed, Deprecated, Promoted, Added");
    changelog->add_option("OLD", options->old_spec, "The snapshot of the previous release")->required();
    changelog->add_option("NEW", options->new_spec, "The snapshot of this release")->required();
    changelog->add_option("--output,-o", options->reports.outputs, "File to write the notes to (default: stdout)")
        ->expected(0, 1)
        ->allow_extra_args(false);
    const auto* format = changelog
                             ->add_option("--format", options->format,
                                          "markdown to paste, json for tools that assemble notes (default: json for an "
                                          "--output ending .json, else markdown)")
                             ->check(CLI::IsMember({"markdown", "json"}))
                             ->default_str("markdown");
    changelog->add_option("--config", options->reports.config, "kompat.yaml: rule severities or off, ignores with expiry, rule set");
    add_limit_options(changelog, limits, true);
    changelog->footer(with_snapshot_forms(R"(Exit codes: 0 written, 2 bad usage or unreadable input.

Examples:
  kompat changelog v1.29/swagger.json v1.30/swagger.json
  kompat changelog git:v1.1.0:config/crd git:HEAD:config/crd --output CHANGELOG-api.md)"));
    const auto check = [options] {
        return check_outputs(options->reports.outputs, {options->old_spec, options->new_spec, options->reports.config});
    };
    const auto run = [options, format, &limits] {
        const auto config = read_configuration(options->reports.config, limits);
        const int ruleset = ruleset_to_use({}, config);
        ComparisonRequest asked;
        asked.old_spec = options->old_spec;
        asked.new_spec = options->new_spec;
        asked.ruleset = ruleset;
        asked.inputs = ComparedInputs::left_to_exit;
        auto comparison = compare(asked, limits);
        apply_configuration(comparison, config);
        note_pinned_ruleset(comparison, ruleset, {}, config);
        auto request = options->reports;
        request.formats = {options->format == "json" ? "changelog-json" : "changelog"};
        // Without --format, an --output NAME.json asks for the JSON notes; any other name, markdown.
        if (format->count() == 0 && !request.outputs.empty())
            if (const auto* format = report_format_for_output(request.outputs.front(), false))
                request.formats = {std::string(format->name)};
        OutputBatch batch;
        return write_reports(comparison, request, Severity::error, limits, batch);
    };
    return {changelog, check, run};
}

}  // namespace kompat::cli
