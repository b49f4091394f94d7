#pragma once
// An OpenAPI document's security requirements and schemes, and its servers. Internal to load/.
#include "load/openapi_document.hpp"

namespace kompat {

// A `security` list, read leniently: what is not a requirement object is left out.
std::vector<SecurityRequirement> security_requirements(const boost::json::value& value);
void load_servers(const OpenApiDocument& doc);
void load_security_schemes(const OpenApiDocument& doc);

}  // namespace kompat
