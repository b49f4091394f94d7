#!/usr/bin/env bash
# The Action's first step (scripts/action-install.sh) against a fake release on 127.0.0.1
# (tests/package/fake_release.py): at a release tag it installs the release binary, checked
# against SHA256SUMS, and puts it on GITHUB_PATH; a second job finds it cached; a lying
# checksum, a missing asset and an unsupported platform fail the step with an ::error and
# leave no kompat to run; at a branch it builds from source (a stub make here) and says so.
# Usage: tests/package/test_action_install.sh KOMPAT SOURCE_DIR
set -euo pipefail
kompat=$(readlink -f "$1")
source=$(readlink -f "$2")
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v curl > /dev/null || command -v wget > /dev/null || { echo "SKIP: neither curl nor wget" >&2; exit 77; }
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2> /dev/null; rm -rf "$work"' EXIT
version=$("$kompat" --version | sed -n '1s/^kompat \([^ ]*\) .*/\1/p')
echo "no man page" | gzip -n > "$work/kompat.1.gz"
"$source/scripts/release.sh" "$kompat" "$work/kompat.1.gz" "$work/releases/download/v$version" --unlicensed > /dev/null
mkdir -p "$work/releases/download/v9.9.9"
cp "$work/releases/download/v$version/kompat-$version-linux-amd64.tar.gz" "$work/releases/download/v9.9.9/kompat-9.9.9-linux-amd64.tar.gz"
echo "1111111111111111111111111111111111111111111111111111111111111111  kompat-9.9.9-linux-amd64.tar.gz" > "$work/releases/download/v9.9.9/SHA256SUMS"
python3 "$source/tests/package/fake_release.py" "$work/releases" > "$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done

# One run of the step: $1 names its files, then the ref, then NAME=VALUE settings.
step() {
  local name=$1 ref=$2
  shift 2
  mkdir -p "$work/$name"
  : > "$work/$name/path"
  set +e
  env -i PATH="$work/stub:$PATH" HOME="$work/$name" GITHUB_ACTION_PATH="$source" GITHUB_PATH="$work/$name/path" \
    KOMPAT_ACTION_REF="$ref" KOMPAT_ACTION_REPOSITORY=OWNER/kompat KOMPAT_DIR="$work/$name/kompat" \
    KOMPAT_RELEASES="http://127.0.0.1:$(cat "$work/port")" "$@" \
    "$source/scripts/action-install.sh" > "$work/$name/log" 2>&1
  echo $? > "$work/$name/code"
  set -e
}
code() { cat "$work/$1/code"; }

step release "v$version"
[ "$(code release)" = 0 ] || fail "release step: $(cat "$work/release/log")"
grep -q "checked against SHA256SUMS" "$work/release/log" || fail "the log does not say the binary was checked"
[ "$(cat "$work/release/path")" = "$work/release/kompat/bin" ] || fail "GITHUB_PATH: $(cat "$work/release/path")"
"$work/release/kompat/bin/kompat" --version | grep -q "^kompat $version " || fail "the installed kompat"

# A later job with the cached directory: no download (the server is asked nothing).
kill "$server"; wait "$server" 2> /dev/null || true; server=
cp -r "$work/release/kompat" "$work/cached-kompat"
step cached "v$version" KOMPAT_DIR="$work/cached-kompat"
[ "$(code cached)" = 0 ] || fail "cached step: $(cat "$work/cached/log")"
grep -q "cached by an earlier job" "$work/cached/log" || fail "the cache was not used: $(cat "$work/cached/log")"
python3 "$source/tests/package/fake_release.py" "$work/releases" > "$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done

step lying v9.9.9
[ "$(code lying)" = 1 ] || fail "a lying SHA256SUMS: exit $(code lying)"
grep -q "^::error title=kompat::.*does not match SHA256SUMS" "$work/lying/log" || fail "mismatch: $(cat "$work/lying/log")"
[ -s "$work/lying/path" ] && fail "a mismatched binary was put on PATH"
[ -e "$work/lying/kompat/bin/kompat" ] && fail "a mismatched binary is left"

step arm "v$version" KOMPAT_ARCH=aarch64
[ "$(code arm)" = 1 ] || fail "a missing asset: exit $(code arm)"
grep -q "^::error title=kompat::.*has no kompat-$version-linux-arm64.tar.gz" "$work/arm/log" || fail "missing asset: $(cat "$work/arm/log")"
step riscv "v$version" KOMPAT_ARCH=riscv64
[ "$(code riscv)" = 1 ] || fail "an unsupported platform: exit $(code riscv)"
grep -q "^::error title=kompat::.*no release binary for" "$work/riscv/log" || fail "platform: $(cat "$work/riscv/log")"

# At a branch: built from source, said so. The stub make writes a kompat where asked.
mkdir -p "$work/stub"
cat > "$work/stub/make" << 'STUB'
#!/bin/sh
for argument; do case $argument in BUILD_DIR=*) dir=${argument#BUILD_DIR=} ;; esac; done
mkdir -p "$dir" && printf '#!/bin/sh\necho built\n' > "$dir/kompat" && chmod +x "$dir/kompat"
echo "make $*" >> "$(dirname "$dir")/make.log"
STUB
chmod +x "$work/stub/make"
step branch "main"
[ "$(code branch)" = 0 ] || fail "branch step: $(cat "$work/branch/log")"
grep -q "^::notice title=kompat::the Action is used at main, which is not a release tag: building kompat from source" "$work/branch/log" ||
  fail "the log does not say it builds from source: $(cat "$work/branch/log")"
grep -q "KOMPAT_TESTS=OFF build" "$work/branch/kompat/make.log" || fail "make was not asked to build"
step hostile 'x::error::owned'
grep -q "used at this ref," "$work/hostile/log" || fail "a ref with :: was repeated in the log"
echo "action-install: release installed and checked, cache used, three failures refused, a branch built from source"
