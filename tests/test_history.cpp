// kompat history: the golden cases of invented releases (each its own ctest test), the
// timeline's rules on small facts, and the facts of the Kubernetes releases of the corpus
// that the deprecation guide and release notes publish, each checked in the snapshots first.
#include <boost/json/parse.hpp>

#include <cstdlib>
#include <filesystem>

#include "history/timeline.hpp"
#include "load/snapshot_loader.hpp"
#include "support/text_safety.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
namespace json = boost::json;
using kompat::test::read_file;
using kompat::test::run;

namespace {

std::vector<fs::path> history_cases() {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(fs::path(kompat::test::source_dir()) / "golden" / "history"))
        if (entry.is_directory() && entry.path().filename() != "inputs") out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

kompat::ReleaseFacts facts(std::vector<kompat::FieldFact> fields, std::vector<kompat::KindFact> kinds = {}) {
    kompat::ReleaseFacts out;
    out.fields = std::move(fields);
    out.kinds = std::move(kinds);
    return out;
}

}  // namespace

TEST_CASE("history: one golden case gives its expected output and exit code", "[.history]") {
    const auto* only = std::getenv("KOMPAT_HISTORY_CASE");
    auto chosen = history_cases();
    if (only != nullptr) std::erase_if(chosen, [&](const fs::path& dir) { return dir.filename() != only; });
    REQUIRE(!chosen.empty());
    for (const auto& dir : chosen) {
        INFO("golden history case " << dir.filename().string());
        const auto args = trimmed(read_file(dir / "args"));
        const auto result = run("cd '" + dir.parent_path().string() + "' && '" + kompat::test::kompat_binary() + "' history " + args);
        CHECK(result.err.empty());
        CHECK(result.exit_code == std::stoi(read_file(dir / "exit_code")));
        CHECK(result.out == read_file(dir / "expected"));
    }
}

TEST_CASE("history: added, deprecated, removed and each stage, with the release that did it") {
    using kompat::FieldStage;
    kompat::Timeline timeline;
    kompat::add_release(timeline, "r1",
                        facts({{"T", ".a", FieldStage::ga, false}, {"T", ".b", FieldStage::alpha, false}}, {{"g/v1 K", true, false}}));
    kompat::add_release(
        timeline, "r2",
        facts({{"T", ".a", FieldStage::ga, true}, {"T", ".b", FieldStage::beta, false}, {"T", ".c", FieldStage::alpha, false}},
              {{"g/v1 K", true, true}}));
    kompat::add_release(timeline, "r3", facts({{"T", ".b", FieldStage::ga, false}, {"T", ".c", FieldStage::alpha, false}}));
    kompat::add_release(timeline, "r4", facts({{"T", ".a", FieldStage::ga, false}, {"T", ".c", FieldStage::alpha, false}}));
    const auto& a = timeline.fields.at({"T", ".a"});
    CHECK_FALSE(a.added);
    CHECK(a.deprecated == 1U);
    CHECK_FALSE(a.removed);  // back in r4 after r3 lacked it
    const auto& b = timeline.fields.at({"T", ".b"});
    REQUIRE(b.stages.size() == 3);
    CHECK_FALSE(b.stages[0].release);  // alpha before the first release
    CHECK(b.stages[1].release == 1U);
    CHECK(b.stages[2].stage == FieldStage::ga);
    CHECK(b.removed == 3U);
    CHECK(b.min_version() == 2U);
    const auto& c = timeline.fields.at({"T", ".c"});
    CHECK(c.added == 1U);
    CHECK(c.min_version() == 1U);
    const auto& kind = timeline.kinds.at("g/v1 K");
    CHECK(kind.deprecated == 1U);
    CHECK(kind.removed == 2U);
}

TEST_CASE("history: an error is recorded on the nearest field the history follows, else its kind") {
    kompat::Timeline timeline;
    kompat::add_release(timeline, "r1", facts({{"g/v1 K", ".spec", kompat::FieldStage::ga, false}}, {{"g/v1 K", true, false}}));
    kompat::add_release(timeline, "r2", facts({{"g/v1 K", ".spec", kompat::FieldStage::ga, false}}, {{"g/v1 K", true, false}}));
    kompat::Finding inside;
    inside.rule = kompat::RuleRef::named("max-length-tightened");
    inside.kind = "g/v1 K";
    inside.type = "K";  // a CRD's findings name the kind; its fields stand in the kind version
    inside.path = ".spec.labels{*}";
    auto whole = inside;
    whole.rule = kompat::RuleRef::named("crd-scope-changed");
    whole.path = ".";
    auto warning = inside;
    warning.severity = kompat::Severity::warning;
    kompat::add_breaks(timeline, 1, {inside, whole, warning});
    const auto& spec = timeline.fields.at({"g/v1 K", ".spec"});
    REQUIRE(spec.changed.size() == 1);
    CHECK(spec.changed[0].rules == std::vector<std::string>{"max-length-tightened"});
    REQUIRE(timeline.kinds.at("g/v1 K").changed.size() == 1);
    CHECK(timeline.kinds.at("g/v1 K").changed[0].rules == std::vector<std::string>{"crd-scope-changed"});
    CHECK(timeline.unplaced_breaks == 0);
}

TEST_CASE("history: bad usage is exit 2 with a message and nothing on stdout") {
    const auto dir = fs::path(kompat::test::source_dir()) / "golden" / "history" / "inputs" / "widgets";
    const auto kompat = "cd '" + dir.string() + "' && '" + kompat::test::kompat_binary() + "' history ";
    for (const std::string args :
         {"r1.yaml", "r1.yaml r1.yaml", "a=r1.yaml b=r2.yaml --objects objects.yaml --target c", "a=r1.yaml b=r2.yaml --target a",
          "a=r1.yaml b=missing.yaml", "--kind Widget --field x a=r1.yaml b=r2.yaml"}) {
        INFO(args);
        const auto result = run(kompat + args);
        CHECK(result.exit_code == 2);
        CHECK(result.out.empty());
        CHECK_FALSE(result.err.empty());
    }
    // Options before the snapshots work as after them.
    const auto before = run(kompat + "--kind Widget --format json a=r1.yaml b=r2.yaml");
    const auto after = run(kompat + "a=r1.yaml b=r2.yaml --kind Widget --format json");
    CHECK(before.exit_code == 0);
    CHECK(before.out == after.out);
}

TEST_CASE("history: the Kubernetes releases of the corpus, as the deprecation guide and release notes say") {
    if (!kompat::test::require_corpus()) return;
    const auto k8s = fs::path(kompat::test::corpus_dir()) / "kubernetes";
    // The snapshots first: what each fact rests on.
    {
        const auto v124 = kompat::load_snapshot((k8s / "v1.24" / "v3").string());
        const auto v125 = kompat::load_snapshot((k8s / "v1.25" / "v3").string());
        CHECK(v124.find_kind({"batch", "v1beta1", "CronJob"}) != nullptr);
        CHECK(v125.find_kind({"batch", "v1beta1", "CronJob"}) == nullptr);
        CHECK(v125.find_kind({"batch", "v1", "CronJob"}) != nullptr);
        CHECK(v124.find_kind({"policy", "v1beta1", "PodDisruptionBudget"}) != nullptr);
        CHECK(v125.find_kind({"policy", "v1beta1", "PodDisruptionBudget"}) == nullptr);
        CHECK(v124.find_type("io.k8s.api.core.v1.PodSpec")->find_property("hostUsers") == nullptr);
        CHECK(v125.find_type("io.k8s.api.core.v1.PodSpec")->find_property("hostUsers") != nullptr);
    }
    std::string args;
    for (const auto* release : {"v1.24", "v1.25", "v1.26", "v1.27", "v1.28", "v1.29", "v1.30", "v1.31", "v1.32", "v1.35"})
        args += std::string(" ") + release + "='" + (k8s / release / "v3").string() + "'";
    const auto result = run("'" + kompat::test::kompat_binary() + "' history --format json" + args);
    REQUIRE(result.exit_code == 0);
    const auto report = json::parse(result.out);
    const auto kind = [&](std::string_view name) -> json::object {
        for (const auto& entry : report.at("kinds").as_array())
            if (entry.at("kind").as_string() == name) return entry.as_object();
        FAIL("no kind " << name);
        return {};
    };
    const auto removed = [&](std::string_view name, std::string_view release, std::string_view replacement) {
        INFO(name);
        const auto entry = kind(name);
        CHECK(entry.at("removed") == json::value(release));
        CHECK(entry.at("replacement") == json::value(replacement));
    };
    removed("batch/v1beta1 CronJob", "v1.25", "batch/v1 CronJob");
    removed("policy/v1beta1 PodDisruptionBudget", "v1.25", "policy/v1 PodDisruptionBudget");
    removed("autoscaling/v2beta2 HorizontalPodAutoscaler", "v1.26", "autoscaling/v2 HorizontalPodAutoscaler");
    removed("flowcontrol.apiserver.k8s.io/v1beta2 FlowSchema", "v1.29", "flowcontrol.apiserver.k8s.io/v1 FlowSchema");
    removed("flowcontrol.apiserver.k8s.io/v1beta2 PriorityLevelConfiguration", "v1.29",
            "flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfiguration");
    CHECK(kind("batch/v1 CronJob").at("removed").is_null());
    bool host_users = false;
    for (const auto& entry : report.at("fields").as_array()) {
        if (entry.at("type") != "io.k8s.api.core.v1.PodSpec" || entry.at("path") != ".hostUsers") continue;
        host_users = true;
        CHECK(entry.at("added") == "v1.25");
        CHECK(entry.at("removed").is_null());
        CHECK(entry.at("stages").as_array().front().at("stage") == "alpha");
        CHECK(entry.at("stages").as_array().front().at("release") == "v1.25");
        const auto& kinds = entry.at("kinds").as_array();
        CHECK(std::find(kinds.begin(), kinds.end(), json::value("v1 Pod")) != kinds.end());
    }
    CHECK(host_users);
}

TEST_CASE("history: a label from the command line is written as one line of valid UTF-8 in every format") {
    const auto dir = fs::path(kompat::test::source_dir()) / "golden" / "history" / "inputs" / "widgets";
    const auto kompat = "cd '" + dir.string() + "' && '" + kompat::test::kompat_binary() + "' history ";
    for (const std::string format : {"text", "json", "markdown"}) {
        INFO(format);
        // An escape sequence, a byte that is no UTF-8, a line break and a workflow command.
        const auto result =
            run(kompat + "--format " + format + R"sh( "$(printf 'a\033[31m=r1.yaml')" "$(printf 'b\377\n##[error]x=r2.yaml')")sh");
        CHECK(result.exit_code == 0);
        CHECK(result.out.find('\x1b') == std::string::npos);
        CHECK(result.out.find('\xff') == std::string::npos);
        CHECK(result.out.find("##[error]") == std::string::npos);
        CHECK(kompat::first_invalid_utf8(result.out) == std::nullopt);
        if (format == "json") CHECK(json::parse(result.out).at("releases").as_array().size() == 2);
    }
}

TEST_CASE("history: without --format, an --output ending .json or .md says which format") {
    const auto dir = fs::path(kompat::test::source_dir()) / "golden" / "history" / "inputs" / "widgets";
    kompat::test::TempDir out;
    const auto kompat = "cd '" + dir.string() + "' && '" + kompat::test::kompat_binary() + "' history a=r1.yaml b=r2.yaml ";
    for (const auto& [name, first] :
         {std::pair<std::string, std::string>{"h.json", "{"}, {"h.md", "# API history"}, {"h.txt", "History of"}}) {
        INFO(name);
        const auto path = (out.path() / name).string();
        CHECK(run(kompat + "-o '" + path + "'").exit_code == 0);
        CHECK(read_file(path).starts_with(first));
    }
    const auto path = (out.path() / "forced.json").string();
    CHECK(run(kompat + "--format text -o '" + path + "'").exit_code == 0);
    CHECK(read_file(path).starts_with("History of"));
}
