#include "load/manifest_loader.hpp"

#include "load/input_file.hpp"
#include "load/source_reader.hpp"
#include "support/json_values.hpp"

namespace kompat {
namespace {

namespace json = boost::json;

// Lists nest (a List of Lists) only so deep before the file is not a list of objects.
constexpr int max_list_depth = 4;

class ManifestReader {
public:
    ManifestReader(ManifestSet& set, const Limits& limits) : set_(set), limits_(limits) {}

    void read(const SourceSet& sources) {
        const auto& path = sources.argument;
        used_.bytes += sources.used.bytes;
        set_.bytes = used_.bytes;
        used_.files += sources.used.files;
        if (used_.bytes > limits_.max_input_bytes)
            throw InputError(path, {},
                             "the object files together pass " + std::to_string(limits_.max_input_bytes) + " bytes (" +
                                 limit_hint("max-input-bytes") + ")");
        if (used_.files > limits_.max_files)
            throw InputError(
                path, {},
                "the object files together pass " + std::to_string(limits_.max_files) + " files (" + limit_hint("max-files") + ")");
        for (const auto& source : sources.files) {
            const auto index = static_cast<std::uint32_t>(set_.files.size());
            set_.files.push_back(source.name);
            set_.documents.push_back(read_input_file(source, limits_));
            const auto& file = *set_.documents.back();
            for (std::size_t d = 0; d < file.documents.size(); ++d) {
                if (file.documents[d].is_null()) continue;  // `---` with nothing after it
                add(index, file, file.documents[d], file.document_starts[d], 0);
            }
        }
    }

private:
    void add(std::uint32_t index, const ParsedFile& file, const json::value& value, TextPosition position, int depth) {
        const auto* object = value.if_object();
        if (object == nullptr) throw InputError(file.name, position, "expected a Kubernetes object (a mapping with apiVersion and kind)");
        if (!object->empty()) position = file.position_of(*object);
        const auto api_version = string_member(*object, "apiVersion");
        const auto kind = string_member(*object, "kind");
        if (api_version.empty() || kind.empty())
            throw InputError(file.name, position, "a Kubernetes object needs apiVersion and kind (strings)");
        if (kind.ends_with("List") && object->contains("items")) {
            const auto* items = object->at("items").if_array();
            if (items == nullptr || depth >= max_list_depth)
                throw InputError(file.name, position, "\"items\" of a List must be a list of objects");
            for (const auto& item : *items) add(index, file, item, position, depth + 1);
            return;
        }
        Manifest manifest;
        const auto slash = api_version.find('/');
        if (slash == std::string_view::npos) manifest.gvk = {"", std::string(api_version), std::string(kind)};
        else manifest.gvk = {std::string(api_version.substr(0, slash)), std::string(api_version.substr(slash + 1)), std::string(kind)};
        if (const auto* metadata = object->if_contains("metadata"); metadata != nullptr && metadata->is_object()) {
            manifest.name = std::string(string_member(metadata->get_object(), "name"));
            manifest.namespace_name = std::string(string_member(metadata->get_object(), "namespace"));
        }
        manifest.file = index;
        manifest.position = position;
        manifest.body = object;
        set_.manifests.push_back(std::move(manifest));
    }

    ManifestSet& set_;
    const Limits& limits_;
    ReadBudget used_;
};

}  // namespace

ManifestSet load_manifests(const std::vector<std::string>& paths, const Limits& limits) {
    ManifestSet set;
    ManifestReader reader(set, limits);
    for (const auto& path : paths) reader.read(read_sources(path, limits));
    return set;
}

ManifestSet load_manifests(const std::vector<SourceSet>& sources, const Limits& limits) {
    ManifestSet set;
    ManifestReader reader(set, limits);
    for (const auto& source : sources) reader.read(source);
    return set;
}

}  // namespace kompat
