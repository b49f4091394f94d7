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

// A path spells at most this many edges at each end.
constexpr std::uint32_t spelled_ends = 8;

// Only edges that lead to changes are walked. The walk's order decides which of several
// paths to a change is shown; sorted edges make it the same whatever order the documents
// write their keys in.
void prune_and_sort_edges(UnitGraph& graph, const std::vector<bool>& relevant) {
    for (auto& unit : graph.units) {
        if (!relevant[unit->index]) continue;
        std::erase_if(unit->edges, [&](const Unit::Edge& edge) { return !relevant[edge.target->index]; });
        std::sort(unit->edges.begin(), unit->edges.end(), [](const Unit::Edge& a, const Unit::Edge& b) {
            return std::tie(a.path, a.target->type, a.target->operation, a.alpha, a.roles) <
                   std::tie(b.path, b.target->type, b.target->operation, b.alpha, b.roles);
        });
    }
}

// The breadth-first walk from each root in turn. A visit names the edge that led to it and
// the visit it came from: a path is spelled out only for units with changes (most visits
// pass through).
class ReachWalk {
public:
    ReachWalk(UnitGraph& graph, std::uint64_t max_path_bytes)
        : relevant_(units_leading_to_changes(graph)),
          reached_from_kind_(graph.units.size(), false),
          entered_(graph.units.size() * 2 * role_sets, 0),
          max_path_bytes_(max_path_bytes) {}

    [[nodiscard]] const std::vector<bool>& relevant() const { return relevant_; }

    // False once the paths stored pass max_path_bytes.
    bool walk(const Root& root) {
        if (!relevant_[root.unit->index]) return true;  // it reaches no change
        ++root_number_;
        queue_.clear();
        enter(root.unit, false, 0);
        queue_.push_back({root.unit, 0, nullptr, false, 0, 0, 0});
        for (std::size_t next = 0; next < queue_.size(); ++next) {
            const auto visit = queue_[next];
            if (root.is_kind) reached_from_kind_[visit.unit->index] = true;
            if (!visit.unit->changes.empty() && !reach_changes(root, next)) return false;
            queue_edges(root, next);
        }
        return true;
    }

private:
    static constexpr std::size_t role_sets = 32;
    struct Visit {
        Unit* unit;
        std::uint32_t from_visit;
        const Unit::Edge* edge;  // null for the root
        bool alpha;
        unsigned roles;
        std::uint32_t depth;   // edges from the root
        std::uint32_t anchor;  // the visit `spelled_ends` edges from the root on its way (itself, nearer)
    };

    // Marked when queued: breadth first, the first to queue a state is the first to take it.
    bool enter(const Unit* unit, bool alpha, unsigned roles) {
        auto& mark = entered_[(unit->index * 2 + (alpha ? 1 : 0)) * role_sets + (roles % role_sets)];
        if (mark == root_number_) return false;
        mark = root_number_;
        return true;
    }

    // Appends the paths of up to `edges` edges that lead to visit `from`.
    void spell(std::size_t from, std::size_t edges) {
        chain_.clear();
        for (auto at = from; chain_.size() < edges && queue_[at].edge != nullptr; at = queue_[at].from_visit)
            chain_.push_back(queue_[at].edge);
        for (auto edge = chain_.rbegin(); edge != chain_.rend(); ++edge) prefix_ += (*edge)->path;
    }

    // A path of a few edges is spelled whole; a longer one (a chain of thousands of types)
    // as its first and last edges and how many lie between, so that no finding stores or
    // prints a path as long as the chain.
    void spell_path_to(std::size_t next) {
        const auto& visit = queue_[next];
        prefix_.clear();
        if (visit.depth <= 2 * spelled_ends) {
            spell(next, visit.depth);
            return;
        }
        spell(visit.anchor, spelled_ends);
        prefix_ += fmt::format(" … {} links … ", visit.depth - 2 * spelled_ends);
        spell(next, spelled_ends);
    }

    // Roots reach their changes in the roles of the place: a kind's spec or status, an
    // operation's request or response; roles from operations count only for types no
    // kind reaches (generic OpenAPI).
    bool reach_changes(const Root& root, std::size_t next) {
        const auto& visit = queue_[next];
        const bool operation_only = !root.is_kind && reached_from_kind_[visit.unit->index];
        spell_path_to(next);
        for (auto& change : visit.unit->changes) {
            full_.assign(prefix_).append(change.path);
            const auto roles = root.list_kind ? role_response
                               : root.is_kind ? role_of_kind_path(full_)
                                              : roles_heeding(visit.roles != 0 ? visit.roles : as_sent(root, role_of_operation_path(full_)),
                                                              change.ignored_by);
            path_bytes_ +=
                merge_reach(change, root, shown_path(full_), roles, !operation_only, visit.alpha || is_alpha(change.lifecycle), next == 0);
            if (path_bytes_ > max_path_bytes_) return false;
        }
        return true;
    }

    void queue_edges(const Root& root, std::size_t next) {
        const auto visit = queue_[next];
        for (const auto& edge : visit.unit->edges) {
            const auto roles = roles_heeding(edge.roles != 0 ? as_sent(root, edge.roles) : visit.roles, edge.ignored_by);
            const bool alpha = visit.alpha || edge.alpha;
            if (!enter(edge.target, alpha, roles)) continue;
            const auto index = static_cast<std::uint32_t>(queue_.size());
            const auto depth = visit.depth + 1;
            queue_.push_back(
                {edge.target, static_cast<std::uint32_t>(next), &edge, alpha, roles, depth, depth <= spelled_ends ? index : visit.anchor});
        }
    }

    std::vector<bool> relevant_;
    std::vector<bool> reached_from_kind_;
    // Which root (its number + 1) last entered a unit with each alpha and roles.
    std::vector<std::uint32_t> entered_;
    std::uint32_t root_number_ = 0;
    std::uint64_t max_path_bytes_;
    std::uint64_t path_bytes_ = 0;  // of every reach stored
    std::string prefix_;            // the path from the root to the unit visited
    std::string full_;              // a change's path from the root
    std::vector<Visit> queue_;      // breadth first: visits are taken from the front, in order
    std::vector<const Unit::Edge*> chain_;
};

// Operation units' own changes (parameters, responses) are about the request or response.
// Reaches come in the roots' order (kinds first, then by name; one per name), which is the
// order wanted: sorted only when they are not, which a pass over them tells.
void settle_reaches(UnitGraph& graph, bool has_roots) {
    const auto reach_order = [](const Reach& a, const Reach& b) {
        return std::tie(b.is_kind, a.from, a.path) < std::tie(a.is_kind, b.from, b.path);
    };
    for (auto& unit : graph.units)
        for (auto& change : unit->changes) {
            change.unreached = has_roots && change.reaches.empty() && !unit->type.empty();
            if (!std::is_sorted(change.reaches.begin(), change.reaches.end(), reach_order))
                std::sort(change.reaches.begin(), change.reaches.end(), reach_order);
        }
}

}  // namespace

bool propagate_reaches(UnitGraph& graph, std::vector<Root>& roots, std::uint64_t max_path_bytes) {
    ReachWalk walk(graph, max_path_bytes);
    prune_and_sort_edges(graph, walk.relevant());
    // Kinds first: a type reached from a kind takes its roles from the kind. Then by name,
    // so that roots of one name, whose reaches merge, are walked one after another.
    std::stable_sort(roots.begin(), roots.end(),
                     [](const Root& a, const Root& b) { return std::tie(b.is_kind, a.from) < std::tie(a.is_kind, b.from); });
    for (const auto& root : roots)
        if (!walk.walk(root)) return false;
    settle_reaches(graph, !roots.empty());
    return true;
}

}  // namespace kompat
