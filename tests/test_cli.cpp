// The kompat binary end to end: outputs, exit codes, streams.
#include <boost/json/parse.hpp>

#include "test_support.hpp"

using kompat::test::run;

namespace {

std::string command(const std::string& args) { return "'" + kompat::test::kompat_binary() + "' " + args; }
std::string example(const std::string& path) { return "'" + kompat::test::source_dir() + "/examples/" + path + "'"; }

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("cli: inspect prints kinds, types and operations as text") {
    const auto result = run(command("inspect " + example("old/swagger.json")));
    CHECK(result.exit_code == 0);
    CHECK(result.err.empty());
    CHECK(result.out.find("format:     openapi-v2\n") != std::string::npos);
    CHECK(result.out.find("  example.com/v1beta1 Widget") != std::string::npos);
    CHECK(result.out.find("  com.example.v1.WidgetSpec\n") != std::string::npos);
    CHECK(result.out.find("  DELETE  /apis/example.com/v1/namespaces/{namespace}/widgets/{name}\n") != std::string::npos);
}

TEST_CASE("cli: inspect --format json is parseable and complete") {
    const auto result = run(command("inspect --format json " + example("crds/widgets.yaml")));
    REQUIRE(result.exit_code == 0);
    const auto document = boost::json::parse(result.out).as_object();
    CHECK(document.at("schemaVersion") == 1);
    CHECK(document.at("format") == "crd");
    const auto& kinds = document.at("kinds").as_array();
    REQUIRE(kinds.size() == 3);
    const auto& gadget = kinds[0].as_object();
    CHECK(gadget.at("kind") == "Gadget");
    CHECK(gadget.at("version") == "v1");
    CHECK(gadget.at("stability") == "ga");
    CHECK(gadget.at("crd").at("scope") == "Namespaced");
    CHECK(gadget.at("crd").at("storage") == true);
    CHECK(gadget.at("location").at("line") == 28);
}

TEST_CASE("cli: the same input gives byte-identical output") {
    const auto first = run(command("inspect --format json " + example("new/v3")));
    const auto second = run(command("inspect --format json " + example("new/v3")));
    CHECK(first.exit_code == 0);
    CHECK(first.out == second.out);
}

TEST_CASE("cli: - reads the snapshot from standard input") {
    const auto from_stdin = run("cat " + example("crds/widgets.yaml") + " | " + command("inspect -"));
    CHECK(from_stdin.exit_code == 0);
    CHECK(from_stdin.out.find("source:     -\n") != std::string::npos);
    CHECK(from_stdin.out.find("example.com/v1alpha1 ClusterWidget") != std::string::npos);
}

TEST_CASE("cli: bad input is exit 2, one line file:line:col on stderr, nothing on stdout") {
    kompat::test::TempDir dir;
    const auto bad = dir.write("bad.json", "{\n  \"swagger\": \"2.0\",\n  \"paths\": {\n");
    const auto result = run(command("inspect '" + bad.string() + "'"));
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(lines(result.err) == 1);
    CHECK(result.err == bad.string() + ":4:1: malformed JSON: unexpected end of input\n");

    const auto missing = run(command("inspect /nonexistent/x.json"));
    CHECK(missing.exit_code == 2);
    CHECK(missing.out.empty());
    CHECK(missing.err == "/nonexistent/x.json:1:1: cannot open: no such file or directory\n");
}

TEST_CASE("cli: usage errors are exit 2, --help and --version exit 0") {
    CHECK(run(command("")).exit_code == 2);
    const auto unknown = run(command("frobnicate"));
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.out.empty());
    CHECK(unknown.err.starts_with("kompat: no command \"frobnicate\"; the commands are inspect, check, diff, "));
    // A mistyped command is named with the nearest one, options before it or not.
    const auto mistyped = run(command("--version-not chek a.json b.json"));
    CHECK(mistyped.exit_code == 2);
    CHECK(mistyped.out.empty());
    CHECK(mistyped.err == "kompat: no command \"chek\"; did you mean check?\nRun kompat --help for more information.\n");
    CHECK(run(command("valdiate a.json")).err.starts_with("kompat: no command \"valdiate\"; did you mean validate?\n"));
    CHECK(run(command("inspect")).exit_code == 2);
    const auto bad_format = run(command("inspect --format xml " + example("old/swagger.json")));
    CHECK(bad_format.exit_code == 2);
    CHECK(bad_format.out.empty());
    const auto help = run(command("--help"));
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("inspect") != std::string::npos);
    // Help names the program as users type it, not the path it was run by.
    CHECK(help.out.find("Usage: kompat ") != std::string::npos);
    CHECK(run(command("check --help")).out.find("Usage: kompat check ") != std::string::npos);
    // The version, the git description of the build, and the libraries with their versions.
    const auto version = run(command("--version"));
    CHECK(version.exit_code == 0);
    CHECK(version.out.starts_with("kompat 0.1.0 (git "));
    for (const auto* library : {"Boost.JSON 1.", "libfyaml 0.", "RE2 ", "fmt ", "CLI11 2.", "dtl "})
        CHECK(version.out.find(library) != std::string::npos);
    CHECK(version.out.find("unknown") == std::string::npos);
}

// After `--`, every argument is a snapshot, wherever `--` stands: a file named `--help`
// or `--config=x` in a PR is never an option.
TEST_CASE("cli: -- ends the options wherever it stands") {
    for (const auto* options : {"", "--format json ", "--format json --output r.json ", "--fail-on error --show info "}) {
        INFO(options);
        const auto result = run("cd /tmp && " + command("check " + std::string(options) + "-- --help " + example("new/v3")));
        CHECK(result.exit_code == 2);
        CHECK(result.out.empty());
        CHECK(result.err == "--help:1:1: cannot open: no such file or directory\n");
    }
    kompat::test::TempDir dir;
    dir.write("--config=x.yaml", kompat::test::read_file(kompat::test::source_dir() + "/examples/old/swagger.json"));
    const auto file = run("cd '" + dir.path().string() + "' && " + command("check --format json -- --config=x.yaml " + example("new/v3")));
    CHECK(file.exit_code == 1);
    CHECK(file.out.find("\"findings\"") != std::string::npos);
}

TEST_CASE("cli: check exits 1 at or above --fail-on, 0 below it") {
    const auto golden = kompat::test::source_dir() + "/golden/";
    const auto warning_only = "'" + golden + "version-removed/old.json' '" + golden + "version-removed/new.json'";
    CHECK(run(command("check " + warning_only)).exit_code == 0);
    CHECK(run(command("check --fail-on warning " + warning_only)).exit_code == 1);
    const auto info_only = "'" + golden + "field-added/old.json' '" + golden + "field-added/new.json'";
    CHECK(run(command("check " + info_only)).exit_code == 0);
    CHECK(run(command("check --fail-on info " + info_only)).exit_code == 1);
    const auto same = "'" + golden + "field-added/old.json' '" + golden + "field-added/old.json'";
    const auto clean = run(command("check --fail-on info " + same));
    CHECK(clean.exit_code == 0);
    CHECK(clean.out.find("0 error(s), 0 warning(s), 0 info") != std::string::npos);
    CHECK(run(command("check --fail-on fatal " + same)).exit_code == 2);
}

TEST_CASE("cli: a sunset date is judged against today in UTC, or SOURCE_DATE_EPOCH") {
    // The golden case deprecates a field with x-sunset 2020-01-31: past from that day on.
    const auto golden = kompat::test::source_dir() + "/golden/deprecated-sunset-past/";
    const auto pair = "'" + golden + "old.json' '" + golden + "new.json'";
    const auto rules_on = [&](const std::string& epoch) {
        return run("SOURCE_DATE_EPOCH=" + epoch + " " + command("check --format json " + pair)).out;
    };
    // The day before: "2020-01-30", which also says the month and day are written with two digits.
    const auto day_before = rules_on("1580428799");  // 2020-01-30T23:59:59Z
    CHECK(day_before.find("\"lifecycle-deprecated\"") != std::string::npos);
    CHECK(day_before.find("\"deprecated-sunset-past\"") == std::string::npos);
    CHECK(rules_on("1580428800").find("\"deprecated-sunset-past\"") != std::string::npos);  // 2020-01-31T00:00:00Z
}

TEST_CASE("cli: diff exits 1 when anything changed, 0 when nothing did") {
    const auto golden = kompat::test::source_dir() + "/golden/";
    CHECK(run(command("diff '" + golden + "field-added/old.json' '" + golden + "field-added/new.json'")).exit_code == 1);
    CHECK(run(command("diff '" + golden + "field-added/old.json' '" + golden + "field-added/old.json'")).exit_code == 0);
}

TEST_CASE("cli: colour only on a terminal, never in a pipe") {
    const auto golden = kompat::test::source_dir() + "/golden/field-removed/";
    const auto piped = run(command("check '" + golden + "old.json' '" + golden + "new.json'"));
    CHECK(piped.out.find('\x1b') == std::string::npos);
}

TEST_CASE("cli: lint reads known feature gates from a file") {
    kompat::test::TempDir dir;
    const auto spec = dir.write("spec.json", R"({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {},
      "components": {"schemas": {"T": {"type": "object", "properties": {"f": {"type": "string",
        "x-kubernetes-api-lifecycle": {"kubernetes": {"status": "alpha", "minVersion": "v1.30", "featureGate": "Sparkle"}}}}}}}})");
    const auto known = dir.write("gates.txt", "# known gates\nSparkle\n");
    const auto other = dir.write("other.txt", "Shine\n");
    CHECK(run(command("lint '" + spec.string() + "'")).exit_code == 0);
    CHECK(run(command("lint --feature-gates '" + known.string() + "' '" + spec.string() + "'")).exit_code == 0);
    const auto unknown = run(command("lint --feature-gates '" + other.string() + "' '" + spec.string() + "'"));
    CHECK(unknown.exit_code == 1);
    CHECK(unknown.out.find("featureGate \"Sparkle\" is not a known feature gate") != std::string::npos);
    const auto missing = run(command("lint --feature-gates /nonexistent/gates.txt '" + spec.string() + "'"));
    CHECK(missing.exit_code == 2);
    CHECK(missing.out.empty());
}

TEST_CASE("cli: check on bad input is exit 2 with nothing on stdout") {
    kompat::test::TempDir dir;
    const auto bad = dir.write("bad.yaml", "a: [1\n");
    const auto good = kompat::test::source_dir() + "/golden/field-added/old.json";
    const auto result = run(command("check '" + good + "' '" + bad.string() + "'"));
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK(lines(result.err) == 1);
}

TEST_CASE("cli: every command's help shows its defaults, exit codes and two examples") {
    for (const auto* name : {"check", "diff", "changelog", "lint", "validate", "inspect", "explain", "rules"}) {
        INFO(name);
        const auto help = run(command(std::string(name) + " --help"));
        CHECK(help.exit_code == 0);
        CHECK(help.out.find("Exit codes: 0 ") != std::string::npos);
        const auto examples = help.out.find("Examples:\n");
        REQUIRE(examples != std::string::npos);
        CHECK(std::count(help.out.begin() + static_cast<std::ptrdiff_t>(examples), help.out.end(), '\n') == 3);
    }
    const auto check = run(command("check --help")).out;
    // Every form a snapshot argument may take, in the help of each command that reads one.
    for (const auto* form : {"FILE ", "DIR ", "CHART ", "git:REV:PATH ", "kube:NAME ", "docs/inputs.md"}) {
        INFO(form);
        CHECK(check.find(form) != std::string::npos);
        CHECK(run(command("validate --help")).out.find(form) != std::string::npos);
    }
    CHECK(check.find("--fail-on TEXT:{error,warning,info}=error") != std::string::npos);
    CHECK(check.find("--show TEXT:{error,warning,info}=warning") != std::string::npos);
    CHECK(run(command("diff --help")).out.find("--show TEXT:{error,warning,info}=info") != std::string::npos);
}

TEST_CASE("cli: kompat rules lists the catalogue and shows one rule in full") {
    const auto list = run(command("rules"));
    CHECK(list.exit_code == 0);
    CHECK(list.out.find("field-became-required            error    field became required\n") != std::string::npos);
    const auto one = run(command("rules field-became-required"));
    CHECK(one.exit_code == 0);
    CHECK(one.out.find("Breaks: Writers that leave it out") != std::string::npos);
    CHECK(one.out.find("Remedy: ") != std::string::npos);
    CHECK(one.out.find("spec error, status info, request error, response info") != std::string::npos);
    const auto unknown = run(command("rules field-became-requird"));
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.out.empty());
}

TEST_CASE("cli: --write-baseline writes the findings at or above --fail-on, and says how many") {
    kompat::test::TempDir dir;
    const auto baseline = (dir.path() / "baseline.txt").string();
    const auto golden = std::string(kompat::test::source_dir()) + "/golden/field-possibly-renamed/";
    const auto errors = run(command("check '" + golden + "old.json' '" + golden + "new.json' --write-baseline '" + baseline + "'"));
    CHECK(errors.exit_code == 0);
    CHECK(errors.err == "kompat: wrote 1 baseline entry (the findings at or above error) to " + baseline + "\n");
    const auto all =
        run(command("check '" + golden + "old.json' '" + golden + "new.json' --write-baseline '" + baseline + "' --baseline-all"));
    CHECK(all.err == "kompat: wrote 3 baseline entries (all findings) to " + baseline + "\n");
}

TEST_CASE("cli: a key repeated with the same value is a note in check's reports, not an error") {
    kompat::test::TempDir dir;
    auto crd = kompat::test::read_file(kompat::test::source_dir() + "/examples/crds/widgets.yaml");
    const auto scope = crd.find("  scope: Namespaced\n");
    REQUIRE(scope != std::string::npos);
    crd.insert(scope, "  scope: Namespaced\n");  // lines 8 and 9
    dir.write("widgets.yaml", crd);
    const auto result =
        run("cd '" + dir.path().string() + "' && " + command("check " + example("crds/widgets.yaml") + " widgets.yaml --format json"));
    REQUIRE(result.exit_code == 0);
    const auto notes = boost::json::parse(result.out).at("notes").as_array();
    REQUIRE(!notes.empty());
    CHECK(notes[0] == "widgets.yaml:9:3: duplicate key \"scope\" repeats the value of line 8; read once");
    const auto inspect = run("cd '" + dir.path().string() + "' && " + command("inspect widgets.yaml"));
    CHECK(inspect.out.find("duplicate key \"scope\" repeats the value of line 8") != std::string::npos);
}

TEST_CASE("cli: inputs that look swapped lead the report with a warning") {
    kompat::test::TempDir dir;
    const auto api = [](const std::string& version, const std::string& served) {
        return R"({"openapi": "3.0.3", "info": {"title": "t", "version": ")" + version + R"("}, "paths": {}, "components": {"schemas": {)" +
               served + "}}}";
    };
    const auto fields = [](int count) {
        std::string out;
        for (int i = 0; i < count; ++i) out += (i ? ", " : "") + std::string("\"T") + std::to_string(i) + R"(": {"type": "string"})";
        return out;
    };
    dir.write("v1.json", api("1.0.0", fields(1)));
    dir.write("v2.json", api("2.0.0", fields(1)));
    const auto in_dir = "cd '" + dir.path().string() + "' && NO_COLOR=1 '" + kompat::test::kompat_binary() + "' ";
    const auto swapped = run(in_dir + "check v2.json v1.json");
    CHECK(swapped.out.find("kompat: v2.json (openapi-v3) -> v1.json (openapi-v3)\nwarning: the inputs may be swapped (OLD's "
                           "info.version 2.0.0 is higher than NEW's 1.0.0)") == 0);
    CHECK(run(in_dir + "check v1.json v2.json").out.find("swapped") == std::string::npos);
    // Twenty types removed and none added: a release read backwards.
    dir.write("many.json", api("unversioned", fields(20)));
    dir.write("few.json", api("unversioned", fields(0)));
    CHECK(run(in_dir + "check many.json few.json --format json").out.find("swapped (20 removals against 0 additions)") !=
          std::string::npos);
    CHECK(run(in_dir + "check few.json many.json").out.find("swapped") == std::string::npos);
}
