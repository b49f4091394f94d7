// Judging (rules/evaluate.cpp) one change at a time, built by hand: the severity by role
// and stability, what the rule row weighs besides (deprecation, sunset, retirement of a
// beta, a kind's removal, a type nobody reaches), and where the finding stands.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "rules/evaluate.hpp"
#include "test_support.hpp"

using kompat::Change;
using kompat::ChangeKind;
using kompat::Finding;
using kompat::Reach;
using kompat::Severity;
using kompat::Stability;

namespace {

Reach kind_reach(const std::string& kind, const std::string& path, unsigned roles, Stability stability = Stability::ga) {
    Reach reach;
    reach.from = kind;
    reach.path = path;
    reach.roles = roles;
    reach.stability = stability;
    return reach;
}

Change change_of(ChangeKind kind, std::vector<Reach> reaches, const std::string& type = "io.example.Spec",
                 const std::string& path = ".size") {
    Change change;
    change.kind = kind;
    change.type = type;
    change.path = path;
    change.reaches = std::move(reaches);
    return change;
}

Finding judged(const Change& change) {
    const auto findings = kompat::evaluate({change});
    REQUIRE(findings.size() == 1);
    return findings.front();
}

}  // namespace

TEST_CASE("judge: the worst role over every place decides, and names the role and the kinds") {
    // field-became-optional breaks readers: a warning in spec, an error in status.
    const auto finding =
        judged(change_of(ChangeKind::field_became_optional, {kind_reach("v1 A", ".spec.size", kompat::role_spec),
                                                             kind_reach("v1 B", ".status.size", kompat::role_status, Stability::beta)}));
    CHECK(finding.rule == "field-became-optional");
    CHECK(finding.severity == Severity::error);
    CHECK(finding.role == "status");
    CHECK(finding.stability == Stability::ga);
    CHECK(finding.affects == std::vector<std::string>{"v1 A", "v1 B"});
    CHECK_FALSE(finding.kind);  // in a named type: its kinds are `affects`
    CHECK(finding.type == "io.example.Spec");
    CHECK(finding.path == ".size");
    CHECK(finding.fingerprint.size() == kompat::fingerprint_digits);
}

TEST_CASE("judge: alpha kinds and alpha fields are info, and a change in a kind's own schema stands in that kind") {
    CHECK(judged(change_of(ChangeKind::field_removed, {kind_reach("v1alpha1 A", ".spec.size", kompat::role_spec, Stability::alpha)}))
              .severity == Severity::info);
    auto alpha_field = kind_reach("v1 A", ".spec.size", kompat::role_spec);
    alpha_field.alpha_field = true;
    CHECK(judged(change_of(ChangeKind::field_removed, {alpha_field})).severity == Severity::info);
    auto own = kind_reach("v1 A", ".spec.size", kompat::role_spec);
    own.at_root = true;
    const auto finding = judged(change_of(ChangeKind::field_removed, {own}, "A"));
    CHECK(finding.severity == Severity::error);
    CHECK(finding.kind == "v1 A");
    CHECK(finding.path == ".spec.size");
}

TEST_CASE("judge: a retired beta version is a warning, and an operation leaving with its kind is said by the kind") {
    auto removed = change_of(ChangeKind::version_removed, {kind_reach("v1beta1 A", ".", kompat::role_spec, Stability::beta)}, "A", ".");
    CHECK(judged(removed).severity == Severity::warning);
    removed.reaches.front().stability = Stability::ga;
    CHECK(judged(removed).severity == Severity::error);

    Reach operation;
    operation.from = "DELETE /apis/example.com/v1beta1/as/{name}";
    operation.is_kind = false;
    auto gone = change_of(ChangeKind::operation_removed, {operation}, "", "");
    gone.operation = operation.from;
    CHECK(judged(gone).severity == Severity::error);
    gone.with_its_kind = true;
    CHECK(judged(gone).severity == Severity::info);
}

TEST_CASE("judge: removing what OpenAPI declared deprecated is a warning, info after its sunset, and a past sunset warns") {
    setenv("SOURCE_DATE_EPOCH", "1767225600", 1);  // 2026-01-01
    Reach operation;
    operation.from = "GET /v1/things";
    operation.is_kind = false;
    operation.roles = kompat::role_response;
    auto removal = change_of(ChangeKind::field_removed, {operation}, "Thing", ".color");
    CHECK(judged(removal).severity == Severity::error);
    removal.lifecycle.declared = true;
    CHECK(judged(removal).severity == Severity::warning);
    removal.lifecycle.sunset = "2025-06-30";
    CHECK(judged(removal).severity == Severity::info);
    removal.lifecycle.sunset = "2027-06-30";
    CHECK(judged(removal).severity == Severity::warning);

    auto deprecation = change_of(ChangeKind::lifecycle_deprecated, {operation}, "Thing", ".color");
    deprecation.lifecycle.declared = true;
    deprecation.lifecycle.sunset = "2025-06-30";
    const auto past = judged(deprecation);
    CHECK(past.rule == "deprecated-sunset-past");
    CHECK(past.detail == "2025-06-30");
    CHECK(past.severity == Severity::warning);
    deprecation.lifecycle.sunset = "2027-06-30";
    CHECK(judged(deprecation).rule == "lifecycle-deprecated");
    unsetenv("SOURCE_DATE_EPOCH");
}

TEST_CASE("judge: a break in a type nobody reaches is a warning, an addition info, except for the type's own appearance") {
    // Clients generated from the document use the type all the same (rule set 4); before, info.
    auto change = change_of(ChangeKind::type_changed, {});
    change.unreached = true;
    const auto unreached = judged(change);
    CHECK(unreached.severity == Severity::warning);
    CHECK_FALSE(unreached.reachable);
    CHECK(kompat::evaluate({change}, 3).front().severity == Severity::info);
    auto added = change_of(ChangeKind::field_added, {});
    added.unreached = true;
    CHECK(judged(added).severity == Severity::info);
    auto removed = change_of(ChangeKind::definition_removed, {}, "io.example.Old", ".");
    removed.unreached = true;
    CHECK(judged(removed).reachable);
}

TEST_CASE("judge: the same change in two versions of a CRD is one finding that affects both, at the first kind") {
    auto v1 = kind_reach("example.com/v1 A", ".spec.size", kompat::role_spec);
    v1.at_root = true;
    auto v2 = kind_reach("example.com/v2 A", ".spec.size", kompat::role_spec, Stability::beta);
    v2.at_root = true;
    const auto findings =
        kompat::evaluate({change_of(ChangeKind::field_removed, {v2}, "A"), change_of(ChangeKind::field_removed, {v1}, "A")});
    REQUIRE(findings.size() == 1);
    CHECK(findings.front().kind == "example.com/v1 A");
    CHECK(findings.front().affects == std::vector<std::string>{"example.com/v1 A", "example.com/v2 A"});
    CHECK(findings.front().stability == Stability::ga);
}
