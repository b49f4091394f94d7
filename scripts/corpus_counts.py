#!/usr/bin/env python3
"""The error / warning / info counts of `kompat check` on every consecutive pair of the
corpus (../shared/corpus), with a digest of each JSON report, so that a change's effect
on verdicts can be put in a note: run it with the binary before and after, then compare.

Usage: scripts/corpus_counts.py KOMPAT OUT.json [CORPUS_DIR]
       scripts/corpus_counts.py --compare BEFORE.json AFTER.json
"""
import hashlib
import json
import os
import re
import subprocess
import sys


def version_key(tag):
    """`v1.2.3`, `knative-v1.10.0`, `2.0.0` -> [1, 2, 3]: the release's numbers."""
    return [int(part) for part in re.findall(r"\d+", tag)]


def pairs_of(root):
    pairs = []
    releases = sorted(os.listdir(f"{root}/kubernetes"), key=version_key)
    for a, b in zip(releases, releases[1:]):
        for form in ("swagger.json", "v3"):
            old, new = f"{root}/kubernetes/{a}/{form}", f"{root}/kubernetes/{b}/{form}"
            if os.path.exists(old) and os.path.exists(new):
                pairs.append((old, new))
    for project in sorted(os.listdir(f"{root}/crds")):
        tags = sorted(os.listdir(f"{root}/crds/{project}"), key=version_key)
        for a, b in zip(tags, tags[1:]):
            # gateway-api ships channels (standard, experimental) from v0.5.0 on; a pair
            # whose layout changed is not two versions of one directory, and is skipped.
            channels = [[c for c in ("experimental", "standard") if os.path.isdir(f"{root}/crds/{project}/{tag}/{c}")] for tag in (a, b)]
            if channels[0] != channels[1]:
                continue
            for channel in channels[0] or [""]:
                pairs.append((os.path.join(root, "crds", project, a, channel).rstrip("/"),
                              os.path.join(root, "crds", project, b, channel).rstrip("/")))
    # OpenAPI 3 projects: each release directory holds one document.
    for project in sorted(os.listdir(f"{root}/openapi3")):
        tags = sorted(os.listdir(f"{root}/openapi3/{project}"), key=version_key)
        documents = [f"{root}/openapi3/{project}/{tag}/{os.listdir(f'{root}/openapi3/{project}/{tag}')[0]}" for tag in tags]
        pairs.extend(zip(documents, documents[1:]))
    return pairs


def counts(kompat, root):
    result = {}
    for old, new in pairs_of(root):
        name = old.replace(root + "/", "") + " -> " + new.replace(root + "/", "")
        run = subprocess.run([kompat, "check", old, new, "--format", "json"], capture_output=True)
        if run.returncode not in (0, 1):
            result[name] = {"exit": run.returncode, "stderr": run.stderr.decode(errors="replace").strip()}
            continue
        tally = {"error": 0, "warning": 0, "info": 0}
        for finding in json.loads(run.stdout)["findings"]:
            tally[finding["severity"]] += 1
        tally["digest"] = hashlib.sha256(run.stdout).hexdigest()[:16]
        result[name] = tally
    return result


def main(argv):
    if len(argv) == 4 and argv[1] == "--compare":
        before, after = (json.load(open(path)) for path in argv[2:])
        for name in sorted(set(before) | set(after)):
            a, b = before.get(name), after.get(name)
            mark = "same" if a == b else "CHANGED"
            show = lambda c: "missing" if c is None else f"{c.get('error')}/{c.get('warning')}/{c.get('info')}"
            print(f"{mark:8} {name}: {show(a)} -> {show(b)}")
        return 0 if before == after else 1
    if len(argv) not in (3, 4):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    root = argv[3] if len(argv) == 4 else os.path.normpath(os.path.join(here, "..", "..", "shared", "corpus"))
    result = counts(os.path.abspath(argv[1]), root)
    with open(argv[2], "w") as out:
        json.dump(result, out, indent=1, sort_keys=True)
    print(f"{len(result)} pairs written to {argv[2]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
