#include "report/word_diff.hpp"

#include <dtl/dtl.hpp>

namespace kompat {
namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// Words and the runs of whitespace between them, each a token: joined, they give the text
// back. Views into the text: a description of thousands of words makes no string a word.
std::vector<std::string_view> tokens_of(std::string_view text) {
    std::vector<std::string_view> tokens;
    std::size_t start = 0;
    while (start < text.size()) {
        const bool space = is_space(text[start]);
        std::size_t end = start + 1;
        while (end < text.size() && is_space(text[end]) == space) ++end;
        tokens.emplace_back(text.substr(start, end - start));
        start = end;
    }
    return tokens;
}

}  // namespace

std::optional<std::vector<TextSpan>> word_diff(std::string_view old_text, std::string_view new_text, std::size_t max_words) {
    auto before = tokens_of(old_text);
    auto after = tokens_of(new_text);
    // Whitespace tokens count too, so halve the bound for them.
    if ((before.size() + after.size()) / 2 > max_words) return std::nullopt;
    dtl::Diff<std::string_view, std::vector<std::string_view>> diff(before, after);
    diff.compose();
    // A run of changed words reads as what was removed, then what was added; whitespace
    // the two sides share inside such a run goes to both, so that a run is not cut at
    // every space.
    std::vector<TextSpan> spans;
    std::string removed;
    std::string added;
    std::string shared_space;
    const auto append = [&spans](TextSpan::Edit edit, std::string_view text) {
        if (text.empty()) return;
        if (spans.empty() || spans.back().edit != edit) spans.push_back({edit, {}});
        spans.back().text += text;
    };
    const auto end_run = [&] {
        append(TextSpan::Edit::removed, removed);
        append(TextSpan::Edit::added, added);
        append(TextSpan::Edit::common, shared_space);
        removed.clear();
        added.clear();
        shared_space.clear();
    };
    for (const auto& [token, info] : diff.getSes().getSequence()) {
        const bool in_run = !removed.empty() || !added.empty();
        if (info.type == dtl::SES_COMMON) {
            if (in_run && is_space(token.front())) {
                shared_space += token;
                continue;
            }
            end_run();
            append(TextSpan::Edit::common, token);
            continue;
        }
        removed += shared_space;
        added += shared_space;
        shared_space.clear();
        (info.type == dtl::SES_DELETE ? removed : added) += token;
    }
    end_run();
    return spans;
}

}  // namespace kompat
