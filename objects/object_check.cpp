#include "objects/object_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "objects/object_position.hpp"
#include "objects/structural_validation.hpp"
#include "support/field_path.hpp"
#include "support/json_values.hpp"

namespace kompat {
namespace {

namespace json = boost::json;

const Kind* served(const Kind* kind) { return kind != nullptr && kind->is_served() ? kind : nullptr; }

// Where `snapshot` serves the object's group, what it serves instead of its version, as an
// unserved finding says it ("CronJob as batch/v1"; "policy at v1, without
// PodSecurityPolicy"); nullopt when it serves nothing of the group (the object is skipped).
std::optional<std::string> served_instead(const Snapshot& snapshot, const GroupVersionKind& gvk) {
    std::set<std::string> of_kind;
    std::set<std::string> of_group;
    for (const auto& kind : snapshot.kinds) {
        if (kind.gvk.group != gvk.group || !kind.is_served()) continue;
        // DeleteOptions and WatchEvent are listed under every group version the server
        // ever had: they do not say it serves the version.
        if (kind.type_name.starts_with("io.k8s.apimachinery.pkg.apis.meta.")) continue;
        of_group.insert(kind.gvk.version);
        if (kind.gvk.kind == gvk.kind) of_kind.insert(kind.gvk.group_version());
    }
    if (of_group.empty()) return std::nullopt;
    const auto& listed = of_kind.empty() ? of_group : of_kind;
    std::string versions;
    for (auto it = listed.begin(); it != listed.end(); ++it) {
        if (it != listed.begin()) versions += std::next(it) == listed.end() ? " and " : ", ";
        versions += *it;
    }
    if (!of_kind.empty()) return fmt::format("{} as {}", gvk.kind, versions);
    return fmt::format("{} at {}, {} {}", gvk.group.empty() ? "the core group" : gvk.group, versions,
                       listed.size() == 1 ? "without" : "none with", gvk.kind);
}

// `ancestor` is `path` or a field above it.
bool within(std::string_view path, std::string_view ancestor) {
    return path.starts_with(ancestor) && (path.size() == ancestor.size() || path[ancestor.size()] == '.' || path[ancestor.size()] == '[');
}

bool within_any(std::string_view path, const std::vector<std::string>& ancestors) {
    return std::any_of(ancestors.begin(), ancestors.end(), [&](const std::string& a) { return within(path, a); });
}

// Where two values first differ, inside objects and arrays of one length: the path below
// `path` and the two values there, so a long default's change is shown where it is.
std::tuple<std::string, const json::value*, const json::value*> first_difference(const json::value& a, const json::value& b,
                                                                                 std::string path) {
    if (a.is_object() && b.is_object() && a.get_object().size() == b.get_object().size()) {
        for (const auto& member : a.get_object()) {
            const auto* other = b.get_object().if_contains(member.key());
            if (other == nullptr) return {path, &a, &b};
            if (!same_value(member.value(), *other)) return first_difference(member.value(), *other, path + field_step(member.key()));
        }
    }
    if (a.is_array() && b.is_array() && a.get_array().size() == b.get_array().size()) {
        for (std::size_t i = 0; i < a.get_array().size(); ++i)
            if (!same_value(a.get_array()[i], b.get_array()[i]))
                return first_difference(a.get_array()[i], b.get_array()[i], fmt::format("{}[{}]", path, i));
    }
    return {path, &a, &b};
}

class ObjectChecker {
public:
    ObjectChecker(const ManifestSet& set, const Limits& limits)
        // A value nests at most max_nesting_depth deep; its schemas' allOf, anyOf and oneOf may
        // add some levels beyond that, not without end.
        : set_(set),
          limits_(limits),
          budget_{validation_step_limit(limits, set.bytes), limits.max_nesting_depth + 256, limits.max_findings, limits.max_report_bytes} {}

    ObjectCheck compare(const Snapshot& before, const Snapshot& after) {
        for (const auto& manifest : set_.manifests) compare_object(before, after, manifest);
        return finish();
    }

    ObjectCheck validate(const Snapshot& snapshot) {
        for (const auto& manifest : set_.manifests) {
            const auto* kind = snapshot.find_kind(manifest.gvk);
            if (served(kind) == nullptr) unknown_version(snapshot, manifest, ChangeKind::object_version_unserved, "the snapshot serves no");
            else {
                counted(manifest, true);
                validate_alone(snapshot, *kind, manifest);
            }
            within_report_limits(manifest);
        }
        return finish();
    }

private:
    // One object against OLD and NEW.
    void compare_object(const Snapshot& before, const Snapshot& after, const Manifest& manifest) {
        const auto* old_kind = before.find_kind(manifest.gvk);
        const auto* new_kind = after.find_kind(manifest.gvk);
        if (old_kind == nullptr && new_kind == nullptr) {
            // OLD refused it as well when it served the group: not the change's doing.
            const bool before_too = served_instead(before, manifest.gvk).has_value();
            unknown_version(after, manifest, before_too ? ChangeKind::object_invalid_before : ChangeKind::object_version_unserved,
                            before_too ? "OLD and NEW serve no" : "NEW serves no", before_too);
            within_report_limits(manifest);
            return;
        }
        counted(manifest, true);
        if (served(old_kind) == nullptr) {
            if (served(new_kind) != nullptr) validate_alone(after, *new_kind, manifest);
            else
                add(ChangeKind::object_invalid_before, manifest, old_kind != nullptr ? old_kind : new_kind, ".", "served",
                    "neither OLD nor NEW serves " + manifest.gvk.group_version());
            return;
        }
        const auto old_outcome = validated(before, *old_kind, manifest);
        if (!old_outcome.violations.empty()) {
            for (const auto& violation : old_outcome.violations)
                add_violation(ChangeKind::object_invalid_before, manifest, *old_kind, violation, "; so already under OLD");
            return;
        }
        if (served(new_kind) == nullptr) {
            const auto instead = served_instead(after, manifest.gvk);
            add(ChangeKind::object_version_unserved, manifest, old_kind, ".", "served",
                fmt::format("NEW {} {}{}", new_kind == nullptr ? "has no" : "no longer serves", manifest.gvk.to_string(),
                            instead ? "; it serves " + *instead : std::string()));
            return;
        }
        const auto new_outcome = validated(after, *new_kind, manifest);
        out_.cel_rules += new_outcome.cel_rules;
        for (const auto& violation : new_outcome.violations) add_violation(ChangeKind::object_rejected, manifest, *new_kind, violation, "");
        for (const auto& path : new_outcome.pruned)
            if (!within_any(path, old_outcome.pruned))
                add(ChangeKind::object_field_pruned, manifest, new_kind, path, "pruning",
                    std::string("NEW prunes it (its schema does not list it); OLD kept it"));
        compare_defaults(manifest, *new_kind, old_outcome.defaults, new_outcome.defaults);
        within_report_limits(manifest);
    }

    // An object of a kind version `snapshot` does not serve: refused when it serves the
    // group at other versions (`batch/v1beta1 CronJob` against Kubernetes 1.25), skipped
    // with a note when no snapshot serves anything of the group (a kind of another project).
    void unknown_version(const Snapshot& target, const Manifest& manifest, ChangeKind change, std::string_view says,
                         bool group_served_elsewhere = false) {
        const auto* kind = target.find_kind(manifest.gvk);
        const auto instead = served_instead(target, manifest.gvk);
        if (!counted(manifest, kind != nullptr || instead.has_value() || group_served_elsewhere)) return;
        add(change, manifest, kind, ".", "served",
            fmt::format("{} {}{}", says, manifest.gvk.to_string(),
                        instead ? fmt::format("; {} serves {}", group_served_elsewhere ? "NEW" : "it", *instead) : std::string()));
    }

    // Counts the object; false when no snapshot has its kind (skipped).
    bool counted(const Manifest& manifest, bool known) {
        ++out_.objects;
        if (!known) {
            ++out_.skipped;
            unknown_.insert(manifest.gvk.to_string());
            return false;
        }
        ++out_.validated;
        return true;
    }

    ValidationOutcome validated(const Snapshot& snapshot, const Kind& kind, const Manifest& manifest) {
        try {
            auto outcome = validate_object(snapshot, kind, *manifest.body, cache_, budget_);
            // An object's validations (OLD's, then NEW's) come one after the other: counted once.
            if (outcome.status_ignored && status_counted_for_ != &manifest) {
                ++out_.status_ignored;
                status_counted_for_ = &manifest;
            }
            return outcome;
        } catch (const StepBudgetExceeded& exceeded) {
            if (exceeded.too_many_findings) throw too_many_findings(manifest);
            if (exceeded.too_deep)
                throw InputError(set_.files[manifest.file], manifest.position,
                                 "validating this object nests schemas more than " + std::to_string(budget_.max_depth) +
                                     " deep (an allOf, anyOf or oneOf that refers back to its own type; " +
                                     limit_hint("max-nesting-depth") + ")");
            throw InputError(set_.files[manifest.file], manifest.position,
                             "validating the objects passes " + std::to_string(validation_step_limit(limits_, set_.bytes)) +
                                 " schema checks (unions nested in unions: each branch is tried) at this object (" +
                                 limit_hint("max-validation-steps") + ")");
        }
    }

    [[nodiscard]] InputError too_many_findings(const Manifest& manifest) const {
        return {set_.files[manifest.file], manifest.position,
                fmt::format("the objects' findings pass {} or their text {} bytes at this object ({}, {})", limits_.max_findings,
                            limits_.max_report_bytes, limit_hint("max-findings"), limit_hint("max-report-bytes"))};
    }

    // The changes found so far stay within the report's limits: each costs memory.
    void within_report_limits(const Manifest& manifest) {
        for (; counted_ < out_.changes.size(); ++counted_) {
            const auto& change = out_.changes[counted_];
            change_bytes_ += change.path.size() + change.text.size() + change.object.size() + 64;
        }
        if (out_.changes.size() > limits_.max_findings || change_bytes_ > limits_.max_report_bytes) throw too_many_findings(manifest);
    }

    void validate_alone(const Snapshot& snapshot, const Kind& kind, const Manifest& manifest) {
        const auto outcome = validated(snapshot, kind, manifest);
        out_.cel_rules += outcome.cel_rules;
        for (const auto& violation : outcome.violations) add_violation(ChangeKind::object_invalid, manifest, kind, violation, "");
        for (const auto& path : outcome.pruned)
            add(ChangeKind::object_field_pruned, manifest, &kind, path, "pruning", "the schema does not list it: the API server drops it");
    }

    // `kind` is null for a kind version the snapshot does not have.
    ObjectChange& add(ChangeKind change, const Manifest& manifest, const Kind* kind, std::string path, std::string keyword,
                      std::string text) {
        ObjectChange& out = out_.changes.emplace_back();
        out.kind = change;
        out.object = manifest.display_name();
        out.object_kind = manifest.gvk.to_string();
        if (kind != nullptr) out.type = kind->type_name;
        out.file = set_.files[manifest.file];
        // At the failing field's key (a missing one: its parent's), not the object's first line.
        out.position = manifest.body != nullptr ? position_of_field(*manifest.body, path, manifest.position) : manifest.position;
        out.path = std::move(path);
        out.keyword = std::move(keyword);
        out.text = std::move(text);
        return out;
    }

    void add_violation(ChangeKind change, const Manifest& manifest, const Kind& kind, const Violation& violation, std::string_view tail) {
        auto& out = add(change, manifest, &kind, violation.path, violation.keyword, violation.text + std::string(tail));
        out.new_value = violation.value;
    }

    // Every field whose default differs; below one that differs, nothing more. The same two
    // defaults meet at every object they fill: compared once.
    void compare_defaults(const Manifest& manifest, const Kind& kind, const std::vector<AppliedDefault>& before,
                          const std::vector<AppliedDefault>& after) {
        std::map<std::string, std::pair<const json::value*, const json::value*>> paths;
        for (const auto& d : before) paths[d.path].first = d.value;
        for (const auto& d : after) paths[d.path].second = d.value;
        std::vector<std::string> reported;
        for (const auto& [path, values] : paths) {
            const auto [old_value, new_value] = values;
            const auto* difference = old_value != nullptr && new_value != nullptr ? difference_of(old_value, new_value) : nullptr;
            if (old_value != nullptr && new_value != nullptr && difference == nullptr) continue;
            if (within_any(path, reported)) continue;
            reported.push_back(path);
            std::string text;
            if (new_value == nullptr) {
                text = fmt::format("NEW has no default; OLD's default was `{}`", value_text(*old_value));
            } else if (old_value == nullptr) {
                text = fmt::format("NEW's default `{}` fills it in; OLD had no default", value_text(*new_value));
            } else {
                const auto& [inner, was, is] = *difference;
                text = fmt::format("NEW's default `{}` fills it in; OLD's was `{}`", value_text(*is), value_text(*was));
                if (!inner.empty()) text += fmt::format(" (at `{}`)", path + inner);
            }
            auto& out = add(ChangeKind::object_default_changed, manifest, &kind, path, "default", std::move(text));
            if (old_value != nullptr) out.old_value = bounded_copy(*old_value);
            if (new_value != nullptr) out.new_value = bounded_copy(*new_value);
        }
    }

    // Where two defaults first differ (the path below theirs), or null when they are equal.
    using Difference = std::tuple<std::string, const json::value*, const json::value*>;
    const Difference* difference_of(const json::value* old_value, const json::value* new_value) {
        auto [found, inserted] = differences_.try_emplace({old_value, new_value});
        if (inserted && !same_value(*old_value, *new_value)) found->second = first_difference(*old_value, *new_value, "");
        return found->second ? &*found->second : nullptr;
    }

    ObjectCheck finish() {
        out_.unknown_kinds.assign(unknown_.begin(), unknown_.end());
        out_.unchecked_patterns = cache_.uncompiled();
        return std::move(out_);
    }

    const ManifestSet& set_;
    const Limits& limits_;
    StepBudget budget_;
    CheckCache cache_;
    std::map<std::pair<const json::value*, const json::value*>, std::optional<Difference>> differences_;
    std::size_t counted_ = 0;         // changes counted against the report's limits
    std::uint64_t change_bytes_ = 0;  // and their size
    ObjectCheck out_;
    std::set<std::string> unknown_;
    const Manifest* status_counted_for_ = nullptr;  // the last object whose status was set aside
};

}  // namespace

ObjectCheck check_objects(const Snapshot& before, const Snapshot& after, const ManifestSet& objects, const Limits& limits) {
    return ObjectChecker(objects, limits).compare(before, after);
}

ObjectCheck validate_objects(const Snapshot& snapshot, const ManifestSet& objects, const Limits& limits) {
    return ObjectChecker(objects, limits).validate(snapshot);
}

std::vector<std::string> object_notes(const ObjectCheck& check) {
    std::vector<std::string> notes;
    notes.push_back(fmt::format("objects: {} read, {} validated", check.objects, check.validated));
    if (check.skipped > 0) {
        std::string kinds;
        for (std::size_t i = 0; i < check.unknown_kinds.size() && i < 5; ++i) kinds += (i > 0 ? ", " : "") + check.unknown_kinds[i];
        if (check.unknown_kinds.size() > 5) kinds += fmt::format(" and {} more", check.unknown_kinds.size() - 5);
        notes.push_back(fmt::format("objects: {} skipped: no snapshot given serves their group ({})", check.skipped, kinds));
    }
    if (check.cel_rules > 0)
        notes.push_back(fmt::format("objects: {} CEL rule check{} (x-kubernetes-validations) not evaluated: kompat does not run CEL",
                                    check.cel_rules, check.cel_rules == 1 ? "" : "s"));
    if (check.status_ignored > 0)
        notes.push_back(
            fmt::format("objects: the status of {} object{} not validated: the API server ignores the status an object is "
                        "written with (status subresource)",
                        check.status_ignored, check.status_ignored == 1 ? "" : "s"));
    if (check.unchecked_patterns > 0)
        notes.push_back(fmt::format("objects: {} pattern{} not checked: not in the RE2 syntax the API server uses",
                                    check.unchecked_patterns, check.unchecked_patterns == 1 ? "" : "s"));
    return notes;
}

}  // namespace kompat
