#!/usr/bin/env python3
"""Collects the sentence forms that mark a field alpha, beta, deprecated or feature-gated
in the descriptions of the corpus (../shared/corpus), with how often each occurs.

Usage: scripts/lifecycle_sentences.py [CORPUS_DIR]
The list it prints, reviewed by hand, is docs/lifecycle-sentences.md.
"""
import collections, json, os, re, sys

try:
    import yaml  # noqa: only for CRDs; skipped when absent
except ImportError:
    yaml = None

MARK = re.compile(r"\b(alpha|beta|deprecated|feature[- ]gate|featuregate)\b", re.I)
GATE = re.compile(r"`?\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b`?")
VERSION = re.compile(r"\b\d+\.\d+(?:\.\d+)?\b")

def descriptions(value):
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "description" and isinstance(v, str):
                yield v
            else:
                yield from descriptions(v)
    elif isinstance(value, list):
        for v in value:
            yield from descriptions(v)

def documents(root):
    for dirpath, _, files in os.walk(root):
        if "yaml-test-suite" in dirpath:
            continue
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            if name.endswith(".json"):
                with open(path, encoding="utf-8") as f:
                    yield json.load(f)
            elif name.endswith((".yaml", ".yml")) and yaml is not None:
                # Every scalar a string: CRDs hold values (`=`) no other loader takes.
                loader = getattr(yaml, "CBaseLoader", yaml.BaseLoader)
                with open(path, encoding="utf-8") as f:
                    yield from (d for d in yaml.load_all(f, Loader=loader) if d is not None)

def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "../shared/corpus"
    forms = collections.Counter()
    for document in documents(root):
        for text in set(descriptions(document)):
            for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
                if not MARK.search(sentence) or len(sentence) > 300:
                    continue
                form = GATE.sub("GATE", sentence.strip())
                form = VERSION.sub("N.N", form)
                forms[form] += 1
    for form, count in forms.most_common():
        print(f"{count:6d}  {form}")

if __name__ == "__main__":
    main()
