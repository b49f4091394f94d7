#include "load/load_state.hpp"

#include <charconv>
#include <optional>

#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;

std::uint32_t LoadState::add_file(std::shared_ptr<const ParsedFile> file) {
    const auto index = static_cast<std::uint32_t>(snapshot.documents.size());
    file_index.emplace(file->name, index);
    snapshot.files.push_back(file->name);
    snapshot.input_warnings.insert(snapshot.input_warnings.end(), file->warnings.begin(), file->warnings.end());
    snapshot.documents.push_back(std::move(file));
    return index;
}

void LoadState::fail(std::uint32_t index, TextPosition position, const std::string& message) const {
    throw InputError(index < snapshot.files.size() ? snapshot.files[index] : sources.argument, position, message);
}

std::string LoadState::where(const Location& location) const {
    return std::string(snapshot.file_of(location)) + ":" + std::to_string(location.position.line) + ":" +
           std::to_string(location.position.column);
}

SchemaBuildContext LoadState::schema_context(std::uint32_t index) {
    SchemaBuildContext context{file(index), index, {}, {}, &schema_count};
    // The limit grows with what the snapshot has read, `$ref` targets too.
    schema_count.limit = schema_limit(limits, budget.bytes);
    context.name_ref = [this, index](std::string_view written, Location at) { return name_ref(index, written, at); };
    return context;
}

std::string_view LoadState::name_ref(std::uint32_t index, std::string_view written, Location at) {
    if (const auto known = named_refs.find({index, written}); known != named_refs.end()) return refs[known->second].type_name;
    const auto& from = file(index).name;
    auto refuse = [&](const std::string& why) -> std::string_view {
        throw InputError(from, at.position, "$ref \"" + std::string(written) + "\" " + why);
    };
    if (written.find("://") != std::string_view::npos || written.starts_with("//"))
        return refuse("is a URL; kompat never fetches anything: only #/... and files inside the snapshot's directory are followed");
    const auto hash = written.find('#');
    const auto file_part = written.substr(0, hash);
    const auto fragment = hash == std::string_view::npos ? std::string_view() : written.substr(hash + 1);
    if (!fragment.empty() && fragment.front() != '/') return refuse("is not a JSON pointer (#/...)");
    std::string_view target = from;
    if (!file_part.empty()) {
        if (sources.origin == SourceOrigin::standard_input) return refuse("names a file, but the snapshot was read from stdin");
        if (sources.origin == SourceOrigin::kubectl) return refuse("names a file, but the snapshot was read from a cluster");
        auto resolved = resolve_relative(sources, from, file_part);
        if (!resolved) return refuse("leaves the snapshot's directory; only files inside it are followed");
        target = resolved_files.emplace_back(std::move(*resolved));
    }
    RefNote note{{}, target, fragment, written, at};
    // A type of the files the user named keeps its own name, so references to it
    // read the same from every file of a directory and from v2 and v3 alike.
    auto named = named_type_of_pointer(fragment);
    note.type_name = snapshot.ref_names.emplace_back(
        named && main_files.contains(target) ? std::move(*named) : std::string(target) + "#" + std::string(fragment));
    named_refs.emplace(WrittenRef{index, written}, refs.size());
    refs.push_back(std::move(note));
    return refs.back().type_name;
}

void LoadState::build(Schema& out, std::uint32_t index, const json::value& value, TextPosition position) {
    auto context = schema_context(index);
    build_schema(out, value, position, context);
}

std::optional<PointerTarget> walk_pointer(const ParsedFile& file, const json::value& root, std::string_view pointer) {
    PointerTarget target{&root, file.documents.empty() ? TextPosition{} : file.document_starts.front()};
    for (const auto& token : pointer_tokens(pointer)) {
        if (const auto* object = target.value->if_object()) {
            const auto found = object->find(token);
            if (found == object->end()) return std::nullopt;
            target = {&found->value(), file.position_of(*found)};
        } else if (const auto* array = target.value->if_array()) {
            std::size_t index = 0;
            const auto* end = token.data() + token.size();
            if (token.empty() || std::from_chars(token.data(), end, index).ptr != end || index >= array->size()) return std::nullopt;
            const auto& element = (*array)[index];
            target.value = &element;
            if (const auto* element_object = element.if_object(); element_object != nullptr && !element_object->empty())
                target.position = file.position_of(*element_object);
        } else {
            return std::nullopt;
        }
    }
    return target;
}

PointerTarget LoadState::follow_local_refs(std::uint32_t index, const json::value& root, const json::value& value, TextPosition position) {
    const auto ref_of = [](const json::value& v) -> const json::value* {
        const auto* object = v.if_object();
        return object != nullptr ? object->if_contains("$ref") : nullptr;
    };
    const auto* first_ref = ref_of(value);
    if (first_ref == nullptr) return {&value, position};
    // Kubernetes refers to the same few shared parameters thousands of times.
    const auto* first_text = first_ref->if_string();
    const WrittenRef cache_key{index, first_text != nullptr ? std::string_view(*first_text) : std::string_view()};
    if (const auto cached = followed_refs.find(cache_key); first_text != nullptr && cached != followed_refs.end()) return cached->second;
    PointerTarget target{&value, position};
    for (std::uint32_t hops = 0;; ++hops) {
        const auto* ref = ref_of(*target.value);
        if (ref == nullptr) break;
        if (hops >= limits.max_ref_chain)
            fail(index, target.position,
                 "$ref chain longer than " + std::to_string(limits.max_ref_chain) + " (" + limit_hint("max-ref-chain") + ")");
        const auto* written = ref->if_string();
        if (written == nullptr || !written->starts_with("#/"))
            fail(index, target.position, "only local $refs (#/...) are followed for parameters, responses and request bodies");
        const auto found = walk_pointer(file(index), root, std::string_view(written->data() + 1, written->size() - 1));
        if (!found) fail(index, target.position, "unresolvable $ref \"" + std::string(*written) + "\"");
        target = *found;
    }
    if (first_text != nullptr) followed_refs.emplace(cache_key, target);
    return target;
}

}  // namespace kompat
