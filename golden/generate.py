#!/usr/bin/env python3
"""Writes the golden cases' inputs and docs/rules.md from one table, written by family in
golden/cases_<family>.py (cases_surface.py, cases_fields.py...; builders.py has the helpers).

Each case is a folder golden/<case>/ holding its inputs (old.json and new.json, or
spec.json for a one-snapshot lint case) and `rules`: the rule ids the case must produce,
one a line, written here by hand. The expected reports (expected.json, expected.text)
are written by kompat itself, on purpose only: `make golden-update`.

Run from anywhere: python3 golden/generate.py
"""
import json
import os
import subprocess
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(HERE, "..", "docs", "rules.md")

# The cases by family, in the order docs/rules.md lists them; each adds to builders.CASES.
sys.dont_write_bytecode = True  # no __pycache__ folder among the cases
sys.path.insert(0, HERE)
import cases_surface  # noqa: E402,F401
import cases_fields  # noqa: E402,F401
import cases_validation  # noqa: E402,F401
import cases_defaults  # noqa: E402,F401
import cases_kubernetes  # noqa: E402,F401
import cases_conventions  # noqa: E402,F401
import cases_openapi_schemas  # noqa: E402,F401
import cases_openapi_operations  # noqa: E402,F401
import cases_roles  # noqa: E402,F401
import cases_objects  # noqa: E402,F401
from builders import CASES  # noqa: E402


# ---- writing ----
def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f, indent=2)
        f.write("\n")


def main():
    names = set()
    for c in CASES:
        assert c["name"] not in names, c["name"]
        names.add(c["name"])
        folder = os.path.join(HERE, c["name"])
        os.makedirs(folder, exist_ok=True)
        for stale in ("old.json", "new.json", "spec.json", "release.json", "objects.yaml", "cluster.json"):
            if os.path.exists(os.path.join(folder, stale)):
                os.remove(os.path.join(folder, stale))
        if c["new"] is None:
            write_json(os.path.join(folder, "spec.json"), c["old"])
        else:
            write_json(os.path.join(folder, "old.json"), c["old"])
            write_json(os.path.join(folder, "new.json"), c["new"])
        if c["release"] is not None:
            write_json(os.path.join(folder, "release.json"), c["release"])
        if c["cluster"] is not None:
            write_json(os.path.join(folder, "cluster.json"), c["cluster"])
        if c["objects"] is not None:
            with open(os.path.join(folder, "objects.yaml"), "w") as f:
                f.write(c["objects"])
        with open(os.path.join(folder, "rules"), "w") as f:
            f.write("".join(r + "\n" for r in c["rules"]))
    for entry in os.listdir(HERE):
        # golden/explain/, golden/changelog/, golden/charts/ and golden/history/ hold cases written by hand.
        if os.path.isdir(os.path.join(HERE, entry)) and entry not in names and entry not in ("explain", "changelog", "charts", "history"):
            shutil.rmtree(os.path.join(HERE, entry))
    write_docs()


RULES = {}  # rule id -> its row of the rule table, from `kompat rules --format json`


def read_rule_table():
    kompat = os.environ.get("KOMPAT", os.path.join(HERE, "..", "build", "kompat"))
    out = subprocess.run([kompat, "rules", "--format", "json"], check=True, capture_output=True, text=True).stdout
    for rule in json.loads(out)["rules"]:
        RULES[rule["id"]] = rule


def example(value):
    """The part of a case's document a reader needs: the Widget spec, the paths, or the CRD."""
    if value is None:
        return None
    if value.get("kind") == "CustomResourceDefinition":
        return value["spec"]
    if value.get("info", {}).get("title") == "pets":
        return {"paths": value["paths"], **({"components": value["components"]} if value["components"]["schemas"] else {})}
    if value.get("paths"):
        return {"paths": value["paths"]}
    schemas = value["components"]["schemas"]
    spec = schemas.get("com.example.v1.WidgetSpec")
    if spec and spec.get("properties", {}).get("field") is not None:
        return {"field": spec["properties"]["field"]}
    return {"schemas": sorted(schemas)} if "com.example.v1.WidgetSpec" not in schemas or len(schemas) != 3 else {"WidgetSpec": spec}


def write_docs():
    read_rule_table()
    out = ["# Rules", "",
           "Every rule kompat has, by id. Ids are stable and never renamed. Each has a default severity, which the",
           "finding's role and stability then adjust (`docs/architecture.md`, \"What decides a verdict\"):", "",
           "- **Roles**: a change on `spec` (users write, controllers read), on `status` (the server writes, clients read),",
           "  in a request (parameters, request bodies of generic OpenAPI) or in a response. A change that breaks",
           "  *writers* (validation tightened, a new required field, an enum value removed) is an error on spec and in",
           "  requests, info on status and in responses; one that breaks *readers* (an enum value added, a field",
           "  becoming optional, a type widened) is an error on status and in responses, a warning on spec (an error",
           "  for enum additions), info in requests. A bound relaxed (`maxItems`, `maxLength`, `maximum`, a pattern or a",
           "  CEL rule removed) breaks only a reader that relied on it, which the spec cannot tell: a warning on spec,",
           "  status and responses, info in requests. A removal, a type change or a default change breaks both: error.",
           "- **Stability**: inside an alpha group-version, or on a field whose lifecycle is alpha, every finding is at most",
           "  info. Retiring a beta version (removed, or no longer served) is a warning, whether or not its group-version",
           "  survives (deprecated, then retired, is the documented path); the operations it served, its List kind and",
           "  what changed inside it are said by that finding. Retiring a GA version is an error.",
           "- **List kinds** (`WidgetList`: items and list metadata) are only ever returned: what they reach is judged in the",
           "  response role, and where the item kind reaches the same change the List folds into it.",
           "- A change inside a named type others use (`PodSpec`) is one finding that lives in that type, with its path",
           "  inside it, listing every kind it affects (`affects`) and the path through each (`affectedPlaces`); the",
           "  same change in several versions of one CRD is one finding too.", "",
           "`kompat rules` lists the rules; `kompat rules RULE` shows one with whom it breaks and what to do about it.",
           "The reports carry the same sentences: markdown and HTML for each rule they show, SARIF as each rule's `help`.",
           "Each finding is said in one sentence from its rule's template; the text report's second line says whom it",
           "breaks, by the role that decided its severity.", "",
           "Severities below read: spec / status / request / response. Each example is the golden case",
           "`golden/<id>/` (inputs `old.json`, `new.json`, or `spec.json` for one-snapshot rules).", ""]
    for c in CASES:
        if not c["rule"]:
            continue
        rule = RULES[c["rule"]]
        first = rule["severities"][0] if rule["severities"] else {"spec": "error", "status": "error", "request": "error", "response": "error"}
        sev = [first["spec"], first["status"], first["request"], first["response"]]
        out += [f"### {c['rule']}", "", c["meaning"], "", f"Breaks: {rule['breaks']}", "", f"Remedy: {rule['remedy']}", "",
                f"Default severity: {sev[0]} (spec {sev[0]} / status {sev[1]} / request {sev[2]} / response {sev[3]})", ""]
        if c["new"] is None:
            out += ["Snapshot:", "", "```json", json.dumps(example(c["old"]), indent=2), "```", ""]
            if c["objects"] is not None:
                out += ["Objects (`--objects`):", "", "```yaml", c["objects"].rstrip("\n"), "```", ""]
        else:
            out += ["Old:", "", "```json", json.dumps(example(c["old"]), indent=2), "```", "",
                    "New:", "", "```json", json.dumps(example(c["new"]), indent=2), "```", ""]
            if c["objects"] is not None:
                out += ["Objects (`--objects`):", "", "```yaml", c["objects"].rstrip("\n"), "```", ""]
    with open(DOCS, "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
