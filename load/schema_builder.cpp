#include "load/schema_builder.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

namespace kompat {
namespace json = boost::json;
namespace {

// Keys are ordered by length, then first character, then the rest: most keys a search
// passes differ from the one sought in one of the first two, which settles them without
// comparing strings.
constexpr bool shorter_or_before(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return a.size() < b.size();
    if (!a.empty() && a.front() != b.front()) return a.front() < b.front();
    return a < b;
}

std::string_view view(const json::string& s) { return {s.data(), s.size()}; }

// A struct: the rows of the keyword table below read with its helpers.
struct Builder {
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
            if (std::find(skipped.begin(), skipped.end(), member.key()) == skipped.end()) read_keyword(*object, member, schema);
    }

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

    Location where(const json::key_value_pair& member) const { return {context_.file_index, context_.file.position_of(member)}; }

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
        if (v.is_double() && v.get_double() >= 0 && std::floor(v.get_double()) == v.get_double() && v.get_double() < 1.8e19)
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
            const auto position =
                element_object != nullptr && !element_object->empty() ? context_.file.position_of(*element_object) : where(member).position;
            build_into(out.emplace_back(), element, position);
        }
        return out;
    }

    void set_ref(Schema& schema, std::string_view written, Location location) { schema.ref = context_.name_ref(written, location); }

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

    void read_keyword(const json::object& object, const json::key_value_pair& member, Schema& schema);

    void keep_unmodelled(const json::key_value_pair& member, Schema& schema) const {
        schema.writable_unmodelled().other_keywords.push_back({std::string_view(member.key()), &member.value(), where(member)});
    }

    void read_type(const json::key_value_pair& member, Schema& schema) const {
        if (const auto* s = member.value().if_string()) {
            schema.type = {view(*s)};
            return;
        }
        for (const auto t : strings_of(member)) {
            if (t == "null") schema.nullable = true;
            else schema.type.push_back(t);
        }
    }

    void read_properties(const json::key_value_pair& member, Schema& schema) {
        const auto* properties = member.value().if_object();
        if (properties == nullptr) fail(where(member).position, "\"properties\" must be an object");
        make_room(properties->size(), where(member).position);
        schema.properties.reserve(properties->size());
        for (const auto& property : *properties) {
            auto& built = schema.properties.emplace_back();
            built.name = std::string_view(property.key());
            build_into(built.schema, property.value(), context_.file.position_of(property));
        }
    }

    void read_all_of(const json::object& object, const json::key_value_pair& member, Schema& schema) {
        if (const auto* ref = sole_ref_in_all_of(object, member.value())) {
            const auto& element = member.value().get_array()[0].get_object();
            set_ref(schema, view(*ref), {context_.file_index, context_.file.position_of(element)});
        } else {
            schema.writable_subschemas().all_of = schemas_of(member);
        }
    }

    // `exclusiveMaximum: true` (3.0) marks `maximum` exclusive; 3.1 writes the bound itself.
    void read_exclusive(const json::key_value_pair& member, std::optional<double>& bound, bool& exclusive) const {
        if (const auto* flag = member.value().if_bool()) {
            exclusive = *flag;
        } else {
            bound = number_of(member);
            exclusive = true;
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
            if (entry == nullptr) fail(context_.file.position_of(project), "x-kubernetes-api-lifecycle entries must be objects");
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

// What a keyword found in a schema object is read from: the object, the keyword's member.
struct KeywordAt {
    const json::object& object;
    const json::key_value_pair& member;
    const json::value& value() const { return member.value(); }
};

struct KeywordReader {
    std::string_view name;
    void (*read)(Builder& b, const KeywordAt& k, Schema& s);
};

// Each keyword kompat models and how it is read; the rest are kept as written
// (unmodelled). Sorted for binary search, as shorter_or_before orders.
constexpr auto keyword_table = [] {
    using K = const KeywordAt&;
    std::array table{
        KeywordReader{"$ref", [](Builder& b, K k, Schema& s) { b.set_ref(s, b.string_of(k.member), b.where(k.member)); }},
        KeywordReader{"type", [](Builder& b, K k, Schema& s) { b.read_type(k.member, s); }},
        KeywordReader{"format", [](Builder& b, K k, Schema& s) { s.format = b.string_of(k.member); }},
        KeywordReader{"description", [](Builder& b, K k, Schema& s) { s.description = b.string_of(k.member); }},
        KeywordReader{"enum",
                      [](Builder& b, K k, Schema& s) {
                          s.enum_values = k.value().if_array();
                          if (s.enum_values == nullptr) b.fail(b.where(k.member).position, "\"enum\" must be a list");
                      }},
        KeywordReader{"default", [](Builder&, K k, Schema& s) { s.default_value = &k.value(); }},
        KeywordReader{"nullable", [](Builder& b, K k, Schema& s) { s.nullable = s.nullable || b.bool_of(k.member); }},
        KeywordReader{"required",
                      [](Builder& b, K k, Schema& s) {
                          // Swagger 2.0 parameters carry `required: true`; the loader reads that itself.
                          if (k.value().is_bool()) b.keep_unmodelled(k.member, s);
                          else s.required = b.strings_of(k.member);
                      }},
        KeywordReader{"properties", [](Builder& b, K k, Schema& s) { b.read_properties(k.member, s); }},
        KeywordReader{"items",
                      [](Builder& b, K k, Schema& s) {
                          if (k.value().is_array()) b.keep_unmodelled(k.member, s);  // tuple form
                          else s.items = b.build_new(k.value(), b.where(k.member).position);
                      }},
        KeywordReader{"additionalProperties",
                      [](Builder& b, K k, Schema& s) {
                          if (const auto* allowed = k.value().if_bool()) s.additional_properties_allowed = *allowed;
                          else s.additional_properties = b.build_new(k.value(), b.where(k.member).position);
                      }},
        KeywordReader{"allOf", [](Builder& b, K k, Schema& s) { b.read_all_of(k.object, k.member, s); }},
        KeywordReader{"oneOf", [](Builder& b, K k, Schema& s) { s.writable_subschemas().one_of = b.schemas_of(k.member); }},
        KeywordReader{"anyOf", [](Builder& b, K k, Schema& s) { s.writable_subschemas().any_of = b.schemas_of(k.member); }},
        KeywordReader{"maximum",
                      [](Builder& b, K k, Schema& s) {
                          auto& bounds = s.writable_bounds();
                          if (!bounds.maximum || !bounds.exclusive_maximum) bounds.maximum = b.number_of(k.member);
                      }},
        KeywordReader{"minimum",
                      [](Builder& b, K k, Schema& s) {
                          auto& bounds = s.writable_bounds();
                          if (!bounds.minimum || !bounds.exclusive_minimum) bounds.minimum = b.number_of(k.member);
                      }},
        KeywordReader{"exclusiveMaximum",
                      [](Builder& b, K k, Schema& s) {
                          auto& bounds = s.writable_bounds();
                          b.read_exclusive(k.member, bounds.maximum, bounds.exclusive_maximum);
                      }},
        KeywordReader{"exclusiveMinimum",
                      [](Builder& b, K k, Schema& s) {
                          auto& bounds = s.writable_bounds();
                          b.read_exclusive(k.member, bounds.minimum, bounds.exclusive_minimum);
                      }},
        KeywordReader{"multipleOf", [](Builder& b, K k, Schema& s) { s.writable_bounds().multiple_of = b.number_of(k.member); }},
        KeywordReader{"maxLength", [](Builder& b, K k, Schema& s) { s.writable_bounds().max_length = b.count_of(k.member); }},
        KeywordReader{"minLength", [](Builder& b, K k, Schema& s) { s.writable_bounds().min_length = b.count_of(k.member); }},
        KeywordReader{"maxItems", [](Builder& b, K k, Schema& s) { s.writable_bounds().max_items = b.count_of(k.member); }},
        KeywordReader{"minItems", [](Builder& b, K k, Schema& s) { s.writable_bounds().min_items = b.count_of(k.member); }},
        KeywordReader{"maxProperties", [](Builder& b, K k, Schema& s) { s.writable_bounds().max_properties = b.count_of(k.member); }},
        KeywordReader{"minProperties", [](Builder& b, K k, Schema& s) { s.writable_bounds().min_properties = b.count_of(k.member); }},
        KeywordReader{"pattern", [](Builder& b, K k, Schema& s) { s.writable_bounds().pattern = b.string_of(k.member); }},
        KeywordReader{"uniqueItems", [](Builder& b, K k, Schema& s) { s.writable_bounds().unique_items = b.bool_of(k.member); }},
        KeywordReader{"x-kubernetes-list-type",
                      [](Builder& b, K k, Schema& s) { s.writable_kubernetes().list_type = b.string_of(k.member); }},
        KeywordReader{"x-kubernetes-list-map-keys",
                      [](Builder& b, K k, Schema& s) { s.writable_kubernetes().list_map_keys = b.strings_of(k.member); }},
        KeywordReader{"x-kubernetes-map-type",
                      [](Builder& b, K k, Schema& s) { s.writable_kubernetes().map_type = b.string_of(k.member); }},
        KeywordReader{"x-kubernetes-validations", [](Builder& b, K k, Schema& s) { b.read_validations(k.member, s); }},
        KeywordReader{"x-kubernetes-preserve-unknown-fields",
                      [](Builder& b, K k, Schema& s) { s.preserve_unknown_fields = b.bool_of(k.member); }},
        KeywordReader{"x-kubernetes-int-or-string", [](Builder& b, K k, Schema& s) { s.int_or_string = b.bool_of(k.member); }},
        KeywordReader{"x-kubernetes-embedded-resource", [](Builder& b, K k, Schema& s) { s.embedded_resource = b.bool_of(k.member); }},
        KeywordReader{"x-kubernetes-patch-strategy",
                      [](Builder& b, K k, Schema& s) { s.writable_kubernetes().patch_strategy = b.string_of(k.member); }},
        KeywordReader{"x-kubernetes-patch-merge-key",
                      [](Builder& b, K k, Schema& s) { s.writable_kubernetes().patch_merge_key = b.string_of(k.member); }},
        KeywordReader{"x-kubernetes-group-version-kind", [](Builder& b, K k, Schema& s) { b.read_group_version_kinds(k.member, s); }},
        KeywordReader{"x-kubernetes-api-lifecycle", [](Builder& b, K k, Schema& s) { b.read_lifecycle(k.member, s); }},
    };
    std::sort(table.begin(), table.end(), [](const KeywordReader& a, const KeywordReader& b) { return shorter_or_before(a.name, b.name); });
    return table;
}();

const KeywordReader* find_keyword(std::string_view name) {
    const auto found =
        std::lower_bound(keyword_table.begin(), keyword_table.end(), name,
                         [](const KeywordReader& entry, std::string_view key) { return shorter_or_before(entry.name, key); });
    return found != keyword_table.end() && found->name == name ? &*found : nullptr;
}

void Builder::read_keyword(const json::object& object, const json::key_value_pair& member, Schema& schema) {
    if (const auto* keyword = find_keyword(member.key())) {
        keyword->read(*this, {object, member}, schema);
        return;
    }
    const auto name = std::string_view(member.key());
    auto& list = name.starts_with("x-") ? schema.writable_unmodelled().extensions : schema.writable_unmodelled().other_keywords;
    list.push_back({name, &member.value(), where(member)});
}

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
