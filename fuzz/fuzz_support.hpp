#pragma once
// Shared by the libFuzzer harnesses. Inputs are bounded by smaller limits than a user
// gets, so a run explores inputs rather than memory; InputError and LookupError are
// kompat's answers to bad input and expected. Anything else escaping (another
// exception, a crash, a sanitizer report, a timeout) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "support/limits.hpp"
#include "load/source_reader.hpp"

namespace kompat::fuzz {

inline Limits fuzz_limits() {
    Limits limits;
    limits.max_input_bytes = 1U << 20U;
    limits.max_yaml_extra_nodes = 100'000;
    return limits;
}

inline std::string_view bytes_of(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};  // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast): libFuzzer's bytes
}

// One file named `name` (without an extension, so JSON or YAML is told by its text).
inline SourceSet one_file(std::string name, std::string_view bytes) {
    SourceSet set;
    set.argument = name;
    set.files.push_back({std::move(name), std::string(bytes)});
    return set;
}

}  // namespace kompat::fuzz
