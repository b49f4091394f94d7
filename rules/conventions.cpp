#include "rules/conventions.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <tuple>

#include "model/lifecycle.hpp"
#include "rules/baseline.hpp"
#include "rules/rule_table.hpp"
#include "support/field_path.hpp"

namespace kompat {
namespace {

// Formats that bound a string's length (a date, an address, a UUID): no maxLength needed.
constexpr std::array<std::string_view, 12> bounded_formats{"date",  "date-time", "time", "uuid", "uuid3", "uuid4",
                                                           "uuid5", "ipv4",      "ipv6", "cidr", "mac",   "hostname"};

bool lower_camel_case(std::string_view name) {
    if (name.empty() || name.front() < 'a' || name.front() > 'z') return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); });
}

bool has_type(const Schema& schema, std::string_view type) {
    return std::find(schema.type.begin(), schema.type.end(), type) != schema.type.end();
}

// Where a walk stands: the kind it started from, the type and path it is in, and what the
// path from the kind's root says (spec or status, alpha).
struct Place {
    const Kind* kind;
    std::string type;       // the named type the path is inside; the CRD kind's name for its own schema
    bool own_schema;        // inside the kind's own schema (a CRD): the finding names the kind
    std::string path;       // inside `type`
    std::string root_path;  // from the kind's root, to tell spec from status
    bool alpha;             // an alpha version or an alpha field on the way
};

class ConventionWalker {
public:
    explicit ConventionWalker(const Snapshot& snapshot) : snapshot_(snapshot) {}

    std::vector<Finding> run() {
        for (const auto& kind : snapshot_.kinds) {
            if (kind.gvk.kind.ends_with("List")) continue;  // lists are conventional by construction
            if (!kind.is_served()) continue;                // nobody can use a version not served
            const bool alpha = kind.stability == Stability::alpha;
            if (kind.crd) {
                status_subresource(kind);
                walk(kind.schema, {&kind, kind.type_name, true, "", "", alpha}, 0);
            } else {
                walk(kind.schema, {&kind, "", false, "", "", alpha}, 0);
            }
        }
        std::sort(findings_.begin(), findings_.end(),
                  [](const Finding& a, const Finding& b) { return std::tie(a.type, a.path, a.rule) < std::tie(b.type, b.path, b.rule); });
        return std::move(findings_);
    }

private:
    void report(std::string_view rule, const Place& at, const Schema& schema, std::string detail) {
        const auto row = RuleRef::named(rule);
        Finding finding;
        finding.rule = row;
        finding.severity = at.alpha ? Severity::info : row->default_severity();
        finding.detail = std::move(detail);
        finding.message = std::string(row->message) + (finding.detail.empty() ? "" : ": " + finding.detail);
        finding.type = at.type;
        finding.path = at.path.empty() ? "." : at.path;
        if (at.own_schema) finding.kind = at.kind->gvk.to_string();
        else finding.affects.push_back(at.kind->gvk.to_string());
        if (schema.location.position.line != 0)
            finding.new_location = {std::string(snapshot_.report_path_of(schema.location)), schema.location.position};
        finding.fingerprint = fingerprint_of(finding.rule.id(), place_of(finding), nullptr, boost::json::value(finding.detail));
        findings_.push_back(std::move(finding));
    }

    void status_subresource(const Kind& kind) {
        const bool has_status = kind.schema.find_property("status") != nullptr;
        const auto& subresources = kind.crd->subresources;
        if (has_status && std::find(subresources.begin(), subresources.end(), "status") == subresources.end())
            report("convention-status-subresource", {&kind, kind.type_name, true, "", "", kind.stability == Stability::alpha}, kind.schema,
                   "");
    }

    void walk(const Schema& schema, Place at, int depth) {
        if (depth > 64) return;
        at.alpha = at.alpha || lifecycle_of(schema).status == LifecycleStatus::alpha;
        if (!schema.ref.empty()) {
            // A named type is checked once, at its own places, from the first kind reaching it.
            if (!walked_types_.insert(std::string(schema.ref)).second) return;
            const auto* target = snapshot_.find_type(schema.ref);
            if (target == nullptr) return;
            walk(*target, {at.kind, std::string(schema.ref), false, "", at.root_path, at.alpha}, depth + 1);
            return;
        }
        check(schema, at);
        for (const auto& property : schema.properties) {
            const auto step = field_step(property.name);
            if (!lower_camel_case(property.name))
                report("convention-field-name", {at.kind, at.type, at.own_schema, at.path + step, at.root_path + step, at.alpha},
                       property.schema, std::string(property.name));
            walk(property.schema, {at.kind, at.type, at.own_schema, at.path + step, at.root_path + step, at.alpha}, depth + 1);
        }
        if (schema.items)
            walk(*schema.items, {at.kind, at.type, at.own_schema, at.path + "[*]", at.root_path + "[*]", at.alpha}, depth + 1);
        if (schema.additional_properties)
            walk(*schema.additional_properties, {at.kind, at.type, at.own_schema, at.path + "{*}", at.root_path + "{*}", at.alpha},
                 depth + 1);
    }

    // The conventions of one schema, where it stands.
    void check(const Schema& schema, const Place& at) {
        const bool in_spec = at.root_path.starts_with(".spec");
        const bool in_status = at.root_path.starts_with(".status");
        const auto& bounds = schema.value_bounds();
        if (has_type(schema, "number")) report("convention-float", at, schema, "");
        if (has_type(schema, "integer") && schema.format != "int32" && schema.format != "int64")
            report("convention-integer-format", at, schema, std::string(schema.format));
        if (in_spec && has_type(schema, "string") && !bounds.max_length && schema.enum_values == nullptr &&
            std::find(bounded_formats.begin(), bounded_formats.end(), schema.format) == bounded_formats.end())
            report("convention-string-max-length", at, schema, "");
        if (in_spec && has_type(schema, "boolean")) report("convention-bool", at, schema, "");
        if (has_type(schema, "array")) {
            if (in_spec && !bounds.max_items) report("convention-list-max-items", at, schema, "");
            const auto& list_type = schema.kubernetes().list_type;
            if (list_type.empty()) report("convention-list-type", at, schema, "no x-kubernetes-list-type");
            else if (list_type == "map" && schema.kubernetes().list_map_keys.empty())
                report("convention-list-type", at, schema, "list-type map without x-kubernetes-list-map-keys");
        }
        if (schema.additional_properties && !has_type(*schema.additional_properties, "string")) report("convention-map", at, schema, "");
        if (in_status && at.root_path == ".status.phase" && has_type(schema, "string")) report("convention-phase", at, schema, "");
        if (in_status && at.root_path == ".status.conditions") conditions(schema, at);
    }

    // status.conditions: a list-type map keyed by type, whose items require what
    // metav1.Condition requires.
    void conditions(const Schema& schema, const Place& at) {
        const auto& keys = schema.kubernetes().list_map_keys;
        std::string wrong;
        if (schema.kubernetes().list_type != "map" || keys.size() != 1 || keys.front() != "type")
            wrong = "not a list-type map keyed by type";
        const Schema* items = schema.items ? schema.items.get() : nullptr;
        if (items != nullptr && !items->ref.empty()) items = snapshot_.find_type(items->ref);
        if (wrong.empty() && items != nullptr) {
            std::string missing;
            for (const std::string_view field : {"type", "status", "lastTransitionTime", "reason", "message"})
                if (std::find(items->required.begin(), items->required.end(), field) == items->required.end())
                    missing += (missing.empty() ? "" : ", ") + std::string(field);
            if (!missing.empty()) wrong = "items do not require " + missing;
        }
        if (!wrong.empty()) report("convention-conditions", at, schema, wrong);
    }

    const Snapshot& snapshot_;
    std::set<std::string> walked_types_;
    std::vector<Finding> findings_;
};

// What makes two violations the same: the rule, where it stands and what it is. A CRD's
// own schema is named by group and kind, not version: a new version that copies an old
// one's fields brings no new violation.
std::tuple<std::string, std::string, std::string, std::string> key_of(const Finding& finding) {
    const auto rule = std::string(finding.rule.id());
    if (!finding.kind) return {rule, place_of(finding), "", finding.detail};
    const auto gvk = parse_group_version_kind(*finding.kind);
    return {rule, gvk.group + " " + gvk.kind, finding.path, finding.detail};
}

}  // namespace

std::vector<Finding> convention_findings(const Snapshot& snapshot) { return ConventionWalker(snapshot).run(); }

std::vector<Finding> new_convention_findings(const Snapshot& before, const Snapshot& after) {
    std::set<std::tuple<std::string, std::string, std::string, std::string>> old_keys;
    for (const auto& finding : convention_findings(before)) old_keys.insert(key_of(finding));
    auto findings = convention_findings(after);
    std::erase_if(findings, [&](const Finding& finding) { return old_keys.contains(key_of(finding)); });
    return findings;
}

}  // namespace kompat
