#pragma once
// Text inside XML or HTML markup (the JUnit and HTML reports).
#include <string>
#include <string_view>

namespace kompat {

// Text for an attribute value or element content in XML or HTML: the five special
// characters escaped, tab and line breaks as character references (so attribute values
// keep them), the C0 controls neither language can hold replaced by U+FFFD, and the first
// character of `::`, `##[` and `##vso[` as a character reference (no workflow command in
// a report printed to a CI log).
std::string markup_text(std::string_view text);
// The same, appended to `out`.
void append_markup_text(std::string& out, std::string_view text);

}  // namespace kompat
