#include "report/finding_text.hpp"

#include <boost/json/serialize.hpp>

namespace kompat {

std::string short_value_text(const boost::json::value& value) {
    if (value.is_null()) return "(absent)";
    auto text = boost::json::serialize(value);
    if (text.size() > 120) text = text.substr(0, 117) + "...";
    return text;
}

const SourcePosition& finding_location(const Finding& finding) {
    return finding.new_location.known() ? finding.new_location : finding.old_location;
}

}  // namespace kompat
