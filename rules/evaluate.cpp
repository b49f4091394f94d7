#include "rules/evaluate.hpp"

#include "support/json_values.hpp"
#include "support/two_threads.hpp"

#include <boost/json/serialize.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

#include "rules/rule_table.hpp"

namespace kompat {
namespace json = boost::json;

namespace {

Severity cap(Severity severity, Severity limit) { return std::min(severity, limit); }

Severity by_roles(const RoleSeverities& severities, unsigned roles) {
    if (roles == 0) return severities.spec;
    auto worst = Severity::info;
    if ((roles & role_spec) != 0U) worst = std::max(worst, severities.spec);
    if ((roles & role_status) != 0U) worst = std::max(worst, severities.status);
    if ((roles & role_request) != 0U) worst = std::max(worst, severities.request);
    if ((roles & role_response) != 0U) worst = std::max(worst, severities.response);
    return worst;
}

// The first of `roles` (spec, status, request, response) whose column is `severity`; "" for none.
std::string_view role_judging(const RoleSeverities& severities, unsigned roles, Severity severity) {
    const std::array<std::tuple<unsigned, Severity, std::string_view>, 4> columns{{{role_spec, severities.spec, "spec"},
                                                                                   {role_status, severities.status, "status"},
                                                                                   {role_request, severities.request, "request"},
                                                                                   {role_response, severities.response, "response"}}};
    for (const auto& [role, judged, name] : columns)
        if ((roles & role) != 0U && judged == severity) return name;
    return {};
}

// Today as YYYY-MM-DD (UTC): from SOURCE_DATE_EPOCH when set, so that a build or a test can
// fix it, else the clock.
std::string today() {
    std::time_t now = std::time(nullptr);
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch != nullptr) {
        char* end = nullptr;
        const auto seconds = std::strtoll(epoch, &end, 10);
        if (end != epoch && *end == '\0') now = static_cast<std::time_t>(seconds);
    }
    // The civil date by arithmetic: gmtime_r reads the local time zone's file first.
    const std::chrono::year_month_day date{std::chrono::floor<std::chrono::days>(std::chrono::system_clock::from_time_t(now))};
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                       static_cast<unsigned>(date.day()));
}

// `v1 PodList` folds into `v1 Pod` when both reach a change.
bool folded_into_item_kind(const Reach& reach, const std::vector<Reach>& reaches) {
    if (!reach.list_kind || !reach.from.ends_with("List")) return false;
    const std::string_view item = std::string_view(reach.from).substr(0, reach.from.size() - 4);
    return std::any_of(reaches.begin(), reaches.end(), [&](const Reach& other) { return other.is_kind && other.from == item; });
}

// Sorts a finding's affected places, once each, and names their kinds (or operations) in `affects`.
void settle_affects(Finding& finding) {
    auto& places = finding.affected_places;
    std::sort(places.begin(), places.end());
    places.erase(std::unique(places.begin(), places.end()), places.end());
    finding.affects.clear();
    for (const auto& place : places)
        if (finding.affects.empty() || finding.affects.back() != place.from) finding.affects.push_back(place.from);
}

// Whether an x-sunset date (YYYY-MM-DD, or a date-time) has passed by `date`.
bool sunset_passed(std::string_view sunset, const std::string& date) {
    const auto day = sunset.substr(0, 10);
    return day.size() == 10 && day <= date;
}

// The rule that judges a change, and the row of its severities. A deprecation whose
// x-sunset date has passed already is judged by the rule its row names for that: the
// removal it announces may come in the very next change, judged info then, so its users
// hear of it now.
struct Judging {
    const Rule* rule = nullptr;
    const JudgedChange* judged = nullptr;
    RoleSeverities severities{};  // the row's, as the rule set judging it had them
    bool past_sunset = false;
    int ruleset = current_ruleset;
};

Judging judging_of(const Change& change, const std::string& date, int ruleset) {
    Judging out;
    out.ruleset = ruleset;
    out.rule = &rule_for(change.kind, &out.judged);
    if (const auto past = out.rule->weighing.once_sunset_past;
        past && change.lifecycle.declared && sunset_passed(change.lifecycle.sunset, date)) {
        out.rule = &rule_for(*past, &out.judged);
        out.past_sunset = true;
    }
    out.severities = severities_as_of(out.judged->change, out.judged->severities, ruleset);
    return out;
}

// What one place that reaches the change makes of it: its roles' severity, capped by its stability.
Severity severity_at(const Judging& judging, const Change& change, const Reach& reach) {
    const auto severity = by_roles(judging.severities, reach.roles);
    if (judging.rule->weighing.whatever_its_stability) return severity;
    if (reach.stability == Stability::alpha || reach.alpha_field) return cap(severity, Severity::info);
    // Said by the kind-removed / version-removed finding of its kind or group-version.
    if (judging.rule->weighing.told_by_its_kind && (change.whole_group_version || change.with_its_kind))
        return cap(severity, Severity::info);
    // A beta deprecated, then retired: the documented path.
    if (judging.rule->retires_version() && reach.stability == Stability::beta) return cap(severity, Severity::warning);
    return severity;
}

// The places that reach a change, as judging collects them.
struct ReachedPlaces {
    std::optional<Severity> severity;
    const Reach* home_kind = nullptr;  // the kind whose own schema holds the change
    const Reach* first_operation = nullptr;
};

// Severity: the worst over every place that reaches the change, and the role of the first
// place that judged it; the kinds it affects, and the most stable of them.
ReachedPlaces judge_reaches(Finding& finding, const Judging& judging, const Change& change) {
    ReachedPlaces places;
    const auto& severities = judging.severities;
    for (const auto& reach : change.reaches) {
        const auto severity = severity_at(judging, change, reach);
        if (reach.is_kind && folded_into_item_kind(reach, change.reaches)) continue;  // said through its item kind
        if (reach.is_kind) {
            if (places.home_kind == nullptr && reach.at_root) places.home_kind = &reach;
            if (!finding.stability || *finding.stability < reach.stability) finding.stability = reach.stability;
            finding.affected_places.push_back({reach.from, reach.path});
        } else if (places.first_operation == nullptr) {
            places.first_operation = &reach;
        }
        if (!reach.judges) continue;
        if (!places.severity || *places.severity < severity)
            finding.role = role_judging(severities, reach.roles, by_roles(severities, reach.roles));
        places.severity = places.severity ? std::max(*places.severity, severity) : severity;
    }
    return places;
}

// What the change itself says beyond its places: a retirement after a deprecation, an
// alpha field, a type nobody reaches.
Severity weigh(const Judging& judging, const Change& change, Severity severity, const std::string& date, bool& reachable) {
    // Removing what OpenAPI declared deprecated is the documented way to retire it.
    if (judging.rule->weighing.eased_by_deprecation && change.lifecycle.declared)
        severity = cap(severity, sunset_passed(change.lifecycle.sunset, date) ? Severity::info : Severity::warning);
    if (change.lifecycle.status == LifecycleStatus::alpha && change.reaches.empty()) severity = cap(severity, Severity::info);
    // A field a CRD copied from a Kubernetes type that calls it alpha (resources.claims):
    // whether anyone set it the spec cannot tell, and Kubernetes may drop it, so a warning.
    if (change.lifecycle.copied_stage == LifecycleStatus::alpha) severity = cap(severity, Severity::warning);
    // No role judges a type no kind and no operation reaches. The type's own appearance and
    // disappearance are what the rows about named types say. Rule set 4: clients generated
    // from the document use every type in it, reached or not, so what breaks them is a
    // warning; before, it was info.
    if (change.unreached && !judging.rule->weighing.about_named_type) {
        reachable = false;
        return judging.ruleset >= 4 ? cap(severity, Severity::warning) : Severity::info;
    }
    return severity;
}

// A finding lives where its change stands: a kind's own schema, a named type others use
// (found through every kind in `affects`), or an operation.
void place_finding(Finding& finding, const Change& change, const ReachedPlaces& places) {
    if (places.home_kind != nullptr) {
        finding.kind = places.home_kind->from;
        finding.path = places.home_kind->path;
    } else if (!change.type.empty() || places.first_operation == nullptr) {
        finding.path = change.path.empty() ? "." : change.path;
    } else {
        finding.operation = places.first_operation->from;
        finding.path = places.first_operation->path;
    }
    if (finding.affected_places.empty())
        for (const auto& reach : change.reaches) finding.affected_places.push_back({reach.from, reach.path});
    settle_affects(finding);
}

// Past this many changes, judging takes a second thread.
constexpr std::size_t changes_worth_a_thread = 256;

// A change judged alone: its finding, before findings of one fingerprint are merged.
Finding judge(const Change& change, const std::string& date, int ruleset) {
    const auto judging = judging_of(change, date, ruleset);
    Finding finding;
    finding.rule = *judging.rule;
    finding.message = std::string(judging.rule->message);
    finding.detail = judging.past_sunset ? std::string(change.lifecycle.sunset) : change.detail;
    if (!finding.detail.empty()) finding.message += ": " + finding.detail;
    finding.aside = change.aside;
    if (!finding.aside.empty()) finding.message += "; " + finding.aside;
    finding.type = change.type;
    finding.old_value = with_sorted_keys(change.old_value);
    finding.new_value = with_sorted_keys(change.new_value);
    finding.lifecycle = {change.lifecycle.status, std::string(change.lifecycle.feature_gate), std::string(change.lifecycle.min_version),
                         change.lifecycle.inferred};
    finding.old_location = change.old_position;
    finding.new_location = change.new_position;
    if (!change.operation.empty()) finding.operation = change.operation;
    finding.operation_kind = change.operation_kind;

    const auto places = judge_reaches(finding, judging, change);
    finding.severity = weigh(judging, change, places.severity.value_or(judging.severities.spec), date, finding.reachable);
    place_finding(finding, change, places);
    // The values are in canonical form already (keys sorted above).
    finding.fingerprint =
        fingerprint_of_canonical(finding.rule.id(), change.type + "\x1f" + change.operation + "\x1f" + change.path + "\x1f" + change.detail,
                                 json::serialize(finding.old_value), json::serialize(finding.new_value));
    return finding;
}

}  // namespace

std::vector<Finding> evaluate(const std::vector<Change>& changes, int ruleset) {
    const auto date = today();
    // Judged on two threads (each change alone), then merged in the changes' order.
    std::vector<Finding> judged(changes.size());
    on_two_threads(changes.size(), changes_worth_a_thread,
                   [&](std::size_t index, std::size_t /*thread*/) { judged[index] = judge(changes[index], date, ruleset); });
    std::vector<Finding> findings;
    findings.reserve(changes.size());
    std::map<std::string, std::size_t> by_fingerprint;
    for (auto& finding : judged) {
        // The same change in several versions of one CRD (identical inline schemas) is one
        // finding that lists every version it affects.
        if (const auto seen = by_fingerprint.find(finding.fingerprint); seen != by_fingerprint.end()) {
            auto& first = findings[seen->second];
            if (first.severity < finding.severity) {
                first.severity = finding.severity;
                first.role = finding.role;
            }
            if (finding.stability && (!first.stability || *first.stability < *finding.stability)) first.stability = finding.stability;
            first.affected_places.insert(first.affected_places.end(), finding.affected_places.begin(), finding.affected_places.end());
            settle_affects(first);
            if (finding.kind && (!first.kind || *finding.kind < *first.kind)) {
                first.kind = finding.kind;
                first.path = finding.path;
                first.old_location = finding.old_location;
                first.new_location = finding.new_location;
            }
            continue;
        }
        by_fingerprint.emplace(finding.fingerprint, findings.size());
        findings.push_back(std::move(finding));
    }
    sort_findings(findings);
    return findings;
}

}  // namespace kompat
