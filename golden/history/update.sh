#!/bin/sh
# Regenerates every golden history case's expected output and exit code from KOMPAT
# (default build/kompat). Only on purpose: review `git diff golden/history` afterwards.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
kompat=$(cd "$(dirname "${1:-build/kompat}")" && pwd)/$(basename "${1:-build/kompat}")
cd "$here"
for case in */; do
  case=${case%/}
  [ "$case" = inputs ] && continue
  args=$(cat "$case/args")
  set +e
  eval "\"$kompat\" history $args" > "$case/expected" 2> /dev/null
  echo $? > "$case/exit_code"
  set -e
done
