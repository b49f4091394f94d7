#!/usr/bin/env bash
# The GitHub Action's entry point (scripts/github-action.sh) under a fake GitHub
# environment: a workspace, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, RUNNER_TEMP and the
# INPUT_* variables a runner sets, with this build's kompat. Also reads action.yml: the
# inputs and outputs the script uses are the ones it declares.
# Usage: tests/package/test_github_action.sh KOMPAT SOURCE_DIR
set -euo pipefail
kompat=$(readlink -f "$1") source=$(cd "$2" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for name in old new fail-on config baseline format; do
  grep -q "^  $name:" "$source/action.yml" || fail "action.yml declares no input $name"
done
for name in sarif markdown report; do
  grep -q "^  $name:" "$source/action.yml" || fail "action.yml declares no output $name"
done
grep -q "^  using: composite" "$source/action.yml" || fail "action.yml is not a composite action"
grep -q 'run: .*scripts/action-install.sh' "$source/action.yml" || fail "action.yml does not install kompat first"
grep -q 'run: .*scripts/github-action.sh' "$source/action.yml" || fail "action.yml does not run the entry point"
# Every input reaches the entry point, as the INPUT_ variable it reads.
for name in $(sed -n '/^inputs:/,/^outputs:/s/^  \([a-z-]*\):$/\1/p' "$source/action.yml"); do
  variable=INPUT_$(tr 'a-z-' 'A-Z_' <<< "$name")
  grep -q "^        $variable: \${{ inputs.$name }}" "$source/action.yml" || fail "action.yml does not pass the input $name as $variable"
done
grep -q "^COPY scripts/github-action.sh /usr/local/bin/kompat-action" "$source/Dockerfile" ||
  fail "the Dockerfile does not install the action's entry point"

# One run of the action: $1 is a name for its files, the rest NAME=VALUE inputs.
run_action() {
  local name=$1; shift
  mkdir -p "$work/$name/temp"
  : > "$work/$name/summary.md"
  : > "$work/$name/output"
  set +e
  (cd / && env -i PATH="$PATH" HOME="$work/$name" KOMPAT="$kompat" GITHUB_ACTIONS=true \
    GITHUB_WORKSPACE="$work/workspace" GITHUB_STEP_SUMMARY="$work/$name/summary.md" \
    GITHUB_OUTPUT="$work/$name/output" RUNNER_TEMP="$work/$name/temp" "$@" \
    "$source/scripts/github-action.sh" > "$work/$name/stdout" 2> "$work/$name/stderr")
  echo $? > "$work/$name/code"
  set -e
}
mkdir -p "$work/workspace"
cp -r "$source/examples/old" "$source/examples/new" "$work/workspace/"

# A breaking change: annotations, the job summary, the SARIF output, exit 1.
run_action breaking INPUT_OLD=old/swagger.json INPUT_NEW=new/v3 INPUT_FAIL-ON=error INPUT_FORMAT=text
[ "$(cat "$work/breaking/code")" = 1 ] || fail "breaking: exit $(cat "$work/breaking/code"), not 1: $(cat "$work/breaking/stderr")"
grep -q '^::error file=' "$work/breaking/stdout" || fail "breaking: no ::error annotation in the log"
grep -q '^#' "$work/breaking/summary.md" || fail "breaking: no markdown in the job summary"
grep -q '^sarif=' "$work/breaking/output" || fail "breaking: no sarif output"
sarif=$(sed -n 's/^sarif=//p' "$work/breaking/output")
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["version"]=="2.1.0" and d["runs"][0]["results"]' "$sarif" ||
  fail "breaking: $sarif is not a SARIF 2.1.0 report with results"
grep -q '^report=' "$work/breaking/output" || fail "breaking: no report output"
cmp -s "$(sed -n 's/^markdown=//p' "$work/breaking/output")" "$work/breaking/summary.md" || fail "breaking: the markdown output is not the summary"
# The text report follows the annotations in the log.
tail -n +2 "$work/breaking/stdout" | grep -v '^::' | grep -q 'error' || fail "breaking: no text report in the log"

# The same change with a baseline that accepts it: exit 0, annotations still written.
"$kompat" check "$work/workspace/old/swagger.json" "$work/workspace/new/v3" --write-baseline "$work/workspace/baseline.yaml" > /dev/null 2>&1 || true
run_action accepted INPUT_OLD=old/swagger.json INPUT_NEW=new/v3 INPUT_BASELINE=baseline.yaml
[ "$(cat "$work/accepted/code")" = 0 ] || fail "accepted: exit $(cat "$work/accepted/code"), not 0: $(cat "$work/accepted/stderr")"

# fail-on warning turns a warning-only change into a failure; json goes to the report output only.
run_action json INPUT_OLD=old/swagger.json INPUT_NEW=new/v3 INPUT_FORMAT=json INPUT_FAIL-ON=warning
[ "$(cat "$work/json/code")" = 1 ] || fail "json: exit $(cat "$work/json/code")"
report=$(sed -n 's/^report=//p' "$work/json/output")
python3 -c 'import json,sys; json.load(open(sys.argv[1]))["findings"]' "$report" || fail "json: $report is not kompat's JSON report"

# An input kompat cannot read: exit 2, the message in the log and in the job summary.
printf '{"swagger": "2.0",' > "$work/workspace/broken.json"
run_action broken INPUT_OLD=old/swagger.json INPUT_NEW=broken.json
[ "$(cat "$work/broken/code")" = 2 ] || fail "broken: exit $(cat "$work/broken/code"), not 2"
grep -q 'broken.json:1:' "$work/broken/stderr" || fail "broken: no file:line:col message"
grep -q 'kompat could not compare' "$work/broken/summary.md" || fail "broken: nothing in the job summary"
! grep -q '^sarif=' "$work/broken/output" || fail "broken: a sarif output for a run that read nothing"

# Missing inputs and a bad format are refused with an annotation.
run_action missing INPUT_OLD=old/swagger.json
[ "$(cat "$work/missing/code")" = 2 ] && grep -q "^::error title=kompat::" "$work/missing/stdout" || fail "missing: not refused"
run_action badformat INPUT_OLD=old/swagger.json INPUT_NEW=new/v3 INPUT_FORMAT=xml
[ "$(cat "$work/badformat/code")" = 2 ] || fail "badformat: not refused"
# An input that reads as an option is a path, never an option: `old: --help` is exit 2, not help and 0.
run_action dashdash INPUT_OLD=--help INPUT_NEW=new/v3
[ "$(cat "$work/dashdash/code")" = 2 ] || fail "old: --help: exit $(cat "$work/dashdash/code"), not 2"
grep -q -- '--help:1:1: cannot open' "$work/dashdash/stderr" || fail "old: --help: not read as a path: $(cat "$work/dashdash/stderr")"
# The Action's own messages never echo an input: a format holding a workflow command stays out of the log.
run_action injected INPUT_OLD=old/swagger.json INPUT_NEW=new/v3 'INPUT_FORMAT=x::add-mask::y'
[ "$(cat "$work/injected/code")" = 2 ] || fail "injected format: not refused"
! grep -q 'add-mask' "$work/injected/stdout" "$work/injected/stderr" || fail "injected format: the input reached the log"
# A run's files go to a directory of their own: a later run that fails republishes nothing of an earlier one.
mkdir -p "$work/twice/temp"
for input in new/v3 broken.json; do
  (cd / && env -i PATH="$PATH" HOME="$work/twice" KOMPAT="$kompat" GITHUB_WORKSPACE="$work/workspace" \
    GITHUB_OUTPUT="$work/twice/output" RUNNER_TEMP="$work/twice/temp" INPUT_OLD=old/swagger.json INPUT_NEW=$input \
    "$source/scripts/github-action.sh" > /dev/null 2>&1) || true
done
[ "$(grep -c '^sarif=' "$work/twice/output")" = 1 ] || fail "twice: the failing run published a SARIF file"
[ "$(ls "$work/twice/temp" | wc -l)" = 2 ] || fail "twice: the runs did not each have a directory"
# A report printed in the log passes kompat's defusing: a property name holding a workflow
# command becomes no annotation, with format markdown as with text.
python3 - "$work/workspace" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1] + "/old/swagger.json"))
name = sorted(spec["definitions"])[0]
spec["definitions"][name]["properties"]["##[error file=README.md;line=1]injected"] = {"type": "string"}
spec["definitions"][name]["properties"]["::error file=README.md::injected"] = {"type": "string"}
json.dump(spec, open(sys.argv[1] + "/injected-names.json", "w"))
PY
for format in markdown text; do
  run_action "log-$format" INPUT_OLD=injected-names.json INPUT_NEW=old/swagger.json INPUT_FORMAT=$format
  grep -q 'injected' "$work/log-$format/stdout" || fail "log $format: the report is not in the log"
  ! grep -q '##\[\|^[[:space:]]*::error file=README' "$work/log-$format/stdout" "$work/log-$format/stderr" ||
    fail "log $format: a workflow command reached the log: $(grep -n 'injected' "$work/log-$format/stdout")"
done

# A message holding markup is escaped in the job summary.
printf '{"swagger": "2.0",' > "$work/workspace/<img src=x>@team.json"
run_action markup INPUT_OLD=old/swagger.json 'INPUT_NEW=<img src=x>@team.json'
grep -q '&lt;img src=x&gt;&#64;team.json' "$work/markup/summary.md" || fail "markup: not escaped: $(cat "$work/markup/summary.md")"
! grep -q '<img' "$work/markup/summary.md" || fail "markup: raw markup in the job summary"

# Without `old`, in a pull_request event: each path of `new` (one per line) against the
# merge base of the target branch, fetched from origin; a release as a tag.
git init -q --bare "$work/origin.git"
git clone -q "$work/origin.git" "$work/pr" 2> /dev/null
(
  cd "$work/pr"
  git config user.email t@example.invalid && git config user.name t
  git checkout -q -b main
  mkdir -p api crds
  cp "$source/examples/old/swagger.json" api/swagger.json
  cp "$source/examples/crds/widgets.yaml" crds/widgets.yaml
  mkdir -p samples
  printf 'apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: s}\nspec: {size: 0}\n' > samples/gadget.yaml
  git add -A && git commit -q -m base && git tag v1.0.0 && git push -q origin main v1.0.0 2> /dev/null
  git checkout -q -b feature
  python3 - <<'PY'
import json
spec = json.load(open("api/swagger.json"))
name = sorted(spec["definitions"])[0]
spec["definitions"][name]["properties"].popitem()  # a field removed: an error
json.dump(spec, open("api/swagger.json", "w"), indent=2)
PY
  git commit -q -am change
)
# A shallow clone of the PR's head, as actions/checkout makes by default.
git clone -q --depth 1 --branch feature "file://$work/origin.git" "$work/shallow" 2> /dev/null ||
  { (cd "$work/pr" && git push -q origin feature 2> /dev/null) && git clone -q --depth 1 --branch feature "file://$work/origin.git" "$work/shallow"; }
run_pr() {
  local name=$1; shift
  mkdir -p "$work/$name/temp"
  : > "$work/$name/summary.md"; : > "$work/$name/output"
  set +e
  (cd / && env -i PATH="$PATH" HOME="$work/$name" KOMPAT="$kompat" GITHUB_ACTIONS=true GITHUB_WORKSPACE="$work/shallow" \
    GITHUB_STEP_SUMMARY="$work/$name/summary.md" GITHUB_OUTPUT="$work/$name/output" RUNNER_TEMP="$work/$name/temp" "$@" \
    "$source/scripts/github-action.sh" > "$work/$name/stdout" 2> "$work/$name/stderr")
  echo $? > "$work/$name/code"
  set -e
}
paths=$'api/swagger.json\ncrds'
run_pr pr GITHUB_EVENT_NAME=pull_request GITHUB_BASE_REF=main "INPUT_NEW=$paths" INPUT_RELEASE=v1.0.0 INPUT_OBJECTS=samples
[ "$(cat "$work/pr/code")" = 1 ] || fail "pr: exit $(cat "$work/pr/code"), not 1: $(cat "$work/pr/stderr")"
# Each report opens with its verdict, then what it compared: the merge base as git shows it.
head -1 "$work/pr/summary.md" | grep -q '^## kompat fails: [0-9]* error' || fail "pr: the summary does not open with the verdict"
grep -q '^`git:[0-9a-f]\{12\}:api/swagger.json` → `api/swagger.json`' "$work/pr/summary.md" || fail "pr: api not compared with the merge base"
grep -q '^`git:[0-9a-f]\{12\}:crds` → `crds`' "$work/pr/summary.md" || fail "pr: crds not compared"
grep -q 'against release git:v1.0.0:api/swagger.json' "$work/pr/stdout" || fail "pr: the release was not applied"
grep -q 'objects: 1 read, 1 validated' "$work/pr/stdout" || fail "pr: the objects were not validated: $(cat "$work/pr/stdout")"
[ -d "$(sed -n 's/^sarif=//p' "$work/pr/output")" ] || fail "pr: two paths, but the sarif output is not a directory"
# Another event without `old`: it says what to set.
run_pr push GITHUB_EVENT_NAME=push INPUT_NEW=api/swagger.json
[ "$(cat "$work/push/code")" = 2 ] && grep -q "set the input 'old'" "$work/push/stdout" || fail "push without old: not told what to set"

# comment: true posts one PR comment, and a later run updates it in place (a fake GitHub
# REST API on 127.0.0.1 records what it is sent).
cat > "$work/fake_api.py" <<'PY'
import json, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
marker = "<!-- kompat report: updated in place by later runs -->"
# A PR author's own comment that starts with the marker: it must never be the one updated.
comments = [{"id": 50, "body": marker + "\nNo compatibility findings.", "user": {"login": "mallory"}}]
log = open(sys.argv[1], "a")
class Api(BaseHTTPRequestHandler):
    def reply(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
    def body(self):
        return json.loads(self.rfile.read(int(self.headers["Content-Length"])))["body"]
    def written(self, body):
        log.write(f"BODY {len(body)} {'impostor-noted' if 'other comment(s)' in body else 'plain'}\n")
        return len(body) <= 65536
    def do_GET(self):
        log.write(f"GET {self.path} {self.headers['Authorization']}\n"); log.flush()
        if self.path == "/user":
            return self.reply(200, {"login": "kompat-bot"})
        self.reply(200, comments if self.path.startswith("/repos/o/r/issues/7/comments") else [])
    def do_POST(self):
        body = self.body()
        log.write(f"POST {self.path}\n")
        if not self.path.startswith("/repos/o/r/"):
            log.flush(); return self.reply(404, {"message": "Not Found"})
        if not self.written(body):
            log.flush(); return self.reply(422, {"message": "body is too long"})
        comments.append({"id": 100 + len(comments) - 1, "body": body, "user": {"login": "kompat-bot"}})
        log.flush(); self.reply(201, comments[-1])
    def do_PATCH(self):
        body = self.body()
        log.write(f"PATCH {self.path}\n")
        if not self.written(body):
            log.flush(); return self.reply(422, {"message": "body is too long"})
        for c in comments:
            if self.path.endswith(f"/comments/{c['id']}"): c["body"] = body
        log.flush(); self.reply(200, {})
    def log_message(self, *args): pass
server = HTTPServer(("127.0.0.1", 0), Api)
print(server.server_port, flush=True)
server.serve_forever()
PY
python3 "$work/fake_api.py" "$work/api.log" > "$work/api.port" &
api_pid=$!
trap 'kill $api_pid 2> /dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/api.port" ] && break; sleep 0.1; done
echo '{"pull_request": {"number": 7}}' > "$work/event.json"
comment_env=(GITHUB_EVENT_NAME=pull_request GITHUB_BASE_REF=main INPUT_COMMENT=true INPUT_TOKEN=t0ken GITHUB_REPOSITORY=o/r
  GITHUB_EVENT_PATH="$work/event.json" GITHUB_API_URL="http://127.0.0.1:$(cat "$work/api.port")")
for run in first second; do
  run_pr "comment-$run" "${comment_env[@]}" INPUT_NEW=api/swagger.json
  [ "$(cat "$work/comment-$run/code")" = 1 ] || fail "comment $run: exit $(cat "$work/comment-$run/code"): $(cat "$work/comment-$run/stderr")"
done
[ "$(grep -c '^POST /repos/o/r/issues/7/comments$' "$work/api.log")" = 1 ] || fail "comment: not posted once: $(cat "$work/api.log")"
[ "$(grep -c '^PATCH /repos/o/r/issues/comments/100$' "$work/api.log")" = 1 ] || fail "comment: not updated in place: $(cat "$work/api.log")"
! grep -q '^PATCH /repos/o/r/issues/comments/50$' "$work/api.log" || fail "comment: another user's marked comment was updated"
[ "$(grep -c '^BODY [0-9]* impostor-noted$' "$work/api.log")" = 2 ] || fail "comment: the other marked comment is not noted: $(cat "$work/api.log")"
grep -q '^GET /repos/o/r/issues/7/comments?per_page=100&page=1 Bearer t0ken$' "$work/api.log" || fail "comment: not looked up with the token"

# Several paths whose reports together pass GitHub's 65,536 characters: the comment still
# fits (each report's counts, the rest in the job summary), and a refused comment fails the step.
(
  cd "$work/pr"
  git checkout -q main
  mkdir -p big
  python3 - <<'PY'
import json
# Many types, each with an enum value of its own that goes: one block each, no folding
# into one line (the same change in many types would be one line across kinds).
for n in (1, 2):
    types = {f"Big{n}Type{i:04d}": {"type": "object", "properties": {
                 "mode": {"type": "string", "enum": [f"Mode{i:04d}", "Kept"]}, "kept": {"type": "string"}}}
             for i in range(800)}
    json.dump({"swagger": "2.0", "info": {"title": "big", "version": "1"}, "paths": {}, "definitions": types},
              open(f"big/api{n}.json", "w"))
PY
  git add -A && git commit -q -m big && git push -q origin main 2> /dev/null
  git checkout -q feature && git merge -q --no-edit main 2> /dev/null
  python3 - <<'PY'
import json
for n in (1, 2):
    spec = json.load(open(f"big/api{n}.json"))
    for definition in spec["definitions"].values():
        definition["properties"]["mode"]["enum"] = ["Kept"]
    json.dump(spec, open(f"big/api{n}.json", "w"))
PY
  git commit -q -am "big change" && git push -q -f origin feature 2> /dev/null
)
rm -rf "$work/shallow" && git clone -q --branch feature "file://$work/origin.git" "$work/shallow" 2> /dev/null
: > "$work/api.log"
run_pr comment-big "${comment_env[@]}" $'INPUT_NEW=big/api1.json\nbig/api2.json'
[ "$(cat "$work/comment-big/code")" = 1 ] || fail "big comment: exit $(cat "$work/comment-big/code"): $(cat "$work/comment-big/stdout")"
[ "$(wc -c < "$work/comment-big/summary.md")" -gt 65536 ] || fail "big comment: the reports are not over the limit, so the test tests nothing"
grep -q '^BODY [0-9]* ' "$work/api.log" || fail "big comment: not written: $(cat "$work/api.log")"
grep -q '^BODY [0-9]* impostor-noted$' "$work/api.log" ||
  fail "big comment: the other marked comment is not noted: $(cat "$work/api.log")"
awk '/^BODY/ && $2 > 65536 { bad = 1 } END { exit bad }' "$work/api.log" || fail "big comment: over the limit: $(cat "$work/api.log")"
grep -q 'could not be' "$work/comment-big/stdout" && fail "big comment: refused: $(cat "$work/comment-big/stdout")"
# A comment the API refuses (here: another repository's path) fails the step, never silently.
: > "$work/api.log"
run_pr comment-refused "${comment_env[@]}" GITHUB_REPOSITORY=o/missing INPUT_NEW=api/swagger.json
grep -q '^::error title=kompat::the PR comment could not be posted' "$work/comment-refused/stdout" ||
  fail "refused comment: no error: $(cat "$work/comment-refused/stdout")"
[ "$(cat "$work/comment-refused/code")" != 0 ] || fail "refused comment: the step passed"
echo "ok: the action's entry point under a fake GitHub environment"
