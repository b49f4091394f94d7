#!/usr/bin/env bash
# The packages one stage of the Dockerfile installs (its `apt-get install` line and the
# lines it continues onto), one a line: the one reading of the Dockerfile that
# test_dockerfile.sh and test_deb.sh share.
# Usage: tests/package/dockerfile_packages.sh DOCKERFILE STAGE   (STAGE: 1, 2, ...)
set -euo pipefail
awk -v stage="$2" '/^FROM /{n++} n==stage' "$1" | tr -s ' \\\n' ' ' |
  sed -n 's/.*--no-install-recommends \(.*\) && rm -rf.*/\1/p' | tr ' ' '\n' | { grep -v '^$' || true; }
