#!/usr/bin/env bash
# The Debian package, end to end: CPack builds kompat_<version>_amd64.deb from the build
# directory; its Depends name the shared libraries the binary links and the container
# image installs the same; dpkg installs it; the installed kompat runs (--version, one
# check, its man page); dpkg removes it and nothing is left. Needs root: exit 77 (skipped)
# otherwise, and when a kompat package is already installed (it is not ours to replace).
# Usage: tests/package/test_deb.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build=$1 source=$2 version=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
if [ "$(id -u)" -ne 0 ]; then echo "skipped: installing a package needs root"; exit 77; fi
command -v dpkg >/dev/null || { echo "skipped: no dpkg here"; exit 77; }
if dpkg-query -W -f='${Status}' kompat 2>/dev/null | grep -q "install ok installed"; then
  echo "skipped: a kompat package is already installed"; exit 77
fi

work=$(mktemp -d)
trap 'dpkg -r kompat >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >/dev/null)
deb="$work/kompat_${version}_amd64.deb"
[ -f "$deb" ] || fail "no $deb; cpack made: $(ls "$work")"

# Depends: every library the binary links, by package, with the versions it needs.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for package in libboost-json1.81.0 libfyaml0 libfmt9 libc6 libstdc++6; do
  grep -q "$package" <<<"$depends" || fail "Depends lacks $package"
done
contents=$(dpkg-deb -c "$deb")
grep -q '\./usr/bin/kompat$' <<<"$contents" || fail "no usr/bin/kompat in the package"
grep -q '\./usr/share/man/man1/kompat\.1\.gz$' <<<"$contents" || fail "no man page in the package"

# The container image's runtime stage installs what the package depends on, beyond what
# debian:12-slim has (libc6, libgcc-s1, libstdc++6).
runtime=$("$source/tests/package/dockerfile_packages.sh" "$source/Dockerfile" 2)
for package in $(tr ',' '\n' <<<"$depends" | sed 's/(.*)//; s/ //g' | grep -v -E '^(libc6|libgcc-s1|libstdc\+\+6)$'); do
  grep -qx -- "$package" <<<"$runtime" || fail "the Dockerfile's runtime stage does not install $package"
done

dpkg -i "$deb" >/dev/null || fail "dpkg -i failed"
[ "$(command -v kompat)" = /usr/bin/kompat ] || fail "kompat is not /usr/bin/kompat on PATH"
/usr/bin/kompat --version | head -1 | grep -q "^kompat $version " || fail "--version: $(/usr/bin/kompat --version)"
set +e
/usr/bin/kompat check "$source/examples/old/swagger.json" "$source/examples/new/v3" > "$work/report.txt"
code=$?
set -e
[ $code -eq 1 ] || fail "check of the examples exited $code, not 1"
grep -q "error" "$work/report.txt" || fail "check printed no error finding"
[ -f /usr/share/man/man1/kompat.1.gz ] || fail "no installed man page"
dpkg -r kompat >/dev/null || fail "dpkg -r failed"
[ ! -e /usr/bin/kompat ] || fail "/usr/bin/kompat left after removal"
[ ! -e /usr/share/man/man1/kompat.1.gz ] || fail "man page left after removal"
echo "ok: $(basename "$deb") built, installed, run and removed"
