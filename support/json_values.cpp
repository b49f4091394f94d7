#include "support/json_values.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <vector>

namespace kompat {

std::string_view string_member(const boost::json::object& object, std::string_view key) {
    const auto* value = object.if_contains(key);
    return value != nullptr && value->is_string() ? std::string_view(value->get_string()) : std::string_view();
}
namespace json = boost::json;

json::value with_sorted_keys(const json::value& value) {
    if (const auto* array = value.if_array()) {
        json::array out;
        out.reserve(array->size());
        for (const auto& element : *array) out.push_back(with_sorted_keys(element));
        return out;
    }
    const auto* object = value.if_object();
    if (object == nullptr) return detached(value);
    std::vector<const json::key_value_pair*> members;
    members.reserve(object->size());
    for (const auto& member : *object) members.push_back(&member);
    std::sort(members.begin(), members.end(), [](const auto* a, const auto* b) { return a->key() < b->key(); });
    json::object out;
    out.reserve(members.size());
    for (const auto* member : members) out[member->key()] = with_sorted_keys(member->value());
    return out;
}

json::value detached(const json::value& value) { return json::value(value, json::storage_ptr()); }
json::value detached(const json::array& array) { return json::array(array, json::storage_ptr()); }

bool json_equal(const json::value& a, const json::value& b) {
    if (const auto* object = a.if_object()) {
        const auto* other = b.if_object();
        if (other == nullptr || object->size() != other->size()) return false;
        // Copies of one schema mostly keep their keys in one order: walked together first.
        auto x = object->begin();
        for (auto y = other->begin(); x != object->end() && x->key() == y->key(); ++x, ++y)
            if (!json_equal(x->value(), y->value())) return false;
        for (; x != object->end(); ++x) {
            const auto* found = other->if_contains(x->key());
            if (found == nullptr || !json_equal(x->value(), *found)) return false;
        }
        return true;
    }
    if (const auto* array = a.if_array()) {
        const auto* other = b.if_array();
        if (other == nullptr || array->size() != other->size()) return false;
        return std::equal(array->begin(), array->end(), other->begin(), [](const auto& x, const auto& y) { return json_equal(x, y); });
    }
    return !b.is_structured() && a == b;  // scalars and strings: compared in place
}

json::value strings_json(std::span<const std::string_view> strings) {
    json::array out;
    out.reserve(strings.size());
    for (const auto text : strings) out.emplace_back(text);
    return out;
}

}  // namespace kompat
