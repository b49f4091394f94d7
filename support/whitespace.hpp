#pragma once
// Text compared for its words, whatever its layout.
#include <string>
#include <string_view>

namespace kompat {

// Runs of whitespace made one space, none at either end: what a description, a CEL rule or
// a line of text says, whatever its line breaks and indentation.
inline std::string whitespace_collapsed(std::string_view text) {
    std::string out;
    bool space = false;
    for (const char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

}  // namespace kompat
