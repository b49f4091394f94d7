#pragma once
// Release notes from the findings of two releases (`kompat changelog`), written as
// Kubernetes writes its notes: Upgrade notes (versions no longer served, with the version
// to use instead; storage versions and what clusters store), Breaking, Changed validation,
// Changed behaviour, Removed, Deprecated, Promoted, Added; by group/version and kind; operations and List kinds
// folded into their kind; a change to a shared type one bullet naming its kinds; fields
// described in words, never as JSON.
#include <string>
#include <vector>

#include "report/report_sources.hpp"

namespace kompat {

// Changed validation and Changed behaviour hold the warnings: what may break some users,
// which the spec cannot tell (a pattern relaxed, a CEL rule rewritten, a list's merge
// semantics changed).
// Stage unstated: a description that stopped naming a stage (alpha, beta) without naming
// the next, which says nothing of when the feature moved.
enum class ChangelogSection {
    upgrade,
    breaking,
    changed_validation,
    changed_behaviour,
    removed,
    deprecated,
    promoted,
    stage_unstated,
    added
};

struct ChangelogEntry {
    ChangelogSection section = ChangelogSection::added;
    std::string group_version;          // "batch/v1"; "" for a change to a shared type
    std::string kind;                   // "CronJob"; for a shared type its short name ("PodSpec")
    std::string text;                   // what changed, in words; values in `code spans`
    std::vector<std::string> findings;  // the fingerprints it says
};

struct Changelog {
    std::vector<ChangelogEntry> entries;  // sorted: section, group/version, kind, text
    std::size_t not_listed = 0;           // findings release notes leave out: info (descriptions, …) and discovery endpoints
};

// The notes' entries; `sources.served_new` gives the version to use instead of a removed one.
Changelog changelog_of(const std::vector<Finding>& findings, const ReportSources& sources);

// The version of `removed_kind` ("batch/v1beta1 CronJob") the new release serves instead
// ("batch/v1"): the same kind in the same group, not deprecated (of `deprecated_new`) where
// one is, the most stable, newest version; or in another group when the group has none;
// "" when no served version is left.
std::string replacement_version(const std::string& removed_kind, const std::vector<std::string>& served_new,
                                const std::vector<std::string>& deprecated_new = {});

std::string changelog_markdown(const Changelog& changelog, const ReportSources& sources);
std::string changelog_json(const Changelog& changelog, const ReportSources& sources);

}  // namespace kompat
