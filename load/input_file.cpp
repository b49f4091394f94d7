#include "load/input_file.hpp"

#include "load/json_reader.hpp"
#include "load/yaml_reader.hpp"

namespace kompat {
namespace {

bool is_json_name(std::string_view name, std::string_view bytes) {
    if (name.ends_with(".json")) return true;
    if (name.ends_with(".yaml") || name.ends_with(".yml")) return false;
    const auto first = bytes.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && (bytes[first] == '{' || bytes[first] == '[');
}

}  // namespace

std::shared_ptr<const ParsedFile> read_input_file(const SourceFile& source, const Limits& limits, bool reached_by_ref) {
    if (is_json_name(source.name, source.bytes)) return std::make_shared<ParsedFile>(read_json(source, limits));
    YamlOptions options;
    if (reached_by_ref) options.rules = ScalarRules::core;
    return std::make_shared<ParsedFile>(read_yaml(source, limits, options));
}

}  // namespace kompat
