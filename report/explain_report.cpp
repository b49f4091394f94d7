#include "report/explain_report.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include <algorithm>
#include <cmath>

#include "model/lifecycle.hpp"
#include "support/json_values.hpp"
#include "report/json_writer.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

constexpr std::size_t page_width = 80;

// `io.k8s.api.core.v1.Container` → `Container`, as kubectl names a type.
std::string_view short_name(std::string_view type_name) {
    const auto dot = type_name.rfind('.');
    return dot == std::string_view::npos ? type_name : type_name.substr(dot + 1);
}

bool is_primitive(const Schema& schema) {
    return schema.type.size() == 1 && schema.type.front() != "object" && schema.type.front() != "array" && schema.properties.empty() &&
           !schema.items && !schema.additional_properties;
}

// The type in angle brackets, as kubectl's OpenAPI v3 template guesses it: `[]Container`,
// `map[string]string`, `ObjectMeta`, `Object` for an inline object, the primitive a
// named type stands for (`Time` is a `string`).
std::string type_label(const Snapshot& snapshot, const Schema& schema) {
    if (!schema.ref.empty()) {
        const auto& target = snapshot.resolve(schema);
        if (is_primitive(target) && target.format != "int-or-string") return std::string(target.type.front());
        return std::string(short_name(schema.ref));
    }
    if (schema.int_or_string || schema.format == "int-or-string") return "IntOrString";
    if (schema.items) return "[]" + type_label(snapshot, *schema.items);
    if (schema.additional_properties) return "map[string]" + type_label(snapshot, *schema.additional_properties);
    if (const auto& all_of = schema.subschemas().all_of; all_of.size() == 1 && schema.properties.empty())
        return type_label(snapshot, all_of.front());
    std::vector<std::string_view> types;
    for (const auto type : schema.type)
        if (type != "null") types.push_back(type);
    if (types.empty() || (types.size() == 1 && types.front() == "object")) return "Object";
    return fmt::format("{}", fmt::join(types, " | "));
}

std::string value_text(const json::value& value) {
    if (const auto* text = value.if_string()) return std::string(*text);
    return json::serialize(value);
}

std::string enum_text(const json::array& values) {
    std::vector<std::string> texts;
    for (const auto& value : values) texts.push_back(value_text(value));
    return fmt::format("{}", fmt::join(texts, ", "));
}

std::string number_text(double value) { return fmt::format("{}", value); }

// Lines of `text` wrapped at word boundaries to the page width, each indented (the lines
// after a paragraph's first by `hanging`, when given); the text's own line breaks are kept,
// and a line the text indents itself is kept whole.
void append_wrapped(std::string& out, std::string_view text, std::size_t indent, std::size_t hanging = 0) {
    if (hanging == 0) hanging = indent;
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
    for (;;) {
        const auto end = std::min(text.find('\n'), text.size());
        auto paragraph = text.substr(0, end);
        // An indented line (a code example, a YAML snippet) is kept as written: its
        // indentation is its meaning.
        if (!paragraph.empty() && (paragraph.front() == ' ' || paragraph.front() == '\t')) {
            while (!paragraph.empty() && (paragraph.back() == ' ' || paragraph.back() == '\t')) paragraph.remove_suffix(1);
            out += std::string(indent, ' ') + std::string(paragraph) + '\n';
            if (end == text.size()) return;
            text.remove_prefix(end + 1);
            continue;
        }
        std::string line;
        std::string margin(indent, ' ');
        while (!paragraph.empty()) {
            const auto space = std::min(paragraph.find(' '), paragraph.size());
            const auto word = paragraph.substr(0, space);
            paragraph.remove_prefix(std::min(space + 1, paragraph.size()));
            if (word.empty()) continue;
            if (!line.empty() && margin.size() + line.size() + 1 + word.size() > page_width) {
                out += margin + line + '\n';
                line.clear();
                margin.assign(hanging, ' ');
            }
            line += (line.empty() ? "" : " ") + std::string(word);
        }
        out += line.empty() ? std::string("\n") : margin + line + '\n';
        if (end == text.size()) return;
        text.remove_prefix(end + 1);
    }
}

std::string lifecycle_text(const Schema& schema) {
    std::vector<std::string> entries;
    for (const auto& entry : schema.kubernetes().lifecycle) {
        std::string text = fmt::format("{}: {}", entry.project, entry.status);
        if (!entry.feature_gate.empty()) text += fmt::format(", feature gate {}", entry.feature_gate);
        if (!entry.min_version.empty()) text += fmt::format(", since {}", entry.min_version);
        entries.push_back(std::move(text));
    }
    if (!entries.empty()) return fmt::format("{}", fmt::join(entries, "; "));
    const auto inferred = lifecycle_of(schema);
    if (inferred.status == LifecycleStatus::none) return "";
    std::string text(to_string(inferred.status));
    if (!inferred.feature_gate.empty()) text += fmt::format(", feature gate {}", inferred.feature_gate);
    return text + " (from the description)";
}

std::string bound_text(const std::optional<double>& minimum, bool exclusive_minimum, const std::optional<double>& maximum,
                       bool exclusive_maximum, std::string_view what) {
    std::string text;
    if (minimum) text += number_text(*minimum) + (exclusive_minimum ? " < " : " <= ");
    text += what;
    if (maximum) text += (exclusive_maximum ? " < " : " <= ") + number_text(*maximum);
    return text;
}

template <typename Number>
std::optional<double> as_double(const std::optional<Number>& value) {
    return value ? std::optional<double>(static_cast<double>(*value)) : std::nullopt;
}

// An empty object or list as a default says nothing a reader needs (`default: {}` is on
// most struct fields of a Kubernetes spec).
bool says_something(const json::value* default_value) {
    if (default_value == nullptr) return false;
    if (default_value->is_object()) return !default_value->get_object().empty();
    if (default_value->is_array()) return !default_value->get_array().empty();
    return true;
}

// What the schema says beyond kubectl's layout, `NAME: value` a line.
void append_details(std::string& out, const Snapshot& snapshot, const Schema& written) {
    const auto& schema = snapshot.resolve(written);
    const auto line = [&](std::string_view name, const std::string& value) {
        out += fmt::format("  {:<15} {}\n", fmt::format("{}:", name), value);
    };
    const auto* default_value = written.default_value != nullptr ? written.default_value : schema.default_value;
    if (says_something(default_value)) line("DEFAULT", json::serialize(*default_value));
    if (written.nullable || schema.nullable) line("NULLABLE", "true");
    if (!schema.format.empty()) line("FORMAT", std::string(schema.format));
    const auto& bounds = schema.value_bounds();
    if (bounds.minimum || bounds.maximum)
        line("BOUNDS", bound_text(bounds.minimum, bounds.exclusive_minimum, bounds.maximum, bounds.exclusive_maximum, "value"));
    if (bounds.multiple_of) line("MULTIPLE OF", number_text(*bounds.multiple_of));
    if (bounds.min_length || bounds.max_length)
        line("LENGTH", bound_text(as_double(bounds.min_length), false, as_double(bounds.max_length), false, "length"));
    if (bounds.min_items || bounds.max_items)
        line("ITEMS", bound_text(as_double(bounds.min_items), false, as_double(bounds.max_items), false, "items"));
    if (bounds.min_properties || bounds.max_properties)
        line("PROPERTIES", bound_text(as_double(bounds.min_properties), false, as_double(bounds.max_properties), false, "properties"));
    if (bounds.unique_items) line("UNIQUE", "true");
    if (bounds.pattern) line("PATTERN", std::string(*bounds.pattern));
    if (!schema.kubernetes().list_type.empty()) {
        std::string text(schema.kubernetes().list_type);
        if (!schema.kubernetes().list_map_keys.empty())
            text += fmt::format(" (keys: {})", fmt::join(schema.kubernetes().list_map_keys, ", "));
        line("LIST TYPE", text);
    }
    if (!schema.kubernetes().map_type.empty()) line("MAP TYPE", std::string(schema.kubernetes().map_type));
    if (schema.preserve_unknown_fields) line("UNKNOWN FIELDS", "preserved (x-kubernetes-preserve-unknown-fields)");
    if (schema.embedded_resource) line("EMBEDDED", "a whole Kubernetes object (x-kubernetes-embedded-resource)");
    auto lifecycle = lifecycle_text(written);
    if (lifecycle.empty() && &schema != &written) lifecycle = lifecycle_text(schema);
    if (!lifecycle.empty()) line("LIFECYCLE", lifecycle);
}

// The CEL rules of one level, under a heading that says which level ("VALIDATIONS",
// "VALIDATIONS OF EACH ITEM"), each rule wrapped to the page.
void append_validations(std::string& out, const Schema& schema, std::string_view heading) {
    if (schema.kubernetes().validations.empty()) return;
    out += fmt::format("\n{}:\n", heading);
    for (const auto& rule : schema.kubernetes().validations) {
        append_wrapped(out, "- rule: " + std::string(rule.rule), 2, 6);
        const auto part = [&](std::string_view name, std::string_view value) {
            if (!value.empty()) append_wrapped(out, fmt::format("{}: {}", name, value), 4, 6);
        };
        part("message", rule.message);
        part("messageExpression", rule.message_expression);
        part("reason", rule.reason);
        part("fieldPath", rule.field_path);
    }
}

// The description kubectl shows for a field: its own, then its type's when it refers to one.
std::vector<std::string_view> descriptions(const Schema& written, const Schema& holder) {
    std::vector<std::string_view> out;
    if (!written.description.empty()) out.push_back(written.description);
    if (&holder != &written && !holder.description.empty() && holder.description != written.description) out.push_back(holder.description);
    return out;
}

std::string markers(const ExplainField& field) {
    std::string out = field.required ? " -required-" : "";
    const auto lifecycle = lifecycle_of(*field.schema);
    if (lifecycle.status != LifecycleStatus::none) out += fmt::format(" -{}-", to_string(lifecycle.status));
    return out;
}

class TreeWriter {
public:
    TreeWriter(const Snapshot& snapshot, std::string& out, std::size_t max_lines) : snapshot_(snapshot), out_(out), max_lines_(max_lines) {}

    // Each field with its type and description, one level.
    void fields(const Schema& holder) {
        for (const auto& field : fields_of(snapshot_, holder)) {
            out_ += fmt::format("  {}\t<{}>{}\n", field.name, type_label(snapshot_, *field.schema), markers(field));
            const auto& resolved = snapshot_.resolve(*field.schema);
            if (resolved.enum_values != nullptr) out_ += fmt::format("  enum: {}\n", enum_text(*resolved.enum_values));
            const auto* default_value = field.schema->default_value != nullptr ? field.schema->default_value : resolved.default_value;
            if (says_something(default_value)) out_ += fmt::format("  default: {}\n", json::serialize(*default_value));
            if (!field.schema->description.empty()) append_wrapped(out_, field.schema->description, 4);
            out_ += '\n';
        }
    }

    // Every field to any depth, without descriptions. A named type already open on the
    // way down is not opened again.
    void tree(const Schema& holder, std::size_t depth, std::vector<std::string_view>& open) {
        for (const auto& field : fields_of(snapshot_, holder)) {
            if (++lines_ > max_lines_)
                throw LookupError(
                    fmt::format("the recursive explain passes {} lines (limit max-lines; raise it with --max-lines N, or "
                                "explain a narrower field path)",
                                max_lines_));
            const std::string margin(2 * depth, ' ');
            out_ += fmt::format("{}{}\t<{}>{}", margin, field.name, type_label(snapshot_, *field.schema), markers(field));
            std::vector<std::string_view> refs;
            const auto& next = field_holder(snapshot_, *field.schema, &refs);
            const auto again = std::find_if(refs.begin(), refs.end(),
                                            [&](std::string_view ref) { return std::find(open.begin(), open.end(), ref) != open.end(); });
            if (again != refs.end()) {
                out_ += fmt::format(" (recursive: {} is shown above)\n", short_name(*again));
                continue;
            }
            out_ += '\n';
            open.insert(open.end(), refs.begin(), refs.end());
            tree(next, depth + 1, open);
            open.resize(open.size() - refs.size());
        }
    }

private:
    const Snapshot& snapshot_;
    std::string& out_;
    std::size_t max_lines_;
    std::size_t lines_ = 0;
};

// The schema of the kind or field as JSON, every keyword kompat reads.
json::value schema_json(const Snapshot& snapshot, const Schema& schema);

json::array schemas_json(const Snapshot& snapshot, const std::vector<Schema>& schemas) {
    json::array out;
    for (const auto& schema : schemas) out.push_back(schema_json(snapshot, schema));
    return out;
}

// A bound as the spec writes it: `100`, not Boost.JSON's `1E2` for a double.
json::value number_json(double value) {
    constexpr double int64_range = 9.2e18;
    if (std::trunc(value) == value && std::abs(value) < int64_range) return static_cast<std::int64_t>(value);
    return value;
}

json::value schema_json(const Snapshot& snapshot, const Schema& schema) {
    json::object out;
    if (!schema.ref.empty()) out["$ref"] = "#/components/schemas/" + std::string(schema.ref);
    if (schema.type.size() == 1) out["type"] = schema.type.front();
    else if (!schema.type.empty()) out["type"] = strings_json(schema.type);
    if (!schema.format.empty()) out["format"] = schema.format;
    if (!schema.description.empty()) out["description"] = schema.description;
    if (schema.enum_values != nullptr) out["enum"] = *schema.enum_values;
    if (schema.default_value != nullptr) out["default"] = *schema.default_value;
    if (schema.nullable) out["nullable"] = true;
    if (!schema.required.empty()) out["required"] = strings_json(schema.required);
    if (!schema.properties.empty()) {
        json::object properties;
        for (const auto& property : schema.properties) properties[property.name] = schema_json(snapshot, property.schema);
        out["properties"] = std::move(properties);
    }
    if (schema.items) out["items"] = schema_json(snapshot, *schema.items);
    if (schema.additional_properties) out["additionalProperties"] = schema_json(snapshot, *schema.additional_properties);
    else if (schema.additional_properties_allowed) out["additionalProperties"] = *schema.additional_properties_allowed;
    const auto& subschemas = schema.subschemas();
    if (!subschemas.all_of.empty()) out["allOf"] = schemas_json(snapshot, subschemas.all_of);
    if (!subschemas.one_of.empty()) out["oneOf"] = schemas_json(snapshot, subschemas.one_of);
    if (!subschemas.any_of.empty()) out["anyOf"] = schemas_json(snapshot, subschemas.any_of);
    // OpenAPI 3.0's boolean form of the exclusive bounds.
    const auto& bounds = schema.value_bounds();
    if (bounds.maximum) out["maximum"] = number_json(*bounds.maximum);
    if (bounds.exclusive_maximum) out["exclusiveMaximum"] = true;
    if (bounds.minimum) out["minimum"] = number_json(*bounds.minimum);
    if (bounds.exclusive_minimum) out["exclusiveMinimum"] = true;
    if (bounds.multiple_of) out["multipleOf"] = number_json(*bounds.multiple_of);
    if (bounds.max_length) out["maxLength"] = *bounds.max_length;
    if (bounds.min_length) out["minLength"] = *bounds.min_length;
    if (bounds.max_items) out["maxItems"] = *bounds.max_items;
    if (bounds.min_items) out["minItems"] = *bounds.min_items;
    if (bounds.max_properties) out["maxProperties"] = *bounds.max_properties;
    if (bounds.min_properties) out["minProperties"] = *bounds.min_properties;
    if (bounds.pattern) out["pattern"] = *bounds.pattern;
    if (bounds.unique_items) out["uniqueItems"] = true;
    if (!schema.kubernetes().list_type.empty()) out["x-kubernetes-list-type"] = schema.kubernetes().list_type;
    if (!schema.kubernetes().list_map_keys.empty()) out["x-kubernetes-list-map-keys"] = strings_json(schema.kubernetes().list_map_keys);
    if (!schema.kubernetes().map_type.empty()) out["x-kubernetes-map-type"] = schema.kubernetes().map_type;
    if (!schema.kubernetes().validations.empty()) {
        json::array rules;
        for (const auto& rule : schema.kubernetes().validations) {
            json::object entry{{"rule", rule.rule}};
            if (!rule.message.empty()) entry["message"] = rule.message;
            if (!rule.message_expression.empty()) entry["messageExpression"] = rule.message_expression;
            if (!rule.reason.empty()) entry["reason"] = rule.reason;
            if (!rule.field_path.empty()) entry["fieldPath"] = rule.field_path;
            if (rule.optional_old_self) entry["optionalOldSelf"] = *rule.optional_old_self;
            rules.push_back(std::move(entry));
        }
        out["x-kubernetes-validations"] = std::move(rules);
    }
    if (schema.preserve_unknown_fields) out["x-kubernetes-preserve-unknown-fields"] = true;
    if (schema.int_or_string) out["x-kubernetes-int-or-string"] = true;
    if (schema.embedded_resource) out["x-kubernetes-embedded-resource"] = true;
    if (!schema.kubernetes().patch_strategy.empty()) out["x-kubernetes-patch-strategy"] = schema.kubernetes().patch_strategy;
    if (!schema.kubernetes().patch_merge_key.empty()) out["x-kubernetes-patch-merge-key"] = schema.kubernetes().patch_merge_key;
    if (!schema.kubernetes().group_version_kinds.empty()) {
        json::array gvks;
        for (const auto& gvk : schema.kubernetes().group_version_kinds)
            gvks.push_back(json::object{{"group", gvk.group}, {"version", gvk.version}, {"kind", gvk.kind}});
        out["x-kubernetes-group-version-kind"] = std::move(gvks);
    }
    if (!schema.kubernetes().lifecycle.empty()) {
        json::object lifecycle;
        for (const auto& entry : schema.kubernetes().lifecycle) {
            json::object fields{{"status", entry.status}};
            if (!entry.min_version.empty()) fields["minVersion"] = entry.min_version;
            if (!entry.feature_gate.empty()) fields["featureGate"] = entry.feature_gate;
            lifecycle[entry.project] = std::move(fields);
        }
        out["x-kubernetes-api-lifecycle"] = std::move(lifecycle);
    }
    for (const auto& keyword : schema.unmodelled().extensions) out[keyword.name] = *keyword.value;
    for (const auto& keyword : schema.unmodelled().other_keywords) out[keyword.name] = *keyword.value;
    return out;
}

// `schema` with its own `$ref` (and those of its items and map values) replaced by the
// type referred to; the field's own keywords (its description, default) win.
json::value resolved_json(const Snapshot& snapshot, const Schema& schema, std::vector<std::string_view>& open) {
    auto own = schema_json(snapshot, schema).as_object();
    if (!schema.ref.empty() && std::find(open.begin(), open.end(), schema.ref) == open.end()) {
        open.push_back(schema.ref);
        auto out = resolved_json(snapshot, snapshot.resolve(schema), open).as_object();
        own.erase("$ref");
        for (auto& member : own) out[member.key()] = std::move(member.value());
        return out;
    }
    if (schema.items) own["items"] = resolved_json(snapshot, *schema.items, open);
    if (schema.additional_properties) own["additionalProperties"] = resolved_json(snapshot, *schema.additional_properties, open);
    return own;
}

}  // namespace

std::string explain_text(const Snapshot& snapshot, const ExplainTarget& target, const ExplainOptions& options) {
    const auto& kind = *target.kind;
    std::string out;
    // kubectl's part: the header, the field, its description and its fields.
    if (!kind.gvk.group.empty()) out += fmt::format("GROUP:      {}\n", kind.gvk.group);
    out += fmt::format("KIND:       {}\n", kind.gvk.kind);
    out += fmt::format("VERSION:    {}\n", kind.gvk.version);
    if (kind.crd) {
        out += fmt::format("SCOPE:      {}\n", kind.crd->scope);
        if (!kind.crd->served)
            out += fmt::format("WARNING:    {} is not served: the API server refuses requests to it\n", kind.gvk.group_version());
        if (kind.crd->deprecated)
            out += fmt::format("WARNING:    {} is deprecated{}\n", kind.gvk.group_version(),
                               kind.crd->deprecation_warning.empty() ? std::string() : ": " + std::string(kind.crd->deprecation_warning));
    }
    out += '\n';
    const auto& written = *target.schema;
    const auto& resolved = snapshot.resolve(written);
    if (!target.field_path.empty()) {
        out += fmt::format("FIELD: {} <{}>\n", target.field_path.back(), type_label(snapshot, written));
        if (resolved.enum_values != nullptr) {
            out += "ENUM:\n";
            for (const auto& value : *resolved.enum_values) out += fmt::format("    {}\n", value_text(value));
        }
        out += '\n';
    }
    // The named types met on the way to the fields are open for a recursive explain.
    std::vector<std::string_view> open;
    const auto& holder = field_holder(snapshot, written, &open);
    const auto texts = descriptions(written, holder);
    out += "DESCRIPTION:\n";
    if (texts.empty()) out += "    <empty>\n";
    for (const auto text : texts) append_wrapped(out, text, 4);

    if (!fields_of(snapshot, holder).empty()) {
        out += "\nFIELDS:\n";
        TreeWriter writer(snapshot, out, options.max_lines);
        if (options.recursive) {
            writer.tree(holder, 1, open);
        } else {
            writer.fields(holder);
            out.pop_back();  // the blank line after the last field
        }
    }

    // kompat's part: what the schema says beyond kubectl's layout, labelled as such.
    std::string details;
    if (target.required) details += fmt::format("  {:<15} {}\n", "REQUIRED:", "yes (its parent lists it as required)");
    if (!target.field_path.empty()) append_details(details, snapshot, written);
    if (!details.empty()) out += "\nSCHEMA (kompat, beyond kubectl explain):\n" + details;
    append_validations(out, resolved, "VALIDATIONS");
    if (&holder != &resolved) append_validations(out, holder, resolved.items ? "VALIDATIONS OF EACH ITEM" : "VALIDATIONS OF EACH VALUE");
    return out;
}

std::string explain_openapi_v3(const Snapshot& snapshot, const ExplainTarget& target) {
    std::vector<std::string_view> open;
    auto document = resolved_json(snapshot, *target.schema, open).as_object();
    // Every type a `$ref` left in the output names, and the types they name in turn, under
    // components.schemas: the output resolves its own references.
    constexpr std::string_view prefix = "#/components/schemas/";
    json::object schemas;
    std::vector<std::string> pending;
    const auto collect = [&](const json::value& value, const auto& self) -> void {
        if (const auto* object = value.if_object()) {
            if (const auto* ref = object->if_contains("$ref"); ref != nullptr && ref->is_string() && ref->get_string().starts_with(prefix))
                pending.emplace_back(ref->get_string().subview().substr(prefix.size()));
            for (const auto& member : *object) self(member.value(), self);
        } else if (const auto* array = value.if_array()) {
            for (const auto& item : *array) self(item, self);
        }
    };
    collect(document, collect);
    while (!pending.empty()) {
        const auto name = std::move(pending.back());
        pending.pop_back();
        if (schemas.contains(name)) continue;
        const auto* type = snapshot.find_type(name);
        if (type == nullptr) continue;
        schemas[name] = schema_json(snapshot, *type);
        collect(schemas[name], collect);
    }
    if (!schemas.empty()) document["components"] = json::object{{"schemas", std::move(schemas)}};
    return to_pretty_json(with_sorted_keys(document));
}

}  // namespace kompat
