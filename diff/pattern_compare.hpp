#pragma once
// Whether a changed `pattern` admits more values, fewer, or both, where that can be
// proven: the edit is found between what the two expressions share at each end, and is
// judged only for simple forms (alternatives added or removed, a character class or a
// repetition widened or narrowed, a small finite set of strings). Internal to diff/.
#include <cstdint>
#include <optional>
#include <string_view>

namespace kompat {

enum class PatternRelation {
    same,      // the same values match
    wider,     // every value the old pattern matched, the new one matches too
    narrower,  // every value the new pattern matches, the old one matched
    unknown,   // not provable either way (or both admit values the other refuses)
};

PatternRelation compare_patterns(std::string_view before, std::string_view after);

// The lengths, in characters, of the values a pattern admits, where it is simple enough
// to read: `fewest` holds for any pattern (a value contains a match), `most` only for one
// anchored at both ends in every alternative (else unset).
struct PatternLengths {
    std::uint64_t fewest = 0;
    std::optional<std::uint64_t> most;
};
std::optional<PatternLengths> pattern_lengths(std::string_view pattern);

}  // namespace kompat
