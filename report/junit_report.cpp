#include "report/junit_report.hpp"

#include <fmt/format.h>

#include <map>
#include <set>
#include <vector>

#include "report/finding_text.hpp"
#include "report/markup_text.hpp"

namespace kompat {
namespace {

struct Suite {
    std::string package;  // group/version, or the suite's own name
    std::vector<const Finding*> findings;
};

// A finding fails the suite of its kind and of every kind it affects (a PodSpec change
// fails `v1 Pod`, `apps/v1 Deployment`, …); one of an operation or a type no kind
// reaches goes to `operations` or `named types`.
std::vector<std::string> suites_of(const Finding& finding, const std::set<std::string>& kinds) {
    std::vector<std::string> out;
    if (finding.kind) out.push_back(*finding.kind);
    for (const auto& affected : finding.affects)
        if (kinds.contains(affected) && (out.empty() || affected != out.front())) out.push_back(affected);
    if (out.empty()) out.push_back(finding.operation ? "operations" : "named types");
    return out;
}

std::string package_of(const std::string& suite) {
    const auto space = suite.find(' ');
    return space == std::string::npos ? suite : suite.substr(0, space);
}

}  // namespace

std::string junit_report(const std::vector<Finding>& findings, const Summary& /*summary*/, const ReportSources& sources, Severity fail_on) {
    std::map<std::string, Suite> suites;  // sorted by name
    const std::set<std::string> kinds(sources.kinds.begin(), sources.kinds.end());
    for (const auto& kind : sources.kinds) suites[kind].package = package_of(kind);
    for (const auto& finding : findings) {
        for (const auto& name : suites_of(finding, kinds)) {
            auto& suite = suites[name];
            suite.package = kinds.contains(name) || finding.kind ? package_of(name) : name;
            suite.findings.push_back(&finding);
        }
    }

    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n";
    int id = 0;
    for (const auto& [name, suite] : suites) {
        std::size_t failures = 0;
        for (const auto* finding : suite.findings) failures += finding->severity >= fail_on ? 1 : 0;
        const auto tests = suite.findings.size() + (failures == 0 ? 1 : 0);
        out += fmt::format(
            "  <testsuite name=\"{}\" package=\"{}\" id=\"{}\" timestamp=\"1970-01-01T00:00:00\" hostname=\"localhost\" tests=\"{}\" "
            "failures=\"{}\" errors=\"0\" skipped=\"0\" time=\"0\">\n",
            markup_text(name), markup_text(suite.package), id++, tests, failures);
        out += "    <properties>\n";
        out += fmt::format("      <property name=\"old\" value=\"{}\"/>\n", markup_text(sources.old_side.source));
        out += fmt::format("      <property name=\"new\" value=\"{}\"/>\n", markup_text(sources.new_side.source));
        out += fmt::format("      <property name=\"fail-on\" value=\"{}\"/>\n", to_string(fail_on));
        // What the configuration lowered travels with every suite, as it does in every report.
        for (const auto& policy : sources.policy)
            out += fmt::format("      <property name=\"configuration\" value=\"{}\"/>\n", markup_text(policy));
        out += "    </properties>\n";
        if (failures == 0) out += fmt::format("    <testcase name=\"compatible\" classname=\"{}\" time=\"0\"/>\n", markup_text(name));
        for (const auto* finding : suite.findings) {
            const auto case_name = fmt::format("{} {} {}", finding->rule.id(), place_of(*finding), finding->fingerprint);
            if (finding->severity < fail_on) {
                out += fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"0\"/>\n", markup_text(case_name), markup_text(name));
                continue;
            }
            const auto sentence = finding_sentence(*finding);
            std::string detail = fmt::format("{} {}: {}", to_string(finding->severity), place_of(*finding), sentence);
            if (const auto context = finding_context(*finding); !context.empty()) detail += "\n" + context;
            if (const auto at = location_text(*finding); !at.empty()) detail += "\nat " + at;
            out += fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"0\">\n", markup_text(case_name), markup_text(name));
            out += fmt::format("      <failure type=\"{}\" message=\"{}\">{}</failure>\n", markup_text(finding->rule.id()),
                               markup_text(sentence), markup_text(detail));
            out += "    </testcase>\n";
        }
        out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n";
    }
    out += "</testsuites>\n";
    return out;
}

}  // namespace kompat
