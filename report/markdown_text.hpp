#pragma once
// Input text inside Markdown (PR comments, release notes): nothing an input wrote is read
// as markup, a link, an image or a mention.
#include <cstddef>
#include <string>
#include <string_view>

namespace kompat {

// kompat marks the input text it puts in a sentence with this byte on both sides (input_span),
// never with backticks: a backtick an input wrote could close a span, and a backslash before
// one turns it into text, after which the rest of the input would be read as markup.
inline constexpr char input_mark = '\x1f';

// `text` marked as input, to become one code span (its own marks dropped).
std::string input_span(std::string_view text);

// `piece(run, marked)` for each run of `text` between input marks, in order: how each
// format renders the marks its own way (code spans, <code>).
template <typename Piece>
void for_each_marked_run(std::string_view text, Piece piece) {
    bool inside = false;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != input_mark) continue;
        piece(text.substr(start, i - start), inside);
        inside = !inside;
        start = i + 1;
    }
}

// Text for a list item or a quote: each input_span a code span (code()), and between them,
// controls escaped (line breaks too) and each word that GitHub would act on (`<img>`,
// `[link](…)`, `@team`, `#12`, `**`, backticks, URLs) put in a code span of its own. A word
// that is one backticked name (`` `spec`, ``) keeps its name in a code span.
std::string line_text(std::string_view text);

// The same for a table cell: pipes escaped too, code spans included (GitHub's tables read
// `\|` there as `|`; anywhere else it would show the backslash).
std::string cell(std::string_view text);

// A code span that holds any text: fenced with more backticks than it contains in a row.
// Outside a table; in one, pass it through cell().
std::string code(std::string_view text);

// Lines as a fenced code block, read as written: the fence longer than any run of
// backticks in them, controls escaped in each line.
std::string fenced_code(std::string_view lines);

// Text inside raw HTML of a markdown document (a `<summary>`), where markdown is not read:
// HTML-escaped, in a `<code>` element (no mention or link is made inside one).
std::string html_code(std::string_view text);

}  // namespace kompat
