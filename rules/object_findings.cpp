#include "rules/object_findings.hpp"

#include <fmt/format.h>

#include "rules/baseline.hpp"
#include "rules/rule_table.hpp"

namespace kompat {

std::vector<Finding> object_findings(const ObjectCheck& check) {
    std::vector<Finding> findings;
    findings.reserve(check.changes.size());
    for (const auto& change : check.changes) {
        const auto& rule = rule_for(change.kind, nullptr);
        Finding& finding = findings.emplace_back();
        finding.rule = rule;
        finding.severity = rule.default_severity();
        finding.kind = change.object_kind;
        finding.type = change.type;
        finding.path = change.path;
        // The sentence of reports that show the path beside it (text, markdown) is the detail;
        // the message names the field too. Where it stands is the finding's location (the
        // field's line and column), said once by each report, not again in the sentence.
        const auto object = fmt::format("{} `{}`", change.object_kind, change.object);
        finding.detail = object + ": " + change.text;
        const auto field = change.path == "." ? std::string() : fmt::format(" `{}`", change.path);
        finding.message = fmt::format("{}: {}{}: {}", rule.message, object, field, change.text);
        finding.old_value = change.old_value;
        finding.new_value = change.new_value;
        finding.new_location = {change.file, change.position};
        // The object is part of the place: two objects failing the same way are two findings.
        finding.fingerprint = fingerprint_of(finding.rule.id(), place_of(finding) + " " + change.file + " " + change.object,
                                             boost::json::value(change.keyword), finding.new_value);
    }
    return findings;
}

}  // namespace kompat
