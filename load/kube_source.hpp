#pragma once
// Reading a live cluster's CRDs (`kube:NAME`, `kube:`) with kubectl itself, as crdify's
// `kube://` does: `kubectl get crd [NAME] -o json` in the current context, run as git is
// run for REV:PATH (load/child_process.hpp): no shell, no prompt (stdin is empty), a time
// limit, and kubectl's own words when it fails. What it prints is one CRD, or a List of
// every CRD, with its status: the snapshot is its own cluster state. Internal to load/
// (source_reader.cpp).
#include <string_view>

#include "load/source.hpp"
#include "support/limits.hpp"

namespace kompat {

// The prefix of the argument: `kube:` (every CRD) or `kube:NAME` (one CRD).
inline constexpr std::string_view kube_prefix = "kube:";

// Throws InputError when NAME is no CRD name, kubectl is missing, fails, passes
// limits.kubectl_timeout_seconds or prints more than limits.max_input_bytes.
SourceSet read_kube_source(std::string_view argument, const Limits& limits);

}  // namespace kompat
