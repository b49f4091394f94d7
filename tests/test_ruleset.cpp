// Rule sets: every verdict change documented, and a pinned check judging as its set did.
#include "rules/ruleset.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::test::read_file;
using kompat::test::run;

TEST_CASE("rule sets: every verdict change is listed in docs/rulesets.md under its rule set") {
    const auto docs = read_file(fs::path(kompat::test::source_dir()) / "docs" / "rulesets.md");
    CHECK(docs.find("## Rule set " + std::to_string(kompat::current_ruleset) + " (this release)") != std::string::npos);
    for (const auto& row : kompat::verdict_changes()) {
        INFO(row.why);
        CHECK(docs.find("## Rule set " + std::to_string(row.since)) != std::string::npos);
        CHECK(docs.find("| " + std::string(row.why) + " |") != std::string::npos);
    }
    for (const auto& row : kompat::severity_changes()) {
        INFO(row.why);
        CHECK(docs.find("## Rule set " + std::to_string(row.since)) != std::string::npos);
        CHECK(docs.find("| " + std::string(row.why) + " | " + std::string(row.was) + " |") != std::string::npos);
        CHECK(docs.find("`" + std::string(kompat::to_string(row.kind)) + "`") != std::string::npos);
    }
}

TEST_CASE("rule sets: a check pinned to an older set gives its verdicts, and an unknown set is refused") {
    const auto golden = fs::path(kompat::test::source_dir()) / "golden";
    const auto check = [&](const std::string& name, const std::string& options) {
        return run("cd '" + (golden / name).string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() +
                   "' check old.json new.json --format json " + options);
    };
    // A rule set 3 verdict (info), as rule set 2 gave it (an error).
    CHECK(check("cel-rule-implied-by-schema", "").exit_code == 0);
    const auto pinned = check("cel-rule-implied-by-schema", "--rules-version 2");
    CHECK(pinned.exit_code == 1);
    CHECK(pinned.out.find("\"rule\": \"cel-rules-tightened\"") != std::string::npos);
    CHECK(pinned.out.find("rule set 2 pinned by --rules-version (this kompat's own is 4") != std::string::npos);
    // Values added together: one finding now, one a value under rule set 2.
    const auto split = check("enum-values-added-together-are-one-finding", "--rules-version 2");
    CHECK(kompat::test::count_of(split.out, "\"rule\": \"enum-value-added\"") == 2);
    // Not reported before rule set 3.
    const auto unreported = check("crd-version-deprecated", "--rules-version 2");
    CHECK(unreported.out.find("\"rule\": \"crd-version-deprecated\"") == std::string::npos);
    // What the pinned set does not report is counted in its policy note.
    CHECK(unreported.out.find("1 finding(s) lowered: crd-version-deprecated") != std::string::npos);
    CHECK(check("version-not-bumped", "--rules-version 2").out.find("\"rule\": \"version-not-bumped\"") == std::string::npos);
    // A bound relaxed on status: a warning now, an error under rule set 3.
    const auto relaxed = check("role-status-max-items-relaxed-is-a-warning", "");
    CHECK(relaxed.exit_code == 0);
    CHECK(relaxed.out.find("\"severity\": \"warning\"") != std::string::npos);
    const auto relaxed_pinned = check("role-status-max-items-relaxed-is-a-warning", "--rules-version 3");
    CHECK(relaxed_pinned.exit_code == 1);
    CHECK(relaxed_pinned.out.find("\"severity\": \"error\"") != std::string::npos);
    // The current set is the default.
    CHECK(check("cel-rule-implied-by-schema", "--rules-version 4").out == check("cel-rule-implied-by-schema", "").out);
    // Unknown sets are bad usage.
    const auto unknown = check("cel-rule-implied-by-schema", "--rules-version 9");
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.out.empty());
}
