#pragma once
// What an operation sends and gets besides parameters: its request body (added, removed,
// required), the media types of the body and responses, and response headers. Internal
// to diff/.
#include "diff/operation_tally.hpp"
#include "diff/schema_compare.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace kompat {

// A media type whose schema differs from its body's, in either snapshot: compared at
// `path(media type)`.
void compare_own_media_schemas(const SchemaComparer& comparer, const std::optional<Schema>& old_body, const std::vector<MediaType>& before,
                               const std::optional<Schema>& new_body, const std::vector<MediaType>& after, Unit& unit, std::string& path,
                               unsigned role);

// A request body added, removed, or become required or optional. A Kubernetes API
// server always required its bodies (its Swagger 2.0 spec says so); its OpenAPI v3 spec
// said it only from 1.29: that is counted in `documented_late`, not reported.
void request_body_surface(const DiffContext& context, const Operation& before, const Operation& after, Unit& unit,
                          std::size_t& documented_late);

// A response's headers: removed, added, become optional or required, their schemas compared.
void diff_response_headers(const DiffContext& context, const SchemaComparer& comparer, const Response& before, const Response& after,
                           Unit& unit);

// The media types an operation pair's body and responses are sent in, added and removed;
// `place` is the operation's reach; its path and roles are set here.
void tally_media_types(const DiffContext& context, const Operation& before, const Operation& after, Reach& place, OperationTally& tally);

}  // namespace kompat
