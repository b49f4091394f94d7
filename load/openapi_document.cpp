#include "load/openapi_document.hpp"

namespace kompat {

void OpenApiDocument::fail_at(const boost::json::object& object, std::string_view key, const std::string& message) const {
    const auto member = object.find(key);
    state.fail(file_index, member != object.end() ? file.position_of(*member) : file.position_of(object), message);
}

}  // namespace kompat
