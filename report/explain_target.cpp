#include "report/explain_target.hpp"

#include "support/field_path.hpp"
#include "support/ascii_case.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "support/edit_distance.hpp"

namespace kompat {
namespace {

// "; did you mean: a, b?" with the candidates nearest to `wanted`, or "" when none is
// near. Near: a prefix either way, or an edit distance within a third of the length.
std::string suggestions(std::string_view wanted, const std::set<std::string>& candidates) {
    const auto key = ascii_lowered(wanted);
    std::vector<std::pair<std::size_t, std::string>> near;
    for (const auto& candidate : candidates) {
        const auto candidate_key = ascii_lowered(candidate);
        const auto distance = edit_distance(key, candidate_key);
        const bool prefix = !key.empty() && (candidate_key.starts_with(key) || key.starts_with(candidate_key));
        if (prefix || distance <= std::max<std::size_t>(2, key.size() / 3)) near.emplace_back(distance, candidate);
    }
    std::sort(near.begin(), near.end());
    if (near.empty()) return "";
    std::string out = "; did you mean: ";
    for (std::size_t i = 0; i < near.size() && i < 5; ++i) out += (i == 0 ? "" : ", ") + near[i].second;
    return out + "?";
}

// The plural resource a `GET .../{plural}/{name}` path serves, with its group-version.
struct PathResource {
    std::string group_version;
    std::string plural;
};

std::optional<PathResource> resource_of_path(std::string_view path) {
    std::vector<std::string_view> segments;
    for (std::size_t start = 1; start <= path.size();) {
        const auto end = std::min(path.find('/', start), path.size());
        segments.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    std::size_t first = 0;
    std::string group_version;
    if (segments.size() >= 2 && segments[0] == "api") {
        group_version = std::string(segments[1]);
        first = 2;
    } else if (segments.size() >= 3 && segments[0] == "apis") {
        group_version = fmt::format("{}/{}", segments[1], segments[2]);
        first = 3;
    } else {
        return std::nullopt;
    }
    if (segments.size() < first + 2 || segments.back() != "{name}") return std::nullopt;
    const auto plural = segments[segments.size() - 2];
    if (plural.empty() || plural.front() == '{' ||
        std::find(segments.begin() + static_cast<std::ptrdiff_t>(first), segments.end(), "watch") != segments.end())
        return std::nullopt;
    return PathResource{group_version, std::string(plural)};
}

// The plural names the GET operations of `snapshot` serve each kind by.
void add_resource_paths(const Snapshot& snapshot, const std::map<std::pair<std::string, std::string_view>, const Kind*>& by_type,
                        std::map<std::string, std::set<const Kind*>>& names) {
    for (const auto& operation : snapshot.operations) {
        if (operation.method != "GET") continue;
        const auto resource = resource_of_path(operation.path);
        if (!resource) continue;
        for (const auto& response : operation.responses) {
            if (response.status != "200" || !response.schema || response.schema->ref.empty()) continue;
            const auto found = by_type.find({resource->group_version, response.schema->ref});
            if (found != by_type.end()) names[ascii_lowered(resource->plural)].insert(found->second);
        }
    }
}

// Every name a kind answers to, lower case, with the kinds it names.
std::map<std::string, std::set<const Kind*>> resource_names(const Snapshot& snapshot) {
    std::map<std::string, std::set<const Kind*>> names;
    std::map<std::pair<std::string, std::string_view>, const Kind*> by_type;  // (group-version, type name)
    for (const auto& kind : snapshot.kinds) {
        names[ascii_lowered(kind.gvk.kind)].insert(&kind);
        by_type[{kind.gvk.group_version(), kind.type_name}] = &kind;
        if (!kind.crd) continue;
        for (const auto* name : {&kind.crd->plural, &kind.crd->singular, &kind.crd->name})
            if (!name->empty()) names[ascii_lowered(*name)].insert(&kind);
        for (const auto& short_name : kind.crd->short_names) names[ascii_lowered(short_name)].insert(&kind);
    }
    add_resource_paths(snapshot, by_type, names);
    // kubectl's short names of the built-in resources (`kubectl api-resources`), which a
    // spec does not carry.
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 29> built_in{{
        {"cm", "configmaps"},
        {"cs", "componentstatuses"},
        {"ep", "endpoints"},
        {"ev", "events"},
        {"limits", "limitranges"},
        {"ns", "namespaces"},
        {"no", "nodes"},
        {"pvc", "persistentvolumeclaims"},
        {"pv", "persistentvolumes"},
        {"po", "pods"},
        {"rc", "replicationcontrollers"},
        {"quota", "resourcequotas"},
        {"sa", "serviceaccounts"},
        {"svc", "services"},
        {"crd", "customresourcedefinitions"},
        {"crds", "customresourcedefinitions"},
        {"ds", "daemonsets"},
        {"deploy", "deployments"},
        {"rs", "replicasets"},
        {"sts", "statefulsets"},
        {"hpa", "horizontalpodautoscalers"},
        {"cj", "cronjobs"},
        {"csr", "certificatesigningrequests"},
        {"ing", "ingresses"},
        {"netpol", "networkpolicies"},
        {"pdb", "poddisruptionbudgets"},
        {"psp", "podsecuritypolicies"},
        {"pc", "priorityclasses"},
        {"sc", "storageclasses"},
    }};
    for (const auto& [short_name, plural] : built_in) {
        const auto found = names.find(std::string(plural));
        if (found != names.end() && !names.contains(std::string(short_name))) names[std::string(short_name)] = found->second;
    }
    return names;
}

// Kubernetes' version priority: GA before beta before alpha, then the higher major and
// minor numbers (v2 > v1 > v1beta2 > v1beta1 > v1alpha1).
std::tuple<int, unsigned long, unsigned long> version_priority(std::string_view version) {
    const auto stability = stability_of_version(version);
    const int rank = stability == Stability::ga ? 2 : stability == Stability::beta ? 1 : 0;
    unsigned long major = 0;
    unsigned long minor = 0;
    std::size_t i = version.starts_with('v') ? 1 : 0;
    for (; i < version.size() && std::isdigit(static_cast<unsigned char>(version[i])) != 0; ++i)
        major = std::min(major * 10 + static_cast<unsigned long>(version[i] - '0'), 1000000UL);
    for (; i < version.size() && std::isdigit(static_cast<unsigned char>(version[i])) == 0; ++i) {
    }
    for (; i < version.size() && std::isdigit(static_cast<unsigned char>(version[i])) != 0; ++i)
        minor = std::min(minor * 10 + static_cast<unsigned long>(version[i] - '0'), 1000000UL);
    return {rank, major, minor};
}

bool preferred(const Kind* a, const Kind* b) {
    const bool a_served = a->is_served();
    const bool b_served = b->is_served();
    if (a_served != b_served) return a_served;
    const auto a_priority = version_priority(a->gvk.version);
    const auto b_priority = version_priority(b->gvk.version);
    if (a_priority != b_priority) return a_priority > b_priority;
    if (a->gvk.group.empty() != b->gvk.group.empty()) return a->gvk.group.empty();
    return a->gvk < b->gvk;
}

const Kind& pick_kind(const std::set<const Kind*>& kinds, std::string_view resource, std::string_view api_version) {
    std::vector<const Kind*> candidates;
    std::set<std::string> versions;
    for (const auto* kind : kinds) {
        versions.insert(kind->gvk.group_version());
        if (api_version.empty() || kind->gvk.group_version() == api_version) candidates.push_back(kind);
    }
    if (candidates.empty()) {
        std::string have;
        for (const auto& version : versions) have += (have.empty() ? "" : ", ") + version;
        throw LookupError(fmt::format("resource \"{}\" has no version {}; it has: {}", resource, api_version, have));
    }
    return **std::min_element(candidates.begin(), candidates.end(), preferred);
}

std::string place_of(const Kind& kind, const std::vector<std::string>& path) {
    std::string out = kind.gvk.kind;
    for (const auto& field : path) out += "." + field;
    return out;
}

}  // namespace

const Schema& field_holder(const Snapshot& snapshot, const Schema& schema, std::vector<std::string_view>* refs_met) {
    const Schema* current = &schema;
    // Each step goes one level into the value; a named type met twice (an array of
    // itself) ends the walk there.
    std::vector<std::string_view> refs;
    for (;;) {
        if (!current->ref.empty()) {
            if (std::find(refs.begin(), refs.end(), current->ref) != refs.end()) return snapshot.resolve(*current);
            refs.push_back(current->ref);
            if (refs_met != nullptr) refs_met->push_back(current->ref);
        }
        const Schema& resolved = snapshot.resolve(*current);
        if (resolved.items) {
            current = resolved.items.get();
        } else if (resolved.properties.empty() && resolved.additional_properties) {
            current = resolved.additional_properties.get();
        } else {
            return resolved;
        }
    }
}

// The steps field_holder takes from `schema` to the object whose fields it lists, as a
// finding's path writes them: "[*]" into array items, "{*}" into map values.
std::string value_steps(const Snapshot& snapshot, const Schema& schema) {
    std::string steps;
    const Schema* current = &schema;
    for (std::size_t depth = 0; depth < 64; ++depth) {  // an array of itself ends the walk, as in field_holder
        const Schema& resolved = snapshot.resolve(*current);
        if (resolved.items) {
            steps += "[*]";
            current = resolved.items.get();
        } else if (resolved.properties.empty() && resolved.additional_properties) {
            steps += "{*}";
            current = resolved.additional_properties.get();
        } else {
            break;
        }
    }
    return steps;
}

std::vector<ExplainField> fields_of(const Snapshot& snapshot, const Schema& holder) {
    std::vector<ExplainField> fields;
    std::set<std::string_view> seen;
    const auto add_from = [&](const Schema& schema, const std::vector<std::string_view>& required) {
        for (const auto& property : schema.properties) {
            if (!seen.insert(property.name).second) continue;
            const bool is_required = std::find(required.begin(), required.end(), property.name) != required.end();
            fields.push_back({property.name, &property.schema, is_required});
        }
    };
    add_from(holder, holder.required);
    for (const auto& member : holder.subschemas().all_of) {
        const auto& resolved = snapshot.resolve(member);
        std::vector<std::string_view> required = holder.required;
        required.insert(required.end(), resolved.required.begin(), resolved.required.end());
        add_from(resolved, required);
    }
    std::sort(fields.begin(), fields.end(), [](const ExplainField& a, const ExplainField& b) { return a.name < b.name; });
    return fields;
}

ExplainTarget find_explain_target(const Snapshot& snapshot, std::string_view request, std::string_view api_version) {
    const auto names = resource_names(snapshot);
    const auto key = ascii_lowered(request);
    // The longest name that the request starts with, so CRD names with dots
    // (`widgets.example.com.spec`) are found whole.
    const std::set<const Kind*>* kinds = nullptr;
    std::size_t name_length = 0;
    for (const auto& [name, named] : names) {
        if (name.size() > name_length && key.starts_with(name) && (key.size() == name.size() || key[name.size()] == '.')) {
            kinds = &named;
            name_length = name.size();
        }
    }
    if (kinds == nullptr) {
        const auto resource = request.substr(0, request.find('.'));
        std::set<std::string> candidates;
        for (const auto& [name, named] : names) candidates.insert(name);
        throw LookupError(fmt::format("no resource \"{}\" in {}{}", resource, snapshot.source, suggestions(resource, candidates)));
    }

    ExplainTarget target;
    target.kind = &pick_kind(*kinds, request.substr(0, name_length), api_version);
    target.schema = &target.kind->schema;
    std::string_view rest = request.substr(name_length);
    while (!rest.empty()) {
        rest.remove_prefix(1);  // the '.'
        const auto field_name = rest.substr(0, rest.find('.'));
        rest.remove_prefix(field_name.size());
        const auto fields = fields_of(snapshot, field_holder(snapshot, *target.schema));
        const auto found = std::find_if(fields.begin(), fields.end(), [&](const ExplainField& f) { return f.name == field_name; });
        if (found == fields.end()) {
            std::set<std::string> candidates;
            for (const auto& field : fields) candidates.emplace(field.name);
            throw LookupError(fmt::format("field \"{}\" does not exist in {}{}", field_name, place_of(*target.kind, target.field_path),
                                          fields.empty() ? std::string(", which has no fields") : suggestions(field_name, candidates)));
        }
        target.finding_path += value_steps(snapshot, *target.schema) + field_step(found->name);
        target.field_path.emplace_back(found->name);
        target.schema = found->schema;
        target.required = found->required;
    }
    return target;
}

}  // namespace kompat
