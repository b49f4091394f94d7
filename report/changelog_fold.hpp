#pragma once
// Release notes say one upstream edit once: the entries of a changelog folded where many
// say the same (changelog_report.cpp builds them, then folds them here).
#include <cstddef>
#include <string>
#include <vector>

#include "report/changelog_report.hpp"

namespace kompat {

struct ChangelogFolds {
    // A Breaking or warning entry, by the finding it says: folded by sentence.
    struct Sentence {
        std::size_t entry;  // its index in the entries
        const Finding* finding;
    };
    // An entry outside Breaking whose text starts with its field's path (marked).
    struct Field {
        std::size_t entry;
        std::string path;
    };
    std::vector<Sentence> sentences;
    std::vector<Field> fields;
};

// In this order: the same change (rule, old → new) at many places of one group/version,
// in Breaking or among the warnings, one bullet with the count and the first places;
// fields of one kind with the same change, outside Breaking, one bullet ("`.a`, `.b`,
// `.c` and 13 more fields deprecated"); the same bullet for three kinds or more of one
// group/version, in any section, one bullet naming the first kinds.
void fold_changelog(std::vector<ChangelogEntry>& entries, ChangelogFolds folds);

}  // namespace kompat
