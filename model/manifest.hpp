#pragma once
// Kubernetes objects as users write them (manifests, fixtures, `kubectl get -o yaml`
// dumps), read to be validated against a snapshot's schemas (`--objects`).
#include <boost/json/object.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/parsed_file.hpp"
#include "model/schema.hpp"

namespace kompat {

struct Manifest {
    GroupVersionKind gvk;                       // from apiVersion and kind
    std::string name;                           // metadata.name ("" when it has none, e.g. generateName)
    std::string namespace_name;                 // metadata.namespace, "" when it says none
    std::uint32_t file = 0;                     // index into ManifestSet::files
    TextPosition position;                      // its first key
    const boost::json::object* body = nullptr;  // in ManifestSet::documents

    // `default/web`, `web`, or `(unnamed)`.
    [[nodiscard]] std::string display_name() const {
        if (name.empty()) return "(unnamed)";
        return namespace_name.empty() ? name : namespace_name + "/" + name;
    }
};

struct ManifestSet {
    std::vector<std::string> files;  // as messages name them
    std::vector<std::shared_ptr<const ParsedFile>> documents;
    std::vector<Manifest> manifests;  // in file order, then document order
    std::uint64_t bytes = 0;          // of all its files
};

}  // namespace kompat
