#!/usr/bin/env bash
# Rewrites every golden case's expected reports with the kompat given as $1. Run on
# purpose only (make golden-update), then review the diff before committing it.
set -euo pipefail
kompat=$(readlink -f "$1")
cd "$(dirname "$0")"
for dir in */; do
  dir=${dir%/}
  [ "$dir" = explain ] || [ "$dir" = changelog ] || [ "$dir" = charts ] || [ "$dir" = history ] && continue
  (
    cd "$dir"
    # shellcheck disable=SC2207 # the arguments are words without spaces
    args=($(../arguments.sh .))
    # expected.<format> is the report of `--format <format>`: every case holds json and
    # text, a few hold the others. Text lists every finding, so each case's sentence shows.
    touch expected.json expected.text
    for file in expected.*; do
      format=${file#expected.}
      extra=()
      [ "$format" = text ] && extra=(--show info)
      NO_COLOR=1 "$kompat" "${args[0]}" --format "$format" "${extra[@]}" "${args[@]:1}" > "$file" || [ $? -eq 1 ]
    done
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

# chart cases: old/ and new/ are Helm chart directories (Chart.yaml, crds/, templates/),
# checked as `kompat check old new`, every finding shown.
for dir in charts/*/; do
  dir=${dir%/}
  for format in text json; do
    extra=()
    [ "$format" = text ] && extra=(--show info)
    (cd "$dir" && NO_COLOR=1 "$kompat" check old new --format "$format" "${extra[@]}" > "expected.$format" || [ $? -eq 1 ])
  done
done
