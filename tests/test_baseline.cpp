// Accepting known breaks with a baseline file: round trip, only new findings shown,
// stale entries reported, malformed files refused with their line and column.
#include "rules/baseline.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::RuleRef;
using kompat::test::read_file;
using kompat::test::run;

namespace {

struct Pair {
    kompat::test::TempDir dir;
    Pair() {
        const auto golden = fs::path(kompat::test::source_dir()) / "golden" / "field-removed";
        dir.write("old.json", read_file(golden / "old.json"));
        dir.write("new.json", read_file(golden / "new.json"));
    }
    [[nodiscard]] kompat::test::RunResult check(const std::string& options, const std::string& new_file = "new.json") const {
        return run("cd '" + dir.path().string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() + "' check old.json " + new_file +
                   " " + options);
    }
};

}  // namespace

TEST_CASE("baseline: written, then the same check is clean, and a new break alone shows") {
    Pair pair;
    const auto before = pair.check("");
    REQUIRE(before.exit_code == 1);
    const auto written = pair.check("--write-baseline accepted.txt");
    CHECK(written.exit_code == 0);
    const auto baseline = read_file(pair.dir.path() / "accepted.txt");
    CHECK(baseline.find("87fe3d760ad5a15c field-removed com.example.v1.WidgetSpec .paused  # field removed\n") != std::string::npos);

    const auto clean = pair.check("--baseline accepted.txt --format json");
    CHECK(clean.exit_code == 0);
    CHECK(clean.out.find("\"findings\": []") != std::string::npos);
    CHECK(clean.out.find("1 finding(s) accepted by the baseline accepted.txt") != std::string::npos);

    // One more break in the new snapshot: only it is reported.
    auto changed = read_file(pair.dir.path() / "new.json");
    const auto at = changed.find("\"type\": \"integer\"");
    REQUIRE(at != std::string::npos);
    changed.replace(at, std::string("\"type\": \"integer\"").size(), "\"type\": \"string\"");
    pair.dir.write("changed.json", changed);
    const auto one_new = pair.check("--baseline accepted.txt --format json", "changed.json");
    CHECK(one_new.exit_code == 1);
    CHECK(one_new.out.find("\"rule\": \"type-changed\"") != std::string::npos);
    CHECK(one_new.out.find("\"rule\": \"field-removed\"") == std::string::npos);
}

TEST_CASE("baseline: entries that accept nothing any more are reported as stale") {
    Pair pair;
    REQUIRE(pair.check("--write-baseline accepted.txt").exit_code == 0);
    const auto same = pair.check("--baseline accepted.txt", "old.json");
    CHECK(same.exit_code == 0);
    CHECK(same.out.find("note: stale baseline entry at accepted.txt:3: 87fe3d760ad5a15c field-removed com.example.v1.WidgetSpec .paused "
                        "accepts no finding any more") != std::string::npos);
}

TEST_CASE("baseline: the written file holds findings at or above a severity, sorted by place, and reads back") {
    kompat::Finding a;
    a.rule = RuleRef::named("field-removed");
    a.fingerprint = "bbbbbbbbbbbbbbbb";
    a.kind = "v1 Pod";
    a.path = ".spec.x";
    a.message = "field removed";
    auto b = a;
    b.fingerprint = "aaaaaaaaaaaaaaaa";
    b.message = "two\nlines";
    auto c = a;  // an earlier place, a later fingerprint: places come first
    c.fingerprint = "cccccccccccccccc";
    c.path = ".spec.a";
    auto info = a;
    info.severity = kompat::Severity::info;
    info.fingerprint = "dddddddddddddddd";
    const auto written = kompat::write_baseline({a, b, c, info}, kompat::Severity::error);
    CHECK(written.entries == 3);
    const auto& text = written.text;
    CHECK(text.ends_with(
        "cccccccccccccccc field-removed v1 Pod .spec.a  # field removed\n"
        "aaaaaaaaaaaaaaaa field-removed v1 Pod .spec.x  # two lines\nbbbbbbbbbbbbbbbb field-removed v1 Pod .spec.x  # field removed\n"));
    CHECK(kompat::write_baseline({a, b, c, info}, kompat::Severity::info).entries == 4);
    const auto entries = kompat::parse_baseline({"b.txt", text});
    REQUIRE(entries.size() == 3);
    CHECK(entries[1].fingerprint == "aaaaaaaaaaaaaaaa");
    CHECK(entries[1].rule == "field-removed");
    CHECK(entries[1].place == "v1 Pod .spec.x");
    CHECK(entries[1].reason == "two lines");
    CHECK(entries[1].position == kompat::TextPosition{4, 1});
}

TEST_CASE("baseline: a malformed entry is refused with its line and column") {
    const auto error = [](const std::string& text) {
        try {
            kompat::parse_baseline({"b.txt", text});
        } catch (const kompat::InputError& e) {
            return e.describe();
        }
        return std::string("(no error)");
    };
    CHECK(error("# only comments\n\n") == "(no error)");
    CHECK(error("\n  zzz field-removed x\n") == "b.txt:2:3: a baseline entry starts with a finding's 16-digit fingerprint, not \"zzz\"");
    CHECK(error("87fe3d760ad5a15c no-such-rule x  # why\n") == "b.txt:1:18: unknown rule \"no-such-rule\" (docs/rules.md lists them)");
    CHECK(error("87fe3d760ad5a15c\n") == "b.txt:1:17: a baseline entry names its rule after the fingerprint");
    CHECK(error("87fe3d760ad5a15c field-removed  # why\n") == "b.txt:1:18: a baseline entry names the place of its finding after the rule");
    // The first format's 12-digit entries: a migration message, not "stale" for every one.
    CHECK(error("d6db4195bd55 field-removed v1 Pod .spec.x\n")
              .starts_with(
                  "b.txt:1:1: a 12-digit fingerprint of kompat's first baseline format, which matched on 48 bits and the rule alone; "));
    // Places and reasons reach every report: bytes that are not UTF-8 are refused where they stand.
    CHECK(error("87fe3d760ad5a15c field-removed v1 Pod .spec.x\n87fe3d760ad5a15c field-removed v1 Pod .spec.\xff  # r\n") ==
          "b.txt:2:45: not UTF-8: a baseline file is UTF-8 text");
    CHECK(error(std::string("87fe3d760ad5a15c field-removed v1 Pod .spec.x  # r\0\n", 52)) ==
          "b.txt:1:51: a NUL byte: a baseline file is text");
    // A `#` inside the place is the place's; the reason starts at a `#` after a blank.
    const auto entries = kompat::parse_baseline({"b.txt", "87fe3d760ad5a15c field-removed v1 Pod .spec.a#b  # why #1\n"});
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].place == "v1 Pod .spec.a#b");
    CHECK(entries[0].reason == "why #1");

    Pair pair;
    pair.dir.write("bad.txt", "87fe3d760ad5a15c no-such-rule x\n");
    const auto result = pair.check("--baseline bad.txt");
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(result.err == "bad.txt:1:18: unknown rule \"no-such-rule\" (docs/rules.md lists them)\n");
    pair.dir.write("binary.txt", "87fe3d760ad5a15c field-removed \xc3\x28\n");
    const auto binary = pair.check("--baseline binary.txt --format json");
    CHECK(binary.exit_code == 2);
    CHECK(binary.out.empty());
    CHECK(binary.err == "binary.txt:1:32: not UTF-8: a baseline file is UTF-8 text\n");
}

// The place is what the reviewer read when accepting an entry: an entry whose fingerprint
// and rule are a finding's, but which names another place, accepts nothing and says so.
TEST_CASE("baseline: an entry accepts a finding only at the place it names") {
    Pair pair;
    pair.dir.write("elsewhere.txt", "87fe3d760ad5a15c field-removed com.example.v1.WidgetSpec .spec.harmless  # reviewed\n");
    const auto result = pair.check("--baseline elsewhere.txt");
    CHECK(result.exit_code == 1);
    CHECK(result.out.find("error field-removed") != std::string::npos);
    CHECK(result.out.find("note: baseline entry at elsewhere.txt:1 names com.example.v1.WidgetSpec .spec.harmless, but the finding of "
                          "its fingerprint stands at com.example.v1.WidgetSpec .paused: not accepted") != std::string::npos);
    CHECK(result.out.find("stale") == std::string::npos);
    // A fingerprint of 64 bits from SHA-1, the same on every run.
    const auto json = pair.check("--format json");
    CHECK(json.out.find("\"fingerprint\": \"87fe3d760ad5a15c\"") != std::string::npos);
}

TEST_CASE("baseline: reports print the line that accepts each error, and what the baseline accepted") {
    Pair pair;
    pair.dir.write("base.txt", "# the target branch's baseline: empty\n");
    const std::string line = "87fe3d760ad5a15c field-removed com.example.v1.WidgetSpec .paused  # REASON: why this break is accepted";
    // Not accepted yet: text, markdown and github show the line to add.
    const auto text = pair.check("--baseline base.txt");
    CHECK(text.exit_code == 1);
    CHECK(text.out.find("To accept an error on purpose, add its line to base.txt with the reason:\n    " + line + "\n") !=
          std::string::npos);
    CHECK(pair.check("--baseline base.txt --format markdown").out.find("```\n" + line + "\n```\n") != std::string::npos);
    CHECK(pair.check("--baseline base.txt --format github").out.find("%0Aaccept in base.txt: " + line) != std::string::npos);
    // Without a baseline, no such lines: the report stays as short as it was.
    CHECK(pair.check("").out.find("To accept") == std::string::npos);

    // The PR's baseline accepts it with a reason: the PR comment lists it as approved in this PR.
    pair.dir.write("pr.txt", "87fe3d760ad5a15c field-removed com.example.v1.WidgetSpec .paused  # retired with v2, see #1234\n");
    const auto approved = pair.check("--baseline pr.txt --baseline-base base.txt --format markdown");
    CHECK(approved.exit_code == 0);
    CHECK(approved.out.find("<summary><b>Approved in this PR</b>: 1 finding accepted by <code>pr.txt</code></summary>") !=
          std::string::npos);
    CHECK(approved.out.find("| `field-removed` | `com.example.v1.WidgetSpec .paused` | retired with v2, see `#1234` |") !=
          std::string::npos);
    // Once the base branch has the entry, it is accepted before, not approved here.
    const auto before = pair.check("--baseline pr.txt --baseline-base pr.txt --format markdown");
    CHECK(before.out.find("<b>Accepted before</b>: 1 finding") != std::string::npos);
    CHECK(before.out.find("Approved in this PR") == std::string::npos);
    // --baseline-base alone means nothing: refused.
    CHECK(pair.check("--baseline-base base.txt").exit_code == 2);
}
