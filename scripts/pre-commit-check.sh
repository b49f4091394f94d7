#!/usr/bin/env bash
# The pre-commit hook `kompat-check` (.pre-commit-hooks.yaml): each spec file pre-commit
# passes is compared with its version at HEAD (`kompat check git:HEAD:PATH ./PATH`).
# pre-commit stashes unstaged changes first, so the file on disk is what is staged. A
# file new in this commit has nothing to compare with and is skipped. Exits 1 when a
# finding is at or above --fail-on, 2 when a file cannot be read, else 0.
#
# Arguments: kompat check options, `--`, then the files. The hook's default args are
# `[--]`; a repository that sets its own ends them with `--`
# (`args: [--fail-on, warning, --]`). A file name is never read as an option (a committed
# file named `--config=x`): without `--`, every argument is a file, and one that starts
# with `-` is refused (exit 2), since it is then an option given without `--`.
set -uo pipefail
kompat=${KOMPAT:-kompat}
if ! command -v "$kompat" >/dev/null; then
  echo "kompat-check: kompat is not on PATH; install it (the Debian package, or make install)" >&2
  exit 2
fi
options=()
separated=0
for argument in "$@"; do
  [ "$argument" = -- ] && separated=1 && break
done
if [ $separated = 1 ]; then
  while [ "$1" != -- ]; do options+=("$1"); shift; done
  shift
else
  for argument in "$@"; do
    if [[ $argument == -* ]]; then
      echo "kompat-check: \"$argument\" looks like an option but no -- follows the hook's args; end them with -- (args: [--fail-on, warning, --])" >&2
      exit 2
    fi
  done
fi
worst=0
for file in "$@"; do
  if ! git cat-file -e "HEAD:$file" 2>/dev/null; then
    echo "kompat-check: $file is new in this commit: nothing to compare it with"
    continue
  fi
  "$kompat" check "${options[@]}" -- "git:HEAD:$file" "./$file"
  code=$?
  [ $code -gt $worst ] && worst=$code
done
exit $worst
