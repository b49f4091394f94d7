#pragma once
// Reading one OpenAPI v2 or v3 document into the snapshot. Internal to load/. One class,
// implemented along the seams the differ compares by: openapi_loader.cpp (named types,
// paths, operations, parameters), openapi_payloads.cpp (request bodies, responses, media
// types, response headers), openapi_security.cpp (security requirements and schemes,
// servers).
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "load/load_state.hpp"

namespace kompat {

class OpenApiLoader {
public:
    OpenApiLoader(LoadState& state, std::uint32_t file_index, const boost::json::object& document);
    void load();

private:
    // ---- openapi_loader.cpp: named types, paths, operations, parameters
    const boost::json::object* member_object(std::string_view key) const;
    [[noreturn]] void fail_at(const boost::json::object& object, std::string_view key, const std::string& message) const;
    void load_types();
    // `paths`, or (webhooks) the map of webhooks, each a path item.
    void load_paths(const boost::json::object& paths, bool webhooks = false);
    // The operation built last stays unless an earlier one has its method and path.
    void keep_unless_defined_before(std::string_view method, std::string_view path);
    void read_operation(const boost::json::object& object, const boost::json::array* shared, Operation& operation);
    static void read_tags(const boost::json::array& tags, Operation& operation);
    // Read leniently: the extension only helps tell which removals a kind's removal says.
    static std::optional<GroupVersionKind> operation_kind(const boost::json::value& value);
    const boost::json::array* parameter_list(const boost::json::object& owner, const boost::json::value& value) const;
    void add_parameter(const boost::json::value& element, Operation& operation, bool unless_overridden = false);
    // One Parameter per definition, however many operations use it.
    std::shared_ptr<const Parameter> shared_parameter(const PointerTarget& target);
    void read_parameter(const PointerTarget& target, Parameter& parameter);

    // ---- openapi_payloads.cpp: request bodies, responses, media types, headers
    // A media type's `schema`, when it has one.
    std::optional<PointerTarget> media_schema(const boost::json::value& media_type) const;
    struct ChosenMedia {
        const boost::json::key_value_pair* media_type;
        const boost::json::value* schema;
        TextPosition position;
    };
    // Of a `content` map, the media type application/json, else the first, with its schema.
    std::optional<ChosenMedia> choose_media_schema(const boost::json::value& content) const;
    // A `content` map: the chosen schema, and every media type, each with its own schema
    // where it differs from the chosen one.
    void read_content(const boost::json::value& content, std::optional<Schema>& schema, std::vector<MediaType>& media);
    static void sort_media(std::vector<MediaType>& media);
    // Swagger 2.0: the operation's consumes or produces, else the document's.
    std::vector<MediaType> listed_media(const boost::json::object& operation, std::string_view key, const Location& location) const;
    void read_request_body(const boost::json::key_value_pair& member, Operation& operation);
    void read_responses(const boost::json::object& owner, const boost::json::value& value, Operation& operation);
    // Header names are case-insensitive (HTTP): `X-Rate-Limit` and `x-rate-limit` are one.
    void read_headers(const boost::json::value& value, Response& response);

    // ---- openapi_security.cpp: security requirements and schemes, servers
    // A `security` list, read leniently: what is not a requirement object is left out.
    static std::vector<SecurityRequirement> security_requirements(const boost::json::value& value);
    // Every string a scheme says of itself except its description, by its path of keys
    // ("flows.implicit.authorizationUrl").
    static void scheme_settings(const boost::json::object& object, const std::string& prefix, SecurityScheme& scheme);
    void load_servers();
    void load_security_schemes();

    LoadState& state_;
    std::uint32_t file_index_;
    const ParsedFile& file_;
    const boost::json::object& document_;
    const boost::json::value* root_ = nullptr;
    bool v3_ = false;
    std::unordered_map<const boost::json::value*, std::shared_ptr<const Parameter>> parameters_;
    std::optional<std::vector<SecurityRequirement>> document_security_;
};

}  // namespace kompat
