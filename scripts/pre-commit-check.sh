#!/usr/bin/env bash
# The pre-commit hook `kompat-check` (.pre-commit-hooks.yaml): each spec file pre-commit
# passes is compared with its version at HEAD (`kompat check git:HEAD:PATH ./PATH`).
# pre-commit stashes unstaged changes first, so the file on disk is what is staged. A
# file renamed in this commit (`git diff --cached --find-renames`) is compared with its
# old path at HEAD; one truly new has nothing to compare with, and the hook says so. Exits 1 when a
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
# Staged renames, new path -> old path (NUL-separated: any file name is read whole).
declare -A renamed_from=()
while IFS= read -r -d '' status && IFS= read -r -d '' from && IFS= read -r -d '' to; do
  renamed_from["$to"]=$from
done < <(git diff --cached --find-renames --diff-filter=R --name-status -z HEAD 2>/dev/null)
worst=0
for file in "$@"; do
  before=$file
  if ! git cat-file -e "HEAD:$file" 2>/dev/null; then
    if [ -n "${renamed_from[$file]+set}" ]; then
      before=${renamed_from[$file]}
      echo "kompat-check: $file was renamed from $before in this commit: compared with $before at HEAD"
    else
      echo "kompat-check: $file is new in this commit: compared with nothing (nothing it breaks)"
      continue
    fi
  fi
  "$kompat" check "${options[@]}" -- "git:HEAD:$before" "./$file"
  code=$?
  [ $code -gt $worst ] && worst=$code
done
exit $worst
