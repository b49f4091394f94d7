#!/bin/sh
# The release artefacts of one architecture (make release): in OUT_DIR,
#   kompat-VERSION-linux-ARCH.tar.gz    kompat, its man page, README.md, LICENSE and the
#                                       licences of the libraries linked into it
#   kompat-VERSION-linux-ARCH.spdx.json an SPDX SBOM of those libraries (scripts/sbom.py)
#   SHA256SUMS                          the SHA-256 of each, as `sha256sum -c` reads it
# byte for byte the same from the same binary and commit: file times are the commit's
# (SOURCE_DATE_EPOCH when set), owners 0, names sorted, gzip without a name or time.
#
# Usage: scripts/release.sh KOMPAT MAN_PAGE OUT_DIR [--unlicensed]
# --unlicensed packs without the project's LICENSE (there is none yet): for tests and
# fake releases only; a real release refuses to go without one.
set -eu
kompat=$1
man_page=$2
out=$3
unlicensed=${4:-}
source=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "release.sh: $*" >&2; exit 2; }

[ -x "$kompat" ] || fail "$kompat is not an executable (make static)"
[ -f "$man_page" ] || fail "$man_page is not there (help2man builds it with the dynamic kompat)"
if [ ! -f "$source/LICENSE" ] && [ "$unlicensed" != --unlicensed ]; then
  fail "the project has no LICENSE: a release needs one (choosing it is the owners' call); --unlicensed packs a test release"
fi
version=$("$kompat" --version | sed -n '1s/^kompat \([^ ]*\) .*/\1/p')
[ -n "$version" ] || fail "$kompat --version names no version"
case $(readelf -h "$kompat" | sed -n 's/^ *Machine: *//p') in
  *X86-64*) arch=amd64 ;;
  *AArch64*) arch=arm64 ;;
  *) fail "$kompat is for a machine no release is made for: $(readelf -h "$kompat" | grep Machine)" ;;
esac
commit=$(git -C "$source" rev-parse HEAD 2> /dev/null || echo unknown)
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$source" log -1 --format=%ct 2> /dev/null || echo 0)}
name=kompat-$version-linux-$arch

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/licenses" "$out"
cp "$kompat" "$stage/$name/kompat"
cp "$man_page" "$stage/$name/kompat.1.gz"
cp "$source/README.md" "$stage/$name/README.md"
[ -f "$source/LICENSE" ] && cp "$source/LICENSE" "$stage/$name/LICENSE"
# What Debian says of each library linked or compiled in (glibc, libstdc++, Boost, ...).
for package in libc6-dev libstdc++-12-dev libboost-json1.81-dev libfyaml-dev libre2-dev libfmt-dev libcli11-dev libdtl-dev; do
  copyright=/usr/share/doc/$package/copyright
  [ -f "$copyright" ] && cp "$copyright" "$stage/$name/licenses/$package.copyright"
done
chmod -R u+rwX,go+rX,go-w "$stage/$name"
find "$stage/$name" -exec touch -h -d "@$epoch" {} +
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --format=gnu -C "$stage" -cf - "$name" |
  gzip -9n > "$out/$name.tar.gz"
python3 "$source/scripts/sbom.py" "$name" "$version" "$commit" "$epoch" > "$out/$name.spdx.json"
# Another architecture's lines (a release of both, made in one OUT_DIR) are kept.
(
  cd "$out"
  { [ -f SHA256SUMS ] && grep -v -e " $name.tar.gz\$" -e " $name.spdx.json\$" SHA256SUMS || true
    sha256sum "$name.tar.gz" "$name.spdx.json"; } | sort -k 2 > SHA256SUMS.new
  mv SHA256SUMS.new SHA256SUMS
)
echo "$out/$name.tar.gz"
