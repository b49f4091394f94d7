#include "load/snapshot_loader.hpp"
#include "support/sort_large.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "load/input_formats.hpp"
#include "load/input_file.hpp"
#include "load/load_state.hpp"
#include "support/stack_thread.hpp"
#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;

// ---- recognising documents -------------------------------------------------

namespace {

// A container of documents (`kind: ...List` with `items`), or another Kubernetes object.
bool is_list(const json::object& object) { return string_member(object, "kind").ends_with("List") && object.contains("items"); }

bool is_kubernetes_object(const json::object& object) {
    return !string_member(object, "apiVersion").empty() && !string_member(object, "kind").empty();
}

struct FoundDocument {
    std::uint32_t file;
    const json::object* object;
    const InputFormat* format;
    TextPosition position;
};

class Loader {
public:
    Loader(const SourceSet& sources, const Limits& limits) : state_(sources, limits) {}

    Snapshot load() {
        const auto& sources = state_.sources;
        auto& snapshot = state_.snapshot;
        snapshot.source = sources.argument;
        snapshot.from_directory = sources.is_directory;
        snapshot.revision = sources.revision;
        snapshot.input_warnings = sources.warnings;
        for (const auto& source : sources.files) state_.main_files.insert(source.name);
        std::vector<FoundDocument> found;
        for (const auto& source : sources.files) {
            const auto index = state_.add_file(read_input_file(source, state_.limits));
            const auto& file = state_.file(index);
            for (std::size_t d = 0; d < file.documents.size(); ++d)
                find_documents(index, file.documents[d], file.document_starts[d], found, 0);
        }
        if (found.empty()) {
            if (sources.is_chart)
                throw InputError(sources.argument, {},
                                 "a Helm chart with no CustomResourceDefinition in crds/ or in a plain-YAML template (" +
                                     std::to_string(sources.warnings.size()) +
                                     " template(s) with template syntax skipped; pass the output of helm template instead)");
            if (skipped_ > 0)
                state_.fail(
                    0, {},
                    "no OpenAPI document or CustomResourceDefinition found (" + std::to_string(skipped_) + " other Kubernetes objects)");
            throw InputError(sources.argument, {}, "no OpenAPI document or CustomResourceDefinition found");
        }
        const auto& family = *found.front().format;
        for (const auto& document : found)
            if (document.format != &family)
                state_.fail(document.file, document.position,
                            std::string(document.format->name) + " document in a snapshot of " + std::string(family.name) + " documents (" +
                                state_.where({found.front().file, found.front().position}) + "); a snapshot is one kind of input");
        snapshot.format = family.format;
        for (const auto& document : found) family.load(state_, document.file, *document.object);
        resolve_refs();
        check_ref_chains();
        if (family.finish != nullptr) family.finish(state_);
        sort_large(snapshot.kinds, [](const Kind& a, const Kind& b) { return a.gvk < b.gvk; });
        sort_large(snapshot.operations,
                   [](const Operation& a, const Operation& b) { return std::tie(a.path, a.method) < std::tie(b.path, b.method); });
        // Said in every report: `helm template` output and kustomize builds hold other kinds.
        if (skipped_ > 0)
            snapshot.input_warnings.push_back(sources.argument + ": " + std::to_string(skipped_) +
                                              " Kubernetes object(s) that are not CustomResourceDefinitions skipped");
        return std::move(state_.snapshot);
    }

private:
    void find_documents(std::uint32_t file, const json::value& value, TextPosition position, std::vector<FoundDocument>& found, int depth) {
        const auto* object = value.if_object();
        if (object == nullptr) state_.fail(file, position, "unrecognised document: " + expected_input_formats());
        if (const auto* format = input_format_of(*object)) {
            found.push_back({file, object, format, position});
        } else if (is_list(*object)) {
            const auto* items = object->at("items").if_array();
            if (items == nullptr || depth > 4) state_.fail(file, position, "\"items\" of a List must be a list");
            for (const auto& item : *items) {
                const auto* item_object = item.if_object();
                find_documents(file, item, item_object != nullptr ? state_.file(file).position_of(*item_object) : position, found,
                               depth + 1);
            }
        } else if (is_kubernetes_object(*object)) {
            ++skipped_;
        } else {
            state_.fail(file, position, "unrecognised document: " + expected_input_formats());
        }
    }

    // Every `$ref` names a type; those not yet built (pointers other than a named type,
    // and types in other files) are found and built now, which may note more refs.
    void resolve_refs() {
        auto& refs = state_.refs;
        for (std::size_t i = 0; i < refs.size(); ++i) {
            if (state_.snapshot.types.contains(refs[i].type_name)) continue;
            const auto note = refs[i];  // copied: building appends to refs
            const auto index = file_for(note);
            const auto& file = state_.file(index);
            const auto target = file.documents.empty() ? std::nullopt : walk_pointer(file, file.documents.front(), note.pointer);
            if (!target) state_.fail(note.location.file, note.location.position, "unresolvable $ref \"" + std::string(note.written) + "\"");
            auto& built = state_.snapshot.types.try_emplace(std::string(note.type_name)).first->second;
            state_.build(built, index, *target->value, target->position);
        }
    }

    std::uint32_t file_for(const RefNote& note) {
        if (const auto found = state_.file_index.find(note.file); found != state_.file_index.end()) return found->second;
        SourceFile source;
        try {
            source = read_file_in_snapshot(state_.sources, std::string(note.file), state_.limits, state_.budget);
        } catch (const InputError& error) {
            state_.fail(note.location.file, note.location.position,
                        "cannot read the file of $ref \"" + std::string(note.written) + "\": " + error.what());
        }
        return state_.add_file(read_input_file(source, state_.limits, true));
    }

    // A chain of bare `$ref`s must reach a schema within the limit, and never loop.
    void check_ref_chains() {
        const auto& types = state_.snapshot.types;
        for (const auto& [name, schema] : types) {
            if (!schema.only_refers()) continue;
            std::vector<std::string_view> chain{name};
            const Schema* current = &schema;
            while (current->only_refers()) {
                const auto next = types.find(current->ref);
                if (next == types.end()) break;
                if (std::find(chain.begin(), chain.end(), next->first) != chain.end()) {
                    std::string path;
                    for (const auto link : chain) path += std::string(link) + " -> ";
                    state_.fail(schema.location.file, schema.location.position,
                                "$ref cycle with nothing else in it: " + path + next->first);
                }
                if (chain.size() > state_.limits.max_ref_chain)
                    state_.fail(
                        schema.location.file, schema.location.position,
                        "$ref chain longer than " + std::to_string(state_.limits.max_ref_chain) + " (" + limit_hint("max-ref-chain") + ")");
                chain.push_back(next->first);
                current = &next->second;
            }
        }
    }

    LoadState state_;
    std::size_t skipped_ = 0;
};

}  // namespace

Snapshot load_snapshot(const SourceSet& sources, const Limits& limits) { return Loader(sources, limits).load(); }

Snapshot load_snapshot(std::string_view argument, const Limits& limits) { return load_snapshot(read_sources(argument, limits), limits); }

SnapshotPair::~SnapshotPair() {
    // Small snapshots are not worth a thread.
    if (old_snapshot.types.size() + new_snapshot.types.size() < 256) return;
    StackThread freeing_old([this] { old_snapshot = Snapshot(); }, large_stack_bytes);
    new_snapshot = Snapshot();
}

namespace {

// first() on this thread while second() runs on another (with a large stack); when both
// throw, first()'s error, as running them one after the other gives.
template <typename First, typename Second>
auto both_at_once(const First& first, const Second& second) {
    std::optional<decltype(second())> second_result;
    HelperThread running_second([&] { second_result.emplace(second()); });
    auto first_result = first();  // when this throws, its error stands
    running_second.finish();
    return std::pair(std::move(first_result), std::move(*second_result));
}

}  // namespace

SnapshotPair load_snapshot_pair(const SourceSet& old_sources, const SourceSet& new_sources, const Limits& limits) {
    // Past this much input, one after the other: peak memory is then one snapshot loaded
    // and one being parsed, not two parses at their peaks (a parse holds several times
    // its text for a moment), and the first refused input ends the run before the second
    // is parsed. Real specs are below it (Kubernetes: 11 MB a release).
    constexpr std::uint64_t parallel_load_bytes = 32ULL << 20;
    if (old_sources.used.bytes + new_sources.used.bytes > parallel_load_bytes) {
        auto before = load_snapshot(old_sources, limits);
        auto after = load_snapshot(new_sources, limits);
        return {std::move(before), std::move(after)};
    }
    auto [before, after] =
        both_at_once([&] { return load_snapshot(old_sources, limits); }, [&] { return load_snapshot(new_sources, limits); });
    return {std::move(before), std::move(after)};
}

SnapshotPair load_snapshot_pair(std::string_view old_argument, std::string_view new_argument, const Limits& limits) {
    // Standard input is read on this thread, and before the other side.
    if (old_argument == "-" || new_argument == "-") {
        const auto old_sources = read_sources(old_argument, limits);
        return load_snapshot_pair(old_sources, read_sources(new_argument, limits), limits);
    }
    // Both read at once (reading fills fresh memory: about 1 ms a MB in a new process).
    const auto [old_sources, new_sources] =
        both_at_once([&] { return read_sources(old_argument, limits); }, [&] { return read_sources(new_argument, limits); });
    return load_snapshot_pair(old_sources, new_sources, limits);
}

}  // namespace kompat
