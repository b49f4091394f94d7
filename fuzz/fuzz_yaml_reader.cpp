// libFuzzer harness: the YAML reader (libfyaml events, scalar resolution by document, merge keys,
// alias budget).
#include "load/yaml_reader.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto parsed = kompat::read_yaml({"input.yaml", std::string(kompat::fuzz::bytes_of(data, size))}, kompat::fuzz::fuzz_limits());
    } catch (const kompat::InputError&) {
    }
    return 0;
}
