#include "history/release_facts.hpp"

#include <algorithm>
#include <set>

#include "diff/diff_context.hpp"
#include "support/field_path.hpp"

namespace kompat {
namespace {

FieldStage field_stage_of(const Lifecycle& lifecycle) {
    if (lifecycle.status == LifecycleStatus::alpha) return FieldStage::alpha;
    if (lifecycle.status == LifecycleStatus::beta) return FieldStage::beta;
    return FieldStage::ga;
}

bool says_deprecated(const Lifecycle& lifecycle) { return lifecycle.status == LifecycleStatus::deprecated || lifecycle.declared; }

// Every field under `schema`, at paths below `path`: a property's schema that is a `$ref`
// ends there (the named type has fields of its own); items and values of a map are
// `[*]` and `{*}`; the members of allOf, oneOf and anyOf describe the same object.
struct FieldWalk {
    const std::string& type;
    LifecycleSource source;
    std::vector<FieldFact>& fields;
    std::set<std::string>& refs;

    void walk(const Schema& schema, const std::string& path) {
        if (!schema.ref.empty()) {
            refs.emplace(schema.ref);
            return;
        }
        for (const auto& property : schema.properties) {
            const auto at = path + field_step(property.name);
            const auto lifecycle = lifecycle_of(property.schema, source);
            fields.push_back({type, at, field_stage_of(lifecycle), says_deprecated(lifecycle)});
            walk(property.schema, at);
        }
        if (schema.items) walk(*schema.items, path + "[*]");
        if (schema.additional_properties) walk(*schema.additional_properties, path + "{*}");
        if (schema.composition) {
            const auto& parts = schema.subschemas();
            for (const auto* members : {&parts.all_of, &parts.one_of, &parts.any_of})
                for (const auto& member : *members) walk(member, path);
        }
    }
};

// List kinds fold into their kind: `v1 PodList` comes and goes with `v1 Pod`.
bool is_list_of_another(const Kind& kind, const Snapshot& snapshot) {
    if (!kind.gvk.kind.ends_with("List") || kind.gvk.kind.size() == 4) return false;
    auto item = kind.gvk;
    item.kind.resize(item.kind.size() - 4);
    return snapshot.find_kind(item) != nullptr;
}

// meta.v1's DeleteOptions and WatchEvent, which every group-version names: of a `v1` group
// is_auxiliary_kind cannot tell them by the version in their type's name.
bool is_meta_kind(const Kind& kind) { return !kind.crd && kind.type_name.starts_with("io.k8s.apimachinery.pkg.apis.meta."); }

}  // namespace

std::string_view to_string(FieldStage stage) {
    switch (stage) {
        case FieldStage::alpha: return "alpha";
        case FieldStage::beta: return "beta";
        case FieldStage::ga: break;
    }
    return "ga";
}

std::string field_type_of(const Kind& kind) { return kind.crd ? kind.gvk.to_string() : kind.type_name; }

ReleaseFacts facts_of(const Snapshot& snapshot) {
    ReleaseFacts facts;
    const auto source = snapshot.format == SnapshotFormat::crd ? LifecycleSource::crd : LifecycleSource::kubernetes;
    // What each type refers to, to find the kinds that reach it.
    std::map<std::string, std::set<std::string>, std::less<>> refers_to;
    for (const auto& [name, schema] : snapshot.types) {
        auto& refs = refers_to[name];
        FieldWalk{name, source, facts.fields, refs}.walk(schema, "");
    }
    for (const auto& kind : snapshot.kinds) {
        if (is_auxiliary_kind(kind) || is_meta_kind(kind)) continue;
        if (is_list_of_another(kind, snapshot)) {
            facts.kind_types.push_back(field_type_of(kind));  // its type comes and goes with it
            continue;
        }
        const auto lifecycle = lifecycle_of(snapshot.resolve(kind.schema), source);
        facts.kinds.push_back({kind.gvk.to_string(), kind.is_served(), (kind.crd && kind.crd->deprecated) || says_deprecated(lifecycle)});
        const auto type = field_type_of(kind);
        facts.kind_types.push_back(type);
        std::set<std::string> reached;
        std::vector<std::string> pending;
        if (kind.crd) {
            std::set<std::string> refs;
            FieldWalk{type, source, facts.fields, refs}.walk(kind.schema, "");
            reached.insert(type);
            pending.assign(refs.begin(), refs.end());
        } else {
            pending.push_back(type);
        }
        while (!pending.empty()) {
            auto next = std::move(pending.back());
            pending.pop_back();
            if (!reached.insert(next).second) continue;
            if (const auto found = refers_to.find(next); found != refers_to.end())
                for (const auto& ref : found->second)
                    if (!reached.contains(ref)) pending.push_back(ref);
        }
        for (const auto& name : reached) facts.kinds_of_type[name].push_back(kind.gvk.to_string());
    }
    for (auto& [name, kinds] : facts.kinds_of_type) {
        std::sort(kinds.begin(), kinds.end());
        kinds.erase(std::unique(kinds.begin(), kinds.end()), kinds.end());
    }
    std::sort(facts.kind_types.begin(), facts.kind_types.end());
    facts.kind_types.erase(std::unique(facts.kind_types.begin(), facts.kind_types.end()), facts.kind_types.end());
    std::sort(facts.kinds.begin(), facts.kinds.end());
    facts.kinds.erase(
        std::unique(facts.kinds.begin(), facts.kinds.end(), [](const KindFact& a, const KindFact& b) { return a.kind == b.kind; }),
        facts.kinds.end());
    for (const auto& operation : snapshot.operations)
        facts.operations.push_back({operation.key(), operation.gvk ? operation.gvk->to_string() : std::string(), operation.deprecated});
    std::sort(facts.operations.begin(), facts.operations.end(),
              [](const OperationFact& a, const OperationFact& b) { return a.operation < b.operation; });
    // A spec may repeat a property (allOf members that both name it): the first counts.
    std::stable_sort(facts.fields.begin(), facts.fields.end(),
                     [](const FieldFact& a, const FieldFact& b) { return std::tie(a.type, a.path) < std::tie(b.type, b.path); });
    facts.fields.erase(std::unique(facts.fields.begin(), facts.fields.end(),
                                   [](const FieldFact& a, const FieldFact& b) { return a.type == b.type && a.path == b.path; }),
                       facts.fields.end());
    return facts;
}

}  // namespace kompat
