#!/usr/bin/env bash
# The container image's Dockerfile, read where no container engine runs (as here): a
# build stage on debian:12 with the packages kompat builds with, a debian:12-slim runtime
# stage whose packages exist, kompat as the entry point and /work as the working
# directory, so that `docker run --rm -v "$PWD:/work" IMAGE check old new` works. Where
# a docker daemon answers, the image is built and that command run.
# (tests/package/test_deb.sh checks the runtime packages against the .deb's Depends.)
# Usage: tests/package/test_dockerfile.sh SOURCE_DIR
set -euo pipefail
source=$(cd "$1" && pwd)
dockerfile="$source/Dockerfile"
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -f "$dockerfile" ] || fail "no Dockerfile"

mapfile -t froms < <(grep '^FROM ' "$dockerfile")
[ ${#froms[@]} -eq 2 ] || fail "expected two stages, found ${#froms[@]}"
[ "${froms[0]}" = "FROM debian:12 AS build" ] || fail "first stage: ${froms[0]}"
[ "${froms[1]}" = "FROM debian:12-slim" ] || fail "second stage: ${froms[1]}"
grep -q '^ENTRYPOINT \["kompat"\]$' "$dockerfile" || fail "the entry point is not kompat"
grep -q '^WORKDIR /work$' "$dockerfile" || fail "the working directory is not /work"

build_packages=$("$source/tests/package/dockerfile_packages.sh" "$dockerfile" 1)
runtime_packages=$("$source/tests/package/dockerfile_packages.sh" "$dockerfile" 2)
[ -n "$build_packages" ] && [ -n "$runtime_packages" ] || fail "no apt-get install in a stage"
# The build stage has what scripts/install-deps.sh installs to build kompat on Debian 12.
for package in cmake g++ make pkg-config help2man libboost-json1.81-dev libfyaml-dev libdtl-dev libfmt-dev libcli11-dev; do
  grep -qx "$package" <<<"$build_packages" || fail "the build stage lacks $package"
  grep -q -- "$package" "$source/scripts/install-deps.sh" || [ "$package" = libboost-json1.81-dev ] ||
    fail "$package is not in scripts/install-deps.sh"
done
grep -qx git <<<"$runtime_packages" || fail "the runtime stage lacks git (REV:PATH)"
# Every package named exists in this Debian's archive (apt's lists, when it has them).
if command -v apt-cache >/dev/null && [ -n "$(ls /var/lib/apt/lists/ 2>/dev/null | grep -v -e lock -e partial)" ]; then
  for package in $build_packages $runtime_packages; do
    apt-cache show "$package" >/dev/null 2>&1 || fail "no package $package in the archive"
  done
fi
# What the image copies exists (the build output paths are those `cmake --install` writes).
while read -r _ from _; do
  case "$from" in --from=*) continue ;; esac
  [ "$from" = . ] || [ -e "$source/$from" ] || fail "COPY of a missing $from"
done < <(grep '^COPY ' "$dockerfile")
grep -q '^COPY --from=build /usr/local/bin/kompat /usr/local/bin/kompat$' "$dockerfile" || fail "the binary is not copied"
grep -q 'cmake --install /build --prefix /usr/local' "$dockerfile" || fail "the build stage does not install to /usr/local"

if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
  image="kompat-test-$$"
  docker build -q -t "$image" "$source" >/dev/null || fail "docker build"
  set +e
  docker run --rm -v "$source/examples:/work" "$image" check old/swagger.json new/v3 >/dev/null
  code=$?
  set -e
  docker rmi -f "$image" >/dev/null 2>&1 || true
  [ $code -eq 1 ] || fail "docker run ... check exited $code, not 1"
  echo "ok: the image built and ran a check"
else
  echo "ok: the Dockerfile read (no container engine runs here to build it)"
fi
