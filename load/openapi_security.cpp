// OpenAPI security requirements and schemes, and servers.
#include "load/openapi_security.hpp"

#include <algorithm>

namespace kompat {
namespace json = boost::json;

namespace {

// Every string a scheme says of itself except its description, by its path of keys
// ("flows.implicit.authorizationUrl").
void scheme_settings(const json::object& object, const std::string& prefix, SecurityScheme& scheme) {
    for (const auto& [key, value] : object) {
        if (key == "description" || key == "type") continue;
        const auto name = prefix + std::string(key);
        if (value.is_string()) scheme.settings.emplace_back(name, value.get_string());
        else if (const auto* inner = value.if_object()) scheme_settings(*inner, name + ".", scheme);
    }
}

}  // namespace

std::vector<SecurityRequirement> security_requirements(const json::value& value) {
    std::vector<SecurityRequirement> out;
    const auto* list = value.if_array();
    if (list == nullptr) return out;
    for (const auto& element : *list) {
        const auto* object = element.if_object();
        if (object == nullptr) continue;
        auto& requirement = out.emplace_back();
        for (const auto& [name, scopes] : *object) {
            auto& entry = requirement.emplace_back(std::string_view(name), std::vector<std::string_view>{});
            if (const auto* array = scopes.if_array())
                for (const auto& scope : *array)
                    if (scope.is_string()) entry.second.emplace_back(scope.get_string());
            std::sort(entry.second.begin(), entry.second.end());
        }
        std::sort(requirement.begin(), requirement.end());
    }
    return out;
}

void load_servers(const OpenApiDocument& doc) {
    auto& servers = doc.state.snapshot.servers;
    if (doc.v3) {
        if (const auto* list = doc.document.if_contains("servers"); list != nullptr && list->is_array())
            for (const auto& server : list->get_array())
                if (const auto* object = server.if_object())
                    if (const auto* url = object->if_contains("url"); url != nullptr && url->is_string())
                        servers.emplace_back(url->get_string());
    } else if (const auto* host = doc.document.if_contains("host"); host != nullptr && host->is_string()) {
        std::string base_path;
        if (const auto* path = doc.document.if_contains("basePath"); path != nullptr && path->is_string()) base_path = path->get_string();
        std::vector<std::string> schemes;
        if (const auto* list = doc.document.if_contains("schemes"); list != nullptr && list->is_array())
            for (const auto& scheme : list->get_array())
                if (scheme.is_string()) schemes.emplace_back(scheme.get_string());
        if (schemes.empty()) schemes.emplace_back("https");
        for (const auto& scheme : schemes) servers.push_back(scheme + "://" + std::string(host->get_string()) + base_path);
    }
    std::sort(servers.begin(), servers.end());
    servers.erase(std::unique(servers.begin(), servers.end()), servers.end());
}

void load_security_schemes(const OpenApiDocument& doc) {
    const json::object* schemes = nullptr;
    if (doc.v3) {
        if (const auto* components = doc.document.if_contains("components"); components != nullptr && components->is_object())
            if (const auto* found = components->get_object().if_contains("securitySchemes")) schemes = found->if_object();
    } else if (const auto* found = doc.document.if_contains("securityDefinitions")) {
        schemes = found->if_object();
    }
    if (schemes == nullptr) return;
    for (const auto& member : *schemes) {
        const auto* object = member.value().if_object();
        if (object == nullptr) continue;
        auto [entry, inserted] = doc.state.snapshot.security_schemes.try_emplace(std::string(member.key()));
        if (!inserted) continue;  // the first file that defines a scheme wins, as for types
        auto& scheme = entry->second;
        scheme.location = {doc.file_index, doc.file.position_of(member)};
        if (const auto* type = object->if_contains("type"); type != nullptr && type->is_string()) scheme.type = type->get_string();
        scheme_settings(*object, "", scheme);
        std::sort(scheme.settings.begin(), scheme.settings.end());
    }
}

}  // namespace kompat
