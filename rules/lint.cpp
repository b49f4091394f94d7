#include "rules/lint.hpp"

#include "support/field_path.hpp"
#include "support/json_values.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "model/lifecycle.hpp"
#include "diff/snapshot_diff.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

SourcePosition position(const Snapshot& snapshot, const Location& location) {
    if (location.position.line == 0) return {};
    return {std::string(snapshot.report_path_of(location)), location.position};
}

Finding make_finding(std::string_view rule_id, std::string detail) {
    const auto rule = RuleRef::named(rule_id);
    Finding finding;
    finding.rule = rule;
    finding.severity = rule->default_severity();
    finding.message = std::string(rule->message);
    finding.detail = std::string(detail);
    if (!detail.empty()) finding.message += ": " + finding.detail;
    return finding;
}

// Every version of one kind walked together, field by field: at each place, the versions
// that write no default where another version writes one. Each combination of the
// versions' schemas is walked once (a named type that many paths share, a type that refers
// to itself), so the walk is linear in the schemas, not in the paths through them, and each
// place costs its number of versions.
class DefaultsAcrossVersions {
public:
    DefaultsAcrossVersions(const Snapshot& snapshot, const std::vector<const Kind*>& kinds, std::vector<Finding>& findings)
        : snapshot_(snapshot), kinds_(kinds), findings_(findings) {}

    void walk() {
        std::vector<const Schema*> roots;
        for (const auto* kind : kinds_) roots.push_back(&kind->schema);
        std::string path;
        walk(roots, path);
    }

private:
    // `at`: each version's schema written at `path` (null where a version has no such field).
    void walk(const std::vector<const Schema*>& at, std::string& path) {
        if (!path.empty()) report(at, path);
        std::vector<const Schema*> types(at.size(), nullptr);  // each version's, its $ref followed
        for (std::size_t v = 0; v < at.size(); ++v)
            if (at[v] != nullptr) types[v] = resolved(at[v]);
        if (!walked_.insert(types).second) return;
        std::map<std::string_view, std::vector<const Schema*>> properties;
        std::vector<const Schema*> items(at.size(), nullptr);
        std::vector<const Schema*> values(at.size(), nullptr);
        bool any_items = false;
        bool any_values = false;
        for (std::size_t v = 0; v < at.size(); ++v) {
            const auto* schema = types[v];
            if (schema == nullptr) continue;
            for (const auto& property : schema->properties) {
                auto& slot = properties.try_emplace(property.name, at.size(), nullptr).first->second;
                if (slot[v] == nullptr) slot[v] = &property.schema;
            }
            if (schema->items) any_items = (items[v] = schema->items.get()) != nullptr;
            if (schema->additional_properties) any_values = (values[v] = schema->additional_properties.get()) != nullptr;
        }
        const auto size = path.size();
        for (const auto& [name, children] : properties) {
            path += field_step(name);
            walk(children, path);
            path.resize(size);
        }
        if (any_items) {
            path += "[*]";
            walk(items, path);
            path.resize(size);
        }
        if (any_values) {
            path += "{*}";
            walk(values, path);
            path.resize(size);
        }
    }

    // Each version without a default at `path` where another writes one, with the first such.
    void report(const std::vector<const Schema*>& at, const std::string& path) {
        std::size_t j = 0;  // the first version with a default, never one without
        while (j < at.size() && (at[j] == nullptr || at[j]->default_value == nullptr)) ++j;
        if (j == at.size()) return;
        for (std::size_t i = 0; i < at.size(); ++i) {
            if (at[i] == nullptr || at[i]->default_value != nullptr) continue;
            // A field of another type in that version (a Quantity there, an object here) has
            // no default of its own to be missing.
            if (!same_type(at[i], at[j])) continue;
            const auto& kind = *kinds_[i];
            auto finding = make_finding("default-missing-in-version", "defaulted in " + kinds_[j]->gvk.to_string());
            finding.kind = kind.gvk.to_string();
            finding.type = kind.type_name;
            finding.path = path;
            finding.new_value = with_sorted_keys(*at[j]->default_value);
            finding.stability = kind.stability;
            finding.affects = {kind.gvk.to_string()};
            finding.new_location = position(snapshot_, at[i]->location);
            // A CRD's schema defaults are what the API server applies, and clients write its
            // spec: a round trip between versions changes what they wrote. What the spec
            // cannot tell is a warning: status, which the API server writes (only its readers
            // may see the field absent), a built-in kind, which the server's own conversion
            // and defaulting code (not shown in the spec) may set, and a field this version
            // deprecates.
            const auto deprecated_here =
                lifecycle_of(*at[i], kind.crd ? LifecycleSource::crd : LifecycleSource::kubernetes).status == LifecycleStatus::deprecated;
            const auto* why = path.starts_with(".status.")
                                  ? "on status, which the API server writes: readers of this version may see it absent"
                              : !kind.crd       ? "a built-in kind, whose conversion and defaulting code (not in the spec) may set it"
                              : deprecated_here ? "deprecated in this version, whose clients are not meant to set it"
                                                : nullptr;
            if (why != nullptr && finding.severity > Severity::warning) {
                finding.severity = Severity::warning;
                finding.aside = why;
            }
            finding.fingerprint = fingerprint_of(finding.rule.id(), *finding.kind + "\x1f" + path, nullptr, finding.new_value);
            findings_.push_back(std::move(finding));
        }
    }

    // The schema itself, or the named type it refers to (the loader reads `allOf: [{$ref}]`
    // as the `$ref`); null for a type the snapshot lacks.
    [[nodiscard]] const Schema* resolved(const Schema* schema) const {
        return schema->ref.empty() ? schema : snapshot_.find_type(schema->ref);
    }

    // Whether two versions' schemas at a place are of one type: the same named type where
    // both name one (a Quantity there and a DeviceCapacity here are not), the same `type`
    // where both say one.
    [[nodiscard]] bool same_type(const Schema* a, const Schema* b) const {
        if (!a->ref.empty() && !b->ref.empty()) {
            const auto short_name = [](std::string_view ref) { return ref.substr(ref.rfind('.') + 1); };
            return short_name(a->ref) == short_name(b->ref);
        }
        const auto* x = resolved(a);
        const auto* y = resolved(b);
        return x == nullptr || y == nullptr || x->type.empty() || y->type.empty() || x->type == y->type;
    }

    const Snapshot& snapshot_;
    const std::vector<const Kind*>& kinds_;
    std::vector<Finding>& findings_;
    std::set<std::vector<const Schema*>> walked_;
};

// `FooList` of a group that has `Foo`: its items are Foo's, said through Foo.
bool is_list_of_item_kind(const Kind& kind, const Snapshot& snapshot) {
    const std::string_view name = kind.gvk.kind;
    if (!name.ends_with("List")) return false;
    const auto item = name.substr(0, name.size() - 4);
    return std::any_of(snapshot.kinds.begin(), snapshot.kinds.end(),
                       [&](const Kind& other) { return other.gvk.group == kind.gvk.group && other.gvk.kind == item; });
}

void defaults_across_versions(const Snapshot& snapshot, std::vector<Finding>& findings) {
    std::map<std::pair<std::string, std::string>, std::vector<const Kind*>> by_group_kind;
    for (const auto& kind : snapshot.kinds)
        if (!is_list_of_item_kind(kind, snapshot)) by_group_kind[{kind.gvk.group, kind.gvk.kind}].push_back(&kind);
    for (const auto& [group_kind, kinds] : by_group_kind)
        if (kinds.size() >= 2) DefaultsAcrossVersions(snapshot, kinds, findings).walk();
}

bool valid_min_version(std::string_view version) {
    // ^v[1-9][0-9]*\.(0|[1-9][0-9]*)$
    if (version.size() < 4 || version[0] != 'v' || version[1] < '1' || version[1] > '9') return false;
    std::size_t i = 2;
    while (i < version.size() && version[i] >= '0' && version[i] <= '9') ++i;
    if (i >= version.size() || version[i] != '.') return false;
    const auto minor = version.substr(i + 1);
    if (minor.empty() || !std::all_of(minor.begin(), minor.end(), [](char c) { return c >= '0' && c <= '9'; })) return false;
    return minor == "0" || minor[0] != '0';
}

class LifecycleChecker {
public:
    LifecycleChecker(const Snapshot& snapshot, const LintOptions& options, std::vector<Finding>& findings)
        : snapshot_(snapshot), options_(options), findings_(findings) {}

    void check(const Schema& schema, const std::string& type, const std::string& path, const std::optional<std::string>& kind) {
        for (const auto& entry : schema.kubernetes().lifecycle) {
            std::vector<std::string> problems;
            if (entry.status != "alpha" && entry.status != "beta" && entry.status != "deprecated")
                problems.push_back("status \"" + std::string(entry.status) + "\" is not alpha, beta or deprecated");
            if (entry.project == "kubernetes" && !valid_min_version(entry.min_version))
                problems.push_back("minVersion \"" + std::string(entry.min_version) + "\" is not a Kubernetes release (v1.20)");
            if (!options_.feature_gates.empty() && !entry.feature_gate.empty() && !options_.feature_gates.contains(entry.feature_gate))
                problems.push_back("featureGate \"" + std::string(entry.feature_gate) + "\" is not a known feature gate");
            for (auto& problem : problems) {
                auto finding = make_finding("lifecycle-invalid", std::string(entry.project) + ": " + problem);
                finding.kind = kind;
                finding.type = type;
                finding.path = path.empty() ? "." : path;
                finding.new_value =
                    json::value{{"status", entry.status}, {"minVersion", entry.min_version}, {"featureGate", entry.feature_gate}};
                finding.new_location = position(snapshot_, schema.location);
                finding.fingerprint =
                    fingerprint_of(finding.rule.id(), type + "\x1f" + finding.path + "\x1f" + problem, nullptr, finding.new_value);
                findings_.push_back(std::move(finding));
            }
        }
        for (const auto& property : schema.properties) check(property.schema, type, path + field_step(property.name), kind);
        if (schema.items) check(*schema.items, type, path + "[*]", kind);
        if (schema.additional_properties) check(*schema.additional_properties, type, path + "{*}", kind);
        const auto& subschemas = schema.subschemas();
        for (const auto* branches : {&subschemas.all_of, &subschemas.one_of, &subschemas.any_of})
            for (const auto& branch : *branches) check(branch, type, path, kind);
    }

private:
    const Snapshot& snapshot_;
    const LintOptions& options_;
    std::vector<Finding>& findings_;
};

}  // namespace

std::set<std::string, std::less<>> parse_feature_gates(std::string_view text) {
    std::set<std::string, std::less<>> gates;
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        auto line = text.substr(start, end - start);
        if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        const auto first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos) {
            const auto last = line.find_last_not_of(" \t\r");
            gates.emplace(line.substr(first, last - first + 1));
        }
        start = end + 1;
    }
    return gates;
}

std::vector<Finding> lint(const Snapshot& snapshot, const LintOptions& options) {
    std::vector<Finding> findings;
    defaults_across_versions(snapshot, findings);
    LifecycleChecker checker(snapshot, options, findings);
    for (const auto& [name, schema] : snapshot.types) checker.check(schema, name, "", std::nullopt);
    for (const auto& kind : snapshot.kinds)
        if (kind.crd) checker.check(kind.schema, kind.type_name, "", kind.gvk.to_string());
    sort_findings(findings);
    findings.erase(
        std::unique(findings.begin(), findings.end(), [](const Finding& a, const Finding& b) { return a.fingerprint == b.fingerprint; }),
        findings.end());
    return findings;
}

}  // namespace kompat
