#pragma once
// Reads Kubernetes objects (`--objects PATH`): files or directories of YAML (several
// documents) or JSON, `kind: List` with `items`, read as snapshots are (the same limits,
// the same confinement: no link out of a directory).
#include <string>
#include <vector>

#include "support/limits.hpp"
#include "load/source.hpp"
#include "model/manifest.hpp"

namespace kompat {

// Every object of the paths, in the order given, each file's in its own order. Throws
// InputError (file:line:col) for a file that cannot be read or parsed, a document that is
// no object, or an object without apiVersion or kind; the files of all paths together
// count against --max-input-bytes and --max-files.
ManifestSet load_manifests(const std::vector<std::string>& paths, const Limits& limits);
// The same, of files already read.
ManifestSet load_manifests(const std::vector<SourceSet>& sources, const Limits& limits);

}  // namespace kompat
