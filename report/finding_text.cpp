#include "report/finding_text.hpp"

#include <boost/json/serialize.hpp>

namespace kompat {

std::string short_value_text(const boost::json::value& value) {
    if (value.is_null()) return "(absent)";
    auto text = boost::json::serialize(value);
    if (text.size() > 120) {
        // Cut at a character's start, never inside a multi-byte UTF-8 character.
        std::size_t cut = 117;
        while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0U) == 0x80) --cut;
        text = text.substr(0, cut) + "...";
    }
    return text;
}

const SourcePosition& finding_location(const Finding& finding) {
    return finding.new_location.known() ? finding.new_location : finding.old_location;
}

std::string affected_kinds_text(const Finding& finding) {
    if (finding.kind || finding.operation || finding.affects.empty()) return {};
    const auto more = finding.affects.size() - 1;
    if (more == 0) return " (in " + finding.affects.front() + ")";
    return " (in " + finding.affects.front() + " and " + std::to_string(more) + " more)";
}

}  // namespace kompat
