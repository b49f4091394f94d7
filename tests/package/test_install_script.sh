#!/usr/bin/env bash
# scripts/install.sh against a fake release served on 127.0.0.1 (tests/package/fake_release.py):
# a matching checksum installs a kompat that runs; a checksum that does not match, a missing
# asset and an unsupported platform each fail with their message and install nothing.
# Usage: tests/package/test_install_script.sh KOMPAT SOURCE_DIR
set -euo pipefail
kompat=$(readlink -f "$1")
source=$(readlink -f "$2")
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v curl > /dev/null || command -v wget > /dev/null || { echo "SKIP: neither curl nor wget" >&2; exit 77; }

work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2> /dev/null; rm -rf "$work"' EXIT
version=$("$kompat" --version | sed -n '1s/^kompat \([^ ]*\) .*/\1/p')
man_page=$(dirname "$kompat")/kompat.1.gz
[ -f "$man_page" ] || { echo "no man page" | gzip -n > "$work/kompat.1.gz"; man_page=$work/kompat.1.gz; }

# The release, as make release writes it, and a later one whose SHA256SUMS lies.
release=$work/releases/download/v$version
"$source/scripts/release.sh" "$kompat" "$man_page" "$release" --unlicensed > /dev/null
tampered=$work/releases/download/v9.9.9
mkdir -p "$tampered"
cp "$release/kompat-$version-linux-amd64.tar.gz" "$tampered/kompat-9.9.9-linux-amd64.tar.gz"
echo "0000000000000000000000000000000000000000000000000000000000000000  kompat-9.9.9-linux-amd64.tar.gz" > "$tampered/SHA256SUMS"

python3 "$source/tests/package/fake_release.py" "$work/releases" > "$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
export KOMPAT_RELEASES="http://127.0.0.1:$(cat "$work/port")"
install() {  # PREFIX ARGS...: exit code, stderr in $work/err
  local prefix=$1
  shift
  set +e
  PREFIX=$prefix "$source/scripts/install.sh" "$@" 2> "$work/err"
  local code=$?
  set -e
  return $code
}

install "$work/a" "$version" || fail "install $version: $(cat "$work/err")"
"$work/a/bin/kompat" --version | grep -q "^kompat $version" || fail "the installed kompat does not run"
[ -f "$work/a/share/man/man1/kompat.1.gz" ] || fail "no man page installed"
"$work/a/bin/kompat" check "$source/golden/field-removed/old.json" "$source/golden/field-removed/new.json" > /dev/null && fail "installed kompat: no finding"

# No VERSION: the latest release (/latest redirects to v9.9.9, whose checksum lies).
install "$work/b" && fail "latest with a lying SHA256SUMS installed"
grep -q "does not match SHA256SUMS" "$work/err" || fail "mismatch message: $(cat "$work/err")"
[ -e "$work/b/bin/kompat" ] && fail "a mismatched binary was installed"

install "$work/c" "v$version" || fail "install v$version: $(cat "$work/err")"
KOMPAT_ARCH=aarch64 install "$work/d" "$version" && fail "an arm64 asset the release lacks installed"
grep -q "has no kompat-$version-linux-arm64.tar.gz" "$work/err" || fail "missing asset message: $(cat "$work/err")"
KOMPAT_ARCH=riscv64 install "$work/e" "$version" && fail "riscv64 installed"
grep -q "no release binary for" "$work/err" || fail "platform message: $(cat "$work/err")"
KOMPAT_OS=Darwin install "$work/e" "$version" && fail "Darwin installed"
grep -q "no release binary for Darwin" "$work/err" || fail "OS message: $(cat "$work/err")"
install "$work/f" 7.7.7 && fail "a release that does not exist installed"
grep -q "no such release" "$work/err" || fail "missing release message: $(cat "$work/err")"
[ -e "$work/d/bin/kompat" ] || [ -e "$work/e/bin/kompat" ] || [ -e "$work/f/bin/kompat" ] && fail "a failed install left a binary"
echo "install.sh: installed, refused a lying checksum, a missing asset, a missing release and two platforms"
