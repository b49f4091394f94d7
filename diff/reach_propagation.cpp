// Who reaches what: from every kind and operation, a breadth-first walk over the unit
// graph gives each change the kinds and operations it is reached from, the shortest
// path from each, and the roles (spec, status, request, response) it is reached in.
#include "diff/reach_propagation.hpp"

#include <fmt/format.h>

#include "diff/diff_context.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>

namespace kompat {

namespace {

std::string_view shown_path(std::string_view path) { return path.empty() ? "." : path; }

// Inside an operation: its parameters and request body are written by the client,
// its responses by the server.
// A webhook's request is sent by the API and read by the receiver (a response's roles),
// its responses written by the receiver (a request's).
unsigned as_sent(const Root& root, unsigned roles) {
    if (!root.webhook) return roles;
    const unsigned swapped = ((roles & role_request) != 0U ? role_response : 0U) | ((roles & role_response) != 0U ? role_request : 0U);
    return (roles & ~(role_request | role_response)) | swapped;
}

unsigned role_of_operation_path(const std::string& path) {
    if (path.starts_with("responses.")) return role_response;
    if (path.starts_with("parameters.") || path.starts_with("requestBody")) return role_request;
    return 0;
}

unsigned role_of_kind_path(const std::string& path) {
    return path == ".status" || path.starts_with(".status.") || path.starts_with(".status[") ? role_status : role_spec;
}

// Units from which a change can be reached (by Unit::index); the walk from kinds and
// operations enters no other, so an unchanged type graph costs nothing.
std::vector<bool> units_leading_to_changes(const UnitGraph& graph) {
    const auto& units = graph.units;
    std::vector<std::vector<std::size_t>> referrers(units.size());
    for (const auto& unit : units)
        for (const auto& edge : unit->edges) referrers[edge.target->index].push_back(unit->index);
    std::vector<bool> relevant(units.size(), false);
    std::vector<std::size_t> stack;
    for (const auto& unit : units)
        if (!unit->changes.empty()) {
            relevant[unit->index] = true;
            stack.push_back(unit->index);
        }
    while (!stack.empty()) {
        const auto index = stack.back();
        stack.pop_back();
        for (const auto referrer : referrers[index])
            if (!relevant[referrer]) {
                relevant[referrer] = true;
                stack.push_back(referrer);
            }
    }
    return relevant;
}

// One more way `root` reaches `change`: a new reach, or merged into the root's one.
// Roots of one name are walked one after another, so a reach to merge with is the last.
// Returns the bytes of path it stored anew.
std::size_t merge_reach(Change& change, const Root& root, std::string_view path, unsigned roles, bool judges, bool alpha_field,
                        bool at_root) {
    if (change.reaches.empty() || change.reaches.back().from != root.from) {
        Reach reach;
        reach.from = root.from;
        reach.path = path;
        reach.is_kind = root.is_kind;
        reach.roles = roles;
        reach.judges = judges;
        reach.stability = root.stability;
        reach.alpha_field = alpha_field;
        reach.list_kind = root.list_kind;
        reach.at_root = at_root;
        change.reaches.push_back(std::move(reach));
        return root.from.size() + path.size();
    }
    auto& existing = change.reaches.back();
    existing.roles |= roles;
    existing.judges = existing.judges || judges;
    existing.alpha_field = existing.alpha_field && alpha_field;
    existing.at_root = existing.at_root || at_root;
    // The shortest path is shown (the first in text order among the shortest).
    if (std::pair(path.size(), path) < std::pair(existing.path.size(), std::string_view(existing.path))) existing.path = path;
    return 0;
}

}  // namespace

// A path spells at most this many edges at each end.
constexpr std::uint32_t spelled_ends = 8;

bool propagate_reaches(UnitGraph& graph, std::vector<Root>& roots, std::uint64_t max_path_bytes) {
    auto& units = graph.units;
    const auto relevant = units_leading_to_changes(graph);
    // Only edges that lead to changes are walked. The walk's order decides which of
    // several paths to a change is shown; sorted edges make it the same whatever order
    // the documents write their keys in.
    for (auto& unit : units) {
        if (!relevant[unit->index]) continue;
        std::erase_if(unit->edges, [&](const Unit::Edge& edge) { return !relevant[edge.target->index]; });
        std::sort(unit->edges.begin(), unit->edges.end(), [](const Unit::Edge& a, const Unit::Edge& b) {
            return std::tie(a.path, a.target->type, a.target->operation, a.alpha, a.roles) <
                   std::tie(b.path, b.target->type, b.target->operation, b.alpha, b.roles);
        });
    }
    // Kinds first: a type reached from a kind takes its roles from the kind; roles from
    // operations count only for types no kind reaches (generic OpenAPI). Then by name,
    // so that roots of one name, whose reaches merge, are walked one after another.
    std::vector<bool> reached_from_kind(units.size(), false);
    std::stable_sort(roots.begin(), roots.end(),
                     [](const Root& a, const Root& b) { return std::tie(b.is_kind, a.from) < std::tie(a.is_kind, b.from); });
    // Which root (its number + 1) last entered a unit with each alpha and roles.
    constexpr std::size_t role_sets = 32;
    std::vector<std::uint32_t> entered(units.size() * 2 * role_sets, 0);
    std::uint32_t root_number = 0;
    std::uint64_t path_bytes = 0;  // of every reach stored
    std::string prefix;            // the path from the root to the unit visited
    std::string full;              // a change's path from the root
    // A visit names the edge that led to it and the visit it came from: a path is
    // spelled out only for units with changes (most visits pass through).
    struct Visit {
        Unit* unit;
        std::uint32_t from_visit;
        const Unit::Edge* edge;  // null for the root
        bool alpha;
        unsigned roles;
        std::uint32_t depth;   // edges from the root
        std::uint32_t anchor;  // the visit `spelled_ends` edges from the root on its way (itself, nearer)
    };
    std::vector<Visit> queue;  // breadth first: visits are taken from the front, in order
    std::vector<const Unit::Edge*> chain;
    const auto enter = [&](Unit* unit, bool alpha, unsigned roles) {
        // Marked when queued: breadth first, the first to queue a state is the first to take it.
        auto& mark = entered[(unit->index * 2 + (alpha ? 1 : 0)) * role_sets + (roles % role_sets)];
        if (mark == root_number) return false;
        mark = root_number;
        return true;
    };
    for (const auto& root : roots) {
        if (!relevant[root.unit->index]) continue;  // it reaches no change
        ++root_number;
        queue.clear();
        enter(root.unit, false, 0);
        queue.push_back({root.unit, 0, nullptr, false, 0, 0, 0});
        for (std::size_t next = 0; next < queue.size(); ++next) {
            const auto visit = queue[next];
            if (root.is_kind) reached_from_kind[visit.unit->index] = true;
            const bool operation_only = !root.is_kind && reached_from_kind[visit.unit->index];
            if (!visit.unit->changes.empty()) {
                // A path of a few edges is spelled whole; a longer one (a chain of thousands of
                // types) as its first and last edges and how many lie between, so that no
                // finding stores or prints a path as long as the chain.
                const auto spell = [&](std::size_t from, std::size_t edges) {
                    chain.clear();
                    for (auto at = from; chain.size() < edges && queue[at].edge != nullptr; at = queue[at].from_visit)
                        chain.push_back(queue[at].edge);
                    for (auto edge = chain.rbegin(); edge != chain.rend(); ++edge) prefix += (*edge)->path;
                };
                prefix.clear();
                if (visit.depth <= 2 * spelled_ends) {
                    spell(next, visit.depth);
                } else {
                    spell(visit.anchor, spelled_ends);
                    prefix += fmt::format(" … {} links … ", visit.depth - 2 * spelled_ends);
                    spell(next, spelled_ends);
                }
                for (auto& change : visit.unit->changes) {
                    full.assign(prefix).append(change.path);
                    const auto roles = root.list_kind ? role_response
                                       : root.is_kind
                                           ? role_of_kind_path(full)
                                           : roles_heeding(visit.roles != 0 ? visit.roles : as_sent(root, role_of_operation_path(full)),
                                                           change.ignored_by);
                    path_bytes += merge_reach(change, root, shown_path(full), roles, !operation_only,
                                              visit.alpha || is_alpha(change.lifecycle), next == 0);
                    if (path_bytes > max_path_bytes) return false;
                }
            }
            for (const auto& edge : visit.unit->edges) {
                const auto roles = roles_heeding(edge.roles != 0 ? as_sent(root, edge.roles) : visit.roles, edge.ignored_by);
                const bool alpha = visit.alpha || edge.alpha;
                if (!enter(edge.target, alpha, roles)) continue;
                const auto index = static_cast<std::uint32_t>(queue.size());
                const auto depth = visit.depth + 1;
                queue.push_back({edge.target, static_cast<std::uint32_t>(next), &edge, alpha, roles, depth,
                                 depth <= spelled_ends ? index : visit.anchor});
            }
        }
    }
    // Operation units' own changes (parameters, responses) are about the request or response.
    // Reaches come in the roots' order (kinds first, then by name; one per name), which is
    // the order wanted: sorted only when they are not, which a pass over them tells.
    const auto reach_order = [](const Reach& a, const Reach& b) {
        return std::tie(b.is_kind, a.from, a.path) < std::tie(a.is_kind, b.from, b.path);
    };
    const bool has_roots = !roots.empty();
    for (auto& unit : units)
        for (auto& change : unit->changes) {
            change.unreached = has_roots && change.reaches.empty() && !unit->type.empty();
            if (!std::is_sorted(change.reaches.begin(), change.reaches.end(), reach_order))
                std::sort(change.reaches.begin(), change.reaches.end(), reach_order);
        }
    return true;
}

}  // namespace kompat
