#pragma once
// An OpenAPI operation's payloads: request bodies, responses, their media types and
// response headers. Internal to load/.
#include "load/openapi_document.hpp"

namespace kompat {

// Of a `content` map, the media type application/json, else the first, with its schema.
struct ChosenMedia {
    const boost::json::key_value_pair* media_type;
    const boost::json::value* schema;
    TextPosition position;
};
std::optional<ChosenMedia> choose_media_schema(const OpenApiDocument& doc, const boost::json::value& content);
// Swagger 2.0: the operation's consumes or produces, else the document's.
std::vector<MediaType> listed_media(const OpenApiDocument& doc, const boost::json::object& operation, std::string_view key,
                                    const Location& location);
void read_request_body(const OpenApiDocument& doc, const boost::json::key_value_pair& member, Operation& operation);
void read_responses(const OpenApiDocument& doc, const boost::json::object& owner, const boost::json::value& value, Operation& operation);

}  // namespace kompat
