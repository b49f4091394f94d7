#!/usr/bin/env bash
# Installs the Debian packages kompat builds with, only those that are missing; the
# arguments name more (`make fuzz` adds clang and its sanitizer runtimes).
set -euo pipefail
packages=(cmake g++ make git libboost-json1.81-dev libfyaml-dev libdtl-dev libfmt-dev
          libcli11-dev catch2 libbenchmark-dev libxml2-utils python3-jsonschema "$@")
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
