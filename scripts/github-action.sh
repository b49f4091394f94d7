#!/usr/bin/env bash
# The GitHub Action's entry point (action.yml; /usr/local/bin/kompat-action in the image).
# One `kompat check` of the inputs writes:
#   - annotations on the pull request (`--format github`, on stdout),
#   - a markdown report appended to the job summary ($GITHUB_STEP_SUMMARY), its path the
#     `markdown` output (for a PR comment),
#   - a SARIF file, whose path is the step's `sarif` output ($GITHUB_OUTPUT),
#   - the report in the `format` input (text by default) in the log, after the annotations.
# The step exits as kompat does: 1 when a finding is at or above `fail-on`, 2 when an
# input cannot be read (its message is also in the job summary).
# Inputs come as INPUT_<NAME> variables (GitHub keeps the hyphen of `fail-on`).
set -uo pipefail

input() { printenv "INPUT_$1" || true; }
old=$(input OLD)
new=$(input NEW)
fail_on=$(input FAIL-ON)
config=$(input CONFIG)
baseline=$(input BASELINE)
format=$(input FORMAT)
kompat=${KOMPAT:-kompat}
: "${fail_on:=error}" "${format:=text}"

# The Action's own messages never repeat an input: an input could hold a workflow command.
if [ -z "$old" ] || [ -z "$new" ]; then
  echo "::error title=kompat::the inputs 'old' and 'new' are required (a path, or git:REV:PATH such as git:origin/main:api/openapi.yaml)"
  exit 2
fi
case "$format" in
  text|json|markdown|junit|sarif|html) ;;
  *) echo "::error title=kompat::the input 'format' is not one of text, json, markdown, junit, sarif, html"; exit 2 ;;
esac
case "$fail_on" in
  error|warning|info) ;;
  *) echo "::error title=kompat::the input 'fail-on' is not one of error, warning, info"; exit 2 ;;
esac

workspace=${GITHUB_WORKSPACE:-$PWD}
cd "$workspace" || exit 2
# The workspace is mounted from the runner, owned by another user: git would refuse it.
git config --global --add safe.directory "$workspace" 2>/dev/null || true

# A fresh directory each run: a later run that fails must not republish an earlier
# run's summary or SARIF.
out=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/kompat-XXXXXX") || exit 2
sarif="$out/kompat.sarif"
summary="$out/kompat-summary.md"
report="$out/kompat-report.$format"
errors="$out/kompat-stderr.txt"
# Each --format goes to the --output just after it; the last, github, to stdout.
# Inputs that are paths go after `--` or as an option's value, never where they could be
# read as an option (`old: --help`).
args=(check --fail-on "$fail_on" --format markdown --output "$summary" --format sarif --output "$sarif")
[ "$format" = sarif ] || args+=(--format "$format" --output "$report")
args+=(--format github)
[ -n "$config" ] && args+=("--config=$config")
[ -n "$baseline" ] && args+=("--baseline=$baseline")
args+=(-- "$old" "$new")

"$kompat" "${args[@]}" 2> "$errors"
code=$?
cat "$errors" >&2

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  if [ -s "$summary" ]; then
    cat "$summary" >> "$GITHUB_STEP_SUMMARY"
  elif [ $code -eq 2 ]; then
    # HTML-escaped in <pre>: a file name in the message cannot close a fence or add markup.
    { echo "### kompat could not compare the snapshots"; echo; echo '<pre>'
      sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/@/\&#64;/g' "$errors"; echo '</pre>'; } >> "$GITHUB_STEP_SUMMARY"
  fi
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  [ -s "$sarif" ] && echo "sarif=$sarif" >> "$GITHUB_OUTPUT"
  [ -s "$summary" ] && echo "markdown=$summary" >> "$GITHUB_OUTPUT"
fi
if [ -s "$report" ]; then
  [ -n "${GITHUB_OUTPUT:-}" ] && echo "report=$report" >> "$GITHUB_OUTPUT"
  case "$format" in text|markdown) echo; cat "$report" ;; esac
fi
exit $code
