#pragma once
// Case in the ASCII letters alone: Kubernetes names, versions and the English of
// descriptions, compared as std::tolower does in the "C" locale kompat runs in.
#include <string>
#include <string_view>

namespace kompat {

inline std::string ascii_lowered(std::string_view text) {
    std::string out(text);
    for (auto& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

}  // namespace kompat
