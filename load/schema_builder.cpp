#include "load/schema_builder.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace kompat {
namespace json = boost::json;
namespace {

enum class Keyword_ {
    ref, type, format, description, enum_values, default_value, nullable, required, properties,
    items, additional_properties, all_of, one_of, any_of, maximum, minimum, exclusive_maximum,
    exclusive_minimum, multiple_of, max_length, min_length, max_items, min_items, max_properties,
    min_properties, pattern, unique_items, list_type, list_map_keys, map_type, validations,
    preserve_unknown_fields, int_or_string, embedded_resource, patch_strategy, patch_merge_key,
    group_version_kind, api_lifecycle,
};

struct KeywordName {
    std::string_view name;
    Keyword_ keyword;
};

// Keys are ordered by length, then first character, then the rest: most keys a search
// passes differ from the one sought in one of the first two, which settles them without
// comparing strings.
constexpr bool shorter_or_before(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return a.size() < b.size();
    if (!a.empty() && a.front() != b.front()) return a.front() < b.front();
    return a < b;
}

// Sorted for binary search, as shorter_or_before orders.
constexpr auto keyword_table = [] {
    std::array table{
        KeywordName{"$ref", Keyword_::ref},
        KeywordName{"additionalProperties", Keyword_::additional_properties},
        KeywordName{"allOf", Keyword_::all_of},
        KeywordName{"anyOf", Keyword_::any_of},
        KeywordName{"default", Keyword_::default_value},
        KeywordName{"description", Keyword_::description},
        KeywordName{"enum", Keyword_::enum_values},
        KeywordName{"exclusiveMaximum", Keyword_::exclusive_maximum},
        KeywordName{"exclusiveMinimum", Keyword_::exclusive_minimum},
        KeywordName{"format", Keyword_::format},
        KeywordName{"items", Keyword_::items},
        KeywordName{"maxItems", Keyword_::max_items},
        KeywordName{"maxLength", Keyword_::max_length},
        KeywordName{"maxProperties", Keyword_::max_properties},
        KeywordName{"maximum", Keyword_::maximum},
        KeywordName{"minItems", Keyword_::min_items},
        KeywordName{"minLength", Keyword_::min_length},
        KeywordName{"minProperties", Keyword_::min_properties},
        KeywordName{"minimum", Keyword_::minimum},
        KeywordName{"multipleOf", Keyword_::multiple_of},
        KeywordName{"nullable", Keyword_::nullable},
        KeywordName{"oneOf", Keyword_::one_of},
        KeywordName{"pattern", Keyword_::pattern},
        KeywordName{"properties", Keyword_::properties},
        KeywordName{"required", Keyword_::required},
        KeywordName{"type", Keyword_::type},
        KeywordName{"uniqueItems", Keyword_::unique_items},
        KeywordName{"x-kubernetes-api-lifecycle", Keyword_::api_lifecycle},
        KeywordName{"x-kubernetes-embedded-resource", Keyword_::embedded_resource},
        KeywordName{"x-kubernetes-group-version-kind", Keyword_::group_version_kind},
        KeywordName{"x-kubernetes-int-or-string", Keyword_::int_or_string},
        KeywordName{"x-kubernetes-list-map-keys", Keyword_::list_map_keys},
        KeywordName{"x-kubernetes-list-type", Keyword_::list_type},
        KeywordName{"x-kubernetes-map-type", Keyword_::map_type},
        KeywordName{"x-kubernetes-patch-merge-key", Keyword_::patch_merge_key},
        KeywordName{"x-kubernetes-patch-strategy", Keyword_::patch_strategy},
        KeywordName{"x-kubernetes-preserve-unknown-fields", Keyword_::preserve_unknown_fields},
        KeywordName{"x-kubernetes-validations", Keyword_::validations},
    };
    std::sort(table.begin(), table.end(), [](const KeywordName& a, const KeywordName& b) { return shorter_or_before(a.name, b.name); });
    return table;
}();

const Keyword_* find_keyword(std::string_view name) {
    const auto found = std::lower_bound(keyword_table.begin(), keyword_table.end(), name,
                                        [](const KeywordName& entry, std::string_view key) { return shorter_or_before(entry.name, key); });
    return found != keyword_table.end() && found->name == name ? &found->keyword : nullptr;
}

std::string_view view(const json::string& s) { return {s.data(), s.size()}; }

class Builder {
public:
    explicit Builder(SchemaBuildContext& context) : context_(context) {}

    // Builds in place: a Schema is large, and every one is built where it will stay.
    void build_into(Schema& schema, const json::value& value, TextPosition position) {
        schema.location = {context_.file_index, position};
        make_room(1, position);
        if (context_.count != nullptr) ++context_.count->built;
        if (value.is_bool()) {
            // `true`/`false` as a whole schema (JSON Schema / OpenAPI 3.1): keep as written.
            schema.writable_unmodelled().other_keywords.push_back({"schema", &value, schema.location});
            return;
        }
        const auto* object = value.if_object();
        if (object == nullptr) fail(position, "a schema must be an object");
        const auto skipped = std::exchange(context_.skipped_keywords, {});
        for (const auto& member : *object)
            if (std::find(skipped.begin(), skipped.end(), member.key()) == skipped.end())
                read_keyword(*object, member, schema);
    }

private:
    std::unique_ptr<Schema> build_new(const json::value& value, TextPosition position) {
        auto schema = std::make_unique<Schema>();
        build_into(*schema, value, position);
        return schema;
    }

    [[noreturn]] void fail(TextPosition position, const std::string& message) const {
        throw InputError(context_.file.name, position, message);
    }

    // Refuses `more` schemas past the snapshot's limit before any is allocated, so a
    // mapping of a million properties is refused at its key, not after it is built.
    void make_room(std::uint64_t more, TextPosition position) const {
        const auto* count = context_.count;
        if (count != nullptr && more > count->limit - std::min(count->built, count->limit))
            fail(position, "more than " + std::to_string(count->limit) + " schemas in one snapshot (" + limit_hint("max-schemas") + ")");
    }

    Location where(const json::key_value_pair& member) const {
        return {context_.file_index, context_.file.position_of(member)};
    }

    std::string_view string_of(const json::key_value_pair& member) const {
        const auto* s = member.value().if_string();
        if (s == nullptr) fail(where(member).position, "\"" + std::string(member.key()) + "\" must be a string");
        return view(*s);
    }

    bool bool_of(const json::key_value_pair& member) const {
        const auto* b = member.value().if_bool();
        if (b == nullptr) fail(where(member).position, "\"" + std::string(member.key()) + "\" must be true or false");
        return *b;
    }

    double number_of(const json::key_value_pair& member) const {
        const auto& v = member.value();
        if (v.is_int64()) return static_cast<double>(v.get_int64());
        if (v.is_uint64()) return static_cast<double>(v.get_uint64());
        if (v.is_double()) return v.get_double();
        fail(where(member).position, "\"" + std::string(member.key()) + "\" must be a number");
    }

    std::uint64_t count_of(const json::key_value_pair& member) const {
        const auto& v = member.value();
        if (v.is_uint64()) return v.get_uint64();
        if (v.is_int64() && v.get_int64() >= 0) return static_cast<std::uint64_t>(v.get_int64());
        if (v.is_double() && v.get_double() >= 0 && std::floor(v.get_double()) == v.get_double() &&
            v.get_double() < 1.8e19)
            return static_cast<std::uint64_t>(v.get_double());
        fail(where(member).position, "\"" + std::string(member.key()) + "\" must be a non-negative integer");
    }

    std::vector<std::string_view> strings_of(const json::key_value_pair& member) const {
        const auto* array = member.value().if_array();
        if (array == nullptr) fail(where(member).position, "\"" + std::string(member.key()) + "\" must be a list of strings");
        std::vector<std::string_view> out;
        out.reserve(array->size());
        for (const auto& element : *array) {
            const auto* s = element.if_string();
            if (s == nullptr) fail(where(member).position, "\"" + std::string(member.key()) + "\" must be a list of strings");
            out.push_back(view(*s));
        }
        return out;
    }

    std::vector<Schema> schemas_of(const json::key_value_pair& member) {
        const auto* array = member.value().if_array();
        if (array == nullptr) fail(where(member).position, "\"" + std::string(member.key()) + "\" must be a list of schemas");
        make_room(array->size(), where(member).position);
        std::vector<Schema> out;
        out.reserve(array->size());
        for (const auto& element : *array) {
            const auto* element_object = element.if_object();
            const auto position = element_object != nullptr && !element_object->empty()
                                      ? context_.file.position_of(*element_object)
                                      : where(member).position;
            build_into(out.emplace_back(), element, position);
        }
        return out;
    }

    void set_ref(Schema& schema, std::string_view written, Location location) {
        schema.ref = context_.name_ref(written, location);
    }

    // `allOf: [{$ref: X}]` with no `$ref` of its own is the `$ref` itself (KEP-2896), when
    // beside it stand only annotations (description, default). With fields or a type of
    // its own, the object extends X (inheritance): it stays an object with one member.
    static const json::string* sole_ref_in_all_of(const json::object& object, const json::value& all_of) {
        if (object.contains("$ref")) return nullptr;
        for (const auto* own : {"properties", "required", "type", "items", "additionalProperties", "oneOf", "anyOf", "enum"})
            if (object.contains(own)) return nullptr;
        const auto* array = all_of.if_array();
        if (array == nullptr || array->size() != 1) return nullptr;
        const auto* element = (*array)[0].if_object();
        if (element == nullptr || element->size() != 1) return nullptr;
        const auto* ref = element->if_contains("$ref");
        return ref != nullptr ? ref->if_string() : nullptr;
    }

    void read_keyword(const json::object& object, const json::key_value_pair& member, Schema& schema) {
        const auto name = std::string_view(member.key());
        const auto& value = member.value();
        const auto* keyword = find_keyword(name);
        if (keyword == nullptr) {
            auto& list = name.starts_with("x-") ? schema.writable_unmodelled().extensions : schema.writable_unmodelled().other_keywords;
            list.push_back({name, &value, where(member)});
            return;
        }
        switch (*keyword) {
            case Keyword_::ref:
                set_ref(schema, string_of(member), where(member));
                break;
            case Keyword_::type:
                if (const auto* s = value.if_string()) {
                    schema.type = {view(*s)};
                } else {
                    for (const auto t : strings_of(member)) {
                        if (t == "null") schema.nullable = true;
                        else schema.type.push_back(t);
                    }
                }
                break;
            case Keyword_::format: schema.format = string_of(member); break;
            case Keyword_::description: schema.description = string_of(member); break;
            case Keyword_::enum_values:
                schema.enum_values = value.if_array();
                if (schema.enum_values == nullptr) fail(where(member).position, "\"enum\" must be a list");
                break;
            case Keyword_::default_value: schema.default_value = &value; break;
            case Keyword_::nullable: schema.nullable = schema.nullable || bool_of(member); break;
            case Keyword_::required:
                // Swagger 2.0 parameters carry `required: true`; the loader reads that itself.
                if (value.is_bool()) schema.writable_unmodelled().other_keywords.push_back({name, &value, where(member)});
                else schema.required = strings_of(member);
                break;
            case Keyword_::properties: {
                const auto* properties = value.if_object();
                if (properties == nullptr) fail(where(member).position, "\"properties\" must be an object");
                make_room(properties->size(), where(member).position);
                schema.properties.reserve(properties->size());
                for (const auto& property : *properties) {
                    auto& built = schema.properties.emplace_back();
                    built.name = std::string_view(property.key());
                    build_into(built.schema, property.value(), context_.file.position_of(property));
                }
                break;
            }
            case Keyword_::items:
                if (value.is_array()) schema.writable_unmodelled().other_keywords.push_back({name, &value, where(member)});  // tuple form
                else schema.items = build_new(value, where(member).position);
                break;
            case Keyword_::additional_properties:
                if (const auto* b = value.if_bool()) schema.additional_properties_allowed = *b;
                else schema.additional_properties = build_new(value, where(member).position);
                break;
            case Keyword_::all_of:
                if (const auto* ref = sole_ref_in_all_of(object, value)) {
                    const auto& element = value.get_array()[0].get_object();
                    set_ref(schema, view(*ref), {context_.file_index, context_.file.position_of(element)});
                } else {
                    schema.writable_subschemas().all_of = schemas_of(member);
                }
                break;
            case Keyword_::one_of: schema.writable_subschemas().one_of = schemas_of(member); break;
            case Keyword_::any_of: schema.writable_subschemas().any_of = schemas_of(member); break;
            case Keyword_::maximum: {
                auto& bounds = schema.writable_bounds();
                if (!bounds.maximum || !bounds.exclusive_maximum) bounds.maximum = number_of(member);
                break;
            }
            case Keyword_::minimum: {
                auto& bounds = schema.writable_bounds();
                if (!bounds.minimum || !bounds.exclusive_minimum) bounds.minimum = number_of(member);
                break;
            }
            case Keyword_::exclusive_maximum: {
                auto& bounds = schema.writable_bounds();
                if (value.is_bool()) {
                    bounds.exclusive_maximum = value.get_bool();
                } else {  // 3.1: the bound itself
                    bounds.maximum = number_of(member);
                    bounds.exclusive_maximum = true;
                }
                break;
            }
            case Keyword_::exclusive_minimum: {
                auto& bounds = schema.writable_bounds();
                if (value.is_bool()) {
                    bounds.exclusive_minimum = value.get_bool();
                } else {
                    bounds.minimum = number_of(member);
                    bounds.exclusive_minimum = true;
                }
                break;
            }
            case Keyword_::multiple_of: schema.writable_bounds().multiple_of = number_of(member); break;
            case Keyword_::max_length: schema.writable_bounds().max_length = count_of(member); break;
            case Keyword_::min_length: schema.writable_bounds().min_length = count_of(member); break;
            case Keyword_::max_items: schema.writable_bounds().max_items = count_of(member); break;
            case Keyword_::min_items: schema.writable_bounds().min_items = count_of(member); break;
            case Keyword_::max_properties: schema.writable_bounds().max_properties = count_of(member); break;
            case Keyword_::min_properties: schema.writable_bounds().min_properties = count_of(member); break;
            case Keyword_::pattern: schema.writable_bounds().pattern = string_of(member); break;
            case Keyword_::unique_items: schema.writable_bounds().unique_items = bool_of(member); break;
            case Keyword_::list_type: schema.writable_kubernetes().list_type = string_of(member); break;
            case Keyword_::list_map_keys: schema.writable_kubernetes().list_map_keys = strings_of(member); break;
            case Keyword_::map_type: schema.writable_kubernetes().map_type = string_of(member); break;
            case Keyword_::validations: read_validations(member, schema); break;
            case Keyword_::preserve_unknown_fields: schema.preserve_unknown_fields = bool_of(member); break;
            case Keyword_::int_or_string: schema.int_or_string = bool_of(member); break;
            case Keyword_::embedded_resource: schema.embedded_resource = bool_of(member); break;
            case Keyword_::patch_strategy: schema.writable_kubernetes().patch_strategy = string_of(member); break;
            case Keyword_::patch_merge_key: schema.writable_kubernetes().patch_merge_key = string_of(member); break;
            case Keyword_::group_version_kind: read_group_version_kinds(member, schema); break;
            case Keyword_::api_lifecycle: read_lifecycle(member, schema); break;
        }
    }

    void read_validations(const json::key_value_pair& member, Schema& schema) {
        const auto* rules = member.value().if_array();
        if (rules == nullptr) fail(where(member).position, "\"x-kubernetes-validations\" must be a list");
        for (const auto& element : *rules) {
            const auto* rule_object = element.if_object();
            if (rule_object == nullptr || !rule_object->contains("rule"))
                fail(where(member).position, "each x-kubernetes-validations entry must be an object with a \"rule\"");
            ValidationRule rule;
            rule.location = {context_.file_index, context_.file.position_of(*rule_object)};
            for (const auto& field : *rule_object) {
                const auto key = std::string_view(field.key());
                if (key == "rule") rule.rule = string_of(field);
                else if (key == "message") rule.message = string_of(field);
                else if (key == "messageExpression") rule.message_expression = string_of(field);
                else if (key == "reason") rule.reason = string_of(field);
                else if (key == "fieldPath") rule.field_path = string_of(field);
                else if (key == "optionalOldSelf") rule.optional_old_self = bool_of(field);
            }
            schema.writable_kubernetes().validations.push_back(rule);
        }
    }

    void read_group_version_kinds(const json::key_value_pair& member, Schema& schema) {
        auto read_one = [&](const json::value& element) {
            const auto* gvk = element.if_object();
            if (gvk == nullptr) fail(where(member).position, "x-kubernetes-group-version-kind entries must be objects");
            auto text = [&](std::string_view key) -> std::string {
                const auto* v = gvk->if_contains(key);
                const auto* s = v != nullptr ? v->if_string() : nullptr;
                if (s == nullptr && key != "group")
                    fail(where(member).position, "x-kubernetes-group-version-kind entry needs a \"" + std::string(key) + "\"");
                return s != nullptr ? std::string(view(*s)) : std::string();
            };
            schema.writable_kubernetes().group_version_kinds.push_back({text("group"), text("version"), text("kind")});
        };
        if (const auto* array = member.value().if_array()) {
            for (const auto& element : *array) read_one(element);
        } else {
            read_one(member.value());
        }
    }

    void read_lifecycle(const json::key_value_pair& member, Schema& schema) {
        const auto* projects = member.value().if_object();
        if (projects == nullptr) fail(where(member).position, "\"x-kubernetes-api-lifecycle\" must be an object");
        for (const auto& project : *projects) {
            const auto* entry = project.value().if_object();
            if (entry == nullptr)
                fail(context_.file.position_of(project), "x-kubernetes-api-lifecycle entries must be objects");
            LifecycleEntry lifecycle{std::string_view(project.key()), {}, {}, {}};
            for (const auto& field : *entry) {
                const auto key = std::string_view(field.key());
                if (key == "status") lifecycle.status = string_of(field);
                else if (key == "minVersion") lifecycle.min_version = string_of(field);
                else if (key == "featureGate") lifecycle.feature_gate = string_of(field);
            }
            schema.writable_kubernetes().lifecycle.push_back(lifecycle);
        }
    }

    SchemaBuildContext& context_;
};

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

void build_schema(Schema& out, const json::value& value, TextPosition position, SchemaBuildContext& context) {
    Builder(context).build_into(out, value, position);
}

std::optional<std::string> named_type_of_pointer(std::string_view pointer) {
    for (const std::string_view prefix : {"/definitions/", "/components/schemas/"}) {
        if (!pointer.starts_with(prefix)) continue;
        const auto name = pointer.substr(prefix.size());
        if (name.empty()) return std::nullopt;
        if (name.find_first_of("/~%") == std::string_view::npos) return std::string(name);
        const auto tokens = pointer_tokens(pointer);
        const auto expected = prefix == "/definitions/" ? 2U : 3U;
        if (tokens.size() == expected) return tokens.back();
        return std::nullopt;
    }
    return std::nullopt;
}

std::vector<std::string> pointer_tokens(std::string_view pointer) {
    std::string decoded;
    for (std::size_t i = 0; i < pointer.size(); ++i) {
        if (pointer[i] == '%' && i + 2 < pointer.size() && hex_value(pointer[i + 1]) >= 0 && hex_value(pointer[i + 2]) >= 0) {
            decoded.push_back(static_cast<char>(hex_value(pointer[i + 1]) * 16 + hex_value(pointer[i + 2])));
            i += 2;
        } else {
            decoded.push_back(pointer[i]);
        }
    }
    std::vector<std::string> tokens;
    if (decoded.empty()) return tokens;
    std::size_t start = decoded.front() == '/' ? 1 : 0;
    while (true) {
        const auto end = decoded.find('/', start);
        std::string token = decoded.substr(start, end == std::string::npos ? std::string::npos : end - start);
        std::string unescaped;
        for (std::size_t i = 0; i < token.size(); ++i) {
            if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
                unescaped.push_back(token[i + 1] == '0' ? '~' : '/');
                ++i;
            } else {
                unescaped.push_back(token[i]);
            }
        }
        tokens.push_back(std::move(unescaped));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return tokens;
}

}  // namespace kompat
