#!/usr/bin/env bash
# The pre-commit hook's entry (scripts/pre-commit-check.sh, declared in
# .pre-commit-hooks.yaml), run as pre-commit runs it: in a git repository, with the
# staged files as arguments. (pre-commit itself cannot be installed here: no access to
# the Python package index.)
# Usage: tests/package/test_pre_commit.sh KOMPAT SOURCE_DIR
set -euo pipefail
kompat=$(readlink -f "$1") source=$(cd "$2" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

hooks="$source/.pre-commit-hooks.yaml"
grep -q '^- id: kompat-check$' "$hooks" || fail "no kompat-check hook"
entry=$(sed -n 's/^  entry: //p' "$hooks")
[ -x "$source/$entry" ] || fail "the hook's entry $entry is not an executable script"
files=$(sed -n 's/^  files: //p' "$hooks")
for name in api/openapi.yaml swagger.json config/crd/widgets.yaml crds/a.yml; do
  python3 -c 'import re,sys; sys.exit(0 if re.search(sys.argv[1], sys.argv[2]) else 1)' "$files" "$name" || fail "files does not match $name"
done
for name in .github/workflows/ci.yaml docs/index.md; do
  ! python3 -c 'import re,sys; sys.exit(0 if re.search(sys.argv[1], sys.argv[2]) else 1)' "$files" "$name" || fail "files matches $name"
done

cd "$work"
git init -q repo && cd repo
git config user.email test@example.invalid && git config user.name test
mkdir -p api
cp "$source/examples/old/swagger.json" api/swagger.json
git add api/swagger.json && git commit -q -m old
hook() { KOMPAT="$kompat" "$source/$entry" "$@" > "$work/out" 2> "$work/err"; }
# Removes one property from the spec files given (a breaking change: field-removed).
break_spec() {
  python3 - "$@" <<'PY'
import json, sys
for name in sys.argv[1:]:
    spec = json.load(open(name))
    for definition in spec["definitions"].values():
        if definition.get("properties") and len(definition["properties"]) > 1:
            definition["properties"].pop(sorted(definition["properties"])[-1])
            break
    json.dump(spec, open(name, "w"), indent=2)
PY
}

grep -q '^  args: \[--\]$' "$hooks" || fail "the hook's default args are not [--]"
# Unchanged: exit 0.
hook -- api/swagger.json || fail "unchanged: exit $?: $(cat "$work/err")"
# A staged breaking change (a property removed): exit 1, the finding in the output.
break_spec api/swagger.json
git add api/swagger.json
set +e; hook -- api/swagger.json; code=$?; set -e
[ $code -eq 1 ] || fail "breaking: exit $code, not 1: $(cat "$work/err")"
grep -q 'field-removed' "$work/out" || fail "breaking: no field-removed in: $(cat "$work/out")"
# Options before -- reach kompat: --fail-on with a severity nothing reaches is still 1 for an error.
set +e; hook --fail-on info -- api/swagger.json; code=$?; set -e
[ $code -eq 1 ] || fail "--fail-on info: exit $code"
# An option without -- is refused, never guessed to be an option or a file.
set +e; hook --fail-on info api/swagger.json; code=$?; set -e
[ $code -eq 2 ] || fail "options without --: exit $code, not 2"
grep -q 'end them with --' "$work/err" || fail "options without --: not said: $(cat "$work/err")"
# Committed files named like options are files: compared, never read as --config or --help.

printf 'rules: {field-removed: off}\n' > x.yaml
cp api/swagger.json ./--help
cp api/swagger.json ./--config=x.yaml
git add -- x.yaml ./--help ./--config=x.yaml && git commit -q -m "option-named files"
break_spec ./--help ./--config=x.yaml
git add -- ./--help ./--config=x.yaml
for name in --help --config=x.yaml; do
  set +e; hook -- "$name"; code=$?; set -e
  [ $code -eq 1 ] || fail "file named $name: exit $code, not 1: $(cat "$work/out" "$work/err")"
  grep -q 'field-removed' "$work/out" || fail "file named $name: no field-removed: $(cat "$work/out")"
done
# A spec renamed and broken in one commit is compared with its old path, never skipped as new.
git commit -q -m "option-named files changed"
git mv api/swagger.json api/openapi-renamed.json
break_spec api/openapi-renamed.json
git add api/openapi-renamed.json
set +e; hook -- api/openapi-renamed.json; code=$?; set -e
[ $code -eq 1 ] || fail "renamed and broken: exit $code, not 1: $(cat "$work/out" "$work/err")"
grep -q 'renamed from api/swagger.json' "$work/out" || fail "renamed: not said: $(cat "$work/out")"
grep -q 'field-removed' "$work/out" || fail "renamed and broken: no field-removed: $(cat "$work/out")"
git reset -q --hard HEAD
# A file new in this commit is compared with nothing, and said so.
cp "$source/examples/old/swagger.json" api/openapi-new.json && git add api/openapi-new.json
hook api/openapi-new.json || fail "new file: exit $?"
grep -q 'new in this commit' "$work/out" || fail "new file: not said"
# An unreadable staged file: exit 2 with file:line:col.
printf '{"swagger": ' > api/swagger.json && git add api/swagger.json
set +e; hook api/swagger.json; code=$?; set -e
[ $code -eq 2 ] || fail "broken: exit $code, not 2"
grep -q 'api/swagger.json:1:' "$work/err" || fail "broken: no position: $(cat "$work/err")"
echo "ok: the kompat-check hook's entry in a git repository"
