#include "diff/security_diff.hpp"

#include <algorithm>

namespace kompat {
namespace json = boost::json;

namespace {

using Requirements = std::vector<SecurityRequirement>;

// None said, or an empty list: no authentication, which is one empty requirement.
Requirements effective(const Operation& operation) {
    if (!operation.security || operation.security->empty()) return {SecurityRequirement{}};
    return *operation.security;
}

// A client that meets `held` meets `asked` too: every scheme asked is held, with every
// scope asked among those held.
bool meets(const SecurityRequirement& held, const SecurityRequirement& asked) {
    return std::all_of(asked.begin(), asked.end(), [&](const auto& scheme) {
        const auto found = std::find_if(held.begin(), held.end(), [&](const auto& h) { return h.first == scheme.first; });
        return found != held.end() && std::includes(found->second.begin(), found->second.end(), scheme.second.begin(), scheme.second.end());
    });
}

std::string text_of(const Requirements& requirements) {
    std::string out;
    for (const auto& requirement : requirements) {
        if (!out.empty()) out += " | ";
        if (requirement.empty()) out += "none";
        for (std::size_t i = 0; i < requirement.size(); ++i) {
            if (i > 0) out += " + ";
            out += requirement[i].first;
            if (requirement[i].second.empty()) continue;
            out += " [";
            for (std::size_t j = 0; j < requirement[i].second.size(); ++j)
                out += (j > 0 ? " " : "") + std::string(requirement[i].second[j]);
            out += "]";
        }
    }
    return out;
}

// `apiKey (in: header, name: X-API-Key)`.
std::string scheme_text(const SecurityScheme& scheme) {
    std::string out(scheme.type);
    for (std::size_t i = 0; i < scheme.settings.size(); ++i)
        out += (i == 0 ? " (" : ", ") + scheme.settings[i].first + ": " + std::string(scheme.settings[i].second);
    return scheme.settings.empty() ? out : out + ")";
}

}  // namespace

void tally_security(const DiffContext& context, const Operation& before, const Operation& after, Reach& place, OperationTally& tally) {
    // Nearly every operation keeps its requirements as written (most inherit the
    // document's): the same then in effect, with no copies made to see it.
    if (before.security == after.security) return;
    auto old_requirements = effective(before);
    auto new_requirements = effective(after);
    std::sort(old_requirements.begin(), old_requirements.end());
    std::sort(new_requirements.begin(), new_requirements.end());
    if (old_requirements == new_requirements) return;
    const bool tightened = std::any_of(old_requirements.begin(), old_requirements.end(), [&](const SecurityRequirement& held) {
        return std::none_of(new_requirements.begin(), new_requirements.end(),
                            [&](const SecurityRequirement& asked) { return meets(held, asked); });
    });
    const auto old_text = text_of(old_requirements);
    const auto new_text = text_of(new_requirements);
    place.path = "security";
    place.roles = role_request;
    tally.add(context, tightened ? ChangeKind::security_requirement_added : ChangeKind::security_requirement_removed,
              old_text + " -> " + new_text, {old_text, &before.location}, {new_text, &after.location}, place);
}

void diff_security_schemes(const DiffContext& context, DiffPlan& plan) {
    const auto order = [](const auto& a, const auto& b) { return a.first.compare(b.first); };
    merge_sorted(
        context.old_side.security_schemes, context.new_side.security_schemes, order, [](const auto&) {}, [](const auto&) {},
        [&](const auto& o, const auto& n) {
            if (o.second.type == n.second.type && o.second.settings == n.second.settings) return;
            Change change;
            change.kind = ChangeKind::security_scheme_changed;
            change.type = "securitySchemes";
            change.path = "." + n.first;
            change.detail = n.first;
            change.old_value = json::value(scheme_text(o.second));
            change.new_value = json::value(scheme_text(n.second));
            change.old_position = context.position(context.old_side, o.second.location);
            change.new_position = context.position(context.new_side, n.second.location);
            plan.surface.push_back(std::move(change));
        });
}

}  // namespace kompat
