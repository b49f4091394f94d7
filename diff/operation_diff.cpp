// Operations: added and removed, and for each pair its parameters, request body and
// responses.
#include "diff/media_type_diff.hpp"
#include "diff/path_scope.hpp"
#include "diff/schema_diff.hpp"
#include "diff/surface_diff.hpp"

#include <memory>
#include <string>
#include <tuple>

namespace kompat {
namespace json = boost::json;

namespace {

// The group-version a Kubernetes API path serves (`/apis/apps/v1/…`, `/api/v1/…`), or "".
std::string group_version_of_path(std::string_view path) {
    const auto segments = [&](std::size_t count) {
        std::vector<std::string_view> out;
        std::size_t at = 0;
        while (out.size() < count && at < path.size()) {
            const auto start = path.find_first_not_of('/', at);
            if (start == std::string_view::npos) break;
            const auto end = path.find('/', start);
            out.push_back(path.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
            at = end == std::string_view::npos ? path.size() : end;
        }
        return out;
    };
    const auto parts = segments(3);
    if (parts.size() >= 2 && parts[0] == "api") return "/" + std::string(parts[1]);
    if (parts.size() >= 3 && parts[0] == "apis") return std::string(parts[1]) + "/" + std::string(parts[2]);
    return {};
}

// A Kubernetes path is as stable as the group-version it serves; a path of none is GA.
Stability stability_of_group_version(std::string_view gv) {
    return gv.empty() ? Stability::ga : stability_of_version(gv.substr(gv.find('/') + 1));
}

void operation_surface(const DiffContext& context, DiffPlan& plan, ChangeKind kind, const Operation& operation, bool removed) {
    Change change;
    change.kind = kind;
    change.operation = operation.key();
    (removed ? change.old_value : change.new_value) = json::value(operation.key());
    (removed ? change.old_position : change.new_position) =
        context.position(removed ? context.old_side : context.new_side, operation.location);
    Reach reach;
    reach.from = operation.key();
    reach.path = ".";
    reach.is_kind = false;
    if (const auto gv = group_version_of_path(operation.path); !gv.empty()) {
        reach.stability = stability_of_group_version(gv);
        change.whole_group_version = !(removed ? context.new_group_versions : context.old_group_versions).contains(gv);
    }
    if (operation.gvk) change.operation_kind = operation.gvk->to_string();
    if (removed && operation.gvk)
        change.with_its_kind = context.old_side.find_kind(*operation.gvk) != nullptr && context.new_side.find_kind(*operation.gvk) == nullptr;
    change.reaches.push_back(reach);
    plan.surface.push_back(std::move(change));
}

// Most operations keep their parameters: the same (in, name) at every place, none
// repeated, so they pair in step with no merge (what merge_sorted would find).
bool same_parameter_keys(const std::vector<std::shared_ptr<const Parameter>>& before,
                         const std::vector<std::shared_ptr<const Parameter>>& after) {
    if (before.size() != after.size()) return false;
    const auto same = [](const Parameter& a, const Parameter& b) { return a.name == b.name && a.in == b.in; };
    for (std::size_t i = 0; i < before.size(); ++i) {
        if (!same(*before[i], *after[i])) return false;
        if (i > 0 && same(*after[i - 1], *after[i])) return false;
    }
    return true;
}

std::string parameter_key(const Parameter& p) { return std::string(p.in) + " " + std::string(p.name); }

void diff_parameter_pair(const DiffContext& context, const SchemaComparer& comparer, Unit& unit, const Parameter& q, const Parameter& p,
                         std::string& path) {
    const auto parameter_change = [&](ChangeKind kind) {
        Change change;
        change.kind = kind;
        change.path = path;
        change.detail = parameter_key(p);
        change.old_position = context.position(context.old_side, q.location);
        change.new_position = context.position(context.new_side, p.location);
        return change;
    };
    if (q.required != p.required) {
        auto change = parameter_change(p.required ? ChangeKind::parameter_became_required : ChangeKind::parameter_became_optional);
        change.old_value = q.required;
        change.new_value = p.required;
        add_change(unit, std::move(change));
    }
    const auto& old_resolved = context.old_side.resolve(q.schema);
    const auto& new_resolved = context.new_side.resolve(p.schema);
    if (old_resolved.type != new_resolved.type || old_resolved.format != new_resolved.format) {
        auto change = parameter_change(ChangeKind::parameter_type_changed);
        change.old_value = schema_summary(q.schema);
        change.new_value = schema_summary(p.schema);
        add_change(unit, std::move(change));
    } else {
        comparer.compare(q.schema, p.schema, unit, path, false, 0, role_request);
    }
}

// A media type whose schema differs from its body's, in either snapshot: compared at
// `path(media type)`.
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
            comparer.compare(*old_schema, *new_schema, unit, path, false, 0, role);
        });
}

// A request body added, removed, or become required or optional. A Kubernetes API
// server always required its bodies (its Swagger 2.0 spec says so); its OpenAPI v3 spec
// said it only from 1.29: that is counted in `documented_late`, not reported.
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

// The media types an operation pair's body and responses are sent in.
void tally_media_types(const DiffContext& context, const Operation& before, const Operation& after, MediaTypeTally& tally) {
    Reach place;
    place.from = after.key();
    place.is_kind = false;
    place.stability = stability_of_group_version(group_version_of_path(after.path));
    if (before.has_request_body && after.has_request_body) {
        place.path = "requestBody";
        place.roles = role_request;
        tally.compare(context, before.request_media, after.request_media, place);
    }
    place.roles = role_response;
    const auto order = [](const Response& a, const Response& b) { return a.status <=> b.status; };
    merge_sorted(
        before.responses, after.responses, order, [](const Response&) {}, [](const Response&) {},
        [&](const Response& o, const Response& r) {
            place.path = "responses." + r.status;
            tally.compare(context, o.media, r.media, place);
        });
}

void diff_operation_pair(const DiffContext& context, const SchemaComparer& comparer, const Operation& before, const Operation& after,
                         Unit& unit, Worker& worker) {
    std::string path;
    const auto parameter_path = [&](const Parameter& p) -> std::string& {
        path.assign("parameters.").append(p.in).append(".").append(p.name);
        return path;
    };
    const auto both = [&](const auto& q, const auto& p) {
        const ParameterPair pair{q.get(), p.get()};
        if (worker.clean_parameters.contains(pair)) return;
        const auto found = [&] { return std::tuple(unit.changes.size(), unit.edges.size(), unit.later_edges.size()); };
        const auto found_before = found();
        diff_parameter_pair(context, comparer, unit, *q, *p, parameter_path(*p));
        if (found() == found_before) worker.clean_parameters.insert(pair);
    };
    if (same_parameter_keys(before.parameters, after.parameters)) {
        for (std::size_t i = 0; i < before.parameters.size(); ++i) both(before.parameters[i], after.parameters[i]);
    } else {
        // The loader sorts parameters by (in, name).
        const auto parameter_order = [](const auto& a, const auto& b) { return std::tie(a->in, a->name) <=> std::tie(b->in, b->name); };
        merge_sorted(
            before.parameters, after.parameters, parameter_order,
            [&](const auto& q) {
                Change change;
                change.kind = ChangeKind::parameter_removed;
                change.path = parameter_path(*q);
                change.detail = parameter_key(*q);
                change.old_value = schema_summary(q->schema);
                change.old_position = context.position(context.old_side, q->location);
                add_change(unit, std::move(change));
            },
            [&](const auto& p) {
                Change change;
                change.kind = p->required ? ChangeKind::parameter_added_required : ChangeKind::parameter_added;
                change.path = parameter_path(*p);
                change.detail = parameter_key(*p);
                change.new_value = schema_summary(p->schema);
                change.new_position = context.position(context.new_side, p->location);
                add_change(unit, std::move(change));
            },
            both);
    }
    if (before.has_request_body && after.has_request_body) {
        path = "requestBody";
        if (before.request_body && after.request_body)
            comparer.compare(*before.request_body, *after.request_body, unit, path, false, 0, role_request);
        compare_own_media_schemas(comparer, before.request_body, before.request_media, after.request_body, after.request_media, unit,
                                  path, role_request);
    }
    const auto response_order = [](const Response& a, const Response& b) { return a.status <=> b.status; };
    const auto response_surface = [&](ChangeKind kind, const Response& r, bool removed) {
        Change change;
        change.kind = kind;
        change.path = "responses." + r.status;
        change.detail = r.status;
        (removed ? change.old_position : change.new_position) =
            context.position(removed ? context.old_side : context.new_side, r.location);
        add_change(unit, std::move(change));
    };
    merge_sorted(
        before.responses, after.responses, response_order,
        [&](const Response& r) { response_surface(ChangeKind::response_removed, r, true); },
        [&](const Response& r) { response_surface(ChangeKind::response_added, r, false); },
        [&](const Response& o, const Response& r) {
            path = "responses." + r.status;
            if (o.schema && r.schema) comparer.compare(*o.schema, *r.schema, unit, path, false, 0, role_response);
            compare_own_media_schemas(comparer, o.schema, o.media, r.schema, r.media, unit, path, role_response);
        });
}

}  // namespace

// Both lists are sorted by path, then method (the loader's order): walked side by side.
void diff_operations(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan) {
    const auto order = [](const Operation& a, const Operation& b) { return std::tie(a.path, a.method) <=> std::tie(b.path, b.method); };
    MediaTypeTally media_types;
    std::size_t bodies_documented_late = 0;
    merge_sorted(
        context.old_side.operations, context.new_side.operations, order,
        [&](const Operation& gone) { operation_surface(context, plan, ChangeKind::operation_removed, gone, true); },
        [&](const Operation& fresh) { operation_surface(context, plan, ChangeKind::operation_added, fresh, false); },
        [&](const Operation& before, const Operation& after) {
            tally_media_types(context, before, after, media_types);
            auto& unit = graph.new_unit("", after.key());
            request_body_surface(context, before, after, unit, bodies_documented_late);
            plan.jobs.push_back([&context, &comparer, &before, &after, &unit](Worker& worker) {
                diff_operation_pair(context, comparer, before, after, unit, worker);
            });
            plan.roots.push_back({after.key(), false, stability_of_group_version(group_version_of_path(after.path)), &unit, false});
        });
    media_types.emit(plan.surface);
    if (bodies_documented_late > 0)
        plan.notes.push_back(std::to_string(bodies_documented_late) +
                             " request bodies are newly marked required: a Kubernetes API server always required them "
                             "(its Swagger 2.0 spec says so), so they are not reported");
}

}  // namespace kompat
