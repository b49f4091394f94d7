#pragma once
#include <optional>
#include <string_view>

namespace kompat {

// error: breaking; warning: may break some clients, needs a human; info: not breaking.
enum class Severity { info, warning, error };

std::string_view to_string(Severity severity);
std::optional<Severity> severity_from(std::string_view text);

}  // namespace kompat
