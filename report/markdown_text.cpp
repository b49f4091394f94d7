#include "report/markdown_text.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "support/text_safety.hpp"
#include "report/markup_text.hpp"

namespace kompat {
namespace {

// Controls escaped, and pipes, which would end a table cell even inside a code span.
std::string escaped_pipes(std::string_view text) {
    std::string out;
    for (const char c : escape_control(text)) {
        if (c == '|') out += "\\|";
        else out += c;
    }
    return out;
}

bool alphanumeric(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// A word GitHub would read as more than text: HTML, a link, an image, emphasis, a mention
// (`@team` notifies people), an issue reference, math, or an autolinked URL. An `_`
// between two letters or digits (`3d_secure`) is not: GFM never opens or closes emphasis
// inside a word with it.
bool markdown_active(std::string_view word) {
    for (std::size_t at = word.find('_'); at != std::string_view::npos; at = word.find('_', at + 1))
        if (at == 0 || at + 1 == word.size() || !alphanumeric(word[at - 1]) || !alphanumeric(word[at + 1])) return true;
    return word.find_first_of("@#<>&[]*~\\`!|$") != std::string_view::npos || word.find("://") != std::string_view::npos ||
           word.find("www.") != std::string_view::npos;
}

// A word with the punctuation of the sentence around it (`(see`, `done),`) taken off: a
// code span holds the word, the punctuation stays text.
struct Punctuated {
    std::string_view before;
    std::string_view word;
    std::string_view after;
};

Punctuated punctuated(std::string_view word) {
    const auto first = word.find_first_not_of("(\"'");
    if (first == std::string_view::npos) return {{}, word, {}};
    const auto last = word.find_last_not_of(",.;:?)\"'");
    if (last == std::string_view::npos || last < first) return {{}, word, {}};
    return {word.substr(0, first), word.substr(first, last + 1 - first), word.substr(last + 1)};
}

// A code span of `piece`, its pipes escaped in a table cell.
std::string coded(std::string_view piece, bool in_table) { return in_table ? escaped_pipes(code(piece)) : code(piece); }

// A word written `name`, with punctuation before or after it that markdown does not act on.
struct BacktickedName {
    std::string_view before;
    std::string_view name;
    std::string_view after;
};

std::optional<BacktickedName> backticked_name(std::string_view word) {
    const auto open = word.find('`');
    const auto close = word.rfind('`');
    if (open == std::string_view::npos || close <= open + 1) return std::nullopt;
    const BacktickedName parts{word.substr(0, open), word.substr(open + 1, close - open - 1), word.substr(close + 1)};
    if (parts.name.find('`') != std::string_view::npos || markdown_active(parts.before) || markdown_active(parts.after))
        return std::nullopt;
    return parts;
}

// Text outside kompat's code spans: each word that markdown would act on becomes a code
// span of its own, where GitHub renders it as it is and neither links nor mentions anyone;
// a backticked name keeps its name in a code span. In a table cell, pipes are escaped
// (GitHub's tables read `\|` in a code span as `|`); elsewhere a `\|` would show its
// backslash, so there they stay as they are.
std::string prose(std::string_view raw, bool in_table) {
    const auto escaped = escape_control(raw);
    const std::string_view text = escaped;
    std::string out;
    for (std::size_t start = 0; start <= text.size();) {
        const auto end = std::min(text.find(' ', start), text.size());
        const auto word = text.substr(start, end - start);
        const auto parts = punctuated(word);
        if (const auto name = backticked_name(word)) {
            out += std::string(name->before) + coded(name->name, in_table) + std::string(name->after);
        } else if (markdown_active(parts.word)) {
            out += std::string(parts.before) + coded(parts.word, in_table) + std::string(parts.after);
        } else {
            out += word;
        }
        if (end == text.size()) break;
        out += ' ';
        start = end + 1;
    }
    return out;
}

// Text that may hold input spans (input_mark on both sides), for a table cell or a line.
std::string marked_text(std::string_view text, bool in_table) {
    std::string out;
    for_each_marked_run(text, [&](std::string_view run, bool marked) { out += marked ? coded(run, in_table) : prose(run, in_table); });
    return out;
}

}  // namespace

std::string input_span(std::string_view text) {
    std::string out(1, input_mark);
    for (const char c : text)
        if (c != input_mark) out += c;
    return out + input_mark;
}

std::string cell(std::string_view text) { return marked_text(text, true); }

std::string line_text(std::string_view text) { return marked_text(text, false); }

namespace {

// The longest run of backticks in `text`: a fence must be longer.
std::size_t longest_backtick_run(std::string_view text) {
    std::size_t run = 0;
    std::size_t longest = 0;
    for (const char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return longest;
}

}  // namespace

std::string code(std::string_view text) {
    const std::string fence(longest_backtick_run(text) + 1, '`');
    const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
    return fence + (pad ? " " : "") + escape_control(text) + (pad ? " " : "") + fence;
}

std::string fenced_code(std::string_view lines) {
    const std::string fence(std::max<std::size_t>(3, longest_backtick_run(lines) + 1), '`');
    std::string out = fence + "\n";
    for (std::size_t at = 0; at < lines.size();) {
        const auto end = std::min(lines.find('\n', at), lines.size());
        out += escape_control(lines.substr(at, end - at)) + "\n";
        at = end + 1;
    }
    return out + fence + "\n";
}

std::string html_code(std::string_view text) { return "<code>" + markup_text(escape_control(text)) + "</code>"; }

}  // namespace kompat
