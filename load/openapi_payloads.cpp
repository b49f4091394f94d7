// OpenAPI payloads: request bodies, responses, their media types and headers.
#include "load/openapi_loader.hpp"

#include <algorithm>

#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;

std::optional<PointerTarget> OpenApiLoader::media_schema(const json::value& media_type) const {
    const auto* object = media_type.if_object();
    if (object == nullptr) return std::nullopt;
    const auto schema_member = object->find("schema");
    if (schema_member == object->end()) return std::nullopt;
    return PointerTarget{&schema_member->value(), file_.position_of(*schema_member)};
}

std::optional<OpenApiLoader::ChosenMedia> OpenApiLoader::choose_media_schema(const json::value& content) const {
    const auto* media = content.if_object();
    if (media == nullptr || media->empty()) return std::nullopt;
    const auto* chosen = media->begin();
    for (const auto* it = media->begin(); it != media->end(); ++it)
        if (it->key() == "application/json") chosen = it;
    const auto schema = media_schema(chosen->value());
    if (!schema) return std::nullopt;
    return ChosenMedia{chosen, schema->value, schema->position};
}

void OpenApiLoader::read_content(const json::value& content, std::optional<Schema>& schema, std::vector<MediaType>& media) {
    const auto* map = content.if_object();
    if (map == nullptr) return;
    const auto chosen = choose_media_schema(content);
    if (chosen) state_.build(schema.emplace(), file_index_, *chosen->schema, chosen->position);
    media.reserve(map->size());
    for (const auto& entry : *map) {
        auto& media_type = media.emplace_back();
        media_type.name = std::string_view(entry.key());
        media_type.location = {file_index_, file_.position_of(entry)};
        if (chosen && &entry == chosen->media_type) continue;
        const auto own = media_schema(entry.value());
        if (own && (!chosen || !json_equal(*own->value, *chosen->schema)))
            state_.build(*(media_type.own_schema = std::make_unique<Schema>()), file_index_, *own->value, own->position);
    }
    sort_media(media);
}

void OpenApiLoader::sort_media(std::vector<MediaType>& media) {
    std::sort(media.begin(), media.end(), [](const MediaType& a, const MediaType& b) { return a.name < b.name; });
}

std::vector<MediaType> OpenApiLoader::listed_media(const json::object& operation, std::string_view key, const Location& location) const {
    const auto* list = operation.if_contains(key);
    if (list == nullptr) list = document_.if_contains(key);
    std::vector<MediaType> out;
    if (list == nullptr || !list->is_array()) return out;
    out.reserve(list->get_array().size());  // one allocation: every response of an operation has a list
    for (const auto& name : list->get_array())
        if (name.is_string()) out.push_back({std::string_view(name.get_string()), location, nullptr});
    sort_media(out);
    return out;
}

void OpenApiLoader::read_request_body(const json::key_value_pair& member, Operation& operation) {
    const auto target = state_.follow_local_refs(file_index_, *root_, member.value(), file_.position_of(member));
    const auto* body = target.value->if_object();
    if (body == nullptr) state_.fail(file_index_, target.position, "\"requestBody\" must be an object");
    operation.has_request_body = true;
    if (const auto* required = body->if_contains("required"); required != nullptr && required->is_bool())
        operation.request_body_required = required->get_bool();
    if (const auto* content = body->if_contains("content")) read_content(*content, operation.request_body, operation.request_media);
}

void OpenApiLoader::read_responses(const json::object& owner, const json::value& value, Operation& operation) {
    const auto* responses = value.if_object();
    if (responses == nullptr) fail_at(owner, "responses", "\"responses\" must be an object");
    operation.responses.reserve(responses->size());
    for (const auto& member : *responses) {
        const auto status = std::string_view(member.key());
        if (status.starts_with("x-")) continue;
        const auto position = file_.position_of(member);
        const auto target = state_.follow_local_refs(file_index_, *root_, member.value(), position);
        const auto* response_object = target.value->if_object();
        if (response_object == nullptr) state_.fail(file_index_, target.position, "a response must be an object");
        auto& response = operation.responses.emplace_back();
        response.status = std::string(status);
        response.location = {file_index_, position};
        // Swagger 2.0's `schema`, else OpenAPI 3's `content`.
        const json::key_value_pair* schema = nullptr;
        const json::value* content = nullptr;
        for (const auto& keyword : *response_object) {
            if (keyword.key() == "schema") schema = &keyword;
            else if (keyword.key() == "content") content = &keyword.value();
            else if (keyword.key() == "headers") read_headers(keyword.value(), response);
        }
        if (schema != nullptr) {
            state_.build(response.schema.emplace(), file_index_, schema->value(), file_.position_of(*schema));
            response.media = listed_media(owner, "produces", response.location);
        } else if (content != nullptr) {
            read_content(*content, response.schema, response.media);
        }
    }
    std::sort(operation.responses.begin(), operation.responses.end(),
              [](const Response& a, const Response& b) { return a.status < b.status; });
}

void OpenApiLoader::read_headers(const json::value& value, Response& response) {
    const auto* headers = value.if_object();
    if (headers == nullptr) return;
    for (const auto& member : *headers) {
        const auto position = file_.position_of(member);
        const auto target = state_.follow_local_refs(file_index_, *root_, member.value(), position);
        const auto* object = target.value->if_object();
        if (object == nullptr) state_.fail(file_index_, target.position, "a response header must be an object");
        auto& header = response.headers.emplace_back();
        header.name = std::string_view(member.key());
        header.location = {file_index_, position};
        if (const auto* required = object->if_contains("required"); required != nullptr && required->is_bool())
            header.required = required->get_bool();
        if (const auto schema = object->find("schema"); schema != object->end()) {
            state_.build(header.schema, file_index_, schema->value(), file_.position_of(*schema));
        } else {
            auto context = state_.schema_context(file_index_);
            context.skipped_keywords = {"required", "description", "deprecated"};
            build_schema(header.schema, *target.value, target.position, context);
        }
    }
    std::sort(response.headers.begin(), response.headers.end(),
              [](const ResponseHeader& a, const ResponseHeader& b) { return compare_header_names(a.name, b.name) < 0; });
}

}  // namespace kompat
