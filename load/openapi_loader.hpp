#pragma once
// Reading one OpenAPI v2 or v3 document into the snapshot: named types, paths, operations
// and parameters. Request bodies and responses (openapi_payloads), security and servers
// (openapi_security) are free functions of the OpenApiDocument it reads. Internal to load/.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "load/load_state.hpp"
#include "load/openapi_document.hpp"

namespace kompat {

class OpenApiLoader {
public:
    OpenApiLoader(LoadState& state, std::uint32_t file_index, const boost::json::object& document);
    void load();

private:
    // The document as the parts of reading it take it.
    [[nodiscard]] OpenApiDocument document() const { return {state_, file_index_, file_, document_, root_, v3_}; }
    const boost::json::object* member_object(std::string_view key) const;
    [[noreturn]] void fail_at(const boost::json::object& object, std::string_view key, const std::string& message) const;
    void load_types();
    // `paths`, or (webhooks) the map of webhooks, each a path item.
    void load_paths(const boost::json::object& paths, bool webhooks = false);
    // The operation built last stays unless an earlier one has its method and path.
    void keep_unless_defined_before(std::string_view method, std::string_view path);
    void read_operation(const boost::json::object& object, const boost::json::array* shared, Operation& operation);
    static void read_tags(const boost::json::array& tags, Operation& operation);
    // Read leniently: the extension only helps tell which removals a kind's removal says.
    static std::optional<GroupVersionKind> operation_kind(const boost::json::value& value);
    const boost::json::array* parameter_list(const boost::json::object& owner, const boost::json::value& value) const;
    void add_parameter(const boost::json::value& element, Operation& operation, bool unless_overridden = false);
    // One Parameter per definition, however many operations use it.
    std::shared_ptr<const Parameter> shared_parameter(const PointerTarget& target);
    void read_parameter(const PointerTarget& target, Parameter& parameter);

    LoadState& state_;
    std::uint32_t file_index_;
    const ParsedFile& file_;
    const boost::json::object& document_;
    const boost::json::value* root_ = nullptr;
    bool v3_ = false;
    std::unordered_map<const boost::json::value*, std::shared_ptr<const Parameter>> parameters_;
    std::optional<std::vector<SecurityRequirement>> document_security_;
};

}  // namespace kompat
