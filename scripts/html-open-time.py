#!/usr/bin/env python3
"""How long headless Chromium takes to open kompat's HTML report of N findings.

Usage: scripts/html-open-time.py [KOMPAT] [N] [REAL_OLD REAL_NEW]

Writes a synthetic pair whose comparison gives N findings (a third each: a removed field,
a changed description, a new enum value) and renders its HTML report. A copy of the page
gets one probe after its own script: it forces layout and logs performance.now(), the
milliseconds from navigation start to a laid-out page with the filters applied. The
report of an empty comparison is measured the same way, as the reference; the best of
three runs each. A real pair (REAL_OLD REAL_NEW) is measured too.
"""
import json, os, re, subprocess, sys, tempfile

kompat = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "build/kompat")
count = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
real = sys.argv[3:5] if len(sys.argv) > 4 else None
work = tempfile.mkdtemp(prefix="kompat-html-")


def spec(fields):
    return {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
            "components": {"schemas": {
                "com.example.v1.Widget": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "example.com", "version": "v1", "kind": "Widget"}],
                                          "properties": {"spec": {"$ref": "#/components/schemas/com.example.v1.WidgetSpec"}}},
                "com.example.v1.WidgetSpec": {"type": "object", "properties": fields}}}}


old, new = {}, {}
for i in range(count):
    name = f"field{i:05d}"
    kind = i % 3
    if kind == 0:
        old[name] = {"type": "string"}
    elif kind == 1:
        old[name] = {"type": "string", "description": f"The setting {i} of the widget, in bytes, before compression."}
        new[name] = {"type": "string", "description": f"The setting {i} of the widget, in kibibytes, before any compression."}
    else:
        old[name] = {"type": "string", "enum": ["Fast", "Slow"]}
        new[name] = {"type": "string", "enum": ["Fast", "Slow", "Turbo"]}
for side, fields in (("old", old), ("new", new)):
    with open(os.path.join(work, f"{side}.json"), "w") as f:
        json.dump(spec(fields), f)
with open(os.path.join(work, "same.json"), "w") as f:
    json.dump(spec({}), f)


def page(old_path, new_path, name):
    out = os.path.join(work, name)
    subprocess.run([kompat, "check", old_path, new_path, "--format", "html", "--output", out], check=False)
    return out


def open_time(path, runs=3):
    probed = path + ".probed.html"
    with open(path) as f:
        page = f.read()
    probe = "<script>document.body.offsetHeight; console.log('kompat-opened ' + performance.now());</script>\n</body>"
    with open(probed, "w") as f:
        f.write(page.replace("</body>", probe))
    best = None
    for run in range(runs):
        log = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                              "--disable-dev-shm-usage", f"--user-data-dir={work}/profile", "--enable-logging=stderr", "--v=0",
                              "--dump-dom", "file://" + probed], capture_output=True, text=True)
        assert 'data-ready="true"' in log.stdout, "the page's script did not run"
        found = re.search(r"kompat-opened ([0-9.]+)", log.stderr)
        assert found, "no probe in chromium's log"
        elapsed = float(found.group(1)) / 1000
        best = elapsed if best is None else min(best, elapsed)
    return best


empty = open_time(page(os.path.join(work, "same.json"), os.path.join(work, "same.json"), "empty.html"))
big_path = page(os.path.join(work, "old.json"), os.path.join(work, "new.json"), "big.html")
findings = subprocess.run([kompat, "check", os.path.join(work, "old.json"), os.path.join(work, "new.json"), "--format", "json"],
                          capture_output=True, text=True).stdout
shown = len(json.loads(findings)["findings"])
big = open_time(big_path)
print(f"empty report: {empty:.2f} s (reference)")
print(f"{shown} findings ({os.path.getsize(big_path) / 1e6:.1f} MB): {big:.2f} s, {big / empty:.2f}x the empty page, +{big - empty:.2f} s")
if real:
    real_path = page(real[0], real[1], "real.html")
    t = open_time(real_path)
    print(f"{real[0]} -> {real[1]} ({os.path.getsize(real_path) / 1e6:.1f} MB): {t:.2f} s, {t / empty:.2f}x, +{t - empty:.2f} s")
