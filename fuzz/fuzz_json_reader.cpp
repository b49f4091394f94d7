// libFuzzer harness: the JSON reader (Boost.JSON with key positions), whole and in small
// pieces (1 to 16 bytes, by the input's length): the two must agree on what they accept
// and read (abort otherwise).
#include <boost/json/serialize.hpp>

#include <cstdlib>

#include "load/json_reader.hpp"
#include "load/text_pieces.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

// The document read, serialized; empty when refused.
std::string outcome(const kompat::SourceFile& source, std::size_t piece) {
    try {
        return boost::json::serialize(kompat::read_json_in_pieces(source, kompat::fuzz::fuzz_limits(), piece).documents.at(0));
    } catch (const kompat::InputError&) {
        return {};
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const kompat::SourceFile source("input.json", std::string(kompat::fuzz::bytes_of(data, size)));
    if (outcome(source, 1 + size % 16) != outcome(source, kompat::piece_bytes)) std::abort();
    return 0;
}
