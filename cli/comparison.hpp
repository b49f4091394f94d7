#pragma once
// One comparison as the commands hand it to the reports: findings, their counts, and what
// the reports say of their sources; and the steps that change it (configuration, baseline).
#include <initializer_list>
#include <string>
#include <vector>

#include "support/limits.hpp"
#include "model/snapshot.hpp"
#include "load/source_reader.hpp"
#include "report/report_sources.hpp"
#include "rules/config.hpp"
#include "rules/finding.hpp"
#include "rules/ruleset.hpp"

#include <optional>

namespace kompat::cli {

struct Comparison {
    std::vector<Finding> findings;
    Summary summary;
    ReportSources sources;
    // Judged as an older rule set: what that lowered against the current one.
    RulesetLowering ruleset_lowering;
    // The CRDs of either side, for their upgrade verdicts (judge_upgrades).
    std::vector<CrdIdentity> crds;
};

// What becomes of the snapshots and changes a comparison is made from once it is made:
// freed, or, for the comparison a command reports last, left to the end of the process,
// which takes the memory back at once (support/left_to_exit.hpp).
enum class ComparedInputs { freed, left_to_exit };

// What a comparison is asked for: the two snapshots, the rule set that judges, and what
// else is read beside them.
struct ComparisonRequest {
    std::string old_spec;
    std::string new_spec;
    int ruleset = current_ruleset;
    bool conventions = false;           // check --lint: the API-convention violations NEW adds are findings too
    std::vector<std::string> objects;   // check --objects: what the change does to those objects
    std::vector<std::string> clusters;  // check --cluster: the clusters' CRDs, whose status.storedVersions OLD takes
    ComparedInputs inputs = ComparedInputs::freed;
};

// Loads both snapshots (and the clusters' CRDs), diffs and judges them.
Comparison compare(const ComparisonRequest& request, const Limits& limits);

// What the reports say of the two snapshots a comparison is made of: their sources, kinds,
// served and deprecated kinds, and their CRDs (for judge_upgrades).
void describe_sources(Comparison& comparison, const Snapshot& before, const Snapshot& after);

// The configuration file at `path` (`--config`), read once; none for "".
std::optional<Config> read_configuration(const std::string& path, const Limits& limits);

// The rule set a check follows: --rules-version when given, else the config's
// rules-version, else the current one. Throws InputError when the two disagree.
int ruleset_to_use(std::optional<int> from_option, const std::optional<Config>& config);

// Every kind of the snapshots ("apps/v1 Deployment"), sorted, once each.
std::vector<std::string> kinds_of(std::initializer_list<const Snapshot*> snapshots);

// Judges the change against the releases users run: a finding of at least a warning keeps
// its severity only where NEW breaks some release (REL → NEW gives the same rule at the
// same place), and names those releases; any other (a change to what no release had)
// becomes unreleased-change, info.
void anchor_to_releases(Comparison& comparison, const std::vector<std::string>& releases, const std::string& new_spec, const Limits& limits,
                        int ruleset = current_ruleset);

// Leads the policy notes with the rule set's when it is older than this kompat's: pinned by
// --rules-version or by the config's rules-version, with the findings it lowered. Call it
// after apply_configuration, which sets the config's own policy notes.
void note_pinned_ruleset(Comparison& comparison, int ruleset, std::optional<int> from_option, const std::optional<Config>& config);

// A general OpenAPI document's version policy: version-not-bumped when it breaks without a
// major bump of info.version, and a note with the version semantic versioning asks for.
void apply_version_policy(Comparison& comparison, int ruleset = current_ruleset);

// Leads the notes with a warning when OLD looks newer than NEW: a higher info.version, a
// newer version of a kind served only by OLD, or (nearly) every change a removal.
void note_swapped_inputs(Comparison& comparison);

// Each CRD's upgrade verdict from the findings as they stand now (after configuration and
// baseline), into the report sources.
void judge_upgrades(Comparison& comparison);

// Takes out the findings `file` accepts, and says in the notes what it accepted, which
// entries name another place than their finding's, and which accept nothing any more;
// the reports list what it accepted, with each entry's reason.
// With `base` (the target branch's baseline), the entries it lacks are "approved in this PR".
void accept_baseline(Comparison& comparison, const SourceFile& file, const SourceFile* base = nullptr);

// Applies the configuration (if any), as of today (UTC) for the ignores' expiry.
void apply_configuration(Comparison& comparison, const std::optional<Config>& config);

bool failed(const std::vector<Finding>& findings, Severity fail_on);

// The report of a one-snapshot command (`lint`, `validate`): its findings sorted and
// counted, and its notes.
Comparison single_snapshot_report(const Snapshot& snapshot, std::vector<Finding> findings, std::vector<std::string> notes,
                                  std::string command);

}  // namespace kompat::cli
