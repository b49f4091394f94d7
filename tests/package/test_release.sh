#!/usr/bin/env bash
# make release's artefacts (scripts/release.sh): written twice from the same binary and
# commit, byte for byte the same; the tarball holds the binary, man page, README and the
# libraries' licences; SHA256SUMS verifies; the SBOM is SPDX 2.3 naming every library.
# Usage: tests/package/test_release.sh KOMPAT MAN_PAGE SOURCE_DIR
set -euo pipefail
kompat=$(readlink -f "$1")
man_page=$2
source=$(readlink -f "$3")
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -f "$man_page" ] || { echo "no man page" | gzip -n > "$work/kompat.1.gz"; man_page=$work/kompat.1.gz; }
licence=()
[ -f "$source/LICENSE" ] || licence=(--unlicensed)
if [ ${#licence[@]} -gt 0 ]; then
  "$source/scripts/release.sh" "$kompat" "$man_page" "$work/refused" 2> "$work/err" && fail "released without a LICENSE"
  grep -q "has no LICENSE" "$work/err" || fail "no LICENSE message: $(cat "$work/err")"
fi
"$source/scripts/release.sh" "$kompat" "$man_page" "$work/one" "${licence[@]}" > /dev/null
sleep 1  # a second later: no time of the run may enter the artefacts
"$source/scripts/release.sh" "$kompat" "$man_page" "$work/two" "${licence[@]}" > /dev/null
for file in "$work"/one/*; do
  cmp -s "$file" "$work/two/$(basename "$file")" || fail "$(basename "$file") differs between two runs"
done
(cd "$work/one" && sha256sum -c --quiet SHA256SUMS) || fail "SHA256SUMS does not verify"
tarball=$(ls "$work"/one/*.tar.gz)
name=$(basename "$tarball" .tar.gz)
listing=$(tar -tzf "$tarball")
for member in kompat kompat.1.gz README.md licenses/libc6-dev.copyright licenses/libboost-json1.81-dev.copyright; do
  grep -qx "$name/$member" <<< "$listing" || fail "$name.tar.gz lacks $member"
done
tar -tvzf "$tarball" | awk '$2 != "0/0" { exit 1 }' || fail "a member is not owned by 0/0"
python3 - "$work/one/$name.spdx.json" << 'PY' || fail "the SBOM"
import json, sys
document = json.load(open(sys.argv[1]))
assert document["spdxVersion"] == "SPDX-2.3"
names = {p["name"] for p in document["packages"]}
for library in ("kompat", "glibc", "libstdc++", "Boost.JSON", "libfyaml", "RE2", "fmt", "CLI11"):
    assert library in names, library
assert all(p["versionInfo"] != "NOASSERTION" for p in document["packages"]), "a version unknown"
PY
echo "release: $name reproducible, verified, SBOM of $(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['packages']))" "$work/one/$name.spdx.json") packages"
