#include "load/git_source.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <filesystem>

#include "load/child_process.hpp"
#include "load/file_source.hpp"
#include "support/input_error.hpp"

namespace kompat {
namespace fs = std::filesystem;
namespace {

// What a partial clone without the object is told: git would fetch it, but no protocol is allowed.
constexpr std::string_view not_in_clone =
    "is not in this clone (a partial clone); kompat never fetches: fetch it first (for example run "
    "`git cat-file -e REV:PATH` in a step before), or clone without a filter";

// The environment git runs in: the caller's, with whatever could make it prompt, page,
// or fetch switched off.
constexpr std::array<std::string_view, 5> git_overrides{"GIT_TERMINAL_PROMPT=0", "GIT_NO_LAZY_FETCH=1", "GIT_PAGER=cat", "PAGER=cat",
                                                        "GIT_OPTIONAL_LOCKS=0"};

// Runs `git ARGS` (no shell) with `input` on its stdin, within limits.git_timeout_seconds
// and limits.max_input_bytes of output. `name` is what messages name.
ProcessOutput run_git(const std::vector<std::string>& args, const std::string& name, const Limits& limits, std::string_view input = {}) {
    ProcessRequest request{{"git", "--no-pager", "--no-replace-objects", "-c", "protocol.allow=never"},
                           environment_with(git_overrides),
                           input,
                           limits.git_timeout_seconds,
                           limits.max_input_bytes + 4096};
    request.argv.insert(request.argv.end(), args.begin(), args.end());
    auto result = run_process(request, name);
    if (result.end == ProcessEnd::timed_out)
        fail_file(name, "git did not finish within " + std::to_string(limits.git_timeout_seconds) + " seconds (" +
                            limit_hint("git-timeout") + ")");
    if (result.end == ProcessEnd::too_large) fail_file(name, too_large_message(limits));
    return result;
}

std::string checked_git(const std::vector<std::string>& args, const std::string& name, const Limits& limits, std::string_view input = {}) {
    auto result = run_git(args, name, limits, input);
    if (result.exit_code == 0) return std::move(result.out);
    if (result.err.find("promisor remote") != std::string::npos || result.err.find("lazy fetching disabled") != std::string::npos)
        fail_file(name, "an object " + std::string(not_in_clone));
    fail_file(name, "cannot read from git: " + reason_of(result.err, "git"));
}

// One entry of a tree, as `git ls-tree -l` lists it.
struct TreeEntry {
    std::string mode;
    std::string type;  // blob, tree or commit (a submodule)
    std::string object;
    std::uint64_t size = 0;
    std::string path;  // relative to the tree listed
};

std::vector<TreeEntry> list_tree(const std::string& tree, bool recursive, const std::string& name, const Limits& limits) {
    std::vector<std::string> args{"ls-tree", "-z", "-l"};
    if (recursive) args.emplace_back("-r");
    args.emplace_back("--end-of-options");
    args.push_back(tree);
    const auto listing = checked_git(args, name, limits);
    std::vector<TreeEntry> entries;
    for (std::size_t start = 0; start < listing.size();) {
        auto end = listing.find('\0', start);
        if (end == std::string::npos) end = listing.size();
        const std::string_view line(listing.data() + start, end - start);
        start = end + 1;
        const auto tab = line.find('\t');
        if (tab == std::string_view::npos) continue;
        TreeEntry entry;
        std::string_view fields = line.substr(0, tab);
        std::array<std::string_view, 4> parts{};
        for (auto& part : parts) {
            fields = fields.substr(std::min(fields.find_first_not_of(' '), fields.size()));
            const auto space = std::min(fields.find(' '), fields.size());
            part = fields.substr(0, space);
            fields = fields.substr(space);
        }
        entry.mode = parts[0];
        entry.type = parts[1];
        entry.object = parts[2];
        entry.size = parts[3] == "-" ? 0 : std::strtoull(std::string(parts[3]).c_str(), nullptr, 10);
        entry.path = line.substr(tab + 1);
        entries.push_back(std::move(entry));
    }
    return entries;
}

// The blobs `objects` name, in order, from one `git cat-file --batch`.
std::vector<std::string> read_blobs(const std::vector<std::string>& objects, const std::vector<std::string>& names, const std::string& name,
                                    const Limits& limits) {
    if (objects.empty()) return {};
    std::string input;
    for (const auto& object : objects) input += object + "\n";
    const auto output = checked_git({"cat-file", "--batch"}, name, limits, input);
    std::vector<std::string> blobs;
    std::size_t at = 0;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const auto header_end = output.find('\n', at);
        const std::string_view header =
            header_end == std::string::npos ? std::string_view() : std::string_view(output).substr(at, header_end - at);
        if (header.ends_with(" missing")) fail_file(names[i], "the blob " + std::string(not_in_clone));
        const auto last_space = header.rfind(' ');
        if (header_end == std::string::npos || last_space == std::string_view::npos)
            fail_file(names[i], "cannot read from git: unexpected output");
        const auto size = std::strtoull(std::string(header.substr(last_space + 1)).c_str(), nullptr, 10);
        at = header_end + 1;
        if (at + size > output.size()) fail_file(names[i], "cannot read from git: output cut short");
        blobs.emplace_back(output.substr(at, size));
        at += size + 1;
    }
    return blobs;
}

void refuse_link_or_submodule(const TreeEntry& entry, const std::string& name) {
    if (entry.mode == "120000") fail_file(name, "is a symbolic link in the git tree; kompat never follows a link out of a snapshot");
    if (entry.type == "commit") fail_file(name, "is a submodule; kompat reads only the repository's own files");
}

// REV and the path inside its tree ("" for the root), from `REV:PATH`.
struct RevisionPath {
    std::string revision;
    std::string path;
};

RevisionPath split_rev_path(std::string_view rev_path, const std::string& argument) {
    const auto colon = rev_path.find(':');
    RevisionPath out{std::string(rev_path.substr(0, colon)), ""};
    if (out.revision.empty() || out.revision.front() == '-')
        fail_file(argument, "not a git revision: a revision may not be empty or start with '-'");
    auto path = fs::path(std::string(rev_path.substr(colon + 1))).lexically_normal();
    if (path.is_absolute() || (!path.empty() && *path.begin() == ".."))
        fail_file(argument, "the path after REV: must stay inside the repository");
    out.path = path.generic_string();
    while (!out.path.empty() && out.path.back() == '/') out.path.pop_back();
    if (out.path == ".") out.path.clear();
    return out;
}

std::string tree_of(const RevisionPath& at) { return at.revision + ":" + at.path; }

// The entry `at` names, from a listing of its parent tree.
TreeEntry find_entry(const RevisionPath& at, const std::string& name, const Limits& limits) {
    const auto path = fs::path(at.path);
    const RevisionPath parent{at.revision, path.parent_path().generic_string()};
    const auto leaf = path.filename().string();
    for (auto& entry : list_tree(tree_of(parent), false, name, limits))
        if (entry.path == leaf) return entry;
    fail_file(name, "no such file or directory at that revision");
}

}  // namespace

RevisionCheck check_git_revision(std::string_view revision, const Limits& limits) {
    using Outcome = RevisionCheck::Outcome;
    if (revision.empty() || revision.front() == '-') return {Outcome::unknown, {}};
    try {
        // --verify --quiet: exit 1 and nothing said for a revision it does not know; any
        // other failure (no repository, dubious ownership) is a fatal: line and exit 128.
        const auto result = run_git({"rev-parse", "--verify", "--quiet", "--end-of-options", std::string(revision) + "^{tree}"},
                                    std::string(revision), limits);
        if (result.exit_code == 0) return {Outcome::resolves, {}};
        if (result.exit_code == 1 && result.err.empty()) return {Outcome::unknown, {}};
        return {Outcome::failed, reason_of(result.err, "git")};
    } catch (const InputError& error) {
        return {Outcome::failed, error.what()};  // git missing or timed out
    }
}

SourceSet read_git_source(std::string_view argument, std::string_view rev_path, const Limits& limits) {
    SourceSet set;
    set.argument = std::string(argument);
    set.origin = SourceOrigin::git;
    const auto at = split_rev_path(rev_path, set.argument);
    set.revision = at.revision;
    const auto prefix = at.revision + ":" + (at.path.empty() ? "" : at.path + "/");
    if (!at.path.empty()) {
        const auto entry = find_entry(at, set.argument, limits);
        refuse_link_or_submodule(entry, set.argument);
        if (entry.type == "blob") {
            set.root = fs::path(at.path).parent_path().generic_string();
            const auto name = tree_of(at);
            check_file_name(name);
            charge_budget(name, entry.size, limits, set.used);
            set.files.push_back({name, std::move(read_blobs({entry.object}, {name}, name, limits).front())});
            return set;
        }
    }
    set.is_directory = true;
    set.root = at.path;
    std::vector<TreeEntry> specs;
    for (auto& entry : list_tree(tree_of(at), true, set.argument, limits)) {
        if (!has_spec_extension(entry.path)) continue;
        const auto name = prefix + entry.path;
        check_file_name(name);
        refuse_link_or_submodule(entry, name);
        check_listed_files(specs.size() + 1, set.argument, limits);
        specs.push_back(std::move(entry));
    }
    std::sort(specs.begin(), specs.end(), [](const TreeEntry& a, const TreeEntry& b) { return a.path < b.path; });
    std::vector<std::string> objects;
    std::vector<std::string> names;
    for (const auto& entry : specs) {
        names.push_back(prefix + entry.path);
        charge_budget(names.back(), entry.size, limits, set.used);
        objects.push_back(entry.object);
    }
    auto blobs = read_blobs(objects, names, set.argument, limits);
    for (std::size_t i = 0; i < blobs.size(); ++i) set.files.push_back({std::move(names[i]), std::move(blobs[i])});
    return set;
}

SourceFile read_git_file(const std::string& name, const Limits& limits, ReadBudget& used) {
    const auto at = split_rev_path(name, name);
    const auto entry = find_entry(at, name, limits);
    refuse_link_or_submodule(entry, name);
    if (entry.type != "blob") fail_file(name, "is a directory at that revision, not a file");
    charge_budget(name, entry.size, limits, used);
    return {name, std::move(read_blobs({entry.object}, {name}, name, limits).front())};
}

}  // namespace kompat
