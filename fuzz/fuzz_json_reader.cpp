// libFuzzer harness: the JSON reader (Boost.JSON with key positions).
#include "load/json_reader.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto parsed = kompat::read_json({"input.json", std::string(kompat::fuzz::bytes_of(data, size))}, kompat::fuzz::fuzz_limits());
    } catch (const kompat::InputError&) {
    }
    return 0;
}
