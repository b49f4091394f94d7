// OpenAPI v2 and v3 documents: named types, operations, and kinds from
// `x-kubernetes-group-version-kind`.
#include "load/openapi_loader.hpp"

#include "load/openapi_payloads.hpp"
#include "load/openapi_security.hpp"

#include <algorithm>
#include <array>

#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

constexpr std::array http_methods{"get", "put", "post", "delete", "options", "head", "patch", "trace"};

std::string upper(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return out;
}

}  // namespace

OpenApiLoader::OpenApiLoader(LoadState& state, std::uint32_t file_index, const json::object& document)
    : state_(state), file_index_(file_index), file_(state.file(file_index)), document_(document) {
    for (const auto& d : file_.documents)
        if (d.if_object() == &document) root_ = &d;
    v3_ = document.contains("openapi");
}

void OpenApiLoader::load() {
    if (const auto* info = document_.if_contains("info"); info != nullptr && info->is_object() && state_.snapshot.info_version.empty())
        if (const auto* version = info->get_object().if_contains("version"); version != nullptr && version->is_string())
            state_.snapshot.info_version = std::string(version->get_string());
    load_types();
    load_security_schemes(document());
    load_servers(document());
    if (const auto* security = document_.if_contains("security")) document_security_ = security_requirements(*security);
    if (const auto* paths = member_object("paths")) load_paths(*paths);
    if (const auto* webhooks = v3_ ? member_object("webhooks") : nullptr) load_paths(*webhooks, true);
}

const json::object* OpenApiLoader::member_object(std::string_view key) const {
    const auto* value = document_.if_contains(key);
    if (value == nullptr) return nullptr;
    const auto* object = value->if_object();
    if (object == nullptr) fail_at(document_, key, "\"" + std::string(key) + "\" must be an object");
    return object;
}

void OpenApiLoader::fail_at(const json::object& object, std::string_view key, const std::string& message) const {
    document().fail_at(object, key, message);
}

void OpenApiLoader::load_types() {
    const json::object* types = nullptr;
    if (v3_) {
        if (const auto* components = member_object("components")) {
            const auto* schemas = components->if_contains("schemas");
            if (schemas != nullptr && !schemas->is_object()) fail_at(*components, "schemas", "\"schemas\" must be an object");
            types = schemas != nullptr ? schemas->if_object() : nullptr;
        }
    } else {
        types = member_object("definitions");
    }
    if (types == nullptr) return;
    for (const auto& member : *types) {
        const auto name = std::string_view(member.key());
        const auto position = file_.position_of(member);
        auto& sources = state_.type_sources;
        // Documents mostly list their types in name order: a name after the last one
        // met is new, and goes in at the end.
        const bool after_last = sources.empty() || std::prev(sources.end())->first < name;
        const auto existing = after_last ? sources.end() : sources.find(name);
        if (existing != sources.end()) {
            // A type present in several files is one type; the first file (in name
            // order) wins, and a differing copy is noted, never merged.
            if (!json_equal(*existing->second, member.value())) {
                const auto& kept = state_.snapshot.types.at(std::string(name));
                state_.note("type " + std::string(name) + " differs between " + state_.where(kept.location) + " and " +
                            state_.where({file_index_, position}) + "; kompat uses the first");
            }
            continue;
        }
        sources.emplace_hint(existing, name, &member.value());
        auto& built = state_.snapshot.types.try_emplace(state_.snapshot.types.end(), std::string(name))->second;
        state_.build(built, file_index_, member.value(), position);
    }
}

void OpenApiLoader::load_paths(const json::object& paths, bool webhooks) {
    // Operations are built where they stay (each holds Schemas, which are large). A
    // directory of documents adds to one list file by file: it grows geometrically, or
    // each file would move every operation before it.
    auto& operations = state_.snapshot.operations;
    std::size_t most = operations.size();
    for (const auto& path_member : paths)
        if (const auto* item = path_member.value().if_object()) most += item->size();
    if (most > operations.capacity()) operations.reserve(std::max(most, 2 * operations.capacity()));
    for (const auto& path_member : paths) {
        const auto path_position = file_.position_of(path_member);
        const auto* item = path_member.value().if_object();
        if (item == nullptr) state_.fail(file_index_, path_position, "a path item must be an object");
        const json::array* shared = nullptr;
        if (const auto* parameters = item->if_contains("parameters")) shared = parameter_list(*item, *parameters);
        for (const auto& method_member : *item) {
            const auto method = std::string_view(method_member.key());
            if (std::find(http_methods.begin(), http_methods.end(), method) == http_methods.end()) continue;
            const auto* operation_object = method_member.value().if_object();
            const auto position = file_.position_of(method_member);
            if (operation_object == nullptr) state_.fail(file_index_, position, "an operation must be an object");
            auto& operation = operations.emplace_back();
            operation.method = upper(method);
            operation.path = webhooks ? "webhook " + std::string(path_member.key()) : std::string(path_member.key());
            operation.webhook = webhooks;
            operation.location = {file_index_, position};
            read_operation(*operation_object, shared, operation);
            keep_unless_defined_before(method, path_member.key());
        }
    }
}

void OpenApiLoader::keep_unless_defined_before(std::string_view method, std::string_view path) {
    auto& operations = state_.snapshot.operations;
    const auto& operation = operations.back();
    const auto [existing, inserted] = state_.operation_index.try_emplace({method, path}, operations.size() - 1);
    if (inserted) return;
    const auto& first = operations[existing->second];
    state_.note("operation " + first.key() + " is defined in " + state_.where(first.location) + " and " + state_.where(operation.location) +
                "; kompat uses the first");
    operations.pop_back();
}

void OpenApiLoader::read_operation(const json::object& object, const json::array* shared, Operation& operation) {
    // One pass over the operation's keys, most of which kompat does not read.
    const json::array* own = nullptr;
    const json::key_value_pair* body = nullptr;
    const json::value* responses = nullptr;
    for (const auto& member : object) {
        const auto key = std::string_view(member.key());
        if (key == "parameters") own = parameter_list(object, member.value());
        else if (key == "responses") responses = &member.value();
        else if (key == "requestBody") body = &member;
        else if (key == "operationId" && member.value().is_string()) operation.operation_id = std::string_view(member.value().get_string());
        else if (key == "tags" && member.value().is_array()) read_tags(member.value().get_array(), operation);
        else if (key == "deprecated" && member.value().is_bool()) operation.deprecated = member.value().get_bool();
        else if (key == "x-sunset" && member.value().is_string()) operation.sunset = member.value().get_string();
        else if (key == "x-stability-level" && member.value().is_string()) operation.stability_level = member.value().get_string();
        else if (key == "security") operation.security = security_requirements(member.value());
        else if (key == "x-kubernetes-group-version-kind") operation.gvk = operation_kind(member.value());
    }
    if (!operation.security) operation.security = document_security_;
    operation.parameters.reserve((own != nullptr ? own->size() : 0) + (shared != nullptr ? shared->size() : 0));
    if (own != nullptr)
        for (const auto& element : *own) add_parameter(element, operation);
    // Path-level parameters apply unless the operation overrides them (same name and in).
    if (shared != nullptr)
        for (const auto& element : *shared) add_parameter(element, operation, true);
    std::sort(operation.parameters.begin(), operation.parameters.end(),
              [](const auto& a, const auto& b) { return std::tie(a->in, a->name) < std::tie(b->in, b->name); });
    if (body != nullptr) read_request_body(document(), *body, operation);
    // Swagger 2.0: a body (or form) is sent in the media types the operation consumes.
    const bool form =
        std::any_of(operation.parameters.begin(), operation.parameters.end(), [](const auto& p) { return p->in == "formData"; });
    if (!v3_ && (operation.has_request_body || form))
        operation.request_media = listed_media(document(), object, "consumes", operation.location);
    if (responses != nullptr) read_responses(document(), object, *responses, operation);
}

void OpenApiLoader::read_tags(const json::array& tags, Operation& operation) {
    for (const auto& tag : tags)
        if (tag.is_string()) operation.tags.emplace_back(tag.get_string());
}

std::optional<GroupVersionKind> OpenApiLoader::operation_kind(const json::value& value) {
    const auto* object = value.if_object();
    if (object == nullptr) return std::nullopt;
    GroupVersionKind gvk;
    for (auto [key, out] : {std::pair{"group", &gvk.group}, std::pair{"version", &gvk.version}, std::pair{"kind", &gvk.kind}}) {
        const auto* text = object->if_contains(key);
        if (text == nullptr || !text->is_string()) return std::nullopt;
        *out = std::string(text->get_string());
    }
    return gvk;
}

const json::array* OpenApiLoader::parameter_list(const json::object& owner, const json::value& value) const {
    const auto* array = value.if_array();
    if (array == nullptr) fail_at(owner, "parameters", "\"parameters\" must be a list");
    return array;
}

void OpenApiLoader::add_parameter(const json::value& element, Operation& operation, bool unless_overridden) {
    const auto* element_object = element.if_object();
    const auto position = element_object != nullptr ? file_.position_of(*element_object) : TextPosition{};
    const auto target = state_.follow_local_refs(file_index_, *root_, element, position);
    auto parameter = shared_parameter(target);
    if (parameter->in == "body") {
        // Swagger 2.0's body parameter is OpenAPI 3's request body.
        if (unless_overridden && operation.has_request_body) return;
        operation.has_request_body = true;
        const auto& object = target.value->get_object();
        if (const auto schema = object.find("schema"); schema != object.end())
            state_.build(operation.request_body.emplace(), file_index_, schema->value(), parameter->schema.location.position);
        operation.request_body_required = parameter->required;
        return;
    }
    if (unless_overridden && std::any_of(operation.parameters.begin(), operation.parameters.end(),
                                         [&](const auto& p) { return p->name == parameter->name && p->in == parameter->in; }))
        return;
    operation.parameters.push_back(std::move(parameter));
}

std::shared_ptr<const Parameter> OpenApiLoader::shared_parameter(const PointerTarget& target) {
    auto& cached = parameters_[target.value];
    if (!cached) {
        auto parameter = std::make_shared<Parameter>();
        read_parameter(target, *parameter);
        cached = std::move(parameter);
    }
    return cached;
}

void OpenApiLoader::read_parameter(const PointerTarget& target, Parameter& parameter) {
    const auto* object = target.value->if_object();
    if (object == nullptr) state_.fail(file_index_, target.position, "a parameter must be an object");
    parameter.location = {file_index_, target.position};
    const auto text = [&](std::string_view key) -> std::string_view {
        const auto* v = object->if_contains(key);
        if (v == nullptr || !v->is_string())
            state_.fail(file_index_, target.position, "a parameter needs a \"" + std::string(key) + "\" string");
        return std::string_view(v->get_string());
    };
    parameter.name = text("name");
    parameter.in = text("in");
    if (const auto* required = object->if_contains("required"); required != nullptr && required->is_bool())
        parameter.required = required->get_bool();
    if (const auto* deprecated = object->if_contains("deprecated"); deprecated != nullptr && deprecated->is_bool())
        parameter.deprecated = deprecated->get_bool();
    if (const auto* style = object->if_contains("style"); style != nullptr && style->is_string()) parameter.style = style->get_string();
    if (const auto* words = object->if_contains("description"); words != nullptr && words->is_string())
        parameter.description = words->get_string();
    if (const auto* explode = object->if_contains("explode"); explode != nullptr && explode->is_bool())
        parameter.explode = explode->get_bool();
    if (const auto schema = object->find("schema"); schema != object->end()) {
        const auto position = file_.position_of(*schema);
        if (parameter.in == "body") {
            // Becomes each operation's own request body; only its place is kept here.
            parameter.schema.location = {file_index_, position};
        } else {
            state_.build(parameter.schema, file_index_, schema->value(), position);
        }
    } else if (const auto* content = object->if_contains("content")) {
        if (const auto chosen = choose_media_schema(document(), *content))
            state_.build(parameter.schema, file_index_, *chosen->schema, chosen->position);
    } else {
        // Swagger 2.0: the parameter carries its type keywords itself.
        auto context = state_.schema_context(file_index_);
        context.skipped_keywords = {"name", "in", "required", "description", "allowEmptyValue"};
        build_schema(parameter.schema, *target.value, target.position, context);
    }
}

void load_openapi_document(LoadState& state, std::uint32_t file_index, const json::object& document) {
    OpenApiLoader(state, file_index, document).load();
}

void collect_openapi_kinds(LoadState& state) {
    std::map<GroupVersionKind, std::string> claimed;
    for (const auto& [name, schema] : state.snapshot.types) {
        for (const auto& gvk : schema.kubernetes().group_version_kinds) {
            const auto [existing, inserted] = claimed.emplace(gvk, name);
            if (!inserted) {
                if (existing->second != name)
                    state.note("kind " + gvk.to_string() + " is claimed by types " + existing->second + " and " + name + "; kompat uses " +
                               existing->second);
                continue;
            }
            Kind kind;
            kind.gvk = gvk;
            kind.stability = stability_of_version(gvk.version);
            kind.type_name = name;
            kind.schema.ref = name;
            kind.schema.location = schema.location;
            kind.location = schema.location;
            state.snapshot.kinds.push_back(std::move(kind));
        }
    }
}

}  // namespace kompat
