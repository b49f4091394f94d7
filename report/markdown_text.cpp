#include "report/markdown_text.hpp"

#include <algorithm>

#include "load/text_safety.hpp"

namespace kompat {

std::string cell(std::string_view text) {
    std::string out;
    for (const char c : escape_control(text)) {
        if (c == '|') out += "\\|";
        else out += c;
    }
    return out;
}

std::string code(std::string_view text) {
    std::size_t run = 0;
    std::size_t longest = 0;
    for (const char c : text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
    return fence + (pad ? " " : "") + cell(text) + (pad ? " " : "") + fence;
}

}  // namespace kompat
