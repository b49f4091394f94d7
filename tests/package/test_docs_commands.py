#!/usr/bin/env python3
"""Every kompat command the README and docs/ show, run as a user who copies it would: in a
git repository laid out as the docs assume (api/openapi-spec/v3, a target branch
origin/main, a release tag v1.4.0, the kompat.yaml of docs/config.md and the baseline of
docs/baseline.md), with this build's kompat first on PATH. A command passes when kompat
answers (exit 0 or 1): a copied snippet must never end in exit 2. The GitHub Action
examples run through the Action's entry point under a fake GitHub environment, and the
pre-commit hook script as a hook runs.

Usage: tests/package/test_docs_commands.py KOMPAT SOURCE_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

COMMANDS = "check|changelog|diff|lint|validate|inspect|explain|history|rules|snapshot"
# Synopsis lines name what the user fills in: not a command to copy.
PLACEHOLDERS = re.compile(r"\b(SPEC|RESOURCE|OLD|NEW|FILE|REL|RULE|N)\b|\[|…|\|")
SUBSTITUTIONS = [("${{ github.base_ref }}", "main"), ("$CI_MERGE_REQUEST_TARGET_BRANCH_NAME", "main"),
                 ('"$HOME/.local/bin/kompat"', "kompat")]


# The Widget docs/explain.md explains: its tier is an enum.
WIDGET_CRD = """apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              tier:
                type: string
                enum: [Small, Medium, Large]
                description: Tier of the widget. Small widgets share a node; Large ones have one each.
"""


# A sample object of the example CRDs (examples/crds/widgets.yaml), as config/samples holds.
SAMPLE_GADGET = """apiVersion: example.com/v1
kind: Gadget
metadata: {name: sample, namespace: default}
spec: {mode: Fast, size: 2}
"""


def fenced_blocks(path):
    """(language, [lines]) of each fenced block of a markdown file."""
    blocks, language, lines = [], None, None
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            if lines is None:
                language, lines = line[3:].strip(), []
            else:
                blocks.append((language, lines))
                lines = None
        elif lines is not None:
            lines.append(line.rstrip("\n"))
    return blocks


def commands_of(lines):
    """The kompat invocations of a block, continuation lines joined."""
    joined = []
    for line in lines:
        if joined and (joined[-1].endswith("\\") or line.strip().startswith("--")):
            joined[-1] = joined[-1].rstrip("\\").rstrip() + " " + line.strip()
        else:
            joined.append(line)
    out = []
    for line in joined:
        line = re.sub(r"(^|\s+)#.*$", "", line)  # a comment says, it does not run
        for old, new in SUBSTITUTIONS:
            line = line.replace(old, new)
        found = re.search(r"(?:^|[\s'\"(])(kompat (?:%s)\b(?!:).*)$" % COMMANDS, line)
        if not found:
            continue
        command = found.group(1).rstrip("'").strip()
        if not PLACEHOLDERS.search(command):
            out.append(command)
    return out


def action_inputs(lines):
    """The `with:` inputs of each step that uses the kompat Action: a block mapping (values
    plain, or `|` blocks of the lines below) or a flow mapping on the `with:` line."""
    def value_of(text):
        text = re.sub(r"\s+#.*$", "", text).strip()
        for old, new in SUBSTITUTIONS:
            text = text.replace(old, new)
        return text
    out = []
    for at, line in enumerate(lines):
        if "uses: OWNER/kompat@" not in line:
            continue
        inputs = {}
        out.append(inputs)
        # The step's dash stands two columns left of its keys (`- uses:`, or `- id:` then `uses:`).
        key_indent = len(line) - len(line.lstrip()) + (2 if line.lstrip().startswith("- ") else 0)
        step_indent = key_indent - 2
        rest = lines[at + 1:]
        for i, with_line in enumerate(rest):
            if len(with_line) - len(with_line.lstrip()) <= step_indent and with_line.strip():
                break  # the next step
            flow = re.match(r"\s*with:\s*\{(.*)\}\s*$", with_line)
            if flow:
                for pair in flow.group(1).split(","):
                    key, _, value = pair.partition(":")
                    inputs[key.strip()] = value_of(value)
                break
            if with_line.strip() != "with:":
                continue
            indent = None
            block = None
            for entry in rest[i + 1:]:
                depth = len(entry) - len(entry.lstrip())
                if entry.strip() and indent is not None and depth < indent:
                    break
                if block is not None and (not entry.strip() or depth > indent):
                    inputs[block] += ("\n" if inputs[block] else "") + value_of(entry)
                    continue
                if not entry.strip():
                    continue
                indent = depth if indent is None else indent
                key, _, value = entry.strip().partition(":")
                value = value_of(value)
                block = key.strip() if value == "|" else None
                inputs[key.strip()] = "" if value == "|" else value
            break
    return out


def run(command, cwd, env, **kwargs):
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, **kwargs)


def main():
    kompat, source = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
    work = tempfile.mkdtemp()
    try:
        bin_dir = os.path.join(work, "bin")
        os.makedirs(bin_dir)
        os.symlink(kompat, os.path.join(bin_dir, "kompat"))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], HOME=work, NO_COLOR="1")
        repo = os.path.join(work, "repo")
        os.makedirs(os.path.join(repo, "api", "openapi-spec"))
        git = lambda *args: subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)
        git("init", "-q")
        git("config", "user.email", "docs@example.invalid")
        git("config", "user.name", "docs")
        # The repository's configuration and baseline are the docs' own examples.
        config = [b for b in fenced_blocks(os.path.join(source, "docs", "config.md")) if b[0] == "yaml"][0][1]
        open(os.path.join(repo, "kompat.yaml"), "w").write("\n".join(config) + "\n")
        baseline = fenced_blocks(os.path.join(source, "docs", "baseline.md"))[0][1]
        open(os.path.join(repo, "kompat-baseline.txt"), "w").write("\n".join(baseline) + "\n")
        shutil.copytree(os.path.join(source, "examples", "new", "v3"), os.path.join(repo, "api", "openapi-spec", "v3"))
        shutil.copytree(os.path.join(source, "examples", "crds"), os.path.join(repo, "config", "crd"))
        open(os.path.join(repo, "config", "crd", "tiered-widgets.yaml"), "w").write(WIDGET_CRD)
        # The CRD author's sample objects docs/objects.md validates.
        os.makedirs(os.path.join(repo, "config", "samples"))
        open(os.path.join(repo, "config", "samples", "gadget.yaml"), "w").write(SAMPLE_GADGET)
        # The chart docs/upgrade.md checks, and what a cluster that runs it holds: a dump
        # kept beside it, and a stub kubectl that answers with the same CRDs (kube:).
        shutil.copytree(os.path.join(source, "golden", "charts", "chart-crds-and-templates", "old"),
                        os.path.join(repo, "charts", "gadgets"))
        dump = open(os.path.join(source, "golden", "crd-storage-version-changed-stored", "old.json")).read()
        os.makedirs(os.path.join(repo, "clusters"))
        open(os.path.join(repo, "clusters", "prod-crds.yaml"), "w").write(dump)
        open(os.path.join(work, "crds.json"), "w").write('{"apiVersion": "v1", "kind": "List", "items": [%s]}' % dump)
        open(os.path.join(bin_dir, "kubectl"), "w").write("#!/bin/sh\ncat '%s'\n" % os.path.join(work, "crds.json"))
        os.chmod(os.path.join(bin_dir, "kubectl"), 0o755)
        git("add", "-A")
        git("commit", "-q", "-m", "v1.4.0")
        git("tag", "v1.4.0")
        git("update-ref", "refs/remotes/origin/main", "HEAD")
        # The PR's change: a field removed from the spec in the working tree.
        spec = os.path.join(repo, "api", "openapi-spec", "v3", "apis__example.com__v1_openapi.json")
        text = open(spec).read()
        open(spec, "w").write(text.replace('"replicas"', '"replicaCount"', 1))

        failures, ran = [], 0
        documents = [os.path.join(source, "README.md")] + sorted(
            os.path.join(source, "docs", name) for name in os.listdir(os.path.join(source, "docs"))
            if name.endswith(".md") and name != "rules.md")
        # Every release the docs name (git:v1.31.0:…) is a tag of the release commit.
        for document in documents:
            for tag in sorted(set(re.findall(r"git:(v[0-9][0-9.]*):", open(document, encoding="utf-8").read()))):
                subprocess.run(["git", "tag", "-f", tag, "v1.4.0"], cwd=repo, env=env, capture_output=True, check=True)
        for document in documents:
            name = os.path.relpath(document, source)
            for language, lines in fenced_blocks(document):
                # A whole script (the pre-commit hook): run it as git runs a hook, with a change staged.
                if lines and lines[0].startswith("#!/bin/sh") and "kompat " in "\n".join(lines):
                    git("add", "-A")
                    result = run(["sh", "-c", "\n".join(lines)], repo, env)
                    git("reset", "-q")
                    ran += 1
                    if result.returncode not in (0, 1) or result.stderr.count("cannot open"):
                        failures.append(f"{name}: the hook script: exit {result.returncode}: {result.stderr.strip()}")
                    continue
                for command in commands_of(lines):
                    result = run(["bash", "-c", command], repo, env)
                    ran += 1
                    print(f"{name}: {command}: exit {result.returncode}")
                    if result.returncode not in (0, 1):
                        failures.append(f"{name}: `{command}`: exit {result.returncode}: {result.stderr.strip()}")
                for inputs in action_inputs(lines):
                    # A pull_request event whose target branch is origin/main.
                    step_env = dict(env, GITHUB_ACTIONS="true", GITHUB_WORKSPACE=repo, KOMPAT=kompat,
                                    GITHUB_EVENT_NAME="pull_request", GITHUB_BASE_REF="main",
                                    GITHUB_STEP_SUMMARY=os.path.join(work, "summary.md"),
                                    GITHUB_OUTPUT=os.path.join(work, "output"), RUNNER_TEMP=work)
                    for key, value in inputs.items():
                        step_env["INPUT_" + key.upper()] = value
                    result = run([os.path.join(source, "scripts", "github-action.sh")], repo, step_env)
                    ran += 1
                    if result.returncode not in (0, 1):
                        failures.append(f"{name}: the Action with {inputs}: exit {result.returncode}: {result.stderr.strip()}")
        for failure in failures:
            print("FAIL:", failure, file=sys.stderr)
        # Five commands, the Action and the hook at least: finding none would prove nothing.
        if ran < 7:
            print(f"FAIL: only {ran} commands found in the docs", file=sys.stderr)
            return 1
        print(f"{ran} documented commands run, {len(failures)} failed")
        return 1 if failures else 0
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    sys.exit(main())
