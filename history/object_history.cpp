#include "history/object_history.hpp"

#include <algorithm>

namespace kompat {
namespace {

// The release the stage `entry` has in `target` started in; unset: before the first.
std::optional<std::size_t> stage_start(const HistoryEntry& entry, std::size_t target) {
    std::optional<std::size_t> start;
    for (const auto& stage : entry.stages)
        if (!stage.release || *stage.release <= target) start = stage.release;
    return start;
}

}  // namespace

ObjectUses object_uses(const Timeline& timeline, std::size_t target, const ManifestSet& objects, const std::vector<ObjectReview>& reviews) {
    ObjectUses out;
    out.objects = objects.manifests.size();
    for (const auto& review : reviews) {
        const auto& manifest = objects.manifests[review.manifest];
        const auto kind = manifest.gvk.to_string();
        ObjectUse use{manifest.display_name(), kind, objects.files[manifest.file], manifest.position, {}, ObjectProblem::kind_removed, {}};
        const auto entry = timeline.kinds.find(kind);
        if (entry == timeline.kinds.end()) {
            out.unknown_kinds.push_back(kind);
            ++out.skipped;
            continue;
        }
        const auto& history = entry->second;
        if (!review.kind_served) {
            // Not served by the target: removed by it, or (an earlier target) not yet added.
            if (history.removed && *history.removed <= target) {
                use.release = history.removed;
            } else {
                use.problem = ObjectProblem::kind_not_yet;
                use.release = history.added;
            }
            out.uses.push_back(use);
            continue;
        }
        if (history.deprecated && *history.deprecated <= target) {
            use.problem = ObjectProblem::kind_deprecated;
            use.release = history.deprecated;
            out.uses.push_back(use);
        }
        for (const auto& field : review.fields) {
            ObjectUse field_use = use;
            field_use.field = field.path;
            field_use.position = field.position;
            field_use.release.reset();
            const auto* known = find_field(timeline, field.type, field.field_path);
            const bool exact = timeline.fields.contains(FieldKey{field.type, field.field_path});
            if (field.alpha) {
                field_use.problem = ObjectProblem::field_alpha;
                if (known != nullptr) field_use.release = stage_start(*known, target);
            } else if (exact && known->removed && *known->removed <= target) {
                field_use.problem = ObjectProblem::field_removed;
                field_use.release = known->removed;
            } else if (exact && known->added && *known->added > target) {
                field_use.problem = ObjectProblem::field_not_yet;
                field_use.release = known->added;
            } else {
                field_use.problem = ObjectProblem::field_unknown;
            }
            out.uses.push_back(std::move(field_use));
        }
    }
    std::sort(out.unknown_kinds.begin(), out.unknown_kinds.end());
    out.unknown_kinds.erase(std::unique(out.unknown_kinds.begin(), out.unknown_kinds.end()), out.unknown_kinds.end());
    return out;
}

bool uses_removed(const ObjectUses& uses) {
    return std::any_of(uses.uses.begin(), uses.uses.end(), [](const ObjectUse& use) {
        return use.problem == ObjectProblem::kind_removed || use.problem == ObjectProblem::kind_not_yet ||
               use.problem == ObjectProblem::field_removed || use.problem == ObjectProblem::field_not_yet;
    });
}

}  // namespace kompat
