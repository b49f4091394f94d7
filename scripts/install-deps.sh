#!/usr/bin/env bash
# Installs the packages kompat builds and tests with, only those that are missing; the
# arguments name more (`make fuzz` adds clang and its sanitizer runtimes).
#
# Supported: Debian 12, and Ubuntu 24.04 for building kompat (Boost.JSON's package is
# named for its version: libboost-json1.81-dev on Debian 12, libboost-json1.83-dev on
# Ubuntu 24.04). Elsewhere it stops with a message naming what to install.
set -euo pipefail

os="unknown"
if [ -r /etc/os-release ]; then
  # shellcheck disable=SC1091
  os="$(. /etc/os-release && echo "${ID:-unknown}:${VERSION_ID:-}")"
fi
tests=(catch2 libbenchmark-dev libyaml-dev libxml2-utils python3-jsonschema cmark-gfm)
case "$os" in
  debian:12) boost_json=libboost-json1.81-dev ;;
  ubuntu:24.04)
    boost_json=libboost-json1.83-dev
    # Ubuntu 24.04's catch2 is v3; kompat's tests are written for v2.
    tests=()
    echo "install-deps: Ubuntu 24.04 ships Catch2 v3, and kompat's tests need Catch2 v2:" \
         "installing what kompat alone needs; build it with 'make install KOMPAT_TESTS=OFF'" >&2 ;;
  ubuntu:22.04)
    echo "install-deps: Ubuntu 22.04 ships Boost.JSON 1.74 (libboost-json1.74-dev), and kompat needs 1.81 or later." \
         "Use the container image (docs/ci.md), or install Boost 1.81+ with Boost.JSON and run" \
         "'cmake -S . -B build -DKOMPAT_TESTS=OFF && cmake --build build'." >&2
    exit 1 ;;
  *)
    echo "install-deps: $os is not a platform this script knows (Debian 12, Ubuntu 24.04)." \
         "Install: CMake 3.25+, a C++20 compiler (GCC 12+), pkg-config, Boost.JSON 1.81+, libfyaml," \
         "dtl, fmt, CLI11, RE2, help2man; for the tests Catch2 v2 and Google Benchmark." >&2
    exit 1 ;;
esac

packages=(cmake g++ make pkg-config git help2man dpkg-dev "$boost_json" libfyaml-dev libdtl-dev
          libfmt-dev libcli11-dev libre2-dev "${tests[@]}" "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
