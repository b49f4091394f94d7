#!/usr/bin/env python3
"""An SPDX 2.3 SBOM (JSON) of a kompat release binary: kompat itself and every library
compiled or linked into it, each at the version of the Debian package it came from.
Deterministic: the same inputs give the same bytes (the time is SOURCE_DATE_EPOCH's).

Usage: scripts/sbom.py NAME VERSION COMMIT EPOCH > NAME.spdx.json
"""
import datetime
import json
import subprocess
import sys

# (SPDX package name, Debian package, how it is in the binary, licence as Debian states it)
LIBRARIES = [
    ("glibc", "libc6-dev", "statically linked", "LGPL-2.1-or-later"),
    ("libstdc++", "libstdc++-12-dev", "statically linked", "GPL-3.0-or-later WITH GCC-exception-3.1"),
    ("Boost.JSON", "libboost-json1.81-dev", "statically linked", "BSL-1.0"),
    ("libfyaml", "libfyaml-dev", "statically linked", "MIT"),
    ("RE2", "libre2-dev", "statically linked", "BSD-3-Clause"),
    ("fmt", "libfmt-dev", "compiled in (header-only)", "MIT"),
    ("CLI11", "libcli11-dev", "compiled in (header-only)", "BSD-3-Clause"),
    ("dtl", "libdtl-dev", "compiled in (header-only)", "BSD-3-Clause"),
]


def package_version(package):
    done = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "NOASSERTION"


def main():
    name, version, commit, epoch = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    created = datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    packages = [{
        "SPDXID": "SPDXRef-Package-kompat",
        "name": "kompat",
        "versionInfo": version,
        "downloadLocation": "NOASSERTION",
        "sourceInfo": "built from commit " + commit,
        "licenseConcluded": "NOASSERTION",
        "licenseDeclared": "NOASSERTION",
        "copyrightText": "NOASSERTION",
        "primaryPackagePurpose": "APPLICATION",
    }]
    relationships = [{"spdxElementId": "SPDXRef-DOCUMENT", "relationshipType": "DESCRIBES",
                      "relatedSpdxElement": "SPDXRef-Package-kompat"}]
    for spdx_name, debian, how, licence in LIBRARIES:
        spdx_id = "SPDXRef-Package-" + "".join(c if c.isalnum() else "-" for c in spdx_name)
        packages.append({
            "SPDXID": spdx_id,
            "name": spdx_name,
            "versionInfo": package_version(debian),
            "downloadLocation": "NOASSERTION",
            "sourceInfo": "Debian package %s, %s" % (debian, how),
            "licenseConcluded": "NOASSERTION",
            "licenseDeclared": licence,
            "copyrightText": "NOASSERTION",
            "externalRefs": [{"referenceCategory": "PACKAGE-MANAGER", "referenceType": "purl",
                              "referenceLocator": "pkg:deb/debian/%s@%s" % (debian, package_version(debian))}],
        })
        relationships.append({"spdxElementId": "SPDXRef-Package-kompat", "relationshipType": "CONTAINS",
                              "relatedSpdxElement": spdx_id})
    document = {
        "spdxVersion": "SPDX-2.3",
        "dataLicense": "CC0-1.0",
        "SPDXID": "SPDXRef-DOCUMENT",
        "name": name,
        "documentNamespace": "https://kompat.invalid/spdx/%s-%s" % (name, commit),
        "creationInfo": {"created": created, "creators": ["Tool: kompat scripts/sbom.py"]},
        "packages": packages,
        "relationships": relationships,
    }
    json.dump(document, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
