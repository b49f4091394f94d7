#include "cli/version.hpp"

#include <CLI/Version.hpp>
#include <boost/version.hpp>
#include <fmt/format.h>
#include <libfyaml.h>

#include "cli/build_info.hpp"

namespace kompat::cli {

std::string version_text() {
    // libfyaml is asked at run time: the shared library in use is what reads YAML.
    return fmt::format("kompat {} (git {})\nbuilt with Boost.JSON {}.{}.{}, libfyaml {}, RE2 {}, fmt {}.{}.{}, CLI11 {}, dtl {}",
                       KOMPAT_VERSION, KOMPAT_GIT_DESCRIBE, BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000, BOOST_VERSION % 100,
                       fy_library_version(), KOMPAT_RE2_VERSION, FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100,
                       CLI11_VERSION, KOMPAT_DTL_VERSION);
}

}  // namespace kompat::cli
