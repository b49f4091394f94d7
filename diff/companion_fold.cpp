#include "diff/companion_fold.hpp"

#include "support/word_list.hpp"

#include <boost/json/serialize.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>

namespace kompat {
namespace json = boost::json;

namespace {

bool is_type_change(ChangeKind kind) {
    return kind == ChangeKind::type_changed || kind == ChangeKind::type_widened || kind == ChangeKind::type_narrowed;
}

bool is_list_semantics(ChangeKind kind) {
    return kind == ChangeKind::list_type_changed || kind == ChangeKind::list_type_became_mergeable ||
           kind == ChangeKind::list_map_keys_changed;
}

bool is_format(ChangeKind kind) {
    return kind == ChangeKind::format_added || kind == ChangeKind::format_removed || kind == ChangeKind::format_changed;
}

std::string shown(const json::value& value) {
    if (value.is_null()) return "none";
    if (value.is_string()) return std::string(value.get_string());
    return json::serialize(value);
}

void add_aside(Change& change, const std::string& words) { change.aside += (change.aside.empty() ? "" : "; ") + words; }

// Sorted, as a document's key order says nothing: "a, b and c".
std::string joined(std::vector<std::string>& names) {
    std::sort(names.begin(), names.end());
    return in_words(names);
}

void erase_folded(std::vector<Change>& changes, const std::vector<bool>& folded) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < changes.size(); ++i)
        if (!folded[i]) {
            if (kept != i) changes[kept] = std::move(changes[i]);
            ++kept;
        }
    changes.resize(kept);
}

using Place = std::tuple<std::string_view, std::string_view, std::string_view>;
using Names = std::vector<std::string>;
using FieldsOf = std::map<std::size_t, std::pair<Names, Names>>;  // added, removed; by the type change's index

// The fields of a value that became an object arrive with its type (and go with it, the
// other way): whether `change` is one, filed in `fields_of`.
bool fold_field(const Change& change, const std::map<Place, std::size_t>& type_changes, FieldsOf& fields_of) {
    const auto parent = change.path.substr(0, change.path.rfind('.'));
    const auto found = type_changes.find(Place{change.type, change.operation, parent});
    if (found == type_changes.end() || parent.empty()) return false;
    auto& names = change.kind == ChangeKind::field_removed ? fields_of[found->second].second : fields_of[found->second].first;
    names.push_back(change.path.substr(parent.size() + 1) + (change.kind == ChangeKind::field_added_required ? " (required)" : ""));
    return true;
}

}  // namespace

void fold_companion_changes(std::vector<Change>& changes) {
    std::map<Place, std::size_t> type_changes;
    for (std::size_t i = 0; i < changes.size(); ++i)
        if (is_type_change(changes[i].kind)) type_changes.emplace(Place{changes[i].type, changes[i].operation, changes[i].path}, i);
    if (type_changes.empty()) return;
    std::vector<bool> folded(changes.size(), false);
    FieldsOf fields_of;
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const auto& change = changes[i];
        if (change.kind == ChangeKind::field_added || change.kind == ChangeKind::field_added_required ||
            change.kind == ChangeKind::field_removed) {
            folded[i] = fold_field(change, type_changes, fields_of);
            continue;
        }
        if (!is_list_semantics(change.kind) && !is_format(change.kind)) continue;
        // A list of strings that became a list of objects keyed by `name` (gateway-api 1.2's
        // supportedFeatures) changes its list type because its items changed; a list that
        // is no list any more, because it did.
        auto found = type_changes.find(Place{change.type, change.operation, change.path});
        const auto items = change.path + "[*]";
        if (found == type_changes.end() && is_list_semantics(change.kind))
            found = type_changes.find(Place{change.type, change.operation, items});
        if (found == type_changes.end()) continue;
        auto& type_change = changes[found->second];
        if (is_format(change.kind))
            add_aside(type_change, "its format went from " + shown(change.old_value) + " to " + shown(change.new_value) + " with it");
        else
            add_aside(type_change, "the list's " +
                                       std::string(change.kind == ChangeKind::list_map_keys_changed ? "map keys" : "list type") +
                                       " went from " + shown(change.old_value) + " to " + shown(change.new_value) + " with it");
        folded[i] = true;
    }
    for (auto& [index, names] : fields_of) {
        if (!names.first.empty()) add_aside(changes[index], "its fields: " + joined(names.first));
        if (!names.second.empty()) add_aside(changes[index], "its fields gone: " + joined(names.second));
    }
    erase_folded(changes, folded);
}

void fold_status_operations(std::vector<Change>& changes, const Snapshot& old_snapshot) {
    std::map<std::string, std::size_t> status_removed;  // by the kind's type
    for (std::size_t i = 0; i < changes.size(); ++i)
        if (changes[i].kind == ChangeKind::field_removed && changes[i].path == ".status") status_removed.emplace(changes[i].type, i);
    if (status_removed.empty()) return;
    std::map<std::string, std::string> type_of_kind;
    for (const auto& kind : old_snapshot.kinds)
        if (!kind.crd) type_of_kind.emplace(kind.gvk.to_string(), kind.type_name);
    std::map<std::size_t, std::vector<std::string>> operations_of;  // by the field removal's index
    std::vector<bool> folded(changes.size(), false);
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const auto& change = changes[i];
        if (change.kind != ChangeKind::operation_removed || !change.operation.ends_with("/status")) continue;
        const auto type = type_of_kind.find(change.operation_kind);
        if (type == type_of_kind.end()) continue;
        const auto removal = status_removed.find(type->second);
        if (removal == status_removed.end()) continue;
        operations_of[removal->second].push_back(change.operation);
        folded[i] = true;
    }
    for (auto& [index, operations] : operations_of) {
        // "GET, PATCH and PUT /apis/…/{name}/status": the methods, then each path once, in
        // the order the paths first come.
        std::vector<std::string> paths;
        std::map<std::string, std::vector<std::string>> methods_at;
        for (const auto& operation : operations) {
            const auto space = operation.find(' ');
            const auto path = operation.substr(space + 1);
            auto& methods = methods_at[path];
            if (methods.empty()) paths.push_back(path);
            methods.push_back(operation.substr(0, space));
        }
        std::vector<std::string> said;
        for (const auto& path : paths) said.push_back(joined(methods_at[path]) + " " + path);
        add_aside(changes[index], "its status subresource went with it: " + fmt::format("{}", fmt::join(said, "; ")) + " removed");
    }
    erase_folded(changes, folded);
}

}  // namespace kompat
