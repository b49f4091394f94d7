#include "load/helm_chart.hpp"

#include <algorithm>
#include <filesystem>
#include <string_view>

namespace kompat {
namespace fs = std::filesystem;
namespace {

// A file's path inside the snapshot's directory ("templates/crd.yaml").
fs::path inside_root(const SourceSet& set, std::string_view name) {
    if (set.origin == SourceOrigin::git) name.remove_prefix(set.revision.size() + 1);
    return fs::path(std::string(name)).lexically_relative(set.root.empty() ? fs::path(".") : fs::path(set.root));
}

// What Helm reads of a chart for its CRDs: `crds/` and `templates/` at a chart's root,
// where a chart is the root or, below it, `charts/NAME/` (an unpacked subchart). "" for
// any other file; else the folder's name.
std::string chart_folder_of(const fs::path& relative) {
    auto it = relative.begin();
    while (it != relative.end() && *it == "charts") {
        if (++it == relative.end() || ++it == relative.end()) return {};  // charts/NAME/…
    }
    if (it == relative.end()) return {};
    const auto folder = it->string();
    if (folder != "crds" && folder != "templates") return {};
    return std::next(it) == relative.end() ? std::string() : folder;
}

// "LINE:COLUMN" of byte `at` in `bytes`, both from 1.
std::string place_of(std::string_view bytes, std::size_t at) {
    const auto before = bytes.substr(0, at);
    const auto line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const auto line_start = before.rfind('\n');
    return std::to_string(line) + ":" + std::to_string(at - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1);
}

}  // namespace

bool is_helm_chart(const SourceSet& set) {
    if (!set.is_directory) return false;
    for (const auto& file : set.files)
        if (inside_root(set, file.name) == "Chart.yaml") return true;
    return false;
}

void keep_chart_files(SourceSet& set) {
    if (!is_helm_chart(set)) return;
    set.is_chart = true;
    std::vector<SourceFile> kept;
    for (auto& file : set.files) {
        const auto folder = chart_folder_of(inside_root(set, file.name));
        if (folder.empty()) continue;
        // A template is read only as plain YAML (templates are YAML; a large JSON file,
        // left unread here, is read as JSON).
        if (const auto at = folder == "templates" ? file.bytes.find("{{") : std::string::npos; at != std::string::npos) {
            set.warnings.push_back(file.name + ":" + place_of(file.bytes, at) +
                                   ": template skipped: it holds template syntax ({{ … }}); to check the CRDs it renders, "
                                   "pass the output of helm template instead");
            continue;
        }
        kept.push_back(std::move(file));
    }
    set.files = std::move(kept);
}

}  // namespace kompat
