#!/usr/bin/env bash
# The static kompat (make static) runs alone: no shared library, in an empty root holding
# only the binary and two spec files, and gives the report the dynamic build gives.
# Usage: tests/package/test_static.sh STATIC_KOMPAT SOURCE_DIR
set -euo pipefail
kompat=$(readlink -f "$1")
source=$(readlink -f "$2")
fail() { echo "FAIL: $*" >&2; exit 1; }

[ -x "$kompat" ] || fail "$kompat is not built (make static)"
# No interpreter and no dynamic section: nothing to load from the machine it runs on.
if readelf -l "$kompat" | grep -q INTERP; then fail "$kompat asks for a dynamic loader"; fi
if readelf -d "$kompat" 2> /dev/null | grep -q NEEDED; then fail "$kompat needs shared libraries: $(readelf -d "$kompat" | grep NEEDED)"; fi
readelf -S "$kompat" | grep -q '\.symtab' && fail "$kompat is not stripped"
"$kompat" --version | grep -q '^kompat ' || fail "--version: $("$kompat" --version)"
for library in "Boost.JSON 1." "libfyaml 0." "RE2 " "fmt " "CLI11 2." "dtl "; do
  "$kompat" --version | grep -q "$library" || fail "--version does not name $library"
done

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
cp "$kompat" "$root/kompat"
cp "$source/golden/field-removed/old.json" "$source/golden/field-removed/new.json" "$root/"
# An empty root: chroot where allowed (root with CAP_SYS_CHROOT), else in a user namespace
# (unshare -r); skipped where neither is (the binary's checks above still ran).
if chroot "$root" /kompat --version > /dev/null 2>&1; then
  enter=(chroot "$root")
elif unshare -r chroot "$root" /kompat --version > /dev/null 2>&1; then
  enter=(unshare -r chroot "$root")
else
  echo "SKIP: chroot and unshare -r are not allowed here: no empty root to run in" >&2
  exit 77
fi
set +e
report=$(cd / && "${enter[@]}" /kompat check --format json /old.json /new.json)
code=$?
set -e
[ "$code" = 1 ] || fail "check in the empty root: exit $code, not 1"
grep -q '"rule": "field-removed"' <<< "$report" || fail "the empty root's report has no field-removed: $report"
# The same findings as the dynamic build, but for the paths the two runs name the files by.
expected=$(sed 's|"new.json"|"/new.json"|g; s|"old.json"|"/old.json"|g' "$source/golden/field-removed/expected.json")
[ "$report" = "$expected" ] || fail "the static kompat's report differs from golden/field-removed/expected.json:
$(diff <(echo "$expected") <(echo "$report") | head -20)"
echo "static kompat: $(stat -c %s "$kompat") bytes, runs in an empty root"
