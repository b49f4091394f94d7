// validate: real objects against one snapshot's schemas.
#include <memory>

#include "cli/command.hpp"
#include "cli/report_formats.hpp"
#include "load/manifest_loader.hpp"
#include "load/snapshot_loader.hpp"
#include "objects/object_check.hpp"
#include "rules/object_findings.hpp"

namespace kompat::cli {
namespace {

struct ValidateOptions {
    std::string spec;
    std::vector<std::string> objects;
    std::string fail_on = "error";
    ReportRequest reports;
};

int run_validate(const ValidateOptions& options, const Limits& limits) {
    const auto threshold = severity_from(options.fail_on).value_or(Severity::error);
    const auto config = read_configuration(options.reports.config, limits);
    const auto snapshot = load_snapshot(options.spec, limits);
    const auto checked = validate_objects(snapshot, load_manifests(options.objects, limits), limits);
    return finish_single_snapshot(single_snapshot_report(snapshot, object_findings(checked), object_notes(checked), "validate"),
                                  options.reports, threshold, limits, config);
}

}  // namespace

Command add_validate(CLI::App& app, Limits& limits) {
    auto options = std::make_shared<ValidateOptions>();
    auto* validate = app.add_subcommand("validate", "Validate Kubernetes objects against a snapshot's schemas, as the API server would");
    validate->add_option("SNAPSHOT", options->spec, "The snapshot whose schemas judge the objects")->required();
    validate->add_option("--objects", options->objects, "Kubernetes objects: a file or directory of YAML or JSON (repeatable)")->required();
    add_report_options(validate, options->reports, "warning");
    validate->add_option("--fail-on", options->fail_on, "Lowest severity that fails the validation")
        ->check(CLI::IsMember({"error", "warning", "info"}))
        ->default_str("error");
    validate->footer(
        with_snapshot_forms(R"(Each object is matched to its kind by apiVersion and kind, defaulted and pruned as the API server
does, and validated against the structural schema (docs/objects.md). CEL rules are not evaluated.

Exit codes: 0 every object valid, 1 some invalid, 2 bad usage or unreadable input.

Examples:
  kompat validate config/crd --objects config/samples
  kompat validate config/crd --objects e2e/fixtures --objects objects.yaml --format json)"));
    add_limit_options(validate, limits, true);
    add_objects_limit_option(validate, limits);
    const auto check = [options] {
        if (const int refused = check_report_request(options->reports); refused != 0) return refused;
        std::vector<std::string> inputs{options->spec, options->reports.config};
        inputs.insert(inputs.end(), options->objects.begin(), options->objects.end());
        return check_outputs(options->reports.outputs, inputs);
    };
    return {validate, check, [options, &limits] { return run_validate(*options, limits); }};
}

}  // namespace kompat::cli
