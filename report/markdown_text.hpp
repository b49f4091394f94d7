#pragma once
// Input text inside Markdown (PR comments, release notes): nothing an input wrote is read
// as markup, a link, an image or a mention.
#include <string>
#include <string_view>

namespace kompat {

// Text for a table cell, list item or quote, which may hold kompat's own code spans:
// controls escaped (line breaks too), pipes escaped, and outside the code spans each word
// that GitHub would act on (`<img>`, `[link](…)`, `@team`, `#12`, `**`, URLs) put in a
// code span of its own.
std::string cell(std::string_view text);

// A code span that holds any text: fenced with more backticks than it contains in a row.
std::string code(std::string_view text);

// Text inside raw HTML of a markdown document (a `<summary>`), where markdown is not read:
// HTML-escaped, in a `<code>` element (no mention or link is made inside one).
std::string html_code(std::string_view text);

}  // namespace kompat
