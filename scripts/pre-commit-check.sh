#!/usr/bin/env bash
# The pre-commit hook `kompat-check` (.pre-commit-hooks.yaml): each spec file pre-commit
# passes is compared with its version at HEAD (`kompat check git:HEAD:PATH ./PATH`).
# pre-commit stashes unstaged changes first, so the file on disk is what is staged. A
# file new in this commit has nothing to compare with and is skipped. Exits 1 when a
# finding is at or above --fail-on, 2 when a file cannot be read, else 0.
# Arguments: kompat check options (--fail-on warning, --config kompat.yaml), then files.
set -uo pipefail
kompat=${KOMPAT:-kompat}
if ! command -v "$kompat" >/dev/null; then
  echo "kompat-check: kompat is not on PATH; install it (the Debian package, or make install)" >&2
  exit 2
fi
options=()
while [ $# -gt 0 ] && [[ $1 == --* ]]; do
  options+=("$1")
  [[ $1 == *=* ]] || { shift; [ $# -gt 0 ] && options+=("$1"); }
  shift
done
worst=0
for file in "$@"; do
  if ! git cat-file -e "HEAD:$file" 2>/dev/null; then
    echo "kompat-check: $file is new in this commit: nothing to compare it with"
    continue
  fi
  "$kompat" check "git:HEAD:$file" "./$file" "${options[@]}"
  code=$?
  [ $code -gt $worst ] && worst=$code
done
exit $worst
