#pragma once
// Input text inside Markdown (PR comments, release notes): nothing an input wrote is read
// as markup, a link or a mention.
#include <string>
#include <string_view>

namespace kompat {

// Text for a table cell or list item: controls escaped (line breaks too), pipes escaped.
std::string cell(std::string_view text);

// A code span that holds any text: fenced with more backticks than it contains in a row.
std::string code(std::string_view text);

}  // namespace kompat
