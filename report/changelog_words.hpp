#pragma once
// The words release notes tell changes in: a kind's group/version and stage, a field's
// schema ("array of string"), the kinds a shared type's change reaches.
#include <boost/json/value.hpp>

#include <string>
#include <string_view>
#include <tuple>

#include "rules/finding.hpp"

namespace kompat {

struct KindName {
    std::string group_version;
    std::string kind;
};

// `batch/v1 CronJob` as its group/version and kind.
KindName split_kind(std::string_view gvk);
// `batch` of `batch/v1`; "" for the core group.
std::string group_of(std::string_view group_version);
// Kubernetes' version order: GA above beta above alpha, then the number (v2 > v1).
std::tuple<int, int, int> version_rank(std::string_view group_version);
// "alpha", "beta" or "ga", as the version names it.
std::string stage_of(std::string_view group_version);
// A field's schema in words: "boolean", "array of string", "PodFailurePolicy", "map of string".
std::string schema_words(const boost::json::value& summary);
// "(boolean, alpha, feature gate `UserNamespacesSupport`)" for an added field.
std::string field_words(const Finding& finding);
// "GA" for a stage value that is "ga" or not a string, else the stage.
std::string stage_words(const boost::json::value& value);
// The kinds (or, for a type only operations reach, the operations) a shared type's change
// reaches, for one bullet: ", in Pod, CronJob, DaemonSet and 6 more kinds".
std::string kinds_words(const Finding& finding);

}  // namespace kompat
