// The differ's order of work: the surface first (every unit known up front), then the
// schema comparisons (on two threads when there are many, the named types' already while
// the operations are planned), then the units their references lead to, one at a time,
// then reach propagation.
#include "diff/snapshot_diff.hpp"

#include "diff/companion_fold.hpp"

#include "diff/diff_context.hpp"
#include "diff/operation_diff.hpp"
#include "diff/reach_propagation.hpp"
#include "diff/schema_compare.hpp"
#include "diff/surface_diff.hpp"
#include "diff/unit_graph.hpp"
#include "support/json_values.hpp"
#include "support/sort_large.hpp"
#include "support/two_threads.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <tuple>

namespace kompat {
namespace json = boost::json;

namespace {

constexpr std::size_t jobs_worth_a_thread = 256;

// Plans and runs the comparisons. Each writes only to its own unit and reads units that
// exist already, so two threads can share them (which thread runs one changes nothing).
// The named types and kinds are compared on a helper thread while this one plans the
// operations, which adds units but changes none a comparison reads (Worker scratch is
// per thread); the operations' comparisons then join them.
void plan_and_compare(const DiffContext& context, const SchemaComparer& comparer, UnitGraph& graph, DiffPlan& plan) {
    diff_definitions(context, comparer, graph, plan);
    diff_kinds(context, comparer, graph, plan);
    const auto type_jobs = std::move(plan.jobs);
    plan.jobs.clear();
    const auto operation_pairs = std::min(context.old_side.operations.size(), context.new_side.operations.size());
    std::array<Worker, 2> workers;
    on_two_threads_while_planning(
        type_jobs.size(), operation_pairs, jobs_worth_a_thread,
        [&] {
            diff_operations(context, comparer, graph, plan);
            return plan.jobs.size();
        },
        [&](std::size_t index, std::size_t thread) {
            const auto& job = index < type_jobs.size() ? type_jobs[index] : plan.jobs[index - type_jobs.size()];
            job(workers[thread]);
        });
}

// A pair of named types first referred to during the comparisons, compared next.
struct Pending {
    Unit* unit;
    const Schema* old_schema;
    const Schema* new_schema;
};

// Later edges become edges to new units, which are compared from a worklist (so that
// a long chain of references never deepens the stack).
void make_later_edges(UnitGraph& graph, Unit& unit, std::deque<Pending>& pending) {
    for (auto& later : unit.later_edges) {
        auto [found, inserted] = graph.type_units.try_emplace({later.old_type, later.new_type}, nullptr);
        if (inserted) {
            found->second = &graph.new_unit(std::string(later.new_name), "");
            pending.push_back({found->second, later.old_type, later.new_type});
        }
        unit.edges.push_back({std::move(later.path), found->second, later.alpha, later.roles, later.ignored_by});
    }
    unit.later_edges.clear();
}

DiffResult run_diff(const Snapshot& old_snapshot, const Snapshot& new_snapshot, const Limits& limits) {
    const DiffContext context(old_snapshot, new_snapshot);
    UnitGraph graph;
    const SchemaComparer comparer(context, graph);
    DiffResult result;
    if (context.lossy)
        result.notes.push_back(
            "comparing OpenAPI v2 with v3: default, nullable, oneOf and anyOf are not compared, since v2 cannot carry them "
            "(KEP-2896), nor is security, which Kubernetes' v3 documents leave out");
    DiffPlan plan;
    plan_and_compare(context, comparer, graph, plan);
    // make_later_edges appends units (compared next, from pending): walk only those made
    // so far, by index, since appending may move the vector.
    std::deque<Pending> pending;
    for (std::size_t i = 0, made = graph.units.size(); i < made; ++i) make_later_edges(graph, *graph.units[i], pending);
    while (!pending.empty()) {
        const auto next = pending.front();
        pending.pop_front();
        std::string path;
        comparer.compare(*next.old_schema, *next.new_schema, {*next.unit, path});
        make_later_edges(graph, *next.unit, pending);
    }
    if (!propagate_reaches(graph, plan.roots, limits.max_report_bytes))
        throw InputError(new_snapshot.source, {},
                         "differs from " + old_snapshot.source + " in places whose paths alone pass " +
                             std::to_string(limits.max_report_bytes) + " bytes, so the report would too (" +
                             limit_hint("max-report-bytes") + ")");
    for (auto& unit : graph.units) {
        fold_companion_changes(unit->changes);
        for (auto& change : unit->changes) result.changes.push_back(std::move(change));
    }
    for (auto& change : plan.surface) result.changes.push_back(std::move(change));
    fold_status_operations(result.changes, old_snapshot);
    for (auto& note : plan.notes) result.notes.push_back(std::move(note));
    sort_large(result.changes, [](const Change& a, const Change& b) {
        return std::tie(a.type, a.operation, a.path, a.kind, a.detail) < std::tie(b.type, b.operation, b.path, b.kind, b.detail);
    });
    return result;
}

}  // namespace

DiffResult diff_snapshots(const Snapshot& old_snapshot, const Snapshot& new_snapshot, const Limits& limits) {
    auto result = run_diff(old_snapshot, new_snapshot, limits);
    if (result.changes.size() > limits.max_findings)
        throw InputError(new_snapshot.source, {},
                         "differs from " + old_snapshot.source + " in more than " + std::to_string(limits.max_findings) + " places (" +
                             limit_hint("max-findings") + ")");
    return result;
}

}  // namespace kompat
