#!/usr/bin/env bash
# Rewrites every golden case's expected reports with the kompat given as $1. Run on
# purpose only (make golden-update), then review the diff before committing it.
set -euo pipefail
kompat=$(readlink -f "$1")
cd "$(dirname "$0")"
for dir in */; do
  dir=${dir%/}
  [ "$dir" = explain ] || [ "$dir" = changelog ] && continue
  (
    cd "$dir"
    if [ -f spec.json ]; then
      args=(lint spec.json)
    else
      args=(check old.json new.json)
    fi
    "$kompat" "${args[0]}" --format json "${args[@]:1}" > expected.json || [ $? -eq 1 ]
    NO_COLOR=1 "$kompat" "${args[0]}" --format text --show info "${args[@]:1}" > expected.txt || [ $? -eq 1 ]
    # The other formats, for the cases that hold them.
    if [ -f expected.github ]; then "$kompat" "${args[0]}" --format github "${args[@]:1}" > expected.github || [ $? -eq 1 ]; fi
    if [ -f expected.md ]; then "$kompat" "${args[0]}" --format markdown "${args[@]:1}" > expected.md || [ $? -eq 1 ]; fi
    if [ -f expected.sarif ]; then "$kompat" "${args[0]}" --format sarif "${args[@]:1}" > expected.sarif || [ $? -eq 1 ]; fi
    if [ -f expected.html ]; then "$kompat" "${args[0]}" --format html "${args[@]:1}" > expected.html || [ $? -eq 1 ]; fi
    if [ -f expected.junit.xml ]; then "$kompat" "${args[0]}" --format junit "${args[@]:1}" > expected.junit.xml || [ $? -eq 1 ]; fi
  )
done

# explain cases: `args` holds the arguments after `kompat explain`; `{corpus}` stands for
# ../shared/corpus, and those cases are left as they are when it is absent.
corpus=$(readlink -f ../../shared/corpus || true)
for dir in explain/*/; do
  dir=${dir%/}
  args=$(cat "$dir/args")
  if [[ $args == *"{corpus"* ]]; then
    [ -d "$corpus" ] || { echo "skipping $dir: ../shared/corpus is absent" >&2; continue; }
    # {corpus-relative}: the corpus as a path from the case's folder, so file names in
    # the output are the same on every machine.
    args=${args//\{corpus-relative\}/$(realpath -s --relative-to="$dir" ../../shared/corpus)}
    args=${args//\{corpus\}/$corpus}
  fi
  # shellcheck disable=SC2086 # args is a word list on purpose
  (cd "$dir" && "$kompat" explain $args > expected.txt)
done

# changelog cases: `args` are two snapshots under ../shared/corpus, run from there (so the
# notes name them by those relative paths); left as they are when the corpus is absent.
if [ -d "$corpus" ]; then
  for dir in changelog/*/; do
    dir=${dir%/}
    # shellcheck disable=SC2046 # args is a word list on purpose
    (cd "$corpus" && "$kompat" changelog $(cat "$OLDPWD/$dir/args")) > "$dir/expected.md"
  done
else
  echo "skipping changelog cases: ../shared/corpus is absent" >&2
fi
