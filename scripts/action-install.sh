#!/usr/bin/env bash
# The GitHub Action's first step (action.yml): puts kompat on PATH for the steps after it.
# Used at a release tag (uses: OWNER/kompat@v1.2.3), the released static binary for the
# runner's architecture, checked against the release's SHA256SUMS by scripts/install.sh
# (a mismatch fails the step: nothing runs), or the copy a previous job of the repository
# cached (actions/cache, keyed by version and architecture). At any other ref (a branch,
# a commit), kompat is built from source, which takes minutes, and the log says so.
#
# Environment: KOMPAT_ACTION_REF (github.action_ref), KOMPAT_ACTION_REPOSITORY
# (github.action_repository), KOMPAT_DIR (where the binary goes: the cached directory),
# GITHUB_ACTION_PATH, GITHUB_PATH; KOMPAT_RELEASES overrides the releases' URL
# (scripts/install.sh), as the tests do.
set -euo pipefail
ref=${KOMPAT_ACTION_REF:-}
dir=${KOMPAT_DIR:?KOMPAT_DIR is not set}
action=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}
# A ref is named in the log only when it is plain (a branch name could hold `::`).
shown=$ref
[[ $ref =~ ^[A-Za-z0-9._/-]{1,100}$ ]] || shown="this ref"

if [[ $ref =~ ^v[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  if [ -x "$dir/bin/kompat" ] && "$dir/bin/kompat" --version | grep -q "^kompat ${ref#v} "; then
    echo "kompat $ref: the release binary cached by an earlier job"
  else
    start=$(date +%s)
    if ! KOMPAT_RELEASES=${KOMPAT_RELEASES:-https://github.com/${KOMPAT_ACTION_REPOSITORY:-OWNER/kompat}/releases} \
        PREFIX=$dir "$action/scripts/install.sh" "${ref#v}" 2> "$dir.log"; then
      message=$(tail -n 1 "$dir.log" | sed -e 's/::/\\u003a:/g' -e 's/##/\\u0023#/g')
      echo "::error title=kompat::the release binary could not be installed: $message"
      rm -rf "$dir/bin"
      exit 1
    fi
    echo "kompat $ref: the release binary, checked against SHA256SUMS, in $(($(date +%s) - start)) s"
  fi
else
  echo "::notice title=kompat::the Action is used at $shown, which is not a release tag: building kompat from source (a few minutes; use a release, OWNER/kompat@vX.Y.Z, to start in seconds)"
  make -C "$action" BUILD_DIR="$dir/build" KOMPAT_TESTS=OFF build
  mkdir -p "$dir/bin"
  cp "$dir/build/kompat" "$dir/bin/kompat"
fi
echo "$dir/bin" >> "${GITHUB_PATH:?GITHUB_PATH is not set}"
