#include "diff/keyword_compare.hpp"

#include <boost/json/serialize.hpp>

#include "diff/kubernetes_compare.hpp"
#include "diff/union_match.hpp"
#include "diff/validation_rules_compare.hpp"
#include "diff/value_compare.hpp"
#include "support/json_values.hpp"

namespace kompat {
namespace json = boost::json;

void compare_value_keywords(const SchemaSite& at, bool type_comparable) {
    const auto& context = at.context;
    const auto& o = at.o;
    const auto& n = at.n;
    // `type: object` written by the object or by the types it extends (allOf) says the same.
    const auto& old_type = merged_type(o, context.old_types);
    const auto& new_type = merged_type(n, context.new_types);
    if (old_type != new_type && type_comparable) {
        // No type is absent ("none" in reports), not an empty list.
        const auto types = [](const auto& type) { return type.empty() ? json::value(nullptr) : strings_json(type); };
        at.emit(type_change_kind(old_type, new_type), types(old_type), types(new_type));
    }
    // A format added only narrows the values (writers may be refused); removed, only widens.
    const auto format_kind = o.format.empty()   ? ChangeKind::format_added
                             : n.format.empty() ? ChangeKind::format_removed
                                                : ChangeKind::format_changed;
    compare_text(at, o.format, n.format, format_kind);
    compare_enum(at);
    compare_extensible_enum(at);
    if (o.bounds || n.bounds) compare_bounds(at);
    compare_validations(at);
    compare_kubernetes_extensions(at);
}

void branches_edited(const SchemaSite& at, json::array old_json, json::array new_json, std::string_view keyword) {
    // Branches added or removed: said once, with the edit dtl finds.
    std::vector<std::string> old_text;
    std::vector<std::string> new_text;
    for (const auto& v : old_json) old_text.push_back(json::serialize(v));
    for (const auto& v : new_json) new_text.push_back(json::serialize(v));
    const auto [removed, added] = edits(old_text, new_text);
    if (removed.empty() && added.empty()) return;  // only their order changed
    std::string detail(keyword);
    for (const auto& r : removed) detail += " -" + r;
    for (const auto& a : added) detail += " +" + a;
    at.emit(ChangeKind::unclassified_change, std::move(old_json), std::move(new_json), detail);
}

}  // namespace kompat
