// OpenAPI payloads: request bodies, responses, their media types and headers.
#include "load/openapi_payloads.hpp"

#include <algorithm>

#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;

namespace {

void sort_media(std::vector<MediaType>& media) {
    std::sort(media.begin(), media.end(), [](const MediaType& a, const MediaType& b) { return a.name < b.name; });
}

// A media type's `schema`, when it has one.
std::optional<PointerTarget> media_schema(const OpenApiDocument& doc, const json::value& media_type) {
    const auto* object = media_type.if_object();
    if (object == nullptr) return std::nullopt;
    const auto schema_member = object->find("schema");
    if (schema_member == object->end()) return std::nullopt;
    return PointerTarget{&schema_member->value(), doc.file.position_of(*schema_member)};
}

// A `content` map: the chosen schema, and every media type, each with its own schema
// where it differs from the chosen one.
void read_content(const OpenApiDocument& doc, const json::value& content, std::optional<Schema>& schema, std::vector<MediaType>& media) {
    const auto* map = content.if_object();
    if (map == nullptr) return;
    const auto chosen = choose_media_schema(doc, content);
    if (chosen) doc.state.build(schema.emplace(), doc.file_index, *chosen->schema, chosen->position);
    media.reserve(map->size());
    for (const auto& entry : *map) {
        auto& media_type = media.emplace_back();
        media_type.name = std::string_view(entry.key());
        media_type.location = {doc.file_index, doc.file.position_of(entry)};
        if (chosen && &entry == chosen->media_type) continue;
        const auto own = media_schema(doc, entry.value());
        if (own && (!chosen || !json_equal(*own->value, *chosen->schema)))
            doc.state.build(*(media_type.own_schema = std::make_unique<Schema>()), doc.file_index, *own->value, own->position);
    }
    sort_media(media);
}

// Header names are case-insensitive (HTTP): `X-Rate-Limit` and `x-rate-limit` are one.
void read_headers(const OpenApiDocument& doc, const json::value& value, Response& response) {
    const auto* headers = value.if_object();
    if (headers == nullptr) return;
    for (const auto& member : *headers) {
        const auto position = doc.file.position_of(member);
        const auto target = doc.state.follow_local_refs(doc.file_index, *doc.root, member.value(), position);
        const auto* object = target.value->if_object();
        if (object == nullptr) doc.state.fail(doc.file_index, target.position, "a response header must be an object");
        auto& header = response.headers.emplace_back();
        header.name = std::string_view(member.key());
        header.location = {doc.file_index, position};
        if (const auto* required = object->if_contains("required"); required != nullptr && required->is_bool())
            header.required = required->get_bool();
        if (const auto schema = object->find("schema"); schema != object->end()) {
            doc.state.build(header.schema, doc.file_index, schema->value(), doc.file.position_of(*schema));
        } else {
            auto context = doc.state.schema_context(doc.file_index);
            context.skipped_keywords = {"required", "description", "deprecated"};
            build_schema(header.schema, *target.value, target.position, context);
        }
    }
    std::sort(response.headers.begin(), response.headers.end(),
              [](const ResponseHeader& a, const ResponseHeader& b) { return compare_header_names(a.name, b.name) < 0; });
}

}  // namespace

std::optional<ChosenMedia> choose_media_schema(const OpenApiDocument& doc, const json::value& content) {
    const auto* media = content.if_object();
    if (media == nullptr || media->empty()) return std::nullopt;
    const auto* chosen = media->begin();
    for (const auto* it = media->begin(); it != media->end(); ++it)
        if (it->key() == "application/json") chosen = it;
    const auto schema = media_schema(doc, chosen->value());
    if (!schema) return std::nullopt;
    return ChosenMedia{chosen, schema->value, schema->position};
}

std::vector<MediaType> listed_media(const OpenApiDocument& doc, const json::object& operation, std::string_view key,
                                    const Location& location) {
    const auto* list = operation.if_contains(key);
    if (list == nullptr) list = doc.document.if_contains(key);
    std::vector<MediaType> out;
    if (list == nullptr || !list->is_array()) return out;
    out.reserve(list->get_array().size());  // one allocation: every response of an operation has a list
    for (const auto& name : list->get_array())
        if (name.is_string()) out.push_back({std::string_view(name.get_string()), location, nullptr});
    sort_media(out);
    return out;
}

void read_request_body(const OpenApiDocument& doc, const json::key_value_pair& member, Operation& operation) {
    const auto target = doc.state.follow_local_refs(doc.file_index, *doc.root, member.value(), doc.file.position_of(member));
    const auto* body = target.value->if_object();
    if (body == nullptr) doc.state.fail(doc.file_index, target.position, "\"requestBody\" must be an object");
    operation.has_request_body = true;
    if (const auto* required = body->if_contains("required"); required != nullptr && required->is_bool())
        operation.request_body_required = required->get_bool();
    if (const auto* content = body->if_contains("content")) read_content(doc, *content, operation.request_body, operation.request_media);
}

void read_responses(const OpenApiDocument& doc, const json::object& owner, const json::value& value, Operation& operation) {
    const auto* responses = value.if_object();
    if (responses == nullptr) doc.fail_at(owner, "responses", "\"responses\" must be an object");
    operation.responses.reserve(responses->size());
    for (const auto& member : *responses) {
        const auto status = std::string_view(member.key());
        if (status.starts_with("x-")) continue;
        const auto position = doc.file.position_of(member);
        const auto target = doc.state.follow_local_refs(doc.file_index, *doc.root, member.value(), position);
        const auto* response_object = target.value->if_object();
        if (response_object == nullptr) doc.state.fail(doc.file_index, target.position, "a response must be an object");
        auto& response = operation.responses.emplace_back();
        response.status = std::string(status);
        response.location = {doc.file_index, position};
        // Swagger 2.0's `schema`, else OpenAPI 3's `content`.
        const json::key_value_pair* schema = nullptr;
        const json::value* content = nullptr;
        for (const auto& keyword : *response_object) {
            if (keyword.key() == "schema") schema = &keyword;
            else if (keyword.key() == "content") content = &keyword.value();
            else if (keyword.key() == "headers") read_headers(doc, keyword.value(), response);
        }
        if (schema != nullptr) {
            doc.state.build(response.schema.emplace(), doc.file_index, schema->value(), doc.file.position_of(*schema));
            response.media = listed_media(doc, owner, "produces", response.location);
        } else if (content != nullptr) {
            read_content(doc, *content, response.schema, response.media);
        }
    }
    std::sort(operation.responses.begin(), operation.responses.end(),
              [](const Response& a, const Response& b) { return a.status < b.status; });
}

}  // namespace kompat
