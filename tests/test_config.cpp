// The configuration file: severities and off, ignores with globs and expiry, the rule
// set; every mistake in it an error with its line and column.
#include "rules/config.hpp"
#include "test_support.hpp"

namespace {

kompat::Config config_of(const std::string& text) { return kompat::parse_config({"k.yaml", text}, {}); }

std::string config_error(const std::string& text) {
    try {
        config_of(text);
    } catch (const kompat::InputError& error) {
        return error.describe();
    }
    return "(no error)";
}

kompat::Finding finding(const std::string& rule, const std::string& kind, const std::string& path, kompat::Severity severity) {
    kompat::Finding out;
    out.rule = kompat::RuleRef::named(rule);
    out.kind = kind;
    out.path = path;
    out.severity = severity;
    out.fingerprint = rule.substr(0, 3) + path;
    return out;
}

std::vector<std::string> rules_of(const std::vector<kompat::Finding>& findings) {
    std::vector<std::string> out;
    for (const auto& f : findings)
        out.push_back(std::string(f.rule.id()) + " " + std::string(kompat::to_string(f.severity)) + " " + f.path);
    return out;
}

}  // namespace

TEST_CASE("config: rule severities, off, and ignores by rule and location glob") {
    const auto config = config_of(R"(ruleset: 2
rules:
  description-changed: off
  field-removed: warning
ignores:
  - rule: enum-value-removed
    location: "v1 Pod .spec.*"
    reason: accepted in review
)");
    const std::vector<kompat::Finding> findings = {
        finding("field-removed", "v1 Pod", ".spec.a", kompat::Severity::error),
        finding("description-changed", "v1 Pod", ".spec.b", kompat::Severity::info),
        finding("enum-value-removed", "v1 Pod", ".spec.c.d", kompat::Severity::error),
        finding("enum-value-removed", "v1 Pod", ".status.e", kompat::Severity::error),
    };
    const auto outcome = kompat::apply_config(findings, config, "2026-11-22");
    CHECK(rules_of(outcome.findings) == std::vector<std::string>{"enum-value-removed error .status.e", "field-removed warning .spec.a"});
    CHECK(outcome.notes ==
          std::vector<std::string>{"ignore at k.yaml:6 (enum-value-removed v1 Pod .spec.*) ignored 1 finding(s): accepted in review"});
    // Each setting that lowers a verdict says so, with its count.
    CHECK(outcome.policy ==
          std::vector<std::string>{"rule description-changed turned off by k.yaml:3: 1 finding(s) not reported",
                                   "rule field-removed set to warning by k.yaml:4: 1 finding(s) lowered (1 of them error(s))"});
}

TEST_CASE("config: a setting that raises a rule leaves no policy note, one that can lower always does") {
    const auto config = config_of("rules:\n  description-changed: error\n  field-removed: info\n  type-changed: off\n");
    const std::vector<kompat::Finding> findings = {finding("description-changed", "v1 Pod", ".spec.b", kompat::Severity::info),
                                                   finding("field-removed", "v1 Pod", ".status.a", kompat::Severity::info)};
    const auto outcome = kompat::apply_config(findings, config, "2026-11-22");
    CHECK(rules_of(outcome.findings) == std::vector<std::string>{"description-changed error .spec.b", "field-removed info .status.a"});
    CHECK(outcome.policy == std::vector<std::string>{"rule field-removed set to info by k.yaml:3: 0 finding(s) lowered",
                                                     "rule type-changed turned off by k.yaml:4: 0 finding(s) not reported"});
}

// docs/config.md's own example: a place as reports show it matches itself, its `[*]` and
// `["a.b"]` read as path text, not as a bracket expression.
TEST_CASE("config: an ignore's location matches the place a report shows, [*] included") {
    const auto config = config_of(R"(ignores:
  - {rule: field-removed, location: "v1 Pod .spec.containers[*].image", reason: r}
  - {rule: field-removed, location: "v1 Pod .metadata[\"app.kubernetes.io/name\"]", reason: r}
  - {rule: field-removed, location: "v1 Pod .spec.volumes[*].*", reason: r}
)");
    const std::vector<kompat::Finding> findings = {
        finding("field-removed", "v1 Pod", ".spec.containers[*].image", kompat::Severity::error),
        finding("field-removed", "v1 Pod", ".metadata[\"app.kubernetes.io/name\"]", kompat::Severity::error),
        finding("field-removed", "v1 Pod", ".spec.volumes[*].name", kompat::Severity::error),
        finding("field-removed", "v1 Pod", ".spec.containersX.image", kompat::Severity::error),
    };
    const auto outcome = kompat::apply_config(findings, config, "2026-11-22");
    CHECK(rules_of(outcome.findings) == std::vector<std::string>{"field-removed error .spec.containersX.image"});
}

TEST_CASE("config: an ignore past its expiry date stops working and says so") {
    const auto config = config_of(R"(ignores:
  - {rule: field-removed, location: "*", reason: until the v2 release, expires: 2026-06-30}
)");
    const std::vector<kompat::Finding> findings = {finding("field-removed", "v1 Pod", ".spec.a", kompat::Severity::error)};
    const auto before = kompat::apply_config(findings, config, "2026-06-30");  // the last day it works
    CHECK(before.findings.empty());
    const auto after = kompat::apply_config(findings, config, "2026-07-01");
    CHECK(after.findings.size() == 1);
    CHECK(after.notes ==
          std::vector<std::string>{"ignore at k.yaml:2 (field-removed *) expired on 2026-06-30; its findings are reported again"});
}

TEST_CASE("config: unknown keys, rule ids and values are errors with line and column") {
    CHECK(config_error("ruleset: 2\n") == "(no error)");
    CHECK(config_error("rules-version: 3\n") == "(no error)");
    CHECK(config_error("ruleset: 1\n") == "k.yaml:1:1: this kompat has rule sets 2 to 4; the config asks for 1 (docs/rulesets.md)");
    CHECK(config_error("rules-version: x\n") ==
          "k.yaml:1:1: this kompat has rule sets 2 to 4; the config asks for \"x\" (docs/rulesets.md)");
    CHECK(config_error("rule:\n  x: off\n") == "k.yaml:1:1: unknown key \"rule\" (rules-version, rules, ignores)");
    CHECK(config_error("rules:\n  field-removd: off\n") == "k.yaml:2:3: unknown rule \"field-removd\" (docs/rules.md lists them)");
    CHECK(config_error("rules:\n  field-removed: fatal\n") == "k.yaml:2:3: a rule's setting is error, warning, info or off, not \"fatal\"");
    CHECK(config_error("ignores:\n  - rule: field-removed\n    reason: r\n    expires: 31.12.2026\n") ==
          "k.yaml:4:5: expires is a date, YYYY-MM-DD, not \"31.12.2026\"");
    // Days no calendar has; a leap day only in a leap year.
    for (const auto* day : {"2025-02-30", "2025-02-29", "2026-04-31", "2100-02-29", "2026-00-10"})
        CHECK(config_error(std::string("ignores:\n  - rule: field-removed\n    reason: r\n    expires: ") + day + "\n") ==
              std::string("k.yaml:4:5: expires is a date, YYYY-MM-DD, not \"") + day + "\"");
    for (const auto* day : {"2024-02-29", "2000-02-29", "2026-12-31"})
        CHECK(config_error(std::string("ignores:\n  - rule: field-removed\n    reason: r\n    expires: ") + day + "\n") == "(no error)");
    CHECK(config_error("ignores:\n  - rule: field-removed\n") == "k.yaml:2:5: an ignore says why (reason)");
    CHECK(config_error("ignores:\n  - rule: field-removed\n    reason: r\n    until: 2026-01-01\n") ==
          "k.yaml:4:5: unknown key \"until\" in an ignore (rule, location, reason, expires)");
    CHECK(config_error("ignores:\n  - rule: no-such\n    reason: r\n") ==
          "k.yaml:2:5: unknown rule \"no-such\" (docs/rules.md lists them)");
}

TEST_CASE("config: --config on the command line, and a bad file is exit 2 with nothing on stdout") {
    kompat::test::TempDir dir;
    const auto golden = std::filesystem::path(kompat::test::source_dir()) / "golden" / "field-removed";
    dir.write("k.yaml", "rules:\n  field-removed: warning\n");
    dir.write("bad.yaml", "rules:\n  field-removed: [warning]\n");
    const auto prefix = "NO_COLOR=1 '" + kompat::test::kompat_binary() + "' check '" + (golden / "old.json").string() + "' '" +
                        (golden / "new.json").string() + "' --config '" + dir.path().string() + "/";
    const auto warned = kompat::test::run(prefix + "k.yaml'");
    CHECK(warned.exit_code == 0);
    CHECK(warned.out.find("new.json:34:7: warning field-removed: .paused: field `paused` removed") != std::string::npos);
    CHECK(kompat::test::run(prefix + "k.yaml' --fail-on warning").exit_code == 1);
    // The override shows in every report: the finding it lowered is counted, never silent.
    for (const auto* format : {"text", "json", "markdown", "github", "sarif", "html", "junit"}) {
        INFO(format);
        const auto report = kompat::test::run(prefix + "k.yaml' --format " + format);
        CHECK(report.out.find("rule field-removed set to warning by " + dir.path().string() +
                              "/k.yaml:2: 1 finding(s) lowered (1 of them error(s))") != std::string::npos);
    }
    dir.write("off.yaml", "rules:\n  field-removed: off\n");
    const auto off = kompat::test::run(prefix + "off.yaml' --format github");
    CHECK(off.exit_code == 0);
    CHECK(off.out.starts_with("::notice title=kompat configuration::rule field-removed turned off by "));
    const auto bad = kompat::test::run(prefix + "bad.yaml'");
    CHECK(bad.exit_code == 2);
    CHECK(bad.out.empty());
    CHECK(bad.err.find("bad.yaml:2:3: a rule's setting must be a string") != std::string::npos);
}
