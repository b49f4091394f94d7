// Every golden case: its reports are byte for byte the expected ones, and the rule ids
// it produces are exactly those its `rules` file names. And the rule table, the golden
// cases and docs/rules.md stay in step.
#include <boost/json/parse.hpp>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>

#include "rules/rule_table.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::test::read_file;
using kompat::test::run;

namespace {

fs::path golden_dir() { return fs::path(kompat::test::source_dir()) / "golden"; }

std::vector<fs::path> cases() {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(golden_dir()))
        if (kompat::test::is_rule_case(entry)) out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::set<std::string> lines_of(const std::string& text) {
    std::set<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) out.insert(line);
    return out;
}

}  // namespace

// Each case is its own ctest test (CMakeLists.txt adds one a case directory, naming it in
// KOMPAT_GOLDEN_CASE; without it, every case runs), so one failing case hides no other.
// Hidden from a bare run of kompat_tests, which would otherwise run every case twice.
TEST_CASE("golden: one case gives its expected reports and exactly its rules", "[.golden]") {
    const auto* only = std::getenv("KOMPAT_GOLDEN_CASE");
    auto chosen = cases();
    if (only != nullptr) {
        std::erase_if(chosen, [&](const fs::path& dir) { return dir.filename() != only; });
        INFO("KOMPAT_GOLDEN_CASE=" << only);
        REQUIRE(chosen.size() == 1);
    }
    for (const auto& dir : chosen) {
        const auto name = dir.filename().string();
        INFO("golden case " << name);
        {
            const auto arguments = kompat::test::golden_arguments(dir);
            const auto space = arguments.find(' ');
            const auto args = arguments.substr(0, space);
            const auto inputs = arguments.substr(space);
            const auto prefix = "cd '" + dir.string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() + "' " + args;
            // expected.<format> is the report of `--format <format>` (golden/update.sh): every
            // case holds json and text, a few the other formats. Text lists every finding
            // (--show info), so each case's sentence is asserted; the others run with their
            // defaults.
            REQUIRE(fs::exists(dir / "expected.json"));
            REQUIRE(fs::exists(dir / "expected.text"));
            for (const auto& entry : fs::directory_iterator(dir)) {
                const auto file = entry.path().filename().string();
                if (!file.starts_with("expected.")) continue;
                const auto format = file.substr(std::string_view("expected.").size());
                INFO(file);
                const auto report = run(prefix + " --format " + format + (format == "text" ? " --show info" : "") + inputs);
                CHECK(report.err.empty());
                CHECK((report.exit_code == 0 || report.exit_code == 1));
                CHECK(report.out == read_file(entry.path()));
            }
            const auto json = run(prefix + " --format json" + inputs);
            std::set<std::string> produced;
            const auto report = boost::json::parse(json.out);
            for (const auto& finding : report.at("findings").as_array()) produced.insert(std::string(finding.at("rule").as_string()));
            CHECK(produced == lines_of(read_file(dir / "rules")));
        }
    }
}

TEST_CASE("golden: the cases are there, each with its expected reports") {
    const auto all = cases();
    REQUIRE(all.size() > 90);
    for (const auto& dir : all) {
        INFO(dir.filename().string());
        CHECK(fs::exists(dir / "expected.json"));
        CHECK(fs::exists(dir / "expected.text"));
        CHECK(fs::exists(dir / "rules"));
    }
}

TEST_CASE("golden: every rule of the table has a case named after it") {
    for (const auto& rule : kompat::rule_table()) {
        INFO(rule.id);
        CHECK(fs::is_directory(golden_dir() / std::string(rule.id)));
        CHECK(lines_of(read_file(golden_dir() / std::string(rule.id) / "rules")).contains(std::string(rule.id)));
    }
}

TEST_CASE("golden: every change kind is judged by exactly one rule"){
#define KOMPAT_CHECK_KIND(name, text)                                                                 \
    {                                                                                                 \
        int judged = 0;                                                                               \
        for (const auto& rule : kompat::rule_table())                                                 \
            for (const auto& entry : rule.judges) judged += entry.change == kompat::ChangeKind::name; \
        INFO(text);                                                                                   \
        CHECK(judged == 1);                                                                           \
    }
    KOMPAT_CHANGE_KINDS(KOMPAT_CHECK_KIND)
#undef KOMPAT_CHECK_KIND
}

TEST_CASE("docs/rules.md documents every rule with its default severity, and nothing else") {
    const auto docs = read_file(fs::path(kompat::test::source_dir()) / "docs" / "rules.md");
    const std::regex heading(R"(### ([a-z-]+)\n[\s\S]*?Default severity: (error|warning|info))");
    std::map<std::string, std::string> documented;
    for (auto it = std::sregex_iterator(docs.begin(), docs.end(), heading); it != std::sregex_iterator(); ++it)
        documented[(*it)[1]] = (*it)[2];
    std::map<std::string, std::string> table;
    for (const auto& rule : kompat::rule_table()) table[std::string(rule.id)] = std::string(kompat::to_string(rule.default_severity()));
    CHECK(documented == table);
}
