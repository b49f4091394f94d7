#pragma once
// Helpers shared by the tests: in-memory snapshots, temporary directories, running
// the kompat binary.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/rule_table.hpp"
#include "support/input_error.hpp"
#include "load/snapshot_loader.hpp"

namespace kompat::test {

inline SourceSet sources(std::vector<SourceFile> files, bool directory = false) {
    SourceSet set;
    set.argument = directory ? "mem" : files.front().name;
    set.is_directory = directory;
    set.root = directory ? "mem" : "";
    set.files = std::move(files);
    return set;
}

inline Snapshot load_text(const std::string& name, const std::string& text, const Limits& limits = {}) {
    return load_snapshot(sources({{name, text}}), limits);
}

// The InputError that loading `text` raises, as `file:line:col: message`.
inline std::string load_error(const std::string& name, const std::string& text, const Limits& limits = {}) {
    try {
        load_text(name, text, limits);
    } catch (const InputError& error) {
        return error.describe();
    }
    return "(no error)";
}

inline std::string load_error(const SourceSet& set, const Limits& limits = {}) {
    try {
        load_snapshot(set, limits);
    } catch (const InputError& error) {
        return error.describe();
    }
    return "(no error)";
}

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "kompat-test-XXXXXX").string();
        path_ = mkdtemp(pattern.data());
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    [[nodiscard]] const std::filesystem::path& path() const { return path_; }
    std::filesystem::path write(const std::string& relative, const std::string& text) const {
        const auto file = path_ / relative;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
        return file;
    }

private:
    std::filesystem::path path_;
};

// How many times `what` occurs in `text`, overlapping occurrences too.
inline std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t count = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
    return count;
}

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

struct RunResult {
    int exit_code = -1;
    std::string out;
    std::string err;
};

// Runs `command` in a shell (the tests' own commands only), capturing both streams.
inline RunResult run(const std::string& command) {
    TempDir dir;
    const auto out = dir.path() / "out";
    const auto err = dir.path() / "err";
    const auto full = command + " > '" + out.string() + "' 2> '" + err.string() + "'";
    const int status = std::system(full.c_str());
    RunResult result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = read_file(out);
    result.err = read_file(err);
    return result;
}

inline std::string kompat_binary() { return KOMPAT_BINARY; }
inline std::string source_dir() { return KOMPAT_SOURCE_DIR; }

// `kompat ARGS` run from `dir` (arguments as a shell reads them).
inline RunResult run_kompat_in(const std::filesystem::path& dir, const std::string& args) {
    return run("cd '" + dir.string() + "' && '" + kompat_binary() + "' " + args);
}

// `kompat ARGS` run from `dir`, with its peak resident set in bytes, as its own parent
// reads it: a small process started afresh (tests/peak_rss.cpp), so that the figure is
// kompat's alone, whichever process of the suite runs it.
struct MeasuredRun {
    RunResult result;
    double peak_bytes = 0;
};
inline MeasuredRun run_kompat_measured(const std::filesystem::path& dir, const std::string& args) {
    TempDir report;
    const auto figure = report.path() / "peak";
    MeasuredRun measured;
    measured.result = run("cd '" + dir.string() + "' && '" + std::string(KOMPAT_PEAK_RSS_BINARY) + "' '" + figure.string() + "' '" +
                          kompat_binary() + "' " + args);
    const auto text = read_file(figure);
    measured.peak_bytes = text.empty() ? -1 : std::stod(text);
    return measured;
}

// Issue 38's bound on a run's peak memory: 6 times its input plus 64 MB (10^6 bytes).
inline double peak_memory_ceiling(double input_bytes) { return 6.0 * input_bytes + 64e6; }

// The kompat command and inputs of the golden case in `dir`, run from that folder
// (golden/update.sh): `check old.json new.json`, judged against release.json when there is
// one, with a cluster's CRDs from cluster.json when there is one; `lint spec.json` for a one-snapshot case; and with objects.yaml, the
// objects validated too (`check … --objects`, or `validate spec.json --objects`). (golden/arguments.sh says the same for update.sh;
// tests/test_lists.cpp checks they agree.)
// A folder of golden/ that is one generated rule case, not golden/explain/,
// golden/changelog/, golden/charts/ or golden/history/ (cases written by hand, with tests of their own).
inline bool is_rule_case(const std::filesystem::directory_entry& entry) {
    const auto name = entry.path().filename();
    return entry.is_directory() && name != "explain" && name != "changelog" && name != "charts" && name != "history";
}

inline std::string golden_arguments(const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    const bool objects = fs::exists(dir / "objects.yaml");
    std::string out = fs::exists(dir / "spec.json") ? (objects ? "validate spec.json" : "lint spec.json") : "check old.json new.json";
    if (fs::exists(dir / "release.json")) out += " --release release.json";
    if (fs::exists(dir / "cluster.json")) out += " --cluster cluster.json";
    if (objects) out += " --objects objects.yaml";
    return out;
}

// The shared corpus beside the checkout, or "" when it is absent.
inline std::string corpus_dir() {
    const auto path = std::filesystem::path(KOMPAT_SOURCE_DIR) / ".." / "shared" / "corpus";
    return std::filesystem::is_directory(path) ? path.lexically_normal().string() : std::string();
}

// True when ../shared/corpus is beside the checkout; otherwise says (once a test) that
// the test is skipped.
inline bool corpus_present() {
    if (!corpus_dir().empty()) return true;
    WARN("../shared/corpus is absent beside the checkout: corpus tests skipped");
    return false;
}

// For a test that is about the corpus alone: true when it is there. When it is absent,
// under ctest (which sets KOMPAT_TEST_SKIP_CODE and reads that exit code as "skipped")
// the test says so and ends as skipped, never as passed; run by hand, it warns and the
// caller returns.
inline bool require_corpus() {
    if (!corpus_dir().empty()) return true;
    if (const char* code = std::getenv("KOMPAT_TEST_SKIP_CODE"); code != nullptr && *code != '\0') {
        std::printf("skipped: ../shared/corpus is absent beside the checkout\n");
        std::fflush(stdout);
        std::_Exit(std::atoi(code));
    }
    return corpus_present();
}

// `v1.2.3` → {1, 2, 3}, to sort release directories.
inline std::vector<int> version_numbers(const std::string& tag) {
    std::vector<int> out;
    std::string part;
    for (const char c : tag.substr(1) + ".") {
        if (c == '.') {
            out.push_back(std::stoi(part));
            part.clear();
        } else {
            part += c;
        }
    }
    return out;
}

// Consecutive releases of every project of the corpus, as (old, new) snapshot paths.
inline std::vector<std::pair<std::string, std::string>> corpus_consecutive_pairs() {
    std::vector<std::pair<std::string, std::string>> pairs;
    const auto sorted_children = [](const std::filesystem::path& dir) {
        std::vector<std::string> names;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) names.push_back(entry.path().filename().string());
        std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return version_numbers(a) < version_numbers(b); });
        return names;
    };
    const std::filesystem::path root = corpus_dir();
    const auto releases = sorted_children(root / "kubernetes");
    for (std::size_t i = 0; i + 1 < releases.size(); ++i) {
        const auto a = root / "kubernetes" / releases[i];
        const auto b = root / "kubernetes" / releases[i + 1];
        pairs.emplace_back((a / "v3").string(), (b / "v3").string());
        if (std::filesystem::exists(a / "swagger.json") && std::filesystem::exists(b / "swagger.json"))
            pairs.emplace_back((a / "swagger.json").string(), (b / "swagger.json").string());
    }
    for (const auto* project : {"cert-manager", "prometheus-operator", "gateway-api"}) {
        const auto tags = sorted_children(root / "crds" / project);
        for (std::size_t i = 0; i + 1 < tags.size(); ++i) {
            const auto a = root / "crds" / project / tags[i];
            const auto b = root / "crds" / project / tags[i + 1];
            if (std::string(project) != "gateway-api") {
                pairs.emplace_back(a.string(), b.string());
                continue;
            }
            for (const auto* sub : {"standard", "experimental"})
                if (std::filesystem::is_directory(a / sub) && std::filesystem::is_directory(b / sub))
                    pairs.emplace_back((a / sub).string(), (b / sub).string());
        }
    }
    pairs.emplace_back((root / "openapi3/stripe/v100/spec3.json").string(), (root / "openapi3/stripe/v127/spec3.json").string());
    return pairs;
}

}  // namespace kompat::test

namespace Catch {
template <>
struct StringMaker<kompat::TextPosition> {
    static std::string convert(const kompat::TextPosition& p) { return std::to_string(p.line) + ":" + std::to_string(p.column); }
};
}  // namespace Catch

namespace kompat {

// A finding's rule prints as its id (in a failed assertion, in INFO).
inline std::ostream& operator<<(std::ostream& out, const RuleRef& rule) { return out << rule.id(); }

}  // namespace kompat
