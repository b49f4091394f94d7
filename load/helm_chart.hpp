#pragma once
// A Helm chart directory as one snapshot: Helm installs the CRDs of a chart's `crds/`
// (and of its unpacked subcharts' `charts/NAME/crds/`) as they are, and renders
// `templates/`. kompat keeps those two folders, reads a template that is plain YAML as it
// is, and skips one that holds template syntax, with a warning that says to pass
// `helm template` output instead. Internal to load/ (source_reader.cpp).
#include "load/source.hpp"

namespace kompat {

// Whether `set` (a directory read) is a Helm chart: a Chart.yaml at its root.
bool is_helm_chart(const SourceSet& set);

// For a chart: keeps the files of `crds/` and `templates/` of the chart and of its
// unpacked subcharts, drops the rest (Chart.yaml, values.yaml, ...), and moves templates
// that hold `{{` out, each named in set.warnings. Leaves any other set as it is.
void keep_chart_files(SourceSet& set);

}  // namespace kompat
