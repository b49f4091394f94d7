#include "report/markup_text.hpp"

#include "support/byte_scan.hpp"
#include "support/text_safety.hpp"

namespace kompat {

void append_markup_text(std::string& out, std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        // The bytes it may change: the five special characters, the C0 controls, and ':'
        // and '#', which start a workflow command. No byte of a multi-byte UTF-8 character
        // is one of them, so everything between them is copied as it is, in one piece.
        const auto plain_end = find_markup_special(text, i);
        out.append(text, i, plain_end - i);
        if (plain_end == text.size()) return;
        i = plain_end;
        const char c = text[i];
        // A workflow command sequence (`::`, `##[`, `##vso[`) as character references, so a
        // report printed to a CI log holds none that the input wrote (docs/security.md).
        if (starts_workflow_command(text.substr(i))) {
            out += c == ':' ? "&#58;" : "&#35;";
            continue;
        }
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            case '\t': out += "&#9;"; break;
            case '\n': out += "&#10;"; break;
            case '\r': out += "&#13;"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) out += "\xEF\xBF\xBD";
                else out += c;  // ':' or '#' that starts no command
        }
    }
}

std::string markup_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    append_markup_text(out, text);
    return out;
}

}  // namespace kompat
