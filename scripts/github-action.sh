#!/usr/bin/env bash
# The GitHub Action's entry point (action.yml; /usr/local/bin/kompat-action in the image).
# One `kompat check` for each path of `new` writes:
#   - annotations on the pull request (`--format github`, on stdout),
#   - a markdown report appended to the job summary ($GITHUB_STEP_SUMMARY), its path the
#     `markdown` output (for a PR comment; with `comment: true`, posted as one PR comment
#     that later runs update in place),
#   - a SARIF file, whose path is the step's `sarif` output ($GITHUB_OUTPUT; a directory
#     of them for several paths, as upload-sarif takes),
#   - the report in the `format` input (text by default) in the log, after the annotations.
# Without `old`, in a pull_request event, each path is compared with the merge base of
# the PR's target branch (GITHUB_BASE_REF), fetched as needed.
# The step exits as kompat does: 1 when a finding is at or above `fail-on`, 2 when an
# input cannot be read (its message is also in the job summary).
# Inputs come as INPUT_<NAME> variables: the composite action (action.yml) sets them with
# `_` for the hyphen of `fail-on`; a container action's runner kept the hyphen.
set -uo pipefail

input() { printenv "INPUT_$1" || printenv "INPUT_${1//-/_}" || true; }
# What the Action prints passes the defusing kompat gives its own stdout: no `::` or `##`
# an input wrote can start a workflow command (an annotation, a mask, stop-commands).
defuse() { sed -e 's/::/\\u003a:/g' -e 's/##/\\u0023#/g'; }
old=$(input OLD)
new=$(input NEW)
fail_on=$(input FAIL-ON)
config=$(input CONFIG)
baseline=$(input BASELINE)
format=$(input FORMAT)
releases=$(input RELEASE)
objects=$(input OBJECTS)
comment=$(input COMMENT)
kompat=${KOMPAT:-kompat}
: "${fail_on:=error}" "${format:=text}" "${comment:=false}"

# The Action's own messages never repeat an input: an input could hold a workflow command.
if [ -z "$new" ]; then
  echo "::error title=kompat::the input 'new' is required: the paths to check, one per line (a file or directory, or git:REV:PATH)"
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
case "$comment" in
  true|false) ;;
  *) echo "::error title=kompat::the input 'comment' is not true or false"; exit 2 ;;
esac
mapfile -t paths < <(printf '%s\n' "$new" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' | grep -v '^$')
if [ -n "$old" ] && [ "${#paths[@]}" -gt 1 ]; then
  echo "::error title=kompat::'old' names one snapshot: with several paths in 'new', leave 'old' unset (each is compared with the PR's target branch)"
  exit 2
fi
workspace=${GITHUB_WORKSPACE:-$PWD}
cd "$workspace" || exit 2
# The workspace is mounted from the runner, owned by another user: git would refuse it.
git config --global --add safe.directory "$workspace" 2>/dev/null || true

# Without `old`: the merge base of the PR's target branch, fetched as needed.
base=
if [ -z "$old" ]; then
  case "${GITHUB_EVENT_NAME:-}" in
    pull_request|pull_request_target) ;;
    *) echo "::error title=kompat::set the input 'old' (git:REV:PATH, or a path): outside a pull_request event there is no target branch to compare with"
       exit 2 ;;
  esac
  target=${GITHUB_BASE_REF:-}
  if [ -z "$target" ] || ! git check-ref-format --branch "$target" > /dev/null 2>&1; then
    echo "::error title=kompat::GITHUB_BASE_REF is not a branch name: set the input 'old'"
    exit 2
  fi
  git fetch --quiet --no-tags origin "+refs/heads/$target:refs/remotes/origin/$target" 2> /dev/null
  base=$(git merge-base HEAD "refs/remotes/origin/$target" 2> /dev/null)
  # A shallow checkout (the default fetch-depth: 1) lacks the merge base: deepen it.
  if [ -z "$base" ] && [ "$(git rev-parse --is-shallow-repository 2> /dev/null)" = true ]; then
    git fetch --quiet --no-tags --unshallow origin "+refs/heads/$target:refs/remotes/origin/$target" 2> /dev/null
    base=$(git merge-base HEAD "refs/remotes/origin/$target" 2> /dev/null)
  fi
  if [ -z "$base" ]; then
    echo "::error title=kompat::no merge base with the target branch: check out with fetch-depth: 0, or set the input 'old'"
    exit 2
  fi
fi

# Each release is a tag (or any revision): fetched when the checkout lacks it.
while IFS= read -r release; do
  release=$(printf '%s' "$release" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
  [ -z "$release" ] && continue
  git rev-parse --quiet --verify "$release^{commit}" > /dev/null 2>&1 && continue
  git check-ref-format "refs/tags/$release" 2> /dev/null &&
    git fetch --quiet --no-tags origin "+refs/tags/$release:refs/tags/$release" 2> /dev/null
done <<< "$releases"

# A fresh directory each run: a later run that fails must not republish an earlier
# run's summary or SARIF.
out=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/kompat-XXXXXX") || exit 2
summary="$out/kompat-summary.md"
errors="$out/kompat-stderr.txt"
mkdir -p "$out/sarif" "$out/report"
: > "$summary"
code=0
index=0
for path in "${paths[@]}"; do
  index=$((index + 1))
  before=${old:-git:$base:$path}
  sarif="$out/sarif/kompat-$index.sarif"
  report="$out/report/kompat-$index.$format"
  part="$out/kompat-summary-$index.md"
  # Each --format goes to the --output just after it; the last, github, to stdout.
  # Inputs that are paths go after `--` or as an option's value, never where they could be
  # read as an option (`old: --help`).
  args=(check --fail-on "$fail_on" --format markdown --output "$part" --format sarif --output "$sarif")
  [ "$format" = sarif ] || args+=(--format "$format" --output "$report")
  args+=(--format github)
  [ -n "$config" ] && args+=("--config=$config")
  [ -n "$baseline" ] && args+=("--baseline=$baseline")
  # Each release a revision (a tag): the same path at that revision.
  while IFS= read -r release; do
    release=$(printf '%s' "$release" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
    [ -n "$release" ] && args+=("--release=git:$release:$path")
  done <<< "$releases"
  while IFS= read -r objects_path; do
    objects_path=$(printf '%s' "$objects_path" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')
    [ -n "$objects_path" ] && args+=("--objects=$objects_path")
  done <<< "$objects"
  args+=(-- "$before" "$path")

  "$kompat" "${args[@]}" 2> "$errors"
  one=$?
  defuse < "$errors" >&2
  [ $one -gt $code ] && code=$one
  if [ -s "$part" ]; then
    cat "$part" >> "$summary"
  elif [ $one -eq 2 ]; then
    # HTML-escaped in <pre>: a file name in the message cannot close a fence or add markup.
    { echo "### kompat could not compare the snapshots"; echo; echo '<pre>'
      sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/@/\&#64;/g' "$errors"; echo '</pre>'; } >> "$summary"
  fi
  if [ -s "$report" ]; then
    case "$format" in text|markdown) echo; defuse < "$report" ;; esac
  fi
done

[ -n "${GITHUB_STEP_SUMMARY:-}" ] && [ -s "$summary" ] && cat "$summary" >> "$GITHUB_STEP_SUMMARY"
# One path: the files themselves; several: their directories.
first_or_dir() { local dir=$1; if [ "${#paths[@]}" -eq 1 ]; then ls -d "$dir"/* 2> /dev/null | head -n 1; else echo "$dir"; fi; }
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  [ -n "$(find "$out/sarif" -type f -size +0)" ] && echo "sarif=$(first_or_dir "$out/sarif")" >> "$GITHUB_OUTPUT"
  [ -s "$summary" ] && [ $code -ne 2 ] && echo "markdown=$summary" >> "$GITHUB_OUTPUT"
  [ -n "$(find "$out/report" -type f -size +0)" ] && echo "report=$(first_or_dir "$out/report")" >> "$GITHUB_OUTPUT"
fi

# comment: true posts the summary as one PR comment, updated in place by later runs (it is
# found by a marker line, among the comments of the token's own user only: anyone can
# write the marker), through the REST API with the job's token. GitHub refuses a body over
# 65,536 characters; the budget is counted in bytes, never fewer.
comment_limit=65536
if [ "$comment" = true ] && [ -s "$summary" ]; then
  number=$(jq -r '.pull_request.number // empty' "${GITHUB_EVENT_PATH:-/dev/null}" 2> /dev/null)
  token=$(input TOKEN)
  if [ -z "$number" ] || [ -z "$token" ] || [ -z "${GITHUB_REPOSITORY:-}" ]; then
    echo "::warning title=kompat::comment: true needs a pull_request event and the input 'token' (default: the job token); no comment posted"
  else
    api=${GITHUB_API_URL:-https://api.github.com}
    marker='<!-- kompat report: updated in place by later runs -->'
    headers=(-H "Authorization: Bearer $token" -H "Accept: application/vnd.github+json" -H "X-GitHub-Api-Version: 2022-11-28")
    # The token's user: a personal token's login, else the job token's bot.
    me=$(curl -fsS "${headers[@]}" "$api/user" 2> /dev/null | jq -r '.login // empty' 2> /dev/null)
    : "${me:=github-actions[bot]}"
    existing=
    impostors=0
    marked='[.[] | select((.body // "") | startswith($marker))]'
    for page in $(seq 1 50); do
      comments=$(curl -fsS "${headers[@]}" "$api/repos/$GITHUB_REPOSITORY/issues/$number/comments?per_page=100&page=$page") || break
      [ -n "$existing" ] ||
        existing=$(printf '%s' "$comments" | jq -r --arg marker "$marker" --arg me "$me" "$marked | map(select(.user.login == \$me))[0].id // empty")
      impostors=$((impostors + $(printf '%s' "$comments" | jq -r --arg marker "$marker" --arg me "$me" "$marked | map(select(.user.login != \$me)) | length")))
      [ "$(printf '%s' "$comments" | jq 'length')" -lt 100 ] && break
    done
    body="$out/comment.md"
    head_lines() {
      echo "$marker"
      if [ "$impostors" -gt 0 ]; then
        echo
        echo "> **Note:** $impostors other comment(s) on this pull request start with kompat's marker but were not written by this job's token: they are not kompat's report."
      fi
    }
    { head_lines; cat "$summary"; } > "$body"
    if [ "$(wc -c < "$body")" -gt "$comment_limit" ]; then
      # Too long for one comment: each report's heading and counts, and where the rest is.
      { head_lines
        echo
        echo "> **Note:** the full report is longer than a comment can be: it is in the job summary of this run."
        for part in "$out"/kompat-summary-*.md; do
          [ -s "$part" ] || continue
          echo; sed -n '1,/^| [0-9]* | [0-9]* | [0-9]* |$/p' "$part" | head -n 8
        done; } > "$body"
      if [ "$(wc -c < "$body")" -gt "$comment_limit" ]; then
        { head_lines; echo; echo "kompat: the report is in the job summary of this run (too long for a comment)."; } > "$body"
      fi
    fi
    payload="$out/comment.json"
    jq -Rs '{body: .}' < "$body" > "$payload"
    if [ -n "$existing" ]; then
      curl -fsS -o /dev/null -X PATCH "${headers[@]}" --data-binary "@$payload" "$api/repos/$GITHUB_REPOSITORY/issues/comments/$existing" ||
        { echo "::error title=kompat::the PR comment could not be updated: it still shows an earlier report"; [ $code -eq 0 ] && code=1; }
    else
      curl -fsS -o /dev/null -X POST "${headers[@]}" --data-binary "@$payload" "$api/repos/$GITHUB_REPOSITORY/issues/$number/comments" ||
        { echo "::error title=kompat::the PR comment could not be posted"; [ $code -eq 0 ] && code=1; }
    fi
  fi
fi
exit $code
