#include "diff/kubernetes_unions.hpp"

#include "support/json_values.hpp"

#include <fmt/format.h>

namespace kompat {
namespace json = boost::json;

std::string union_options_added(const json::value& before, const json::value& after) {
    const auto* old_unions = before.if_array();
    const auto* new_unions = after.if_array();
    if (old_unions == nullptr || new_unions == nullptr || old_unions->size() != new_unions->size()) return {};
    std::string added;
    for (std::size_t i = 0; i < old_unions->size(); ++i) {
        const auto* was = (*old_unions)[i].if_object();
        const auto* is = (*new_unions)[i].if_object();
        if (was == nullptr || is == nullptr) return {};
        const auto* discriminator = is->if_contains("discriminator");
        if (!json_equal(was->contains("discriminator") ? was->at("discriminator") : json::value(nullptr),
                        discriminator != nullptr ? *discriminator : json::value(nullptr)))
            return {};
        const auto* old_fields = was->if_contains("fields-to-discriminateBy");
        const auto* new_fields = is->if_contains("fields-to-discriminateBy");
        if (old_fields == nullptr || new_fields == nullptr || !old_fields->is_object() || !new_fields->is_object()) return {};
        for (const auto& [field, value] : old_fields->get_object()) {
            const auto* kept = new_fields->get_object().if_contains(field);
            if (kept == nullptr || !json_equal(*kept, value)) return {};
        }
        for (const auto& [field, value] : new_fields->get_object()) {
            if (old_fields->get_object().contains(field)) continue;
            added += (added.empty() ? "" : ", ") + std::string(field);
            if (discriminator != nullptr && discriminator->is_string() && value.is_string())
                added += fmt::format(" when {} is {}", discriminator->get_string().c_str(), value.get_string().c_str());
        }
    }
    return added;
}

}  // namespace kompat
