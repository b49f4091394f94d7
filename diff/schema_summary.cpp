#include "diff/schema_summary.hpp"

#include <algorithm>

#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;

json::value schema_summary(const Schema& schema) {
    json::object out;
    if (!schema.ref.empty()) out["$ref"] = schema.ref;
    if (schema.type.size() == 1) out["type"] = schema.type.front();
    else if (!schema.type.empty()) out["type"] = strings_json(schema.type);
    if (!schema.format.empty()) out["format"] = schema.format;
    if (schema.enum_values != nullptr) out["enum"] = *schema.enum_values;
    if (schema.default_value != nullptr) out["default"] = *schema.default_value;
    if (schema.nullable) out["nullable"] = true;
    if (schema.items) out["items"] = schema_summary(*schema.items);
    if (schema.additional_properties) out["additionalProperties"] = schema_summary(*schema.additional_properties);
    if (schema.additional_properties_allowed) out["additionalProperties"] = *schema.additional_properties_allowed;
    // Sorted: the order a document writes its keys in means nothing, and must not change a report.
    if (!schema.properties.empty()) {
        std::vector<std::string_view> names;
        for (const auto& property : schema.properties) names.push_back(property.name);
        std::sort(names.begin(), names.end());
        out["properties"] = strings_json(names);
    }
    if (!schema.required.empty()) {
        auto required = schema.required;
        std::sort(required.begin(), required.end());
        out["required"] = strings_json(required);
    }
    if (schema.int_or_string) out["x-kubernetes-int-or-string"] = true;
    if (schema.preserve_unknown_fields) out["x-kubernetes-preserve-unknown-fields"] = true;
    if (!schema.kubernetes().list_type.empty()) out["x-kubernetes-list-type"] = schema.kubernetes().list_type;
    return out;
}

}  // namespace kompat
