#pragma once
// Names listed as a sentence says them: "a", "a and b", "a, b and c".
#include <string>
#include <vector>

namespace kompat {

inline std::string in_words(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    return out;
}

}  // namespace kompat
