#pragma once
// Builds Schemas from JSON values. `$ref`s are not followed here: each is named and
// noted, and the loader resolves the notes once every named type is known (lazy and
// cycle safe: a Schema holds the name, never a copy of the target).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/limits.hpp"
#include "model/parsed_file.hpp"
#include "model/schema.hpp"

namespace kompat {

// A `$ref` met while building: the type name it was given, and what it points at.
// The loader keeps one per file and `$ref` text, at its first occurrence. The views
// outlive the loading: they view the parsed documents and names the loader keeps.
struct RefNote {
    std::string_view type_name;  // key in Snapshot::types (views Snapshot::ref_names)
    std::string_view file;       // canonical name of the file it points into
    std::string_view pointer;    // JSON pointer inside that file ("" for the whole document)
    std::string_view written;    // the `$ref` as written, for messages
    Location location;
};

// The schemas a snapshot has built, against Limits::max_schemas.
struct SchemaCount {
    std::uint64_t built = 0;
    std::uint64_t limit = UINT64_MAX;
};

struct SchemaBuildContext {
    const ParsedFile& file;
    std::uint32_t file_index = 0;
    // Names a `$ref` written in `file` (the type name it refers to) and notes it for
    // resolution; throws InputError for a URL or a path that leaves the snapshot. Given
    // by the loader, which knows the snapshot's files.
    // The name it returns outlives the snapshot's schemas.
    std::function<std::string_view(std::string_view written, Location where)> name_ref;
    // Keys of the top object that are not schema keywords (a Swagger 2.0 parameter's
    // `name`, `in`, ...); nested schemas are read whole.
    std::vector<std::string_view> skipped_keywords;
    // Counts every schema built; throws InputError past its limit.
    SchemaCount* count = nullptr;
};

// Builds into `out`, a Schema just made where it will stay (a Schema is large: built in
// place, never moved). `position` is where the value stands (the key that names it).
void build_schema(Schema& out, const boost::json::value& value, TextPosition position, SchemaBuildContext& context);

// The JSON pointer tokens of `pointer` ("/a/b~1c" → {"a", "b/c"}); percent escapes of a
// URI fragment are decoded first.
std::vector<std::string> pointer_tokens(std::string_view pointer);

// The type name a local pointer gives, when it names one: `/definitions/X` and
// `/components/schemas/X` give X (without escapes, the common case, as a view).
std::optional<std::string> named_type_of_pointer(std::string_view pointer);

}  // namespace kompat
