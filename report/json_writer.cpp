#include "report/json_writer.hpp"

#include <boost/json/serialize.hpp>

namespace kompat {
namespace {

void write(const boost::json::value& value, std::string& out, std::size_t indent) {
    const auto newline = [&](std::size_t level) {
        out += '\n';
        out.append(level * 2, ' ');
    };
    if (const auto* object = value.if_object()) {
        if (object->empty()) {
            out += "{}";
            return;
        }
        out += '{';
        bool first = true;
        for (const auto& member : *object) {
            if (!first) out += ',';
            first = false;
            newline(indent + 1);
            out += boost::json::serialize(boost::json::string_view(member.key()));
            out += ": ";
            write(member.value(), out, indent + 1);
        }
        newline(indent);
        out += '}';
    } else if (const auto* array = value.if_array()) {
        if (array->empty()) {
            out += "[]";
            return;
        }
        out += '[';
        bool first = true;
        for (const auto& element : *array) {
            if (!first) out += ',';
            first = false;
            newline(indent + 1);
            write(element, out, indent + 1);
        }
        newline(indent);
        out += ']';
    } else {
        out += boost::json::serialize(value);
    }
}

}  // namespace

std::string to_pretty_json(const boost::json::value& value) {
    std::string out;
    write(value, out, 0);
    out += '\n';
    return out;
}

}  // namespace kompat
