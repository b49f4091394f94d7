#include "rules/evaluate.hpp"

#include "support/json_values.hpp"
#include "support/sort_large.hpp"
#include "support/two_threads.hpp"

#include <boost/json/serialize.hpp>
#include <boost/beast/core/detail/sha1.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <map>
#include <optional>
#include <span>
#include <set>
#include <string_view>
#include <tuple>

#include "rules/rule_table.hpp"

namespace kompat {
namespace json = boost::json;

void sort_findings(std::vector<Finding>& findings) {
    const auto view = [](const std::optional<std::string>& text) { return text ? std::string_view(*text) : std::string_view(); };
    // Highest severity first: each side is keyed with the other's severity. Findings alike but
    // for their place (objects of one kind failing one field) follow their files' order.
    const auto key = [&](const Finding& f, Severity severity) {
        return std::tuple(severity, view(f.kind), std::string_view(f.type), view(f.operation), std::string_view(f.path),
                          std::string_view(f.rule), std::string_view(f.new_location.file), f.new_location.position.line,
                          std::string_view(f.fingerprint));
    };
    sort_large(findings, [&](const Finding& a, const Finding& b) { return key(a, b.severity) < key(b, a.severity); });
}

Summary summarize(const std::vector<Finding>& findings) {
    Summary summary;
    for (const auto& finding : findings) {
        switch (finding.severity) {
            case Severity::error: ++summary.error; break;
            case Severity::warning: ++summary.warning; break;
            case Severity::info: ++summary.info; break;
        }
    }
    return summary;
}

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

// Something OpenAPI declared deprecated, then removed: the documented way to retire it.
// A warning; info once its x-sunset date (YYYY-MM-DD, or a date-time) has passed.
std::optional<Severity> retired_after_deprecation(const Change& change, const std::string& date) {
    const bool removal = change.kind == ChangeKind::field_removed || change.kind == ChangeKind::parameter_removed ||
                         change.kind == ChangeKind::operation_removed;
    if (!removal || !change.lifecycle.declared) return std::nullopt;
    const auto sunset = change.lifecycle.sunset.substr(0, 10);
    return sunset.size() == 10 && sunset <= date ? Severity::info : Severity::warning;
}

// A deprecation whose x-sunset date has passed already: the removal it announces may come
// in the very next change, judged info then, so its users hear of it now (a warning).
bool sunset_already_past(const Change& change, const std::string& date) {
    if (change.kind != ChangeKind::lifecycle_deprecated || !change.lifecycle.declared) return false;
    const auto sunset = change.lifecycle.sunset.substr(0, 10);
    return sunset.size() == 10 && sunset <= date;
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

}  // namespace

std::string canonical_json(const json::value& value) { return json::serialize(with_sorted_keys(value)); }

namespace {

// The fingerprint of values written as canonical JSON already.
std::string fingerprint_of_texts(std::string_view rule, std::string_view place, std::string_view old_text, std::string_view new_text) {
    // SHA-1, its first 64 bits: a baseline entry must not be matched by a finding crafted
    // elsewhere (docs/baseline.md). Boost.Beast's, which hashes 64-byte blocks; Boost.UUID's
    // (the same digests) reads a byte at a time and was half of judging.
    namespace sha1 = boost::beast::detail;
    sha1::sha1_context hash;
    sha1::init(hash);
    sha1::update(hash, rule.data(), rule.size());
    for (const auto part : {place, old_text, new_text}) {
        constexpr char separator = 0x1f;
        sha1::update(hash, &separator, 1);
        sha1::update(hash, part.data(), part.size());
    }
    std::array<unsigned char, sha1::sha1_context::digest_size> digest{};
    sha1::finish(hash, digest.data());
    // Its first bytes, two hex digits each.
    return fmt::format("{:02x}", fmt::join(std::span(digest).first(fingerprint_digits / 2), ""));
}

}  // namespace

std::string fingerprint_of(std::string_view rule, std::string_view place, const json::value& old_value, const json::value& new_value) {
    return fingerprint_of_texts(rule, place, canonical_json(old_value), canonical_json(new_value));
}

namespace {

// Past this many changes, judging takes a second thread.
constexpr std::size_t changes_worth_a_thread = 256;

// A change judged alone: its finding, before findings of one fingerprint are merged.
Finding judge(const Change& change, const std::string& date) {
    const JudgedChange* judged = nullptr;
    const bool past_sunset = sunset_already_past(change, date);
    const auto& rule = rule_for(past_sunset ? ChangeKind::deprecated_sunset_past : change.kind, &judged);
    Finding finding;
    finding.rule = std::string(rule.id);
    finding.message = std::string(rule.message);
    finding.detail = past_sunset ? std::string(change.lifecycle.sunset) : change.detail;
    if (!finding.detail.empty()) finding.message += ": " + finding.detail;
    finding.type = change.type;
    finding.old_value = with_sorted_keys(change.old_value);
    finding.new_value = with_sorted_keys(change.new_value);
    finding.lifecycle = {change.lifecycle.status, std::string(change.lifecycle.feature_gate), std::string(change.lifecycle.min_version),
                         change.lifecycle.inferred};
    finding.old_location = change.old_position;
    finding.new_location = change.new_position;
    if (!change.operation.empty()) finding.operation = change.operation;
    finding.operation_kind = change.operation_kind;

    // Severity: the worst over every place that reaches the change, each judged by
    // its roles and capped by its stability.
    std::optional<Severity> severity;
    const Reach* home_kind = nullptr;  // the kind whose own schema holds the change
    const Reach* first_operation = nullptr;
    std::optional<Stability> most_stable;
    for (const auto& reach : change.reaches) {
        auto s = by_roles(judged->severities, reach.roles);
        if (reach.stability == Stability::alpha || reach.alpha_field) s = cap(s, Severity::info);
        else if (change.kind == ChangeKind::operation_removed && (change.whole_group_version || change.with_its_kind))
            s = cap(s, Severity::info);  // said by the kind-removed / version-removed finding of its kind or group-version
        else if (rule.retires_version() && reach.stability == Stability::beta)
            s = cap(s, Severity::warning);  // a beta deprecated, then retired: the documented path
        if (reach.is_kind && folded_into_item_kind(reach, change.reaches)) continue;  // said through its item kind
        if (reach.is_kind) {
            if (home_kind == nullptr && reach.at_root) home_kind = &reach;
            if (!most_stable || *most_stable < reach.stability) most_stable = reach.stability;
            finding.affected_places.push_back({reach.from, reach.path});
        } else if (first_operation == nullptr) {
            first_operation = &reach;
        }
        if (reach.judges) {
            // The role of the first place that judged the worst severity.
            if (!severity || *severity < s)
                finding.role = role_judging(judged->severities, reach.roles, by_roles(judged->severities, reach.roles));
            severity = severity ? std::max(*severity, s) : s;
        }
    }
    finding.severity = severity.value_or(judged->severities.spec);
    if (const auto retired = retired_after_deprecation(change, date)) finding.severity = cap(finding.severity, *retired);
    if (change.lifecycle.status == LifecycleStatus::alpha && change.reaches.empty())
        finding.severity = cap(finding.severity, Severity::info);
    // Nobody sends or reads a type no kind and no operation reaches: no role judges it.
    // The type's own appearance and disappearance are what definition-* say.
    if (change.unreached && change.kind != ChangeKind::definition_added && change.kind != ChangeKind::definition_removed) {
        finding.severity = Severity::info;
        finding.reachable = false;
    }
    finding.stability = most_stable;
    // A finding lives where its change stands: a kind's own schema, a named type others
    // use (found through every kind in `affects`), or an operation.
    if (home_kind != nullptr) {
        finding.kind = home_kind->from;
        finding.path = home_kind->path;
    } else if (!change.type.empty() || first_operation == nullptr) {
        finding.path = change.path.empty() ? "." : change.path;
    } else {
        finding.operation = first_operation->from;
        finding.path = first_operation->path;
    }
    if (finding.affected_places.empty())
        for (const auto& reach : change.reaches) finding.affected_places.push_back({reach.from, reach.path});
    settle_affects(finding);
    // The values are in canonical form already (keys sorted above).
    finding.fingerprint =
        fingerprint_of_texts(finding.rule, change.type + "\x1f" + change.operation + "\x1f" + change.path + "\x1f" + change.detail,
                             json::serialize(finding.old_value), json::serialize(finding.new_value));
    return finding;
}

}  // namespace

std::vector<Finding> evaluate(const std::vector<Change>& changes) {
    const auto date = today();
    // Judged on two threads (each change alone), then merged in the changes' order.
    std::vector<Finding> judged(changes.size());
    on_two_threads(changes.size(), changes_worth_a_thread,
                   [&](std::size_t index, std::size_t /*thread*/) { judged[index] = judge(changes[index], date); });
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
