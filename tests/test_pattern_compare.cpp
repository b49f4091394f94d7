// Whether a changed pattern admits more values or fewer, proven only for simple forms.
#include "test_support.hpp"

#include <string>

#include "diff/pattern_compare.hpp"

using kompat::compare_patterns;
using kompat::PatternRelation;

TEST_CASE("pattern: alternatives added or removed") {
    CHECK(compare_patterns("^http(s)?://.+$", "^(http|https|socks5)://.+$") == PatternRelation::wider);
    CHECK(compare_patterns("^(http|https|socks5)://.+$", "^http(s)?://.+$") == PatternRelation::narrower);
    CHECK(compare_patterns("^(a|b)$", "^(a|b|c)$") == PatternRelation::wider);
    CHECK(compare_patterns("^(?:Fast|Slow)$", "^(?:Fast)$") == PatternRelation::narrower);
    CHECK(compare_patterns("^a$|^b$", "^a$|^b$|^c$") == PatternRelation::wider);
}

TEST_CASE("pattern: character classes widened or narrowed") {
    CHECK(compare_patterns("^[a-z]+$", "^[a-z0-9]+$") == PatternRelation::wider);
    CHECK(compare_patterns("^[a-z0-9]+$", "^[a-z]+$") == PatternRelation::narrower);
    CHECK(compare_patterns("^[a-z]+$", "^\\w+$") == PatternRelation::wider);
    CHECK(compare_patterns("^[0-9]+$", "^\\d+$") == PatternRelation::same);
    CHECK(compare_patterns("^[a-z]+$", "^.+$") == PatternRelation::wider);
    CHECK(compare_patterns("^[^a]+$", "^[^ab]+$") == PatternRelation::narrower);
    // The same set written another way (S is in A-Z already).
    CHECK(compare_patterns("^[-a-zSA-Z0-9]+$", "^[-a-zA-Z0-9]+$") == PatternRelation::same);
}

TEST_CASE("pattern: repetition widened or narrowed") {
    CHECK(compare_patterns("^[a-z]{1,5}$", "^[a-z]{1,10}$") == PatternRelation::wider);
    CHECK(compare_patterns("^[a-z]+$", "^[a-z]{2,}$") == PatternRelation::narrower);
    CHECK(compare_patterns("^x?$", "^x*$") == PatternRelation::wider);
}

TEST_CASE("pattern: small finite sets of strings") {
    CHECK(compare_patterns("^(s)?x$", "^s?x$") == PatternRelation::same);
    CHECK(compare_patterns("^v1$", "^v(1|2)$") == PatternRelation::wider);
    CHECK(compare_patterns("^abc$", "^abc(d)?$") == PatternRelation::wider);
}

TEST_CASE("pattern: what cannot be proven is unknown, never a guess") {
    CHECK(compare_patterns("^[a-z]+$", "^[a-z]*[0-9]$") == PatternRelation::unknown);
    CHECK(compare_patterns("^(a|b)$", "^(a|c)$") == PatternRelation::unknown);
    CHECK(compare_patterns("abc", "^abc$") == PatternRelation::unknown);
    // Constructs not judged: look-around, flags, back references, lazy repetition, non-ASCII.
    CHECK(compare_patterns("^(?=a)a$", "^(?=a)ab?$") == PatternRelation::unknown);
    CHECK(compare_patterns("^((?i)a|b)$", "^((?i)a|b|c)$") == PatternRelation::unknown);
    CHECK(compare_patterns("^(a)\\1$", "^(a)\\1?$") == PatternRelation::unknown);
    CHECK(compare_patterns("^a+?$", "^a*?$") == PatternRelation::unknown);
    CHECK(compare_patterns("^é+$", "^[é]+$") == PatternRelation::unknown);
    // Malformed: unknown, no crash.
    CHECK(compare_patterns("^(a$", "^(a|b$") == PatternRelation::unknown);
    CHECK(compare_patterns("^[a-$", "^[a-z$") == PatternRelation::unknown);
    CHECK(compare_patterns("^a{2,1}$", "^a{1,2}$") == PatternRelation::unknown);
    // fuzz_pattern's first finding: a non-ASCII byte escaped inside a class (std::bitset::set threw).
    CHECK(compare_patterns("^[-a^\\\xef\xef]+$", "^[a]+$") == PatternRelation::unknown);
    CHECK(compare_patterns("^\\\xef$", "^a$") == PatternRelation::unknown);
}

TEST_CASE("pattern: hostile patterns are judged within a budget") {
    // Deep nesting and wide alternations end undecided, quickly.
    const std::string deep = std::string(2000, '(') + "a" + std::string(2000, ')');
    CHECK(compare_patterns(deep, deep + "b") == PatternRelation::unknown);
    std::string wide_old = "^(";
    std::string wide_new = "^(";
    for (int i = 0; i < 1000; ++i) {
        wide_old += (i ? "|" : "") + std::string("[a-z]{1,8}x") + std::to_string(i);
        wide_new += (i ? "|" : "") + std::string("[a-y]{1,8}x") + std::to_string(i);
    }
    wide_old += ")$";
    wide_new += ")$";
    CHECK(compare_patterns(wide_old, wide_new) != PatternRelation::wider);
    CHECK(compare_patterns(std::string(5000, 'a'), std::string(5001, 'a')) == PatternRelation::unknown);
}

TEST_CASE("pattern: the lengths of the values a pattern admits") {
    using kompat::pattern_lengths;
    const auto lengths = pattern_lengths("^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$");
    REQUIRE(lengths);
    CHECK(lengths->fewest == 1);
    CHECK(lengths->most == 63);
    // Alternatives: the shortest and the longest of them.
    CHECK(pattern_lengths("^(ab|cdef)$")->fewest == 2);
    CHECK(pattern_lengths("^(ab|cdef)$")->most == 4);
    CHECK(pattern_lengths("^a$|^bcd$")->most == 3);
    // Unanchored: a value contains a match, so it is at least as long, with no upper limit.
    CHECK(pattern_lengths("[0-9]{3}")->fewest == 3);
    CHECK_FALSE(pattern_lengths("[0-9]{3}")->most);
    CHECK_FALSE(pattern_lengths("^a+$")->most);
    CHECK_FALSE(pattern_lengths("^a$|b")->most);
    // Unread forms give nothing rather than a guess.
    CHECK_FALSE(pattern_lengths("^(?=a)b$"));
    CHECK_FALSE(pattern_lengths("^\\p{L}+$"));
    // Repetition does not overflow.
    CHECK(pattern_lengths("^((a{999999}){999999}){999999}$")->fewest > 1000000000);
}
