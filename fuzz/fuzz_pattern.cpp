// libFuzzer harness: two patterns (split at the first NUL byte) compared both ways. Never
// a crash, a hang or a stack overflow; and the verdicts must agree: a pattern is the same
// as itself, and `a` wider than `b` means `b` narrower than `a`.
#include <cstdlib>

#include "diff/pattern_compare.hpp"
#include "fuzz/fuzz_support.hpp"

using kompat::PatternRelation;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto bytes = kompat::fuzz::bytes_of(data, size);
    const auto split = bytes.find('\0');
    const std::string_view before = std::string_view(bytes).substr(0, split);
    const std::string_view after = split == std::string::npos ? std::string_view() : std::string_view(bytes).substr(split + 1);
    const auto forward = kompat::compare_patterns(before, after);
    const auto backward = kompat::compare_patterns(after, before);
    const auto mirrored = [](PatternRelation r) {
        return r == PatternRelation::wider ? PatternRelation::narrower : r == PatternRelation::narrower ? PatternRelation::wider : r;
    };
    if (forward != PatternRelation::unknown && backward != PatternRelation::unknown && mirrored(forward) != backward) std::abort();
    if (kompat::compare_patterns(before, before) != PatternRelation::same) std::abort();
    return 0;
}
