#include "load/input_formats.hpp"

#include <array>

#include "load/load_state.hpp"
#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

bool is_openapi_v2(const json::object& document) { return string_member(document, "swagger") == "2.0"; }

bool is_openapi_v3(const json::object& document) { return string_member(document, "openapi").starts_with("3."); }

bool is_crd(const json::object& document) {
    const auto api_version = string_member(document, "apiVersion");
    return string_member(document, "kind") == "CustomResourceDefinition" &&
           (api_version == "apiextensions.k8s.io/v1" || api_version == "apiextensions.k8s.io/v1beta1");
}

const std::array<InputFormat, 3> formats{{
    {SnapshotFormat::openapi_v2, "OpenAPI v2", "an OpenAPI v2 document (\"swagger\": \"2.0\")", is_openapi_v2, load_openapi_document,
     collect_openapi_kinds},
    {SnapshotFormat::openapi_v3, "OpenAPI v3", "an OpenAPI v3 document (\"openapi\": \"3.x\")", is_openapi_v3, load_openapi_document,
     collect_openapi_kinds},
    {SnapshotFormat::crd, "CustomResourceDefinition", "a CustomResourceDefinition (apiextensions.k8s.io/v1 or v1beta1)", is_crd, load_crd,
     nullptr},
}};

}  // namespace

std::span<const InputFormat> input_formats() { return formats; }

const InputFormat* input_format_of(const json::object& document) {
    for (const auto& format : formats)
        if (format.recognises(document)) return &format;
    return nullptr;
}

std::string expected_input_formats() {
    std::string out = "expected ";
    for (std::size_t i = 0; i < formats.size(); ++i) {
        if (i > 0) out += i + 1 == formats.size() ? " or " : ", ";
        out += formats[i].recognised_by;
    }
    return out;
}

}  // namespace kompat
