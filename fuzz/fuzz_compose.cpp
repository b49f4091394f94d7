// libFuzzer harness: the differ on deep and overlapping compositions. The input is a program
// that builds one schema of nested allOf members, oneOf/anyOf unions (overlapping branches
// among them), items, maps and named types behind `$ref`, as a request body; the new
// document is the same with one field removed. Whatever the shape, the differ must find a
// change, or refuse the input (InputError, a limit naming the place): a field it never
// compared is a finding (abort), as is any crash or sanitizer report.
#include <boost/json.hpp>

#include <cstdlib>
#include <string>

#include "diff/snapshot_diff.hpp"
#include "fuzz/fuzz_support.hpp"
#include "load/snapshot_loader.hpp"

namespace {

namespace json = boost::json;

class Program {
public:
    explicit Program(std::string_view bytes) : bytes_(bytes) {}
    std::uint8_t next() { return at_ < bytes_.size() ? static_cast<std::uint8_t>(bytes_[at_++]) : 0; }
    [[nodiscard]] bool done() const { return at_ >= bytes_.size(); }

private:
    std::string_view bytes_;
    std::size_t at_ = 0;
};

class Builder {
public:
    explicit Builder(Program& program) : program_(program) {}

    json::value schema(int depth) {
        if (depth > 400 || program_.done()) return leaf();
        switch (program_.next() % 9) {
            case 0: return leaf();
            case 1: return {{"type", "object"}, {"allOf", json::array{schema(depth + 1), schema(depth + 1)}}};
            case 2: {
                // A oneOf whose second branch may overlap the first (a bounded string, an open object).
                const auto overlap = program_.next() % 3;
                json::value other = overlap == 0   ? json::value{{"type", "string"}, {"maxLength", 3}}
                                    : overlap == 1 ? json::value{{"type", "object"}}
                                                   : schema(depth + 1);
                return {{"oneOf", json::array{schema(depth + 1), other}}};
            }
            case 3: return {{"anyOf", json::array{schema(depth + 1), {{"type", "integer"}}}}};
            case 4: return {{"type", "array"}, {"items", schema(depth + 1)}};
            case 5: return {{"type", "object"}, {"additionalProperties", schema(depth + 1)}};
            case 6: {
                const auto name = "T" + std::to_string(named_.size());
                named_.emplace(name, nullptr);
                named_[name] = schema(depth + 1);
                return {{"$ref", "#/components/schemas/" + name}};
            }
            case 7: {
                // A run of inline allOf members, each holding the next.
                json::value inner = schema(depth + 1);
                for (int i = program_.next() % 24; i > 0; --i) inner = {{"type", "object"}, {"allOf", json::array{inner}}};
                return inner;
            }
            default: {
                json::object properties;
                for (int i = program_.next() % 3; i >= 0; --i) properties[field_name()] = schema(depth + 1);
                return {{"type", "object"}, {"properties", properties}};
            }
        }
    }

    [[nodiscard]] const json::object& named() const { return named_; }
    [[nodiscard]] std::size_t fields() const { return fields_; }

private:
    json::value leaf() { return {{"type", "object"}, {"properties", {{field_name(), {{"type", "string"}}}}}}; }
    std::string field_name() { return "f" + std::to_string(fields_++); }

    Program& program_;
    json::object named_;
    std::size_t fields_ = 0;
};

// Removes the field `name` wherever it is written (each name is written once).
bool remove_field(json::value& value, const std::string& name) {
    if (auto* object = value.if_object()) {
        if (auto* properties = object->if_contains("properties");
            properties != nullptr && properties->is_object() && properties->get_object().erase(name) > 0)
            return true;
        for (auto& member : *object)
            if (remove_field(member.value(), name)) return true;
    }
    if (auto* array = value.if_array())
        for (auto& item : *array)
            if (remove_field(item, name)) return true;
    return false;
}

std::string document(const json::value& body, const json::object& named) {
    const json::object operation{{"requestBody", {{"content", {{"application/json", {{"schema", body}}}}}}},
                                 {"responses", {{"200", {{"description", "ok"}}}}}};
    return json::serialize(json::object{{"openapi", "3.0.0"},
                                        {"info", {{"title", "t"}, {"version", "1"}}},
                                        {"paths", {{"/w", {{"post", operation}}}}},
                                        {"components", {{"schemas", named}}}});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Program program(kompat::fuzz::bytes_of(data, size));
    Builder builder(program);
    const auto body = builder.schema(0);
    json::value before{{"body", body}, {"named", builder.named()}};
    if (builder.fields() == 0) return 0;
    const auto removed = "f" + std::to_string(program.next() % builder.fields());
    json::value after = before;
    if (!remove_field(after, removed)) return 0;
    try {
        const auto limits = kompat::fuzz::fuzz_limits();
        const auto old_snapshot =
            kompat::load_snapshot(kompat::fuzz::one_file("old", document(before.at("body"), before.at("named").as_object())), limits);
        const auto new_snapshot =
            kompat::load_snapshot(kompat::fuzz::one_file("new", document(after.at("body"), after.at("named").as_object())), limits);
        const auto diff = kompat::diff_snapshots(old_snapshot, new_snapshot);
        if (diff.changes.empty()) std::abort();  // the removed field was never compared
    } catch (const kompat::InputError&) {
    }
    return 0;
}
