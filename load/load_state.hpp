#pragma once
// What the loaders share while one snapshot is built. Internal to load/.
#include <boost/container_hash/hash.hpp>

#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "support/limits.hpp"
#include "load/schema_builder.hpp"
#include "model/snapshot.hpp"
#include "load/source_reader.hpp"

namespace kompat {

struct PointerTarget {
    const boost::json::value* value = nullptr;
    TextPosition position;  // of the key naming the value
};

struct LoadState {
    const SourceSet& sources;
    const Limits& limits;
    Snapshot snapshot;
    std::vector<RefNote> refs;                                           // each `$ref` met, by file and text, in the order first met
    std::deque<std::string> resolved_files;                              // files `$ref`s name, which RefNote::file views
    std::map<std::string, std::uint32_t, std::less<>> file_index;        // file name → index
    std::set<std::string, std::less<>> main_files;                       // the files the user named
    std::map<std::string_view, const boost::json::value*> type_sources;  // type (its key as written) → its JSON
    std::map<GroupVersionKind, Location> crd_kinds;                      // for duplicate CRD versions
    // (method, path) as the documents write them → index in snapshot.operations
    using MethodAndPath = std::pair<std::string_view, std::string_view>;
    std::unordered_map<MethodAndPath, std::size_t, boost::hash<MethodAndPath>> operation_index;

    ReadBudget budget;         // what the snapshot has read: its own files, then the files `$ref`s reach
    SchemaCount schema_count;  // schemas built, against Limits::max_schemas

    LoadState(const SourceSet& s, const Limits& l) : sources(s), limits(l), budget(s.used) {}

    std::uint32_t add_file(std::shared_ptr<const ParsedFile> file);
    const ParsedFile& file(std::uint32_t index) const { return *snapshot.documents[index]; }

    // A context for building schemas from `file_index`, naming refs as this snapshot does.
    SchemaBuildContext schema_context(std::uint32_t file_index);
    // The type name `written` in `file_index` refers to; notes it in `refs` when first met.
    std::string_view name_ref(std::uint32_t file_index, std::string_view written, Location at);
    // Kubernetes writes the same few hundred `$ref`s thousands of times: each is named
    // once per file. Keys view the parsed documents.
    struct WrittenRef {
        std::uint32_t file = 0;
        std::string_view written;
        friend bool operator==(const WrittenRef&, const WrittenRef&) = default;
    };
    struct WrittenRefHash {
        std::size_t operator()(const WrittenRef& ref) const noexcept {
            // std::hash of the text: Boost 1.81 hashes a string four bytes a step, in one chain.
            std::size_t seed = std::hash<std::string_view>()(ref.written);
            boost::hash_combine(seed, ref.file);
            return seed;
        }
    };
    std::unordered_map<WrittenRef, std::size_t, WrittenRefHash> named_refs;  // → index into refs
    // Builds into `out` (see build_schema).
    void build(Schema& out, std::uint32_t file_index, const boost::json::value& value, TextPosition position);

    // Follows `$ref`s of non-schema objects (parameters, responses, request bodies)
    // inside one document; only local pointers.
    PointerTarget follow_local_refs(std::uint32_t file_index, const boost::json::value& root, const boost::json::value& value,
                                    TextPosition position);
    std::unordered_map<WrittenRef, PointerTarget, WrittenRefHash> followed_refs;  // by file and `$ref` as written

    [[noreturn]] void fail(std::uint32_t file_index, TextPosition position, const std::string& message) const;
    void note(std::string text) { snapshot.notes.push_back(std::move(text)); }
    std::string where(const Location& location) const;
};

// The value at `pointer` inside `root`, with the position of its key.
std::optional<PointerTarget> walk_pointer(const ParsedFile& file, const boost::json::value& root, std::string_view pointer);

void load_openapi_document(LoadState& state, std::uint32_t file_index, const boost::json::object& document);
void load_crd(LoadState& state, std::uint32_t file_index, const boost::json::object& crd);
// After every named type is in: kinds from `x-kubernetes-group-version-kind`.
void collect_openapi_kinds(LoadState& state);

}  // namespace kompat
