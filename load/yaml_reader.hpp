#pragma once
// Reads YAML text (one or many documents) into a ParsedFile of JSON values, from
// libfyaml's event stream.
#include "support/limits.hpp"
#include "model/parsed_file.hpp"
#include "load/source_reader.hpp"
#include "load/yaml_scalars.hpp"

#include <optional>

namespace kompat {

struct YamlOptions {
    // How plain scalars resolve (see ScalarRules). Unset: by document. A document whose
    // top level has `openapi` or `swagger` is read by YAML 1.2's core schema; any other
    // (CRDs, Lists, config) the way Kubernetes reads a manifest.
    std::optional<ScalarRules> rules;
    // Documents that are only null (`---` with nothing after it) are dropped unless kept.
    bool keep_null_documents = false;
};

// Merge keys (`<<`) are expanded. Throws InputError (file:line:col) for malformed YAML,
// nesting or alias and merge expansion past the limits, an alias or merge that reaches
// the node it is in, a non-scalar mapping key, a duplicate key, a value that does not
// match its tag, or .inf/.nan (JSON has no such number).
ParsedFile read_yaml(const SourceFile& source, const Limits& limits, const YamlOptions& options = {});

}  // namespace kompat
