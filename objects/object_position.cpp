#include "objects/object_position.hpp"

#include <algorithm>
#include <charconv>
#include <string>

#include "model/parsed_file.hpp"

namespace kompat {
namespace json = boost::json;

namespace {

// One step of a path: a field name (`.name`, `["a.b"]`) or a list index (`[3]`).
struct Step {
    std::string name;
    std::size_t index = 0;
    bool is_index = false;
};

// The step at `at`, `at` moved to where the next one starts (npos at a step kompat's object
// paths do not write, such as `[*]`).
Step next_step(std::string_view path, std::size_t& at) {
    Step step;
    if (path.substr(at).starts_with("[\"")) {
        for (at += 2; at < path.size() && path[at] != '"'; ++at) {
            if (path[at] == '\\' && at + 1 < path.size()) ++at;
            step.name += path[at];
        }
        at = std::min(at + 2, path.size());  // the closing `"]`
    } else if (path[at] == '[') {
        const auto close = path.find(']', at);
        const auto digits = path.substr(at + 1, close == std::string_view::npos ? 0 : close - at - 1);
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), step.index);
        if (close == std::string_view::npos || error != std::errc() || end != digits.data() + digits.size()) {
            at = std::string_view::npos;
            return step;
        }
        step.is_index = true;
        at = close + 1;
    } else {
        const auto end = std::min(path.find_first_of(".[", at + 1), path.size());
        step.name = std::string(path.substr(at + 1, end - at - 1));
        at = end;
    }
    return step;
}

}  // namespace

TextPosition position_of_field(const json::object& body, std::string_view path, TextPosition fallback) {
    TextPosition found = fallback;
    const json::value* at_value = nullptr;
    const json::object* object = &body;
    for (std::size_t at = path == "." ? path.size() : 0; at < path.size();) {
        const auto step = next_step(path, at);
        if (at == std::string_view::npos) break;
        if (step.is_index) {
            const auto* list = at_value != nullptr ? at_value->if_array() : nullptr;
            if (list == nullptr || step.index >= list->size()) break;
            at_value = &(*list)[step.index];
            object = at_value->if_object();
            // An item has no key of its own: it stands where its first key does.
            if (object != nullptr && !object->empty())
                if (const auto position = KeyPositionMemory::position_of_key(object->begin()->key().data()); position.line > 0)
                    found = position;
            continue;
        }
        if (object == nullptr) break;
        const auto member = object->find(step.name);
        if (member == object->end()) break;
        if (const auto position = KeyPositionMemory::position_of_key(member->key().data()); position.line > 0) found = position;
        at_value = &member->value();
        object = at_value->if_object();
    }
    return found;
}

}  // namespace kompat
