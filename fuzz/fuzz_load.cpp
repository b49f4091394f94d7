// libFuzzer harness: one file loaded as a snapshot, whatever its format (Swagger 2.0,
// OpenAPI 3, CRDs; the seeds hold each), then everything that reads one snapshot:
// inspect, lint, and explain of its first kind (text, recursive, openapiv3).
#include "report/explain_target.hpp"
#include "load/snapshot_loader.hpp"
#include "fuzz/fuzz_support.hpp"
#include "report/explain_report.hpp"
#include "report/inspect_report.hpp"
#include "rules/lint.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto snapshot =
            kompat::load_snapshot(kompat::fuzz::one_file("input", kompat::fuzz::bytes_of(data, size)), kompat::fuzz::fuzz_limits());
        const auto text = kompat::inspect_text(snapshot) + kompat::inspect_json(snapshot);
        const auto findings = kompat::lint(snapshot, {});
        if (!snapshot.kinds.empty()) {
            const auto target = kompat::find_explain_target(snapshot, snapshot.kinds.front().gvk.kind, "");
            const auto explained = kompat::explain_text(snapshot, target, {.recursive = true, .max_lines = 10'000}) +
                                   kompat::explain_text(snapshot, target, {}) + kompat::explain_openapi_v3(snapshot, target);
        }
    } catch (const kompat::InputError&) {
    } catch (const kompat::LookupError&) {
    }
    return 0;
}
