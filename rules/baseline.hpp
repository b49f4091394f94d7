#pragma once
// Accepting known breaks: a baseline is a reviewable, sorted, line-oriented file, one
// accepted finding a line:
//
//   FINGERPRINT RULE PLACE  # REASON
//
// (`3f1c9a0b7d2e41a8 field-removed apps/v1 Deployment .spec.paused  # removed upstream in 1.25`).
// An entry accepts a finding whose fingerprint, rule and place all match: the place is what
// its reviewer read. The reason is for the people who review the file. `#` starts a
// comment line, and the reason after a blank.
#include <string>
#include <vector>

#include "load/source_reader.hpp"
#include "rules/finding.hpp"

namespace kompat {

struct BaselineEntry {
    std::string fingerprint;
    std::string rule;
    std::string place;
    std::string reason;
    TextPosition position;  // where the entry stands in its file
};

// Throws InputError (file:line:col) for a line that is not an entry or names no known rule.
std::vector<BaselineEntry> parse_baseline(const SourceFile& file);

struct WrittenBaseline {
    std::string text;
    std::size_t entries = 0;
};

// Every finding at or above `at_least` as an entry, sorted by place, then rule; the
// finding's message is the reason until someone writes a better one.
WrittenBaseline write_baseline(const std::vector<Finding>& findings, Severity at_least);

// An entry whose fingerprint and rule are a finding's, at another place than it names.
struct MismatchedEntry {
    BaselineEntry entry;
    std::string finding_place;
};

// The entry that accepts `finding`, with `reason` after the `#`.
std::string baseline_line(const Finding& finding, std::string_view reason);

struct BaselineOutcome {
    std::vector<Finding> findings;            // those no entry accepts
    std::size_t accepted = 0;                 // findings an entry accepted
    std::vector<BaselineEntry> accepting;     // the entries that accepted them, in file order
    std::vector<BaselineEntry> stale;         // entries that accept no finding any more
    std::vector<MismatchedEntry> mismatched;  // entries not accepted: their place is not the finding's
};

BaselineOutcome apply_baseline(std::vector<Finding> findings, const std::vector<BaselineEntry>& baseline);

}  // namespace kompat
