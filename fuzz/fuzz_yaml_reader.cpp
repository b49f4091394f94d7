// libFuzzer harness: the YAML reader (libfyaml events, scalar resolution by document and
// by YAML 1.2's core schema, single-quoted scalars, merge keys, anchors, alias budget).
#include "load/yaml_reader.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const kompat::SourceFile source{"input.yaml", std::string(kompat::fuzz::bytes_of(data, size))};
    // As a snapshot's file (rules by document), and as the YAML test suite is read.
    for (const auto& options : {kompat::YamlOptions{}, kompat::YamlOptions{kompat::ScalarRules::core, true}}) {
        try {
            const auto parsed = kompat::read_yaml(source, kompat::fuzz::fuzz_limits(), options);
        } catch (const kompat::InputError&) {
        }
    }
    return 0;
}
