#pragma once
// The word-by-word difference of two texts (dtl's shortest edit script), for showing how
// a description changed.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kompat {

struct TextSpan {
    enum class Edit { common, removed, added };
    Edit edit = Edit::common;
    std::string text;  // words and the whitespace between them, in order
};

// Spans that read as the old text when `added` ones are left out and as the new text
// when `removed` ones are; within a run of changed words, what was removed comes first.
// None when the texts together hold more than `max_words` words: an edit script is
// quadratic in the worst case and a reader gets little from a diff that long.
std::optional<std::vector<TextSpan>> word_diff(std::string_view old_text, std::string_view new_text, std::size_t max_words = 4000);

}  // namespace kompat
