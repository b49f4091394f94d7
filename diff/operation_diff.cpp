// Operations: added and removed, and for each pair its parameters, request body and
// responses.
#include "diff/operation_diff.hpp"

#include "diff/operation_tally.hpp"
#include "diff/payload_diff.hpp"
#include "diff/schema_summary.hpp"
#include "diff/security_diff.hpp"
#include "support/json_values.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

namespace kompat {
namespace json = boost::json;

namespace {

// The group and version a Kubernetes API path serves: ("", "v1") for `/api/v1/…`,
// ("apps", "v1") for `/apis/apps/v1/…`; none for any other path. Views into the path:
// every operation pair asks.
std::optional<std::pair<std::string_view, std::string_view>> served_group_version(std::string_view path) {
    std::array<std::string_view, 3> parts;
    std::size_t count = 0;
    for (std::size_t at = 0; count < parts.size() && at < path.size();) {
        const auto start = path.find_first_not_of('/', at);
        if (start == std::string_view::npos) break;
        const auto end = std::min(path.find('/', start), path.size());
        parts[count++] = path.substr(start, end - start);
        at = end;
    }
    if (count >= 2 && parts[0] == "api") return std::pair{std::string_view(), parts[1]};
    if (count >= 3 && parts[0] == "apis") return std::pair{parts[1], parts[2]};
    return std::nullopt;
}

// A Kubernetes path is as stable as the group-version it serves; a path of none is GA.
Stability stability_of_path(std::string_view path) {
    const auto served = served_group_version(path);
    return served ? stability_of_version(served->second) : Stability::ga;
}

// An operation's reach to its own request and responses (the path and roles left to fill).
Reach operation_place(const Operation& operation) {
    Reach place;
    place.from = operation.key();
    place.is_kind = false;
    place.stability = stability_of_path(operation.path);
    return place;
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
    if (const auto served = served_group_version(operation.path)) {
        reach.stability = stability_of_version(served->second);
        // As the group-versions are listed: `apps/v1`, `/v1` for the core group.
        const auto gv = std::string(served->first) + "/" + std::string(served->second);
        change.whole_group_version = !(removed ? context.new_group_versions : context.old_group_versions).contains(gv);
    }
    if (operation.gvk) change.operation_kind = operation.gvk->to_string();
    change.lifecycle = declared_lifecycle(operation.deprecated, operation.sunset);
    if (removed && operation.gvk)
        change.with_its_kind =
            context.old_side.find_kind(*operation.gvk) != nullptr && context.new_side.find_kind(*operation.gvk) == nullptr;
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

// `/pets/{petId}` and `/pets/{id}` are one path: its template with the parameters' names
// left out. A client calls the same URL.
std::string path_shape(std::string_view path) {
    std::string out;
    out.reserve(path.size());
    bool in_name = false;
    for (const char c : path) {
        if (c == '{') in_name = true;
        else if (c == '}') in_name = false;
        else if (in_name) continue;
        out += c;
    }
    return out;
}

std::vector<std::string_view> path_parameter_names(std::string_view path) {
    std::vector<std::string_view> out;
    for (auto open = path.find('{'); open != std::string_view::npos; open = path.find('{', open + 1)) {
        const auto close = path.find('}', open);
        if (close == std::string_view::npos) break;
        out.push_back(path.substr(open + 1, close - open - 1));
    }
    return out;
}

using Renames = std::vector<std::pair<std::string_view, std::string_view>>;

// The path parameters whose names differ between two paths of one shape, by place.
Renames path_parameter_renames(std::string_view before, std::string_view after) {
    Renames out;
    if (before == after) return out;
    const auto old_names = path_parameter_names(before);
    const auto new_names = path_parameter_names(after);
    for (std::size_t i = 0; i < old_names.size() && i < new_names.size(); ++i)
        if (old_names[i] != new_names[i]) out.emplace_back(old_names[i], new_names[i]);
    return out;
}

struct KeyedParameter {
    std::string_view in;
    std::string_view name;
    std::shared_ptr<const Parameter> parameter;
};

std::vector<KeyedParameter> keyed_parameters(const std::vector<std::shared_ptr<const Parameter>>& parameters, const Renames& renamed) {
    std::vector<KeyedParameter> out;
    out.reserve(parameters.size());
    for (const auto& parameter : parameters) {
        auto name = parameter->name;
        if (parameter->in == "path")
            for (const auto& [from, to] : renamed)
                if (from == name) name = to;
        out.push_back({parameter->in, name, parameter});
    }
    std::sort(out.begin(), out.end(),
              [](const KeyedParameter& a, const KeyedParameter& b) { return std::tie(a.in, a.name) < std::tie(b.in, b.name); });
    return out;
}

// What names an operation for its clients: its operationId (a generated client's method)
// and its tags (where docs and clients group it).
void operation_identity(const DiffContext& context, const Operation& before, const Operation& after, Unit& unit) {
    const auto change_of = [&](ChangeKind kind, json::value old_value, json::value new_value) {
        Change change;
        change.kind = kind;
        change.path = ".";
        change.old_value = std::move(old_value);
        change.new_value = std::move(new_value);
        change.old_position = context.position(context.old_side, before.location);
        change.new_position = context.position(context.new_side, after.location);
        add_change(unit, std::move(change));
    };
    // An operationId removed renames the generated method as much as one changed.
    if (!before.operation_id.empty() && before.operation_id != after.operation_id)
        change_of(ChangeKind::operation_id_changed, json::value(before.operation_id),
                  after.operation_id.empty() ? json::value(nullptr) : json::value(after.operation_id));
    auto old_tags = before.tags;
    auto new_tags = after.tags;
    std::sort(old_tags.begin(), old_tags.end());
    std::sort(new_tags.begin(), new_tags.end());
    if (old_tags != new_tags) change_of(ChangeKind::operation_tags_changed, strings_json(old_tags), strings_json(new_tags));
    if (!before.deprecated && after.deprecated) {
        change_of(ChangeKind::lifecycle_deprecated, json::value("ga"), json::value("deprecated"));
        unit.changes.back().lifecycle = declared_lifecycle(true, after.sunset);  // its x-sunset, judged with the date
    }
    // x-stability-level, least stable first: a level that falls breaks who relied on it.
    const auto rank = [](std::string_view level) {
        constexpr std::array<std::string_view, 4> levels{"draft", "alpha", "beta", "stable"};
        const auto found = std::find(levels.begin(), levels.end(), level);
        return found == levels.end() ? -1 : static_cast<int>(found - levels.begin());
    };
    if (rank(before.stability_level) >= 0 && rank(after.stability_level) >= 0 && rank(after.stability_level) < rank(before.stability_level))
        change_of(ChangeKind::stability_level_decreased, json::value(before.stability_level), json::value(after.stability_level));
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
    if (!q.deprecated && p.deprecated) {
        auto change = parameter_change(ChangeKind::lifecycle_deprecated);
        change.old_value = "ga";
        change.new_value = "deprecated";
        add_change(unit, std::move(change));
    }
    // OpenAPI 3's defaults: form for query and cookie, simple for path and header; explode
    // with form only.
    const auto serialization = [](const Parameter& parameter) {
        const std::string_view style = !parameter.style.empty()                                ? parameter.style
                                       : (parameter.in == "query" || parameter.in == "cookie") ? "form"
                                                                                               : "simple";
        const bool explode = parameter.explode.value_or(style == "form");
        return std::string(style) + (explode ? ", explode" : "");
    };
    if (const auto was = serialization(q), is = serialization(p); was != is && q.in != "body" && q.in != "formData") {
        auto change = parameter_change(ChangeKind::parameter_style_changed);
        change.old_value = json::value(was);
        change.new_value = json::value(is);
        add_change(unit, std::move(change));
    }
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
        comparer.compare(q.schema, p.schema, {unit, path, false, 0, role_request, nullptr, q.description});
    }
}

// A path parameter the new path names otherwise (`/pets/{id}` → `/pets/{petId}`): renamed, in the path's order.
Renames report_path_parameter_renames(const DiffContext& context, const Operation& before, const Operation& after, Unit& unit) {
    const auto renamed = path_parameter_renames(before.path, after.path);
    for (const auto& [old_name, new_name] : renamed) {
        Change change;
        change.kind = ChangeKind::path_parameter_renamed;
        change.path = "parameters.path." + std::string(new_name);
        change.detail = "path " + std::string(new_name);
        change.old_value = json::value(old_name);
        change.new_value = json::value(new_name);
        change.old_position = context.position(context.old_side, before.location);
        change.new_position = context.position(context.new_side, after.location);
        add_change(unit, std::move(change));
    }
    return renamed;
}

// Parameters by place when both lists have the same keys in the same order, else by (in, name).
void diff_parameters(const DiffContext& context, const SchemaComparer& comparer, const Operation& before, const Operation& after,
                     const Renames& renamed, Unit& unit, Worker& worker) {
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
    if (renamed.empty() && same_parameter_keys(before.parameters, after.parameters)) {
        for (std::size_t i = 0; i < before.parameters.size(); ++i) both(before.parameters[i], after.parameters[i]);
    } else {
        // By (in, name), an old path parameter under the name the new path gives its place.
        const auto old_keyed = keyed_parameters(before.parameters, renamed);
        const auto new_keyed = keyed_parameters(after.parameters, {});
        const auto parameter_order = [](const KeyedParameter& a, const KeyedParameter& b) {
            return std::tie(a.in, a.name) <=> std::tie(b.in, b.name);
        };
        merge_sorted(
            old_keyed, new_keyed, parameter_order,
            [&](const KeyedParameter& keyed) {
                const auto& q = keyed.parameter;
                Change change;
                change.kind = ChangeKind::parameter_removed;
                change.path = parameter_path(*q);
                change.detail = parameter_key(*q);
                change.old_value = schema_summary(q->schema);
                change.old_position = context.position(context.old_side, q->location);
                change.lifecycle = declared_lifecycle(q->deprecated, {});
                add_change(unit, std::move(change));
            },
            [&](const KeyedParameter& keyed) {
                const auto& p = keyed.parameter;
                Change change;
                change.kind = p->required ? ChangeKind::parameter_added_required : ChangeKind::parameter_added;
                change.path = parameter_path(*p);
                change.detail = parameter_key(*p);
                change.new_value = schema_summary(p->schema);
                change.new_position = context.position(context.new_side, p->location);
                add_change(unit, std::move(change));
            },
            [&](const KeyedParameter& q, const KeyedParameter& p) { both(q.parameter, p.parameter); });
    }
}

void diff_request_bodies(const SchemaComparer& comparer, const Operation& before, const Operation& after, Unit& unit) {
    std::string path;
    if (before.has_request_body && after.has_request_body) {
        path = "requestBody";
        if (before.request_body && after.request_body)
            comparer.compare(*before.request_body, *after.request_body, {unit, path, false, 0, role_request});
        compare_own_media_schemas(comparer, before.request_body, before.request_media, after.request_body, after.request_media, unit, path,
                                  role_request);
    }
}

void diff_responses(const DiffContext& context, const SchemaComparer& comparer, const Operation& before, const Operation& after,
                    Unit& unit) {
    std::string path;
    const auto response_order = [](const Response& a, const Response& b) { return a.status <=> b.status; };
    const auto response_surface = [&](ChangeKind kind, const Response& r, bool removed) {
        Change change;
        change.kind = kind;
        change.path = "responses." + r.status;
        change.detail = r.status;
        (removed ? change.old_position : change.new_position) = context.position(removed ? context.old_side : context.new_side, r.location);
        add_change(unit, std::move(change));
    };
    merge_sorted(
        before.responses, after.responses, response_order,
        [&](const Response& r) {
            // A client handles an error status it no longer gets as before.
            const bool error = r.status.starts_with('4') || r.status.starts_with('5') || r.status == "default";
            response_surface(error ? ChangeKind::error_response_removed : ChangeKind::response_removed, r, true);
        },
        [&](const Response& r) { response_surface(ChangeKind::response_added, r, false); },
        [&](const Response& o, const Response& r) {
            path = "responses." + r.status;
            if (o.schema && r.schema) comparer.compare(*o.schema, *r.schema, {unit, path, false, 0, role_response});
            compare_own_media_schemas(comparer, o.schema, o.media, r.schema, r.media, unit, path, role_response);
            diff_response_headers(context, comparer, o, r, unit);
        });
}

void diff_operation_pair(const DiffContext& context, const SchemaComparer& comparer, const Operation& before, const Operation& after,
                         Unit& unit, Worker& worker) {
    const auto renamed = report_path_parameter_renames(context, before, after, unit);
    diff_parameters(context, comparer, before, after, renamed, unit, worker);
    operation_identity(context, before, after, unit);
    diff_request_bodies(comparer, before, after, unit);
    diff_responses(context, comparer, before, after, unit);
}

}  // namespace

// Both lists are sorted by path, then method (the loader's order): walked side by side.
void diff_operations(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan) {
    // By path shape, so that a renamed path parameter keeps the operation.
    struct Shaped {
        std::string shape;
        const Operation* operation;
    };
    const auto shaped = [](const std::vector<Operation>& operations) {
        std::vector<Shaped> out;
        out.reserve(operations.size());
        for (const auto& operation : operations) out.push_back({path_shape(operation.path), &operation});
        std::stable_sort(out.begin(), out.end(), [](const Shaped& a, const Shaped& b) {
            return std::tie(a.shape, a.operation->method) < std::tie(b.shape, b.operation->method);
        });
        return out;
    };
    const auto old_operations = shaped(context.old_side.operations);
    const auto new_operations = shaped(context.new_side.operations);
    const auto order = [](const Shaped& a, const Shaped& b) {
        return std::tie(a.shape, a.operation->method) <=> std::tie(b.shape, b.operation->method);
    };
    OperationTally tally;
    std::size_t bodies_documented_late = 0;
    merge_sorted(
        old_operations, new_operations, order,
        [&](const Shaped& gone) { operation_surface(context, plan, ChangeKind::operation_removed, *gone.operation, true); },
        [&](const Shaped& fresh) { operation_surface(context, plan, ChangeKind::operation_added, *fresh.operation, false); },
        [&](const Shaped& old_shaped, const Shaped& new_shaped) {
            const auto& before = *old_shaped.operation;
            const auto& after = *new_shaped.operation;
            auto place = operation_place(after);
            tally_media_types(context, before, after, place, tally);
            // Kubernetes' OpenAPI v3 files say no security where its Swagger 2.0 says BearerToken.
            if (!context.lossy) tally_security(context, before, after, place, tally);
            auto& unit = graph.new_unit("", place.from);
            request_body_surface(context, before, after, unit, bodies_documented_late);
            plan.jobs.push_back([&context, &comparer, &before, &after, &unit](Worker& worker) {
                diff_operation_pair(context, comparer, before, after, unit, worker);
            });
            plan.roots.push_back({std::move(place.from), false, place.stability, &unit, false, after.webhook});
        });
    tally.emit(plan.surface);
    if (!context.lossy) diff_security_schemes(context, plan);
    // A Kubernetes API server's spec names no server: where it serves is the cluster's.
    if (context.old_side.servers != context.new_side.servers && !context.old_side.servers.empty() && !context.new_side.servers.empty()) {
        Change change;
        change.kind = ChangeKind::servers_changed;
        change.type = "servers";
        change.path = ".";
        change.old_value = strings_json(std::vector<std::string_view>(context.old_side.servers.begin(), context.old_side.servers.end()));
        change.new_value = strings_json(std::vector<std::string_view>(context.new_side.servers.begin(), context.new_side.servers.end()));
        plan.surface.push_back(std::move(change));
    }
    if (bodies_documented_late > 0)
        plan.notes.push_back(std::to_string(bodies_documented_late) +
                             " request bodies are newly marked required: a Kubernetes API server always required them "
                             "(its Swagger 2.0 spec says so), so they are not reported");
}

}  // namespace kompat
