#include "cli/command.hpp"

namespace kompat::cli {

std::string with_snapshot_forms(std::string_view footer) {
    return std::string(R"(A snapshot (OLD, NEW, SPEC) is one of:
  FILE          an OpenAPI v2 or v3 document, CRDs, or a List of them (JSON or YAML)
  DIR           every .json, .yaml and .yml file under it (Kubernetes' openapi/v3, config/crd)
  CHART         a Helm chart directory (Chart.yaml): its crds/ and plain-YAML templates
  git:REV:PATH  a file or directory at a git revision (also REV:PATH; ./PATH is always a path)
  kube:NAME     a CRD of kubectl's current context, status included (kube: for every CRD)
  -             standard input
See docs/inputs.md.

)") + std::string(footer);
}

// The limits of docs/limits.md, each an option named as its error message names it.
void add_limit_options(CLI::App* command, Limits& limits, bool compares) {
    command->add_option("--max-input-bytes", limits.max_input_bytes, "Limit: bytes of one input file and of one snapshot")
        ->check(CLI::PositiveNumber)
        ->capture_default_str()
        ->group("Limits");
    command->add_option("--max-files", limits.max_files, "Limit: files one snapshot reads (its directory or git tree, and $ref targets)")
        ->check(CLI::PositiveNumber)
        ->capture_default_str()
        ->group("Limits");
    command->add_option("--git-timeout", limits.git_timeout_seconds, "Limit: seconds one git command may take (REV:PATH)")
        ->check(CLI::PositiveNumber)
        ->capture_default_str()
        ->group("Limits");
    command
        ->add_option("--kubectl-timeout", limits.kubectl_timeout_seconds,
                     "Limit: seconds kubectl may take to list a cluster's CRDs (kube:)")
        ->check(CLI::PositiveNumber)
        ->capture_default_str()
        ->group("Limits");
    // Capped: every stage walks nested values recursively, and deeper would risk the stack.
    command->add_option("--max-nesting-depth", limits.max_nesting_depth, "Limit: nesting of arrays and objects (at most 2000)")
        ->check(CLI::Range(1, 2000))
        ->capture_default_str()
        ->group("Limits");
    command->add_option("--max-yaml-extra-nodes", limits.max_yaml_extra_nodes, "Limit: YAML nodes beyond one a byte (alias expansion)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str()
        ->group("Limits");
    command
        ->add_option("--max-schemas", limits.max_schemas, "Limit: schemas one snapshot holds (0: 250,000 plus one per 64 bytes of input)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str()
        ->group("Limits");
    command->add_option("--max-ref-chain", limits.max_ref_chain, "Limit: $refs followed one after another")
        ->check(CLI::PositiveNumber)
        ->capture_default_str()
        ->group("Limits");
    if (compares) {
        command
            ->add_option("--max-findings", limits.max_findings,
                         "Limit: findings one run may have (places two snapshots differ in, object violations)")
            ->check(CLI::PositiveNumber)
            ->capture_default_str()
            ->group("Limits");
        command->add_option("--max-report-bytes", limits.max_report_bytes, "Limit: bytes of one report")
            ->check(CLI::PositiveNumber)
            ->capture_default_str()
            ->group("Limits");
    }
}

void add_objects_limit_option(CLI::App* command, Limits& limits) {
    command
        ->add_option("--max-validation-steps", limits.max_validation_steps,
                     "Limit: schema checks of --objects in one run (0: 10,000,000 plus 100 per byte of the object files)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str()
        ->group("Limits");
}

}  // namespace kompat::cli
