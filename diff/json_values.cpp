#include "diff/json_values.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <vector>

namespace kompat {
namespace json = boost::json;

json::value with_sorted_keys(const json::value& value) {
    if (const auto* array = value.if_array()) {
        json::array out;
        out.reserve(array->size());
        for (const auto& element : *array) out.push_back(with_sorted_keys(element));
        return out;
    }
    const auto* object = value.if_object();
    if (object == nullptr) return value;
    std::vector<const json::key_value_pair*> members;
    members.reserve(object->size());
    for (const auto& member : *object) members.push_back(&member);
    std::sort(members.begin(), members.end(), [](const auto* a, const auto* b) { return a->key() < b->key(); });
    json::object out;
    out.reserve(members.size());
    for (const auto* member : members) out[member->key()] = with_sorted_keys(member->value());
    return out;
}

json::value strings_json(const std::vector<std::string_view>& strings) {
    json::array out;
    out.reserve(strings.size());
    for (const auto text : strings) out.emplace_back(text);
    return out;
}

}  // namespace kompat
