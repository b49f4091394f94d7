// Reach propagation (diff/reach_propagation.cpp) on unit graphs built by hand: which kinds
// and operations reach a change, by which path, in which roles, and what the walk leaves
// unreached. Exact values, not through a golden report.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "diff/reach_propagation.hpp"

using kompat::Change;
using kompat::ChangeKind;
using kompat::Root;
using kompat::Unit;
using kompat::UnitGraph;

namespace {

constexpr std::uint64_t no_byte_limit = 1U << 30U;

Change& change_at(Unit& unit, const std::string& path, ChangeKind kind = ChangeKind::field_removed) {
    Change change;
    change.kind = kind;
    change.type = unit.type;
    change.path = path;
    unit.changes.push_back(std::move(change));
    return unit.changes.back();
}

void link(Unit& from, const std::string& path, Unit& to, bool alpha = false, unsigned roles = 0) {
    from.edges.push_back({path, &to, alpha, roles, 0});
}

Root kind_root(const std::string& name, Unit& unit) {
    Root root;
    root.from = name;
    root.unit = &unit;
    return root;
}

Root operation_root(const std::string& name, Unit& unit) {
    Root root = kind_root(name, unit);
    root.is_kind = false;
    return root;
}

}  // namespace

TEST_CASE("reach: a type two kinds and an operation use is reached from each, kinds first, the operation not judging") {
    UnitGraph graph;
    auto& deployment = graph.new_unit("", "");
    auto& pod = graph.new_unit("", "");
    auto& pod_spec = graph.new_unit("io.k8s.api.core.v1.PodSpec", "");
    auto& create = graph.new_unit("", "POST /api/v1/pods");
    link(deployment, ".spec.template.spec", pod_spec);
    link(pod, ".spec", pod_spec);
    link(create, "requestBody.spec", pod_spec, false, kompat::role_request);
    change_at(pod_spec, ".hostname");
    std::vector<Root> roots{operation_root("POST /api/v1/pods", create), kind_root("v1 Pod", pod),
                            kind_root("apps/v1 Deployment", deployment)};
    REQUIRE(kompat::propagate_reaches(graph, roots, no_byte_limit));
    const auto& reaches = pod_spec.changes.front().reaches;
    REQUIRE(reaches.size() == 3);
    CHECK(reaches[0].from == "apps/v1 Deployment");
    CHECK(reaches[0].path == ".spec.template.spec.hostname");
    CHECK(reaches[0].roles == kompat::role_spec);
    CHECK(reaches[0].judges);
    CHECK_FALSE(reaches[0].at_root);
    CHECK(reaches[1].from == "v1 Pod");
    CHECK(reaches[1].path == ".spec.hostname");
    CHECK(reaches[2].from == "POST /api/v1/pods");
    CHECK_FALSE(reaches[2].is_kind);
    CHECK(reaches[2].path == "requestBody.spec.hostname");
    CHECK(reaches[2].roles == kompat::role_request);
    CHECK_FALSE(reaches[2].judges);  // a kind reaches the type: the kind's roles judge it
    CHECK_FALSE(pod_spec.changes.front().unreached);
}

TEST_CASE("reach: status is the status role, a change in the kind's own schema is at its root, a List kind only responds") {
    UnitGraph graph;
    auto& widget = graph.new_unit("", "");
    auto& widget_list = graph.new_unit("", "");
    auto& condition = graph.new_unit("Condition", "");
    link(widget, ".status.conditions[*]", condition);
    link(widget_list, ".items[*].status.conditions[*]", condition);
    change_at(widget, ".spec.size");
    change_at(condition, ".reason", ChangeKind::field_became_optional);
    auto list_root = kind_root("example.com/v1 WidgetList", widget_list);
    list_root.list_kind = true;
    std::vector<Root> roots{kind_root("example.com/v1 Widget", widget), list_root};
    REQUIRE(kompat::propagate_reaches(graph, roots, no_byte_limit));
    const auto& own = widget.changes.front().reaches;
    REQUIRE(own.size() == 1);
    CHECK(own[0].at_root);
    CHECK(own[0].path == ".spec.size");
    const auto& reason = condition.changes.front().reaches;
    REQUIRE(reason.size() == 2);
    CHECK(reason[0].from == "example.com/v1 Widget");
    CHECK(reason[0].roles == kompat::role_status);
    CHECK(reason[0].path == ".status.conditions[*].reason");
    CHECK(reason[1].from == "example.com/v1 WidgetList");
    CHECK(reason[1].roles == kompat::role_response);
    CHECK(reason[1].list_kind);
}

TEST_CASE("reach: the shortest of two paths is shown, an alpha edge marks the field, roles merge across paths") {
    UnitGraph graph;
    auto& kind = graph.new_unit("", "");
    auto& spec = graph.new_unit("Spec", "");
    auto& volume = graph.new_unit("Volume", "");
    link(kind, ".spec", spec);
    link(spec, ".volumes[*]", volume);
    link(kind, ".status.lastVolume", volume, true);
    change_at(volume, ".name");
    std::vector<Root> roots{kind_root("v1 Thing", kind)};
    REQUIRE(kompat::propagate_reaches(graph, roots, no_byte_limit));
    const auto& reaches = volume.changes.front().reaches;
    REQUIRE(reaches.size() == 1);
    CHECK(reaches[0].path == ".spec.volumes[*].name");  // shorter than .status.lastVolume.name
    CHECK(reaches[0].roles == (kompat::role_spec | kompat::role_status));
    CHECK_FALSE(reaches[0].alpha_field);  // reached through a GA path too
}

TEST_CASE("reach: a chain longer than sixteen links is spelled by its ends and the count between") {
    UnitGraph graph;
    auto& root_unit = graph.new_unit("", "");
    Unit* last = &root_unit;
    for (int i = 0; i < 30; ++i) {
        auto& next = graph.new_unit("T" + std::to_string(i), "");
        link(*last, ".n" + std::to_string(i), next);
        last = &next;
    }
    change_at(*last, ".leaf");
    std::vector<Root> roots{kind_root("v1 Deep", root_unit)};
    REQUIRE(kompat::propagate_reaches(graph, roots, no_byte_limit));
    const auto& reaches = last->changes.front().reaches;
    REQUIRE(reaches.size() == 1);
    CHECK(reaches[0].path == ".n0.n1.n2.n3.n4.n5.n6.n7 … 14 links … .n22.n23.n24.n25.n26.n27.n28.n29.leaf");
}

TEST_CASE("reach: a type nobody reaches is unreached, and past the byte limit of paths the walk stops") {
    UnitGraph graph;
    auto& kind = graph.new_unit("", "");
    auto& used = graph.new_unit("Used", "");
    auto& orphan = graph.new_unit("Orphan", "");
    link(kind, ".spec", used);
    change_at(used, ".a");
    change_at(orphan, ".b");
    std::vector<Root> roots{kind_root("v1 Thing", kind)};
    REQUIRE(kompat::propagate_reaches(graph, roots, no_byte_limit));
    CHECK_FALSE(used.changes.front().unreached);
    CHECK(orphan.changes.front().unreached);
    CHECK(orphan.changes.front().reaches.empty());

    UnitGraph wide;
    auto& big = wide.new_unit("", "");
    for (int i = 0; i < 100; ++i) change_at(big, ".field" + std::to_string(i));
    std::vector<Root> big_roots{kind_root("v1 Big", big)};
    CHECK_FALSE(kompat::propagate_reaches(wide, big_roots, 500));  // 100 paths of about 15 bytes
}
