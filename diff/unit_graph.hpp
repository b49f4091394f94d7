#pragma once
// The differ's working graph. A unit holds the changes found inside one pair of named
// types (or one kind's inline schema, or one operation), with paths relative to it, and
// edges to the pairs it refers on to. Reach propagation walks it from kinds and
// operations (its roots). Internal to diff/.
#include "diff/change.hpp"
#include "model/schema.hpp"

#include <boost/container_hash/hash.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kompat {

struct Unit {
    struct Edge {
        std::string path;
        Unit* target = nullptr;
        bool alpha = false;
        unsigned roles = 0;       // for operation units: request or response
        unsigned ignored_by = 0;  // roles that ignore what it leads to (Change::ignored_by)
    };
    // A reference to a pair of named types that had no unit yet when this unit was
    // compared (a field now refers to another type); made an edge once compared.
    struct LaterEdge {
        std::string path;
        const Schema* old_type = nullptr;
        const Schema* new_type = nullptr;
        std::string_view new_name;
        bool alpha = false;
        unsigned roles = 0;
        unsigned ignored_by = 0;
    };
    std::size_t index = 0;  // in UnitGraph::units
    std::string type;
    std::string operation;
    std::vector<Change> changes;
    std::vector<Edge> edges;
    std::vector<LaterEdge> later_edges;
};

// Where a walk of reaches starts: a kind (its inline schema's unit) or an operation.
struct Root {
    std::string from;
    bool is_kind = true;
    Stability stability = Stability::ga;
    Unit* unit = nullptr;
    // A List kind (`PodList`: items and list metadata) is only ever returned: what it
    // reaches is reached in the response role.
    bool list_kind = false;
    // An OpenAPI 3.1 webhook: its request is read by the receiver, its responses written by it.
    bool webhook = false;
};

using SchemaPair = std::pair<const Schema*, const Schema*>;

struct UnitGraph {
    std::vector<std::unique_ptr<Unit>> units;
    std::unordered_map<SchemaPair, Unit*, boost::hash<SchemaPair>> type_units;  // by the pair of named types

    Unit& new_unit(std::string type, std::string operation) {
        units.push_back(std::make_unique<Unit>());
        auto& unit = *units.back();
        unit.index = units.size() - 1;
        unit.type = std::move(type);
        unit.operation = std::move(operation);
        return unit;
    }
};

}  // namespace kompat
