// What a reader sees: valid UTF-8 in every format, one sentence a finding with the change
// visible, markdown within a GitHub comment, and REV:PATH locations by repository path.
#include <boost/json.hpp>

#include "diff/snapshot_diff.hpp"
#include "load/snapshot_loader.hpp"
#include "support/text_safety.hpp"
#include "report/finding_text.hpp"
#include "report/report_sources.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"
#include "report/github_report.hpp"
#include "report/html_report.hpp"
#include "report/junit_report.hpp"
#include "report/markdown_report.hpp"
#include "report/sarif_report.hpp"
#include "rules/evaluate.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::Finding;
using kompat::RuleRef;
using kompat::Severity;

namespace {

std::size_t code_points(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0U) != 0x80; }));
}

Finding changed(std::string rule, boost::json::value old_value, boost::json::value new_value) {
    Finding finding;
    finding.rule = RuleRef::named(rule);
    finding.kind = "v1 Pod";
    finding.path = ".spec.field";
    finding.old_value = std::move(old_value);
    finding.new_value = std::move(new_value);
    return finding;
}

}  // namespace

TEST_CASE("report text: a sentence names old and new once, in plain words") {
    CHECK(kompat::finding_sentence(changed("field-became-required", false, true)) == "`field` became required");
    auto added = changed("enum-value-added", nullptr, "Sold");
    added.detail = "\"Sold\"";
    CHECK(kompat::finding_sentence(added) == "`Sold` added to the enum of `field`");
    CHECK(kompat::finding_sentence(changed("max-length-tightened", 10, 5)) == "maxLength of `field` tightened from 10 to 5");
    CHECK(kompat::finding_sentence(changed("min-items-tightened", nullptr, 1)) == "minItems of `field` tightened from none to 1");
    CHECK(kompat::finding_sentence(changed("list-type-changed", "atomic", "map")) == "list type of `field` changed from `atomic` to `map`");
    // Lists that start alike name their shared start once, by its last item.
    CHECK(kompat::finding_sentence(changed("list-map-keys-changed", boost::json::array{"driver", "device", "pool"},
                                           boost::json::array{"driver", "device", "pool", "shareID"})) ==
          "list map keys of `field` changed from …, `pool` to …, `pool`, `shareID`");
    CHECK(kompat::finding_sentence(changed("description-changed", "The size of the pool, in bytes, before any compression is applied.",
                                           "The size of the pool, in kibibytes, before any compression is applied.")) ==
          "description of `field` changed: … the pool, in [-bytes,-]{+kibibytes,+} before any compression …");
    // A word diff made already (the HTML page makes it for its own view) gives the same sentence.
    const auto described = changed("description-changed", "A pool, in bytes.", "A pool, in kibibytes.");
    const auto spans = kompat::word_diff("A pool, in bytes.", "A pool, in kibibytes.");
    CHECK(kompat::finding_sentence(described, kompat::plain_style, {}, &spans) == kompat::finding_sentence(described));
    CHECK(kompat::finding_sentence(described) == "description of `field` changed: A pool, in [-bytes.-]{+kibibytes.+}");
}

TEST_CASE("report text: long values keep the part that differs, cut on character boundaries") {
    // A CEL rule 600 characters long that differs in one place near its end, in text with
    // multi-byte characters (“ ” are three bytes each) around the difference.
    std::string common;
    for (int i = 0; i < 100; ++i) common += "“ab” ";
    const auto sentence = kompat::finding_sentence(
        changed("cel-rule-changed", boost::json::string(common + "size < 10"), boost::json::string(common + "size < 20")));
    CHECK(!kompat::first_invalid_utf8(sentence).has_value());
    CHECK(sentence.size() < 200);
    CHECK(sentence.find("size < 10") != std::string::npos);
    CHECK(sentence.find("size < 20") != std::string::npos);
    // A value cut in its middle, every cut on a character's start.
    for (std::size_t extra = 0; extra < 3; ++extra) {
        const auto long_value = std::string(extra, 'x') + common;
        const auto removed = kompat::finding_sentence(changed("cel-rules-relaxed", boost::json::string(long_value), nullptr));
        CHECK(!kompat::first_invalid_utf8(removed).has_value());
        CHECK(removed.find("…") != std::string::npos);
    }
}

TEST_CASE("report text: a value up to 300 characters is shown whole, a longer one by both ends") {
    // A CEL rule of 200 characters, never cut inside.
    std::string rule = "self.all(l1, !has(l1.name) || self.exists_one(l2, has(l2.name) && l1.name == l2.name))";
    while (rule.size() < 200) rule += " && self.size() <= 128";
    const auto whole = kompat::finding_sentence(changed("cel-rules-tightened", nullptr, boost::json::string(rule)));
    CHECK(whole == "CEL rule `" + rule + "` added to `field`");
    // Beyond 300: both ends, each cut at a token, and how much is left out between them;
    // the deciding bound at the end stays.
    std::string longer;
    for (int i = 0; longer.size() <= 400; ++i) longer += "self.a" + std::to_string(i) + " > 0 && ";
    longer += "self.size() <= 128";
    auto message = changed("cel-rules-tightened", nullptr, boost::json::string(longer));
    message.aside = "its message: \"at most 128\"";
    const auto cut = kompat::finding_sentence(message);
    INFO(cut);
    const std::string_view opening = "CEL rule `";
    const auto shown_until = cut.find(" … (");
    const auto shown_from = cut.find(" more characters) … ");
    REQUIRE(shown_until != std::string::npos);
    REQUIRE(shown_from != std::string::npos);
    CHECK(longer.starts_with(cut.substr(opening.size(), shown_until - opening.size())));
    CHECK(longer[shown_until - opening.size()] == ' ');  // cut at a token's end
    const auto tail_start = shown_from + std::string_view(" more characters) … ").size();
    const auto tail = cut.substr(tail_start, cut.find('`', tail_start) - tail_start);
    CHECK(longer.ends_with(" " + tail));  // from a token's start
    CHECK(tail.ends_with("self.size() <= 128"));
    const auto left_out = std::stoul(cut.substr(cut.find('(', shown_until) + 1));
    CHECK(left_out == longer.size() - (shown_until - opening.size()) - tail.size());
    // The rule's own message follows the rule.
    CHECK(cut.ends_with("` added to `field`; its message: \"at most 128\""));
}

TEST_CASE("report text: a finding in a shared type says whom it breaks and which kinds it affects") {
    Finding finding = changed("field-became-required", false, true);
    finding.kind.reset();
    finding.type = "io.k8s.api.core.v1.PodSpec";
    finding.severity = Severity::error;
    finding.role = "spec";
    finding.affects = {"apps/v1 DaemonSet",   "apps/v1 Deployment", "apps/v1 ReplicaSet",
                       "apps/v1 StatefulSet", "batch/v1 CronJob",   "v1 Pod"};
    // Pod first: PodSpec is named after it; then the rest by name. Many: the count first.
    CHECK(kompat::finding_context(finding) == "breaks writers of spec; affects 6 kinds, nearest Pod, CronJob and DaemonSet");
    // Nearest the change first, by the steps of each kind's path to it: a HostAlias is in
    // a Pod's spec, and deeper in every kind with a pod template.
    finding.type = "io.k8s.api.core.v1.HostAlias";
    finding.affected_places = {{"apps/v1 DaemonSet", ".spec.template.spec.hostAliases[*]"},
                               {"apps/v1 Deployment", ".spec.template.spec.hostAliases[*]"},
                               {"batch/v1 CronJob", ".spec.jobTemplate.spec.template.spec.hostAliases[*]"},
                               {"v1 Pod", ".spec.hostAliases[*]"},
                               {"v1 PodTemplate", ".template.spec.hostAliases[*]"}};
    finding.affects = {"apps/v1 DaemonSet", "apps/v1 Deployment", "batch/v1 CronJob", "v1 Pod", "v1 PodTemplate"};
    CHECK(kompat::finding_context(finding) == "breaks writers of spec; affects 5 kinds, nearest Pod, PodTemplate and DaemonSet");
    finding.affected_places.clear();
    // Operations by path, then method.
    finding.affects = {"DELETE /v1/account", "GET /v1/charges/{charge}", "GET /v1/account", "POST /v1/3d_secure"};
    CHECK(kompat::finding_context(finding) ==
          "breaks writers of spec; affects POST /v1/3d_secure, DELETE /v1/account, GET /v1/account and GET /v1/charges/{charge}");
    finding.affects = {"autoscaling/v1 HorizontalPodAutoscaler", "autoscaling/v2 HorizontalPodAutoscaler"};
    finding.role = "status";
    CHECK(kompat::finding_context(finding) == "breaks writers of status; affects HorizontalPodAutoscaler");
    finding.severity = Severity::info;
    CHECK(kompat::finding_context(finding) == "affects HorizontalPodAutoscaler");
}

TEST_CASE("report text: every format of every corpus pair is valid UTF-8, and markdown fits a GitHub comment") {
    if (!kompat::test::corpus_present()) {
        WARN("../shared/corpus is absent: the corpus report checks are skipped");
        return;
    }
    for (const auto& [a, b] : kompat::test::corpus_consecutive_pairs()) {
        INFO(a << " -> " << b);
        const auto [before, after] = kompat::load_snapshot_pair(a, b, {});
        const auto findings = kompat::evaluate(kompat::diff_snapshots(before, after).changes);
        const auto summary = kompat::summarize(findings);
        const kompat::ReportSources sources{{before.source, "x"}, {after.source, "x"}, {}};
        const auto markdown = kompat::markdown_report(findings, summary, sources, Severity::warning, Severity::error);
        const auto markdown_info = kompat::markdown_report(findings, summary, sources, Severity::info, Severity::error);
        CHECK(code_points(markdown) <= 65536);
        CHECK(code_points(markdown_info) <= 65536);
        for (const auto& report :
             {kompat::json_report(findings, summary, sources), kompat::text_report(findings, summary, sources, {false, Severity::info}),
              markdown, markdown_info, kompat::github_report(findings, summary, sources, Severity::info),
              kompat::sarif_report(findings, summary, sources, Severity::info),
              kompat::junit_report(findings, summary, sources, Severity::error), kompat::html_report(findings, summary, sources)}) {
            CHECK(!kompat::first_invalid_utf8(report).has_value());
        }
    }
}

TEST_CASE("report text: locations read through REV:PATH are the repository's paths in github and SARIF") {
    kompat::test::TempDir dir;
    const auto repo = dir.path() / "repo";
    fs::create_directories(repo / "config" / "crd");
    const auto git = "cd '" + repo.string() + "' && git -c init.defaultBranch=main init -q && ";
    const auto crd = [](const std::string& kind, const std::string& extra) {
        return R"({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "metadata": {"name": ")" + kind +
               R"(s.example.com"},
          "spec": {"group": "example.com", "scope": "Namespaced", "names": {"kind": ")" +
               kind + R"(", "plural": ")" + kind + R"(s"},
          "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {"type": "object",
          "properties": {"spec": {"type": "object", "properties": {"size": {"type": "integer"})" +
               extra + "}}}}}}]}}";
    };
    // Committed: the Widget CRD without `paused`; on disk: an older one with it, and a Gadget CRD.
    std::ofstream(repo / "config" / "crd" / "widgets.json") << crd("widget", "");
    REQUIRE(kompat::test::run(git + "git add -A && git -c user.name=t -c user.email=t@t commit -qm one").exit_code == 0);
    fs::create_directories(repo / "old");
    std::ofstream(repo / "old" / "widgets.json") << crd("widget", R"(, "paused": {"type": "boolean"})");
    std::ofstream(repo / "old" / "gadgets.json") << crd("gadget", "");
    const auto kompat = "cd '" + repo.string() + "' && '" + kompat::test::kompat_binary() + "' check ";

    // The new side read from git: a removed field points at its parent object there.
    const auto github = kompat::test::run(kompat + "old/widgets.json HEAD:config/crd --format github");
    CHECK(github.exit_code == 1);
    CHECK(github.out.starts_with("::error file=config/crd/widgets.json,line=4,"));
    CHECK(github.out.find("HEAD:") == github.out.find("HEAD:config/crd ("));  // only the summary line names the revision

    // The old side read from git: a removed kind is located there, by its repository path.
    const auto removed = kompat::test::run(kompat + "HEAD:config/crd/widgets.json old/gadgets.json --format sarif");
    CHECK(removed.exit_code == 1);
    const auto sarif = boost::json::parse(removed.out);
    const auto& location = sarif.at("runs").at(0).at("results").at(0).at("locations").at(0).at("physicalLocation").at("artifactLocation");
    CHECK(location.at("uri") == "config/crd/widgets.json");
    CHECK(location.at("uriBaseId") == "%SRCROOT%");
}

// A description's changed words: never an empty `[--]` or `{++}` (a change of spacing
// only), a long run cut between words with its ends kept; in HTML the values are code and
// the word diff is shown once, whole, beneath the sentence.
TEST_CASE("report text: a description's changed words have no empty marks and are cut between words") {
    const std::string added = "Sparkle is computed by the controller from the widget's colour and shine, every minute.";
    auto finding = changed("description-changed", boost::json::string("The  mode.\nOld words here."),
                           boost::json::string("The mode.\n" + added + " Old words here."));
    const auto sentence = kompat::finding_sentence(finding);
    INFO(sentence);
    CHECK(sentence.find("[--]") == std::string::npos);
    CHECK(sentence.find("{++}") == std::string::npos);
    CHECK(sentence.find("{+Sparkle is computed by the controller from the widget's colour and shine, every minute.+}") !=
          std::string::npos);  // 87 characters: whole
    finding.new_value = boost::json::string("The mode. " + added + " " + added + " Old words here.");
    const auto cut = kompat::finding_sentence(finding);
    INFO(cut);
    const auto open = cut.find("{+");
    const auto close = cut.find("+}");
    REQUIRE(open != std::string::npos);
    REQUIRE(close != std::string::npos);
    const auto run_shown = cut.substr(open + 2, close - open - 2);
    CHECK(run_shown.find(" … ") != std::string::npos);  // between words
    CHECK(run_shown.starts_with("Sparkle is computed"));
    CHECK(run_shown.ends_with("every minute."));

    finding.severity = Severity::info;
    const kompat::ReportSources sources{{"a", "openapi-v3"}, {"b", "openapi-v3"}, {}};
    const auto html = kompat::html_report({finding}, kompat::summarize({finding}), sources);
    CHECK(html.find("description of <code>field</code> changed</p>") != std::string::npos);
    CHECK(html.find("[-") == std::string::npos);
}
