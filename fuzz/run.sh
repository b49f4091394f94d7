#!/usr/bin/env bash
# Runs every libFuzzer harness built in $1 for $2 seconds each, seeded from golden/ and
# examples/. Findings go to $1/artifacts/; each becomes a regression test in
# tests/test_fuzz_regressions.cpp. Exits 1 when any harness found something.
set -euo pipefail
build=$(readlink -f "$1")
seconds=$2
root=$(readlink -f "$(dirname "$0")/..")
seeds=$build/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{fuzz_json_reader,fuzz_yaml_reader,fuzz_load,fuzz_check} "$build/artifacts" "$build/logs"

n=0
while IFS= read -r -d '' file; do
  n=$((n + 1))
  case $file in
    *.json) cp "$file" "$seeds/fuzz_json_reader/$n.json" ;;
    *) cp "$file" "$seeds/fuzz_yaml_reader/$n.yaml" ;;
  esac
  cp "$file" "$seeds/fuzz_load/$n"
done < <(find "$root/golden" "$root/examples" -type f \( -name '*.json' -o -name '*.yaml' \) -print0 | sort -z)
for dir in "$root"/golden/*/; do
  if [ -f "$dir/old.json" ] && [ -f "$dir/new.json" ]; then
    { cat "$dir/old.json"; printf '\0'; cat "$dir/new.json"; } > "$seeds/fuzz_check/$(basename "$dir")"
  fi
done

status=0
for harness in fuzz_json_reader fuzz_yaml_reader fuzz_load fuzz_check; do
  mkdir -p "$build/corpus/$harness"
  log=$build/logs/$harness.log
  if ! "$build/$harness" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
      -artifact_prefix="$build/artifacts/$harness-" "$build/corpus/$harness" "$seeds/$harness" > "$log" 2>&1; then
    status=1
    echo "$harness: FOUND SOMETHING, see $log and $build/artifacts/" >&2
  fi
  runs=$(grep -Eo 'Done [0-9]+ runs in [0-9]+ second' "$log" | tail -1 || true)
  echo "$harness: ${runs:-no summary} ($(ls "$build/corpus/$harness" | wc -l) corpus inputs)"
done
exit $status
