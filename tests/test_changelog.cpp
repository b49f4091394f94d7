// Release notes: the golden changelogs of three real pairs, the version to use instead of
// a removed one, and operations and List kinds folded into their kind.
#include <boost/json/parse.hpp>

#include <set>

#include "report/changelog_report.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::Finding;
using kompat::RuleRef;
using kompat::Severity;
using kompat::test::read_file;
using kompat::test::run;

namespace {

Finding whole_kind(std::string rule, std::string kind, Severity severity = Severity::info) {
    Finding finding;
    finding.rule = RuleRef::named(rule);
    finding.kind = std::move(kind);
    finding.path = ".";
    finding.severity = severity;
    finding.fingerprint = std::string(finding.rule.id()) + " " + *finding.kind;
    return finding;
}

Finding operation(std::string rule, std::string key, std::string kind) {
    Finding finding;
    finding.rule = RuleRef::named(rule);
    finding.operation = std::move(key);
    finding.operation_kind = std::move(kind);
    finding.path = ".";
    finding.fingerprint = std::string(finding.rule.id()) + " " + *finding.operation;
    return finding;
}

}  // namespace

TEST_CASE("changelog: every golden changelog of a real pair is as expected") {
    if (!kompat::test::corpus_present()) {
        WARN("../shared/corpus is absent: the golden changelogs are not checked");
        return;
    }
    int cases = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(kompat::test::source_dir()) / "golden" / "changelog")) {
        INFO(entry.path().filename().string());
        auto args = read_file(entry.path() / "args");
        while (!args.empty() && args.back() == '\n') args.pop_back();
        const auto result = run("cd '" + kompat::test::corpus_dir() + "' && '" + kompat::test::kompat_binary() + "' changelog " + args);
        CHECK(result.exit_code == 0);
        CHECK(result.err.empty());
        CHECK(result.out == read_file(entry.path() / "expected.md"));
        ++cases;
    }
    CHECK(cases == 4);
}

TEST_CASE("changelog: findings go to Upgrade notes, Breaking, Removed, Deprecated, Promoted and Added") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"field-removed", "## Breaking"},
        {"version-removed", "## Upgrade notes"},
        {"lifecycle-deprecated", "## Deprecated"},
        {"kind-added", "## Added"},
        {"lifecycle-promoted", "## Promoted"},
        {"crd-version-deprecated", "## Deprecated"},
        {"unserved-version-removed", "## Upgrade notes"},
        {"crd-storage-version-changed", "## Upgrade notes"},
        {"field-removed-after-deprecation-is-warning", "## Removed"},
    };
    for (const auto& [name, section] : cases) {
        INFO(name);
        const auto dir = fs::path(kompat::test::source_dir()) / "golden" / name;
        const auto result = run("cd '" + dir.string() + "' && '" + kompat::test::kompat_binary() + "' changelog old.json new.json");
        CHECK(result.exit_code == 0);
        CHECK(result.out.starts_with("# API changes: `old.json` → `new.json`\n"));
        CHECK(result.out.find(section + "\n") != std::string::npos);
        for (const auto* other : {"## Upgrade notes\n", "## Breaking\n", "## Removed\n", "## Deprecated\n", "## Added\n", "## Promoted\n"})
            if (other != section + "\n") CHECK(result.out.find(other) == std::string::npos);
        // Never JSON in the notes.
        CHECK(result.out.find("{\"") == std::string::npos);
    }
}

TEST_CASE("changelog: a removed version names the one to use instead") {
    const std::vector<std::string> served = {"autoscaling/v1 HorizontalPodAutoscaler",
                                             "autoscaling/v2 HorizontalPodAutoscaler",
                                             "batch/v1 CronJob",
                                             "batch/v1 Job",
                                             "example.com/v1beta1 Widget",
                                             "example.com/v1beta2 Widget",
                                             "other.io/v1 Gadget",
                                             "v1 Pod"};
    // The most stable, newest version of the same group.
    CHECK(kompat::replacement_version("autoscaling/v2beta2 HorizontalPodAutoscaler", served) == "autoscaling/v2");
    CHECK(kompat::replacement_version("batch/v1beta1 CronJob", served) == "batch/v1");
    CHECK(kompat::replacement_version("example.com/v1alpha1 Widget", served) == "example.com/v1beta2");
    // Another group only when its own has none; none when no version is left.
    CHECK(kompat::replacement_version("example.com/v1 Gadget", served) == "other.io/v1");
    CHECK(kompat::replacement_version("policy/v1beta1 PodSecurityPolicy", served).empty());
    CHECK(kompat::replacement_version("v1 Pod", served).empty());
    // A version the same release deprecates is named only when no other is served.
    const std::vector<std::string> deprecated{"example.com/v1beta2 Widget"};
    CHECK(kompat::replacement_version("example.com/v1alpha1 Widget", served, deprecated) == "example.com/v1beta1");
    CHECK(kompat::replacement_version("batch/v1beta1 CronJob", served, {"batch/v1 CronJob"}) == "batch/v1");
}

TEST_CASE("changelog: a new resource is one line, its operations and List kind folded into it") {
    kompat::ReportSources sources{{"old", "crd"}, {"new", "crd"}, {}};
    sources.kinds = {"example.com/v1 Widget", "example.com/v1 WidgetList", "example.com/v1beta1 Gadget", "example.com/v1beta1 GadgetList"};
    sources.served_old = {"example.com/v1beta1 Gadget", "example.com/v1beta1 GadgetList"};
    sources.served_new = {"example.com/v1 Widget", "example.com/v1 WidgetList"};
    const std::vector<Finding> findings = {
        whole_kind("kind-added", "example.com/v1 Widget"),
        whole_kind("kind-added", "example.com/v1 WidgetList"),
        operation("operation-added", "GET /apis/example.com/v1/widgets", "example.com/v1 Widget"),
        operation("operation-added", "POST /apis/example.com/v1/widgets", "example.com/v1 Widget"),
        operation("operation-added", "GET /apis/example.com/v1/", ""),  // discovery: no kind
        whole_kind("kind-removed", "example.com/v1beta1 Gadget", Severity::warning),
        whole_kind("kind-removed", "example.com/v1beta1 GadgetList", Severity::warning),
        operation("operation-removed", "GET /apis/example.com/v1beta1/gadgets", "example.com/v1beta1 Gadget"),
    };
    const auto changelog = kompat::changelog_of(findings, sources);
    REQUIRE(changelog.entries.size() == 2);
    CHECK(changelog.entries[0].section == kompat::ChangelogSection::upgrade);
    CHECK(changelog.entries[0].kind == "Gadget");
    CHECK(changelog.entries[1].section == kompat::ChangelogSection::added);
    CHECK(changelog.entries[1].kind == "Widget");
    CHECK(changelog.not_listed == 1);  // the discovery endpoint
    const auto markdown = kompat::changelog_markdown(changelog, sources);
    INFO(markdown);
    CHECK(markdown.find("- **Gadget** `example.com/v1beta1` (beta) is no longer served; no version of the kind is left\n") !=
          std::string::npos);
    CHECK(markdown.find("- **Widget** new kind, served as `example.com/v1`\n") != std::string::npos);
    CHECK(markdown.find("List") == std::string::npos);
    CHECK(markdown.find("GET ") == std::string::npos);

    // An operation added to a kind that stays is a line under that kind.
    const auto lone = kompat::changelog_of(
        {operation("operation-added", "GET /apis/example.com/v1/widgets/{name}/status", "example.com/v1 Widget")}, sources);
    REQUIRE(lone.entries.size() == 1);
    CHECK(lone.entries[0].group_version == "example.com/v1");
    CHECK(
        kompat::changelog_markdown(lone, sources).find("- **Widget** operation `GET /apis/example.com/v1/widgets/{name}/status` added\n") !=
        std::string::npos);

    // JSON for tools: the same entries, input text in backticks.
    const auto json = boost::json::parse(kompat::changelog_json(changelog, sources));
    CHECK(json.at("sections").at(0).at("title") == "Upgrade notes");
    CHECK(json.at("sections").at(0).at("entries").at(0).at("text") ==
          "`example.com/v1beta1` (beta) is no longer served; no version of the kind is left");
}

TEST_CASE("changelog: operations added and removed are listed, discovery endpoints are not") {
    const auto golden = std::filesystem::path(kompat::test::source_dir()) / "golden";
    const auto removed =
        run("cd '" + (golden / "operation-removed").string() + "' && '" + kompat::test::kompat_binary() + "' changelog old.json new.json");
    CHECK(removed.exit_code == 0);
    CHECK(removed.out.find("## Breaking") != std::string::npos);
    CHECK(removed.out.find("operation `GET /apis/example.com/v1/widgets` removed") != std::string::npos);
    const auto added =
        run("cd '" + (golden / "operation-added").string() + "' && '" + kompat::test::kompat_binary() + "' changelog old.json new.json");
    CHECK(added.out.find("## Added") != std::string::npos);
    CHECK(added.out.find(" added") != std::string::npos);
}

TEST_CASE("changelog: --output NAME.json without --format writes the JSON notes") {
    kompat::test::TempDir dir;
    const auto in_case = "cd '" + (fs::path(kompat::test::source_dir()) / "golden" / "operation-removed").string() + "' && '" +
                         kompat::test::kompat_binary() + "' changelog ";
    const auto json_file = (dir.path() / "notes.json").string();
    const auto markdown_file = (dir.path() / "notes.md").string();
    CHECK(run(in_case + "--output '" + json_file + "' old.json new.json").exit_code == 0);
    CHECK(boost::json::parse(read_file(json_file)).at("sections").as_array().size() > 0);
    CHECK(run(in_case + "--output '" + markdown_file + "' old.json new.json").exit_code == 0);
    CHECK(read_file(markdown_file).find("## Breaking") != std::string::npos);
    // --format decides when it is given.
    CHECK(run(in_case + "--format markdown --output '" + json_file + "' old.json new.json").exit_code == 0);
    CHECK(read_file(json_file).find("## Breaking") != std::string::npos);
}

TEST_CASE("changelog: one change at many places of a group/version is one bullet") {
    const auto at = [](std::string kind, std::string path, std::int64_t minimum) {
        Finding finding;
        finding.rule = RuleRef::named("minimum-tightened");
        finding.kind = "example.com/v1 " + std::move(kind);
        finding.path = std::move(path);
        finding.severity = Severity::error;
        finding.old_value = nullptr;
        finding.new_value = minimum;
        finding.fingerprint = std::string(finding.rule.id()) + " " + *finding.kind + finding.path;
        return finding;
    };
    const std::vector<Finding> findings{at("Probe", ".spec.limit", 0),   at("Probe", ".spec.sampleLimit", 0),
                                        at("Scrape", ".spec.limit", 0),  at("Scrape", ".spec.targetLimit", 0),
                                        at("Scrape", ".spec.shards", 1), at("Probe", ".spec.shards", 1)};
    kompat::ReportSources sources;
    const auto changelog = kompat::changelog_of(findings, sources);
    const auto markdown = kompat::changelog_markdown(changelog, sources);
    INFO(markdown);
    // Four places, one old → new: one bullet with the count and the places (the first
    // three and how many more, past four).
    CHECK(markdown.find("- **Probe and Scrape** minimum of 4 fields tightened from none to 0: Probe `.spec.limit`, Probe "
                        "`.spec.sampleLimit`, Scrape `.spec.limit` and Scrape `.spec.targetLimit`\n") != std::string::npos);
    // Two places of another change stay two bullets, each exact.
    CHECK(markdown.find("- **Probe** `.spec.shards`: minimum of `shards` tightened from none to 1\n") != std::string::npos);
    CHECK(markdown.find("- **Scrape** `.spec.shards`: minimum of `shards` tightened from none to 1\n") != std::string::npos);
    // The folded entry keeps every finding it says.
    const auto folded = std::find_if(changelog.entries.begin(), changelog.entries.end(),
                                     [](const kompat::ChangelogEntry& entry) { return entry.findings.size() == 4; });
    CHECK(folded != changelog.entries.end());
}

// Release notes lose nothing a reader must act on: every error and warning of every corpus
// pair is in a section (warnings under Changed validation or Changed behaviour when no
// other section says them), found by the fingerprints each entry lists.
TEST_CASE("changelog: every error and warning of every corpus pair is in a section of the notes") {
    if (!kompat::test::corpus_present()) {
        WARN("../shared/corpus is absent: the corpus notes are not checked");
        return;
    }
    for (const auto& [a, b] : kompat::test::corpus_consecutive_pairs()) {
        INFO(a << " -> " << b);
        const auto kompat = "'" + kompat::test::kompat_binary() + "' ";
        const auto check = boost::json::parse(run(kompat + "check '" + a + "' '" + b + "' --format json").out);
        const auto notes = boost::json::parse(run(kompat + "changelog '" + a + "' '" + b + "' --format json").out);
        std::set<std::string> listed;
        for (const auto& section : notes.at("sections").as_array())
            for (const auto& entry : section.at("entries").as_array())
                for (const auto& fingerprint : entry.at("findings").as_array()) listed.emplace(fingerprint.as_string());
        for (const auto& finding : check.at("findings").as_array()) {
            if (finding.at("severity") == "info") continue;
            INFO(finding.at("rule").as_string() << " " << finding.at("path").as_string());
            CHECK(listed.contains(std::string(finding.at("fingerprint").as_string())));
        }
    }
}

// A stage read from a description is dated by the release whose text first states it, and
// says so; a description that stops naming a stage without naming the next is no
// promotion (Kubernetes 1.32's MetricSpec.containerResource, GA since 1.30).
TEST_CASE("changelog: a promotion read from a description says so, and a stage no longer stated is listed apart") {
    if (!kompat::test::corpus_present()) {
        WARN("../shared/corpus is absent: the Kubernetes 1.31 -> 1.32 notes are not checked");
        return;
    }
    const auto notes = run("cd '" + kompat::test::corpus_dir() + "' && '" + kompat::test::kompat_binary() +
                           "' changelog kubernetes/v1.31/swagger.json kubernetes/v1.32/swagger.json")
                           .out;
    const auto promoted = notes.find("\n## Promoted\n");
    const auto unstated = notes.find("\n## No longer described as alpha or beta (not a promotion: check each feature's own notes)\n");
    REQUIRE(promoted != std::string::npos);
    REQUIRE(unstated != std::string::npos);
    REQUIRE(promoted < unstated);
    const auto traffic = notes.find("`.trafficDistribution` promoted from alpha to beta (as its description now says)");
    CHECK((traffic > promoted && traffic < unstated));
    const auto container_resource = notes.find("**MetricSpec** `.containerResource` no longer described as alpha");
    CHECK((container_resource != std::string::npos && container_resource > unstated));
}
