#pragma once
// Scans of text for a few ASCII bytes, sixteen bytes a step (SSE2, which every x86-64
// has; a byte at a time elsewhere). What every report printed or written as JSON passes
// through: an 11.5 MB report is scanned twice on its way out.
#include <cstddef>
#include <string_view>

namespace kompat {

// The first position at or after `at` holding `a`, `b` or `c`; text.size() when none does.
std::size_t find_any_of(std::string_view text, std::size_t at, char a, char b, char c);

// The first position at or after `at` holding neither a space nor a tab; text.size() when none does.
std::size_t find_not_blank(std::string_view text, std::size_t at);

// The first position at or after `at` holding a byte HTML text may need changed: a C0
// control, '&', '<', '>', '"', '\'', or ':' or '#' (which start CI workflow commands);
// text.size() when none does.
std::size_t find_markup_special(std::string_view text, std::size_t at);

// True when `text` holds a byte JSON must escape: '"', '\\' or a C0 control (below 0x20).
bool has_json_special(std::string_view text);

}  // namespace kompat
