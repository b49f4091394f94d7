// libFuzzer harness: the whole `check` pipeline on a pair of inputs, the old snapshot
// before the first NUL byte and the new one after it: load, diff, rules, the JSON, text and HTML reports.
#include <algorithm>

#include "diff/snapshot_diff.hpp"
#include "load/snapshot_loader.hpp"
#include "fuzz/fuzz_support.hpp"
#include "report/report_sources.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"
#include "report/github_report.hpp"
#include "report/markdown_report.hpp"
#include "report/sarif_report.hpp"
#include "report/html_report.hpp"
#include "rules/evaluate.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = kompat::fuzz::bytes_of(data, size);
    const auto split = std::min(bytes.find('\0'), bytes.size());
    try {
        const auto limits = kompat::fuzz::fuzz_limits();
        const auto before = kompat::load_snapshot(kompat::fuzz::one_file("old", bytes.substr(0, split)), limits);
        const auto after = kompat::load_snapshot(kompat::fuzz::one_file("new", bytes.substr(std::min(split + 1, bytes.size()))), limits);
        auto diff = kompat::diff_snapshots(before, after);
        const auto findings = kompat::evaluate(diff.changes);
        const auto summary = kompat::summarize(findings);
        const kompat::ReportSources sources{{"old", "x"}, {"new", "x"}, std::move(diff.notes)};
        const auto reports = kompat::json_report(findings, summary, sources) +
                             kompat::text_report(findings, summary, sources, {true, kompat::Severity::info}) +
                             kompat::markdown_report(findings, summary, sources, kompat::Severity::info, kompat::Severity::error) +
                             kompat::github_report(findings, summary, sources, kompat::Severity::info) +
                             kompat::sarif_report(findings, summary, sources, kompat::Severity::info) +
                             kompat::html_report(findings, summary, sources);
    } catch (const kompat::InputError&) {
    }
    return 0;
}
