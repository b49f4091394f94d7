#pragma once
// How a property name is written in a path (`.spec.replicas`), for every stage that writes
// or reads one: findings, baselines, ignores, lint and explain.
#include <string>
#include <string_view>

namespace kompat {

// `.name`, or `["a.b"]` when the name holds a character a path uses for its own syntax
// (`.`, brackets, braces, parentheses, `/`, a quote, a backslash, a space) or is empty,
// so that `.metadata["a.b"]` never reads as `.metadata.a.b` (docs/report-json.md).
inline std::string field_step(std::string_view name) {
    if (!name.empty() && name.find_first_of(".[]{}()/\"\\ ") == std::string_view::npos) return "." + std::string(name);
    std::string out = "[\"";
    for (const char c : name) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"]";
}

// The last field of a path as a sentence names it, with what follows it (`containers[*]`
// of `.spec.containers[*]`, `a.b` of `.metadata["a.b"]`).
inline std::string last_field(std::string_view path) {
    std::string name;
    std::string after;  // what follows the last field's name: `[*]`, `{*}`
    for (std::size_t at = 0; at < path.size();) {
        if (path.substr(at).starts_with("[\"")) {
            name.clear();
            after.clear();
            for (at += 2; at < path.size() && path[at] != '"'; ++at) {
                if (path[at] == '\\' && at + 1 < path.size()) ++at;
                name += path[at];
            }
            at += 2;  // the closing `"]`
        } else if (path[at] == '.') {
            const auto end = std::min(path.find_first_of(".[", at + 1), path.size());
            name = path.substr(at + 1, end - at - 1);
            after.clear();
            at = end;
        } else {
            after += path[at++];
        }
    }
    return name + after;
}

}  // namespace kompat
