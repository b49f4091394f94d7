#!/bin/bash
# The CPU seconds (user + sys) of compiling and linking `kompat` from nothing, with and
# without unity batches (KOMPAT_UNITY), in fresh build folders under a temporary directory:
# the figure docs/performance.md quotes. Each build runs the compiler as `make build`
# does (Release, warnings as errors, JOBS jobs).
#   scripts/compile-cpu.sh [JOBS]
set -euo pipefail
jobs="${1:-2}"
source_dir="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# bash's `time`: wall, then user and sys of the build and every process it waited for.
TIMEFORMAT='%R %U %S'
declare -A cpu wall
for unity in OFF ON; do
    cmake -S "$source_dir" -B "$work/$unity" -DCMAKE_BUILD_TYPE=Release -DKOMPAT_TESTS=OFF \
        -DKOMPAT_WERROR=ON -DKOMPAT_UNITY="$unity" > /dev/null
    { time cmake --build "$work/$unity" -j "$jobs" --target kompat > "$work/log" 2>&1; } 2> "$work/time" ||
        { cat "$work/log" >&2; exit 1; }
    read -r wall[$unity] user sys < "$work/time"
    cpu[$unity]="$(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}')"
    printf 'KOMPAT_UNITY=%-3s  %7.1f s CPU  %6.1f s wall\n' "$unity" "${cpu[$unity]}" "${wall[$unity]}"
done
awk -v on="${cpu[ON]}" -v off="${cpu[OFF]}" -v won="${wall[ON]}" -v woff="${wall[OFF]}" \
    'BEGIN {printf "unity / separate files: %.2fx CPU, %.2fx wall\n", on / off, won / woff}'
