#include "load/lifecycle.hpp"

#include <array>
#include <cctype>

namespace kompat {
namespace {

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

bool is_gate_name(std::string_view word) {
    if (word.size() < 3 || !std::isupper(static_cast<unsigned char>(word.front()))) return false;
    for (const char c : word)
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    return true;
}

// A sentence that starts "Deprecated" (at the start or after a sentence end), or says
// the field is deprecated.
bool says_deprecated(std::string_view description) {
    if (description.starts_with("Deprecated")) return true;
    for (const std::string_view marker : {". Deprecated", "\nDeprecated", "This field is deprecated", "this field is deprecated"})
        if (contains(description, marker)) return true;
    return false;
}

}  // namespace

std::string_view to_string(LifecycleStatus status) {
    switch (status) {
        case LifecycleStatus::none: return "";
        case LifecycleStatus::alpha: return "alpha";
        case LifecycleStatus::beta: return "beta";
        case LifecycleStatus::deprecated: return "deprecated";
    }
    return "";
}

std::string_view feature_gate_in(std::string_view description) {
    for (std::size_t at = description.find(" feature"); at != std::string_view::npos; at = description.find(" feature", at + 1)) {
        // The word before " feature", without backquotes.
        auto end = at;
        if (end > 0 && description[end - 1] == '`') --end;
        auto start = end;
        while (start > 0 && std::isalnum(static_cast<unsigned char>(description[start - 1]))) --start;
        const auto word = description.substr(start, end - start);
        if (is_gate_name(word)) return word;
    }
    return {};
}

Lifecycle lifecycle_of(const Schema& schema) {
    for (const auto& entry : schema.lifecycle) {
        if (entry.project != "kubernetes") continue;
        Lifecycle lifecycle;
        lifecycle.status = entry.status == "alpha"        ? LifecycleStatus::alpha
                           : entry.status == "beta"       ? LifecycleStatus::beta
                           : entry.status == "deprecated" ? LifecycleStatus::deprecated
                                                          : LifecycleStatus::none;
        lifecycle.feature_gate = entry.feature_gate;
        lifecycle.min_version = entry.min_version;
        return lifecycle;
    }
    const auto description = schema.description;
    // Most descriptions say none of it: a few scans for what every sentence below holds
    // settle them ("eta" alone would let through every description that says "metadata").
    if (description.empty() || (!contains(description, "lpha") && !contains(description, "-level") &&
                                !contains(description, "beta field") && !description.starts_with("(Beta)") &&
                                !contains(description, "precated")))
        return {};
    Lifecycle lifecycle;
    lifecycle.inferred = true;
    if (contains(description, "alpha-level") || contains(description, "is an alpha field") || description.starts_with("(Alpha)"))
        lifecycle.status = LifecycleStatus::alpha;
    else if (contains(description, "beta-level") || contains(description, "is a beta field") || description.starts_with("(Beta)"))
        lifecycle.status = LifecycleStatus::beta;
    else if (says_deprecated(description))
        lifecycle.status = LifecycleStatus::deprecated;
    else
        return {};
    if (lifecycle.status != LifecycleStatus::deprecated) lifecycle.feature_gate = feature_gate_in(description);
    return lifecycle;
}

}  // namespace kompat
