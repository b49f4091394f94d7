#!/bin/sh
# Installs a released kompat: the static binary for this machine's architecture, checked
# against the release's SHA256SUMS before anything is installed. No root needed.
#
#   scripts/install.sh [VERSION]      VERSION: 0.2.0 or v0.2.0; none: the latest release
#
#   PREFIX              where to install (default ~/.local): PREFIX/bin/kompat and
#                       PREFIX/share/man/man1/kompat.1.gz
#   KOMPAT_RELEASES     the releases' base URL (default https://github.com/OWNER/kompat/releases):
#                       a mirror, or a local copy, laid out as GitHub lays out releases
#                       (BASE/download/vVERSION/ASSET, BASE/latest redirecting to BASE/tag/vVERSION)
#   KOMPAT_OS, KOMPAT_ARCH  the platform to fetch for (default: uname -s, uname -m)
#
# Exit 0 installed; 1 the release cannot be used here (no binary for the platform, no such
# release or asset, a checksum that does not match: nothing is installed); 2 bad usage.
set -eu
releases=${KOMPAT_RELEASES:-https://github.com/OWNER/kompat/releases}
prefix=${PREFIX:-$HOME/.local}
say() { echo "kompat install: $*" >&2; }
fail() { say "$*"; exit 1; }
[ $# -le 1 ] || { say "usage: install.sh [VERSION]"; exit 2; }

fetch() {  # URL FILE: the body of URL in FILE, failing on an HTTP error
  if command -v curl > /dev/null 2>&1; then curl -fsSL --retry 2 -o "$2" "$1"
  elif command -v wget > /dev/null 2>&1; then wget -q -O "$2" "$1"
  else fail "neither curl nor wget is installed"; fi
}
final_url() {  # URL: where its redirects end
  if command -v curl > /dev/null 2>&1; then curl -fsSLI -o /dev/null -w '%{url_effective}' "$1"
  else wget -q -S --spider "$1" 2>&1 | sed -n 's/^ *Location: *//p' | tail -n 1; fi
}

os=${KOMPAT_OS:-$(uname -s)}
case $os in
  Linux | linux) ;;
  *) fail "no release binary for $os: build from source (README.md, \"Platforms\")" ;;
esac
case ${KOMPAT_ARCH:-$(uname -m)} in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) fail "no release binary for $(uname -s) ${KOMPAT_ARCH:-$(uname -m)}: releases are for amd64 and arm64; build from source (README.md)" ;;
esac

if [ $# -eq 1 ]; then
  version=${1#v}
else
  tag=$(final_url "$releases/latest" || true)
  tag=${tag##*/}
  case $tag in v[0-9]*) version=${tag#v} ;; *) fail "could not tell the latest release from $releases/latest; give a VERSION" ;; esac
fi
case $version in
  [0-9]*.[0-9]*.[0-9]*) ;;
  *) say "$version is no version (0.2.0)"; exit 2 ;;
esac

name=kompat-$version-linux-$arch
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fetch "$releases/download/v$version/SHA256SUMS" "$work/SHA256SUMS" || fail "release v$version has no SHA256SUMS at $releases/download/v$version/ (no such release?)"
fetch "$releases/download/v$version/$name.tar.gz" "$work/$name.tar.gz" || fail "release v$version has no $name.tar.gz"
expected=$(awk -v f="$name.tar.gz" '$2 == f || $2 == "*" f { print $1 }' "$work/SHA256SUMS")
[ -n "$expected" ] || fail "SHA256SUMS of v$version does not list $name.tar.gz"
if command -v sha256sum > /dev/null 2>&1; then actual=$(sha256sum "$work/$name.tar.gz" | cut -d ' ' -f 1)
else actual=$(shasum -a 256 "$work/$name.tar.gz" | cut -d ' ' -f 1); fi
[ "$actual" = "$expected" ] || fail "$name.tar.gz does not match SHA256SUMS (expected $expected, got $actual): nothing installed"
tar -xzf "$work/$name.tar.gz" -C "$work"
mkdir -p "$prefix/bin" "$prefix/share/man/man1"
cp "$work/$name/kompat" "$prefix/bin/kompat.new" && mv "$prefix/bin/kompat.new" "$prefix/bin/kompat"
[ -f "$work/$name/kompat.1.gz" ] && cp "$work/$name/kompat.1.gz" "$prefix/share/man/man1/kompat.1.gz"
say "installed $("$prefix/bin/kompat" --version | head -n 1) in $prefix/bin"
case :$PATH: in *":$prefix/bin:"*) ;; *) say "$prefix/bin is not on PATH" ;; esac
