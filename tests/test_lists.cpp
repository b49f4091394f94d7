// The lists kept by hand outside the tables they copy, checked against them: the commands
// (kompat --help), the report formats (check --help) in docs/commands.md, action.yml and the
// Action's script, the source files CMake compiles, and
// the golden cases' command lines in golden/arguments.sh and tests/test_support.hpp.
#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::test::read_file;
using kompat::test::run;

namespace {

std::string source(const std::string& relative) { return read_file(fs::path(kompat::test::source_dir()) / relative); }

std::string help_of(const std::string& command) { return run("'" + kompat::test::kompat_binary() + "' " + command + " --help").out; }

std::set<std::string> split(const std::string& text, char separator) {
    std::set<std::string> out;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, separator);) {
        item.erase(0, item.find_first_not_of(" \t"));
        item.erase(item.find_last_not_of(" \t") + 1);
        if (!item.empty()) out.insert(item);
    }
    return out;
}

// The first match's group 1 in `text`, or "" (the test then fails on the comparison).
std::string first_group(const std::string& text, const std::string& pattern) {
    std::smatch match;
    return std::regex_search(text, match, std::regex(pattern)) ? match[1].str() : std::string();
}

// The formats check takes, as its --help lists them: {text,json,…}.
std::set<std::string> check_formats() { return split(first_group(help_of("check"), R"(--format TEXT:\{([a-z,-]+)\})"), ','); }

}  // namespace

TEST_CASE("lists: the commands kompat --help lists each have their help, exit codes and examples") {
    const auto help = help_of("");
    const auto listed = help.substr(help.find("Subcommands:"));
    std::set<std::string> commands;
    static const std::regex line(R"(\n  ([a-z]+) +[A-Z])");
    for (auto it = std::sregex_iterator(listed.begin(), listed.end(), line); it != std::sregex_iterator(); ++it) commands.insert((*it)[1]);
    CHECK(commands == std::set<std::string>{"check", "diff", "changelog", "lint", "validate", "inspect", "explain", "history", "rules"});
    for (const auto& name : commands) {
        INFO(name);
        const auto text = help_of(name);
        CHECK(text.find("Exit codes: 0 ") != std::string::npos);
        CHECK(text.find("Examples:\n") != std::string::npos);
        CHECK(source("docs/commands.md").find("### `kompat " + name) != std::string::npos);
        CHECK(source("README.md").find("| `kompat " + name) != std::string::npos);
    }
}

TEST_CASE("lists: the report formats of docs/commands.md, action.yml and the Action's script are check's") {
    const auto formats = check_formats();
    REQUIRE(formats.size() >= 7);
    // The synopsis of check in docs/commands.md.
    CHECK(split(first_group(source("docs/commands.md"), R"(### `kompat check OLD NEW \[--format ([a-z|]+) )"), '|') == formats);
    // The Action always writes github (annotations), markdown (the summary) and sarif; its
    // `format` input is any other, or one of those again, as the script accepts.
    auto for_the_log = formats;
    for_the_log.erase("github");
    CHECK(split(first_group(source("scripts/github-action.sh"), R"(\n  ([a-z|]+)\) ;;)"), '|') == for_the_log);
    const auto declared = first_group(source("action.yml"), R"(The report shown in the log[^:]*: ([a-z, ]+)\.)");
    CHECK(split(std::regex_replace(declared, std::regex(" or "), ","), ',') == for_the_log);
}

// CMake finds a stage's files by folder (file(GLOB) over each stage, tests/test_*.cpp,
// bench/, fuzz/fuzz_*.cpp): every source file of those folders is compiled, none by a list
// that could leave one out. The build's compile_commands.json says what was compiled; in a
// unity build (KOMPAT_UNITY) a file is compiled through CMake's Unity/unity_N_cxx.cxx, which
// includes it by its path.
TEST_CASE("lists: every source file of the stage folders, the tests and the benchmarks is compiled") {
    const auto build = fs::path(kompat::test::kompat_binary()).parent_path();
    auto commands = read_file(build / "compile_commands.json");
    const std::regex unity_source(R"re("file": "([^"]*/Unity/unity_[0-9]+_cxx\.cxx)")re");
    std::string included;
    for (std::sregex_iterator it(commands.begin(), commands.end(), unity_source), end; it != end; ++it) {
        const auto text = read_file((*it)[1].str());
        const std::regex include(R"re(#include "([^"]+)")re");
        for (std::sregex_iterator in(text.begin(), text.end(), include); in != end; ++in)
            included += "\"file\": \"" + (*in)[1].str() + "\"\n";
    }
    commands += included;
    std::size_t files = 0;
    for (const auto* folder : {"support", "model", "load", "diff", "objects", "rules", "history", "report", "cli", "tests", "bench"}) {
        for (const auto& entry : fs::directory_iterator(fs::path(kompat::test::source_dir()) / folder)) {
            if (entry.path().extension() != ".cpp") continue;
            INFO(entry.path().string());
            CHECK(commands.find("\"file\": \"" + entry.path().string() + "\"") != std::string::npos);
            ++files;
        }
    }
    CHECK(files > 100);
    // Every harness is a fuzz/fuzz_*.cpp, which is what CMake builds and fuzz/run.sh runs.
    for (const auto& entry : fs::directory_iterator(fs::path(kompat::test::source_dir()) / "fuzz"))
        if (entry.path().extension() == ".cpp") CHECK(entry.path().filename().string().starts_with("fuzz_"));
}

TEST_CASE("lists: the golden tests run each case as golden/update.sh does") {
    const auto golden = fs::path(kompat::test::source_dir()) / "golden";
    std::size_t cases = 0;
    for (const auto& entry : fs::directory_iterator(golden)) {
        const auto name = entry.path().filename().string();
        if (!kompat::test::is_rule_case(entry)) continue;
        INFO(name);
        CHECK(run("'" + (golden / "arguments.sh").string() + "' '" + entry.path().string() + "'").out ==
              kompat::test::golden_arguments(entry.path()) + "\n");
        ++cases;
    }
    CHECK(cases > 90);
}
