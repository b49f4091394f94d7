#include "report/markup_text.hpp"

#include "support/text_safety.hpp"

namespace kompat {

std::string markup_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
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
                else out += c;
        }
    }
    return out;
}

}  // namespace kompat
