#pragma once
// What `kompat --version` prints.
#include <string>

namespace kompat::cli {

// "kompat 0.1.0 (git v0.1.0-12-gabc1234)" and a line naming the libraries it was built
// with, each with its version (Boost.JSON, libfyaml, fmt, CLI11, dtl).
std::string version_text();

}  // namespace kompat::cli
