#pragma once
// What every report is given besides the findings: the two sides, the notes and policy,
// the kinds compared and served, the baseline's review; and what reports say of them.
#include <string>
#include <string_view>
#include <vector>

#include "rules/finding.hpp"
#include "rules/upgrade_verdict.hpp"

namespace kompat {

struct ReportSource {
    std::string source;
    std::string format;        // "openapi-v2", "openapi-v3", "crd"
    std::string version = {};  // its `info.version`, "" when it writes none
};

// A baseline entry that accepted a finding, as the PR comment lists it.
struct AcceptedEntry {
    std::string rule;
    std::string place;
    std::string reason;
    bool approved_here = false;  // not in the base branch's baseline (--baseline-base): this PR adds it
};

// The baseline a check was given: what it accepted, and the file new entries go to.
struct BaselineReview {
    std::string file;  // "" when the check was given no baseline
    std::vector<AcceptedEntry> accepted;
    bool compared_with_base = false;  // --baseline-base: approved_here is known
};

struct ReportSources {
    ReportSource old_side;
    ReportSource new_side;
    std::vector<std::string> notes;  // said once, e.g. what a v2/v3 comparison leaves out
    // Every kind compared ("apps/v1 Deployment"), of either side, sorted: reports that show
    // coverage (junit) list the clean ones too.
    std::vector<std::string> kinds = {};
    bool single_snapshot = false;         // kompat lint or validate: old_side is the one snapshot
    std::string single_command = "lint";  // which of the two, for the markdown heading
    // The kinds each snapshot serves ("batch/v1 CronJob"), sorted: release notes name
    // what replaces a removed version, and which new versions graduate an old kind.
    std::vector<std::string> served_old = {};
    std::vector<std::string> served_new = {};
    // What the configuration changed in the verdict: each rule it turned off or lowered,
    // with the findings it changed. Every report shows them first among the notes, and the
    // github format as one notice whatever --show says: a PR's own config must not lower
    // the gate without a trace.
    std::vector<std::string> policy = {};
    // The served kinds of the new snapshot its CRDs mark deprecated, sorted: never named as
    // a replacement when another version is served.
    std::vector<std::string> deprecated_new = {};
    BaselineReview baseline = {};
    // Each CRD's upgrade verdict (check of CRDs): JSON lists every one; text and markdown
    // open with those that are not safe.
    std::vector<CrdUpgrade> upgrades = {};
};

// The baseline line that would accept `finding`, with a reason to fill in; and those of
// the errors left (text, markdown and github print them when a baseline is in use).
std::string approval_line(const Finding& finding);
std::vector<std::string> approval_lines(const std::vector<Finding>& findings);

// Every note a report shows, in order: the policy notes, then the others.
std::vector<std::string> notes_of(const ReportSources& sources);

// What a report is about, for its first line: "OLD (format) -> NEW (format)", or for one
// snapshot "SPEC (format)". Not escaped: each report escapes it for its own format.
std::string sources_title(const ReportSources& sources, std::string_view arrow = "->");

}  // namespace kompat
