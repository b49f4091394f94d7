#!/usr/bin/env bash
# Runs the libFuzzer harnesses built in $1 for $2 seconds each, one after another, seeded
# from golden/, examples/ and fuzz/seeds/. $3, when given, names the harnesses to run
# (space separated); the default is all. Findings go to $1/artifacts/; each becomes a
# regression test. Exits 1 when any harness found something.
#
# fuzz_check and fuzz_compose run in fork mode, so that one crash does not end the run: it goes on and
# writes every crash it finds. The YAML and config harnesses get a dictionary of YAML's
# indicators, anchors, merge keys and tags (fuzz/yaml.dict).
set -euo pipefail
build=$(readlink -f "$1")
seconds=$2
# Every harness built (fuzz/fuzz_*.cpp, as CMake finds them), unless some are named.
all_harnesses=$(cd "$(dirname "$0")" && ls fuzz_*.cpp | sed 's/\.cpp$//' | tr '\n' ' ')
harnesses=${3:-$all_harnesses}
root=$(readlink -f "$(dirname "$0")/..")
seeds=$build/seeds
rm -rf "$seeds"
for harness in $all_harnesses; do mkdir -p "$seeds/$harness"; done
mkdir -p "$build/artifacts" "$build/logs"

n=0
while IFS= read -r -d '' file; do
  n=$((n + 1))
  case $file in
    *.json) cp "$file" "$seeds/fuzz_json_reader/$n.json" ;;
  esac
  # JSON is YAML too: every seed feeds the YAML reader.
  cp "$file" "$seeds/fuzz_yaml_reader/$n.yaml"
  cp "$file" "$seeds/fuzz_load/$n"
done < <(find "$root/golden" "$root/examples" "$root/fuzz/seeds/yaml" -type f \( -name '*.json' -o -name '*.yaml' \) -print0 | sort -z)
# The YAML test suite, when ../shared is beside the checkout: every construct of YAML 1.2.
suite=$root/../shared/corpus/yaml-test-suite
if [ -d "$suite" ]; then
  while IFS= read -r -d '' file; do
    n=$((n + 1))
    cp "$file" "$seeds/fuzz_yaml_reader/$n.yaml"
  done < <(find "$suite" -name in.yaml -print0 | sort -z)
fi
for dir in "$root"/golden/*/; do
  if [ -f "$dir/old.json" ] && [ -f "$dir/new.json" ]; then
    { cat "$dir/old.json"; printf '\0'; cat "$dir/new.json"; } > "$seeds/fuzz_check/$(basename "$dir")"
  fi
  # fuzz_objects: a golden case's snapshot, a NUL byte, its objects.
  if [ -f "$dir/objects.yaml" ]; then
    spec=$dir/spec.json
    [ -f "$spec" ] || spec=$dir/new.json
    { cat "$spec"; printf '\0'; cat "$dir/objects.yaml"; } > "$seeds/fuzz_objects/$(basename "$dir")"
  fi
done
cp "$root"/fuzz/seeds/config_baseline/* "$seeds/fuzz_config_baseline/"
cp "$root"/fuzz/seeds/pattern/* "$seeds/fuzz_pattern/"
cp "$root"/fuzz/seeds/objects/* "$seeds/fuzz_objects/"
cp "$root"/fuzz/seeds/compose/* "$seeds/fuzz_compose/"

status=0
for harness in $harnesses; do
  mkdir -p "$build/corpus/$harness"
  log=$build/logs/$harness.log
  extra=()
  case $harness in
    fuzz_yaml_reader|fuzz_config_baseline|fuzz_objects) extra+=(-dict="$root/fuzz/yaml.dict") ;;
    fuzz_check|fuzz_compose) extra+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1) ;;
  esac
  before=$(ls "$build/artifacts" | grep -c "^$harness-" || true)
  if ! "$build/$harness" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 \
      "${extra[@]}" -artifact_prefix="$build/artifacts/$harness-" "$build/corpus/$harness" "$seeds/$harness" > "$log" 2>&1; then
    status=1
  fi
  found=$(( $(ls "$build/artifacts" | grep -c "^$harness-" || true) - before ))
  [ "$found" -gt 0 ] && status=1
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1 || true)
  [ -z "$runs" ] && runs=$(grep -Eo '#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+' || true)
  echo "$harness: ${runs:-?} executions, coverage ${cov:-?} edges, $found new finding(s), $(ls "$build/corpus/$harness" | wc -l) corpus inputs (log: $log)"
done
exit $status
