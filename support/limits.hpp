#pragma once
// Bounds that hold against hostile input. Documented in docs/limits.md.
#include <cstdint>
#include <string>
#include <string_view>

namespace kompat {

struct Limits {
    // Bytes in one input file, and in all files of one snapshot together (its directory
    // or git tree and every file a `$ref` reaches).
    std::uint64_t max_input_bytes = 256ULL * 1024 * 1024;
    // Files one snapshot reads: those of its directory or git tree and those `$ref`s reach.
    std::uint32_t max_files = 20000;
    // Seconds one git command may take (REV:PATH), so a lock or a prompt never hangs a gate.
    std::uint32_t git_timeout_seconds = 120;
    // Seconds kubectl may take to list a cluster's CRDs (kube:); its request timeout too.
    std::uint32_t kubectl_timeout_seconds = 60;
    // Nesting of JSON/YAML arrays and objects.
    std::uint32_t max_nesting_depth = 1000;
    // Nodes a YAML file may expand to, beyond one per byte of its text: bounds alias bombs.
    std::uint64_t max_yaml_extra_nodes = 1'000'000;
    // Schemas one snapshot holds (each costs a Schema, about 240 bytes, beside its text);
    // 0 means 250,000 plus one per 64 bytes the snapshot reads, far above what real
    // specs write (Kubernetes: one per ~190 bytes), so memory stays linear in the input.
    std::uint64_t max_schemas = 0;
    // `$ref`s followed one after another before a real schema is reached.
    std::uint32_t max_ref_chain = 64;
    // Changes one comparison may find; past it the inputs are not two versions of one API.
    std::uint64_t max_findings = 1'000'000;
    // Schema checks `--objects` may make in one run (a value against a schema, each branch of
    // an anyOf/oneOf tried counting anew): bounds a schema that nests unions. 0 means
    // 10,000,000 plus 100 per byte of the object files.
    std::uint64_t max_validation_steps = 0;
    // Bytes of one report. The paths that reach changes are its bulk (a chain of N named
    // types spells paths of N steps), so the diff stops as soon as they alone pass it.
    std::uint64_t max_report_bytes = 256ULL * 1024 * 1024;
};

// The schemas a snapshot of `input_bytes` may hold (Limits::max_schemas).
inline std::uint64_t schema_limit(const Limits& limits, std::uint64_t input_bytes) {
    return limits.max_schemas != 0 ? limits.max_schemas : 250'000 + input_bytes / 64;
}

// The schema checks object files of `object_bytes` may take (Limits::max_validation_steps).
inline std::uint64_t validation_step_limit(const Limits& limits, std::uint64_t object_bytes) {
    return limits.max_validation_steps != 0 ? limits.max_validation_steps : 10'000'000 + object_bytes * 100;
}

// What an exceeded limit's message ends with: its name and how to raise it.
inline std::string limit_hint(std::string_view name) {
    return "limit " + std::string(name) + "; raise it with --" + std::string(name) + " N";
}

}  // namespace kompat
