#include "report/inspect_report.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include "report/json_writer.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

json::value location_json(const Snapshot& snapshot, const Location& location) {
    if (location.position.line == 0) return nullptr;
    return {{"file", snapshot.file_of(location)}, {"line", location.position.line}, {"column", location.position.column}};
}

// What the input files hold that a reader should hear of, then what loading decided.
std::vector<std::string> notes_of(const Snapshot& snapshot) {
    auto notes = snapshot.input_warnings;
    notes.insert(notes.end(), snapshot.notes.begin(), snapshot.notes.end());
    return notes;
}

}  // namespace

std::string inspect_text(const Snapshot& snapshot) {
    std::string out;
    out += fmt::format("source:     {}\n", snapshot.source);
    out += fmt::format("format:     {}{}\n", to_string(snapshot.format), snapshot.from_directory ? " (directory)" : "");
    out += fmt::format("files:      {}\n", snapshot.files.size());
    out += fmt::format("kinds:      {}\n", snapshot.kinds.size());
    out += fmt::format("types:      {}\n", snapshot.types.size());
    out += fmt::format("operations: {}\n", snapshot.operations.size());

    out += fmt::format("\nKinds ({})\n", snapshot.kinds.size());
    for (const auto& kind : snapshot.kinds) {
        auto line = fmt::format("  {:<60} {:<5}", kind.gvk.to_string(), to_string(kind.stability));
        if (kind.crd) {
            line += fmt::format(" {:<10} {:<8} {:<7}", kind.crd->scope, kind.crd->served ? "served" : "unserved",
                                kind.crd->storage ? "storage" : "");
            if (kind.crd->deprecated) line += " deprecated";
        } else {
            line += fmt::format(" {}", kind.type_name);
        }
        line.erase(line.find_last_not_of(' ') + 1);
        out += line + '\n';
    }
    out += fmt::format("\nTypes ({})\n", snapshot.types.size());
    for (const auto& [name, schema] : snapshot.types) out += fmt::format("  {}\n", name);
    out += fmt::format("\nOperations ({})\n", snapshot.operations.size());
    for (const auto& operation : snapshot.operations) out += fmt::format("  {:<7} {}\n", operation.method, operation.path);
    if (const auto notes = notes_of(snapshot); !notes.empty()) {
        out += fmt::format("\nNotes ({})\n", notes.size());
        for (const auto& note : notes) out += fmt::format("  {}\n", note);
    }
    return out;
}

std::string inspect_json(const Snapshot& snapshot) {
    json::array kinds;
    for (const auto& kind : snapshot.kinds) {
        json::object entry{
            {"group", kind.gvk.group}, {"version", kind.gvk.version},
            {"kind", kind.gvk.kind},   {"stability", to_string(kind.stability)},
            {"type", kind.type_name},  {"location", location_json(snapshot, kind.location)},
        };
        if (kind.crd) {
            json::array short_names;
            for (const auto& name : kind.crd->short_names) short_names.emplace_back(name);
            entry["crd"] = {
                {"name", kind.crd->name},
                {"scope", kind.crd->scope},
                {"served", kind.crd->served},
                {"storage", kind.crd->storage},
                {"deprecated", kind.crd->deprecated},
                {"plural", kind.crd->plural},
                {"singular", kind.crd->singular},
                {"shortNames", std::move(short_names)},
            };
        }
        kinds.push_back(std::move(entry));
    }
    json::array types;
    for (const auto& [name, schema] : snapshot.types)
        types.push_back(json::object{{"name", name}, {"location", location_json(snapshot, schema.location)}});
    json::array operations;
    for (const auto& operation : snapshot.operations) {
        json::array parameters;
        for (const auto& parameter : operation.parameters)
            parameters.push_back(json::object{{"name", parameter->name}, {"in", parameter->in}, {"required", parameter->required}});
        json::array responses;
        for (const auto& response : operation.responses) responses.emplace_back(response.status);
        operations.push_back(json::object{
            {"method", operation.method},
            {"path", operation.path},
            {"operationId", operation.operation_id},
            {"parameters", std::move(parameters)},
            {"requestBody", operation.has_request_body},
            {"responses", std::move(responses)},
            {"location", location_json(snapshot, operation.location)},
        });
    }
    json::array files;
    for (const auto& file : snapshot.files) files.emplace_back(file);
    json::array notes;
    for (const auto& note : notes_of(snapshot)) notes.emplace_back(note);
    const json::object document{
        {"schemaVersion", 1},
        {"source", snapshot.source},
        {"format", to_string(snapshot.format)},
        {"directory", snapshot.from_directory},
        {"files", std::move(files)},
        {"kinds", std::move(kinds)},
        {"types", std::move(types)},
        {"operations", std::move(operations)},
        {"notes", std::move(notes)},
    };
    return to_pretty_json(document);
}

}  // namespace kompat
