#include "report/changelog_words.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include <algorithm>
#include <array>
#include <vector>

#include "model/snapshot.hpp"
#include "report/finding_fold.hpp"
#include "report/finding_text.hpp"
#include "report/markdown_text.hpp"

namespace kompat {
namespace json = boost::json;

KindName split_kind(std::string_view gvk) {
    auto parsed = parse_group_version_kind(gvk);
    return {parsed.group_version(), std::move(parsed.kind)};
}

std::string group_of(std::string_view group_version) {
    const auto slash = group_version.find('/');
    return slash == std::string_view::npos ? "" : std::string(group_version.substr(0, slash));
}

std::tuple<int, int, int> version_rank(std::string_view group_version) {
    const auto slash = group_version.rfind('/');
    const auto version = slash == std::string_view::npos ? group_version : group_version.substr(slash + 1);
    if (!version.starts_with('v')) return {2, 0, 0};
    const auto rest = version.substr(std::min(version.find_first_not_of("0123456789", 1), version.size()));
    const int stage = rest.starts_with("alpha") ? 0 : rest.starts_with("beta") ? 1 : 2;
    const auto [major, minor] = version_numbers(version);
    return {stage, major, minor};
}

std::string stage_of(std::string_view group_version) {
    static constexpr std::array<std::string_view, 3> stages{"alpha", "beta", "ga"};
    return std::string(stages[static_cast<std::size_t>(std::get<0>(version_rank(group_version)))]);
}

std::string schema_words(const json::value& summary) {
    if (!summary.is_object()) return {};
    const auto& schema = summary.get_object();
    if (const auto* ref = schema.if_contains("$ref"); ref != nullptr && ref->is_string()) {
        const std::string_view name = ref->get_string();
        return std::string(name.substr(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1));
    }
    if (schema.contains("x-kubernetes-int-or-string")) return "integer or string";
    const auto* type = schema.if_contains("type");
    const std::string_view type_name = type != nullptr && type->is_string() ? std::string_view(type->get_string()) : "";
    if (type_name == "array") {
        const auto items = schema.contains("items") ? schema_words(schema.at("items")) : std::string();
        return items.empty() ? "array" : "array of " + items;
    }
    if (type_name == "object" || type_name.empty()) {
        if (const auto* values = schema.if_contains("additionalProperties"); values != nullptr && values->is_object()) {
            const auto words = schema_words(*values);
            return words.empty() ? "map" : "map of " + words;
        }
        return type_name.empty() ? "" : "object";
    }
    if (const auto* format = schema.if_contains("format"); format != nullptr && format->is_string()) {
        // int32, int64, double name their type; a string's format qualifies it (date-time string).
        if (type_name == "integer" || type_name == "number") return std::string(format->get_string());
        return fmt::format("{} {}", std::string_view(format->get_string()), type_name);
    }
    return std::string(type_name);
}

std::string field_words(const Finding& finding) {
    std::vector<std::string> parts;
    if (auto words = schema_words(finding.new_value); !words.empty()) parts.push_back(std::move(words));
    if (finding.lifecycle.status == LifecycleStatus::alpha || finding.lifecycle.status == LifecycleStatus::beta)
        parts.emplace_back(to_string(finding.lifecycle.status));
    if (!finding.lifecycle.feature_gate.empty()) parts.push_back("feature gate " + input_span(finding.lifecycle.feature_gate));
    if (parts.empty()) return {};
    return fmt::format(" ({})", fmt::join(parts, ", "));
}

std::string stage_words(const json::value& value) {
    if (!value.is_string() || value.get_string() == "ga") return "GA";
    return std::string(value.get_string());
}

std::string kinds_words(const Finding& finding) {
    auto names = affected_names(finding);
    if (names.empty()) return {};
    const bool operations = std::all_of(names.begin(), names.end(), [](const std::string& name) { return names_operation(name); });
    // Kinds read as words (Pod, Deployment); an operation is quoted, as a path is.
    if (operations)
        for (auto& name : names) name = input_span(name);
    return ", in " + first_few(names, operations ? " operations" : " kinds");
}

}  // namespace kompat
