#include <algorithm>
#include <cctype>

#include "model/snapshot.hpp"
#include "support/ascii_case.hpp"

namespace kompat {
namespace {

bool all_digits(std::string_view text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::string_view to_string(SnapshotFormat format) {
    switch (format) {
        case SnapshotFormat::openapi_v2: return "openapi-v2";
        case SnapshotFormat::openapi_v3: return "openapi-v3";
        case SnapshotFormat::crd: return "crd";
    }
    return "unknown";
}

std::string_view to_string(Stability stability) {
    switch (stability) {
        case Stability::alpha: return "alpha";
        case Stability::beta: return "beta";
        case Stability::ga: return "ga";
    }
    return "unknown";
}

std::pair<int, int> version_numbers(std::string_view version) {
    if (!version.starts_with('v')) return {0, 0};
    int major = 0;
    std::size_t at = 1;
    while (at < version.size() && std::isdigit(static_cast<unsigned char>(version[at])) != 0) major = major * 10 + (version[at++] - '0');
    int minor = 0;
    for (const char c : version.substr(at))
        if (std::isdigit(static_cast<unsigned char>(c)) != 0) minor = minor * 10 + (c - '0');
    return {major, minor};
}

Stability stability_of_version(std::string_view version) {
    // The Kubernetes form: v<major>[(alpha|beta)<minor>].
    if (version.size() > 1 && version.front() == 'v') {
        const auto rest = version.substr(1);
        const auto letters = rest.find_first_not_of("0123456789");
        if (letters == std::string_view::npos && all_digits(rest)) return Stability::ga;
        if (letters != std::string_view::npos && letters > 0) {
            const auto tail = rest.substr(letters);
            if (tail.starts_with("alpha") && all_digits(tail.substr(5))) return Stability::alpha;
            if (tail.starts_with("beta") && all_digits(tail.substr(4))) return Stability::beta;
        }
    }
    const auto lower = ascii_lowered(version);
    if (lower.find("alpha") != std::string::npos) return Stability::alpha;
    if (lower.find("beta") != std::string::npos) return Stability::beta;
    return Stability::ga;
}

const Schema* Snapshot::find_type(std::string_view name) const {
    const auto found = types.find(name);
    return found == types.end() ? nullptr : &found->second;
}

const Schema& Snapshot::resolve(const Schema& schema) const {
    const Schema* current = &schema;
    for (std::size_t hops = 0; current->only_refers() && hops <= types.size(); ++hops) {
        const auto* target = find_type(current->ref);
        if (target == nullptr) break;
        current = target;
    }
    return *current;
}

const Kind* Snapshot::find_kind(const GroupVersionKind& gvk) const {
    const auto found =
        std::lower_bound(kinds.begin(), kinds.end(), gvk, [](const Kind& kind, const GroupVersionKind& key) { return kind.gvk < key; });
    return found != kinds.end() && found->gvk == gvk ? &*found : nullptr;
}

std::string_view Snapshot::file_of(const Location& location) const {
    return location.file < files.size() ? std::string_view(files[location.file]) : std::string_view();
}

std::string_view Snapshot::report_path_of(const Location& location) const {
    auto file = file_of(location);
    if (!revision.empty() && file.size() > revision.size() && file.starts_with(revision) && file[revision.size()] == ':')
        file.remove_prefix(revision.size() + 1);
    return file;
}

}  // namespace kompat
