// libFuzzer harness: objects validated (`check --objects`, `validate`): a snapshot before
// the first NUL byte, objects after it; validated against it, then checked against it on
// both sides, and the findings written as JSON and text.
#include <algorithm>

#include "fuzz/fuzz_support.hpp"
#include "load/manifest_loader.hpp"
#include "load/snapshot_loader.hpp"
#include "objects/object_check.hpp"
#include "report/report_sources.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"
#include "rules/object_findings.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = kompat::fuzz::bytes_of(data, size);
    const auto split = std::min(bytes.find('\0'), bytes.size());
    try {
        auto limits = kompat::fuzz::fuzz_limits();
        limits.max_validation_steps = 1'000'000;
        const auto snapshot = kompat::load_snapshot(kompat::fuzz::one_file("spec", bytes.substr(0, split)), limits);
        const auto objects =
            kompat::load_manifests({kompat::fuzz::one_file("objects", bytes.substr(std::min(split + 1, bytes.size())))}, limits);
        for (const auto& checked :
             {kompat::validate_objects(snapshot, objects, limits), kompat::check_objects(snapshot, snapshot, objects, limits)}) {
            const auto findings = kompat::object_findings(checked);
            const kompat::ReportSources sources{{"spec", "x"}, {"spec", "x"}, kompat::object_notes(checked)};
            const auto summary = kompat::summarize(findings);
            const auto reports = kompat::json_report(findings, summary, sources) +
                                 kompat::text_report(findings, summary, sources, {true, kompat::Severity::info});
        }
    } catch (const kompat::InputError&) {
    }
    return 0;
}
