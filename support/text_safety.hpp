#pragma once
// What of a text may reach a terminal or a CI log as it is. Every input-derived text
// (names, keys, values, file names, `$ref` strings, git paths) can hold control
// characters or bytes that are not UTF-8; printed raw, they rewrite the terminal (ESC),
// cut a message (NUL) or start a line of their own that the CI runner reads as a
// command (`\n::warning ...`). See docs/security.md.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace kompat {

// The offset of the first byte that does not begin a well-formed UTF-8 character
// (overlong forms, surrogates and code points past U+10FFFF are ill-formed), or nothing.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

// The characters (code points) of UTF-8 text: what JSON Schema's maxLength counts.
std::size_t code_points(std::string_view text);

// The nearest start of a UTF-8 character at or before `at` (at most the text's size), and
// at or after it: where a text may be cut without splitting a character.
std::size_t character_start_before(std::string_view text, std::size_t at);
std::size_t character_start_after(std::string_view text, std::size_t at);

// True when `text` is well-formed UTF-8 and holds no character escape_control() escapes.
bool is_plain_text(std::string_view text);

// `text` with every C0 control, DEL, C1 control, bidirectional override and byte that is
// not UTF-8 written as an escape (`\n`, `\t`, `\r`, `\u001b`, `\u202e`, `\xff`), so the
// result is one line of valid UTF-8 that shows what was there. Backslashes stay as they
// are: patterns and paths read better that way.
std::string escape_control(std::string_view text);

// escape_control() with line breaks and tabs kept: for a text of several lines (inspect,
// explain) whose every part may come from the input.
std::string escape_control_lines(std::string_view text);

// `text`, a report of several lines, with every sequence a CI runner reads as a workflow
// command defused wherever it stands in a line: `::` (GitHub's `::name::`), `##[`
// (GitHub's, obeyed mid-line) and `##vso[` (Azure Pipelines) have their first character
// written as an escape (`\u003a`, `\u0023`), and a Unicode blank that leads a line
// (U+00A0, U+2003, U+3000...), which a runner may trim, is escaped too. Only kompat's own
// github format writes commands, each line built after its input text went through this.
std::string defuse_workflow_commands(std::string_view text);

// The same handed over in pieces, in order: runs of `text` as it is and the escapes
// between them (a report written to a stream is not copied first).
void defuse_workflow_commands(std::string_view text, const std::function<void(std::string_view)>& piece);

// True when `text` starts with a sequence a CI runner reads as a workflow command: `::`,
// `##[` or `##vso[`. Each escaper of input text (this file's, markup's) defuses these.
// Inline: the escapers ask at every ':' and '#', and each sequence begins with its first
// character twice, which settles most of them.
inline bool starts_workflow_command(std::string_view text) {
    if (text.size() < 2 || text[0] != text[1]) return false;
    return text.starts_with("::") || text.starts_with("##[") || text.starts_with("##vso[");
}

// One line of input-derived text for a CI log: escape_control(), then no workflow command.
std::string log_line(std::string_view text);

}  // namespace kompat
