#!/usr/bin/env bash
# The kompat command line of the golden case in $1, on stdout (its words separated by
# spaces; case file names hold none): `lint spec.json`, `validate spec.json --objects
# objects.yaml`, or `check old.json new.json` with `--release release.json`, `--cluster
# cluster.json` and `--objects objects.yaml` where the case holds them. update.sh runs each case so, and
# tests/test_support.hpp's golden_arguments, which the golden tests use, is checked
# against it for every case (tests/test_lists.cpp).
set -euo pipefail
dir=$1
if [ -f "$dir/spec.json" ]; then
  if [ -f "$dir/objects.yaml" ]; then args=(validate spec.json); else args=(lint spec.json); fi
else
  args=(check old.json new.json)
  [ -f "$dir/release.json" ] && args+=(--release release.json)
  [ -f "$dir/cluster.json" ] && args+=(--cluster cluster.json)
fi
[ -f "$dir/objects.yaml" ] && args+=(--objects objects.yaml)
echo "${args[*]}"
