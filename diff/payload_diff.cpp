#include "diff/payload_diff.hpp"

#include "diff/path_scope.hpp"
#include "diff/schema_summary.hpp"

namespace kompat {
namespace json = boost::json;

namespace {

// One request body's or response's media types, old and new, tallied by name.
void tally_media(const DiffContext& context, const std::vector<MediaType>& before, const std::vector<MediaType>& after, const Reach& place,
                 OperationTally& tally) {
    const auto order = [](const MediaType& a, const MediaType& b) { return a.name.compare(b.name); };
    merge_sorted(
        before, after, order,
        [&](const MediaType& gone) {
            tally.add(context, ChangeKind::media_type_removed, gone.name, {gone.name, &gone.location}, {}, place);
        },
        [&](const MediaType& fresh) {
            tally.add(context, ChangeKind::media_type_added, fresh.name, {}, {fresh.name, &fresh.location}, place);
        },
        [](const MediaType&, const MediaType&) {});
}

}  // namespace

void compare_own_media_schemas(const SchemaComparer& comparer, const std::optional<Schema>& old_body, const std::vector<MediaType>& before,
                               const std::optional<Schema>& new_body, const std::vector<MediaType>& after, Unit& unit, std::string& path,
                               unsigned role) {
    const auto order = [](const MediaType& a, const MediaType& b) { return a.name.compare(b.name); };
    merge_sorted(
        before, after, order, [](const MediaType&) {}, [](const MediaType&) {},
        [&](const MediaType& o, const MediaType& n) {
            if (!o.own_schema && !n.own_schema) return;
            const auto* old_schema = o.own_schema ? o.own_schema.get() : old_body ? &*old_body : nullptr;
            const auto* new_schema = n.own_schema ? n.own_schema.get() : new_body ? &*new_body : nullptr;
            if (old_schema == nullptr || new_schema == nullptr) return;
            const PathScope media(path, "(", std::string(n.name) + ")");
            comparer.compare(*old_schema, *new_schema, {unit, path, false, 0, role});
        });
}

void request_body_surface(const DiffContext& context, const Operation& before, const Operation& after, Unit& unit,
                          std::size_t& documented_late) {
    if (before.has_request_body == after.has_request_body && before.request_body_required == after.request_body_required) return;
    if (!before.has_request_body && !after.has_request_body) return;
    Change change;
    change.path = "requestBody";
    change.detail = "request body";
    if (!after.has_request_body) {
        change.kind = ChangeKind::request_body_removed;
        if (before.request_body) change.old_value = schema_summary(*before.request_body);
    } else if (!before.has_request_body) {
        change.kind = after.request_body_required ? ChangeKind::request_body_added_required : ChangeKind::request_body_added;
        if (after.request_body) change.new_value = schema_summary(*after.request_body);
    } else {
        if (after.request_body_required && context.kubernetes_server) {
            ++documented_late;
            return;
        }
        change.kind = after.request_body_required ? ChangeKind::request_body_became_required : ChangeKind::request_body_became_optional;
        change.old_value = before.request_body_required;
        change.new_value = after.request_body_required;
    }
    const auto where = [](const Operation& operation) {
        return operation.request_body ? operation.request_body->location : operation.location;
    };
    if (before.has_request_body) change.old_position = context.position(context.old_side, where(before));
    if (after.has_request_body) change.new_position = context.position(context.new_side, where(after));
    add_change(unit, std::move(change));
}

void diff_response_headers(const DiffContext& context, const SchemaComparer& comparer, const Response& before, const Response& after,
                           Unit& unit) {
    std::string path;
    const auto header_path = [&](const ResponseHeader& h) -> std::string& {
        return path.assign("responses.").append(after.status).append(".headers.").append(h.name);
    };
    const auto header_change = [&](ChangeKind kind, const ResponseHeader* o, const ResponseHeader* n) {
        Change change;
        change.kind = kind;
        change.path = header_path(n != nullptr ? *n : *o);
        change.detail = std::string(n != nullptr ? n->name : o->name);
        if (o != nullptr) change.old_position = context.position(context.old_side, o->location);
        if (n != nullptr) change.new_position = context.position(context.new_side, n->location);
        if (o != nullptr) change.old_value = schema_summary(o->schema);
        if (n != nullptr) change.new_value = schema_summary(n->schema);
        add_change(unit, std::move(change));
    };
    const auto order = [](const ResponseHeader& a, const ResponseHeader& b) { return compare_header_names(a.name, b.name); };
    merge_sorted(
        before.headers, after.headers, order,
        [&](const ResponseHeader& gone) { header_change(ChangeKind::response_header_removed, &gone, nullptr); },
        [&](const ResponseHeader& fresh) { header_change(ChangeKind::response_header_added, nullptr, &fresh); },
        [&](const ResponseHeader& o, const ResponseHeader& n) {
            if (o.required != n.required)
                header_change(n.required ? ChangeKind::response_header_became_required : ChangeKind::response_header_became_optional, &o,
                              &n);
            comparer.compare(o.schema, n.schema, {unit, header_path(n), false, 0, role_response});
        });
}

void tally_media_types(const DiffContext& context, const Operation& before, const Operation& after, Reach& place, OperationTally& tally) {
    if (before.has_request_body && after.has_request_body) {
        place.path = "requestBody";
        place.roles = role_request;
        tally_media(context, before.request_media, after.request_media, place, tally);
    }
    place.roles = role_response;
    const auto order = [](const Response& a, const Response& b) { return a.status <=> b.status; };
    merge_sorted(
        before.responses, after.responses, order, [](const Response&) {}, [](const Response&) {},
        [&](const Response& o, const Response& r) {
            place.path = "responses." + r.status;
            tally_media(context, o.media, r.media, place, tally);
        });
}

}  // namespace kompat
