// The report writers other than text and JSON, the JSON text writer they share, and
// several reports from one run.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value_to.hpp>

#include <sstream>

#include "report/github_report.hpp"
#include "report/json_writer.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::RuleRef;
using kompat::test::read_file;
using kompat::test::run;

namespace {

std::string in_golden_case(const std::string& name) {
    return "cd '" + (fs::path(kompat::test::source_dir()) / "golden" / name).string() + "' && NO_COLOR=1 '" +
           kompat::test::kompat_binary() + "' ";
}

}  // namespace

TEST_CASE("reports: github writes one workflow command a finding, at the new location") {
    const auto result = run(in_golden_case("enum-value-removed") + "check --format github old.json new.json");
    CHECK(result.exit_code == 1);
    CHECK(result.out ==
          "::error file=new.json,line=37,col=11,title=enum-value-removed (error)::com.example.v1.WidgetSpec .field: `Slow` removed from "
          "the enum of `field`%0Abreaks writers of spec; affects Widget\n"
          "kompat: old.json (openapi-v3) -> new.json (openapi-v3): 1 error(s), 0 warning(s), 0 info\n");
}

TEST_CASE("reports: github escapes what workflow commands reserve and maps info to notice") {
    kompat::Finding finding;
    finding.rule = RuleRef::named("description-changed");
    finding.severity = kompat::Severity::info;
    finding.message = "description changed";
    finding.old_value = "Half.";
    finding.new_value = "100%\r\nsure.";
    finding.type = "T";
    finding.path = ".a";
    finding.affects = {"v1 Pod"};
    finding.new_location = {"dir,x/new:1.json", {3, 4}};
    const kompat::ReportSources sources{{"a", "openapi-v3"}, {"b", "openapi-v3"}, {"a note"}};
    // The second line (what it affects) is a line break inside the one annotation.
    CHECK(kompat::github_report({finding}, kompat::summarize({finding}), sources, kompat::Severity::info) ==
          "::notice title=kompat::a note\n"
          "::notice file=dir%2Cx/new%3A1.json,line=3,col=4,title=description-changed (info)::T .a: description of `a` changed: "
          "[-Half.-]{+100%25 sure.+}%0Aaffects Pod\n"
          "kompat: a (openapi-v3) -> b (openapi-v3): 0 error(s), 0 warning(s), 1 info\n");
    // Below --show: no annotation, the note a plain log line, and the count of what is not shown.
    CHECK(
        kompat::github_report({finding}, kompat::summarize({finding}), sources, kompat::Severity::warning) ==
        "kompat: note: a note\n"
        "kompat: a (openapi-v3) -> b (openapi-v3): 0 error(s), 0 warning(s), 1 info; 1 info finding not shown (--show info lists them)\n");
}

// GitHub shows a step's first annotations only: 50 at most, errors first, then a notice.
TEST_CASE("reports: github annotates at most 50 findings, errors first, and says how many more") {
    std::vector<kompat::Finding> findings;
    for (int i = 0; i < 60; ++i) {
        kompat::Finding finding;
        finding.rule = RuleRef::named(i < 55 ? "default-changed" : "enum-value-added");
        finding.severity = i < 55 ? kompat::Severity::warning : kompat::Severity::error;
        finding.type = "T";
        finding.path = ".f" + std::to_string(i);
        finding.old_value = i;  // sixty different changes (the values their sentences say): none folds into another
        finding.new_value = i + 100;
        findings.push_back(finding);
    }
    kompat::sort_findings(findings);
    const kompat::ReportSources sources{{"a", "openapi-v3"}, {"b", "openapi-v3"}, {}};
    const auto out = kompat::github_report(findings, kompat::summarize(findings), sources, kompat::Severity::warning);
    std::size_t errors = 0;
    std::size_t warnings = 0;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        errors += line.starts_with("::error ") ? 1 : 0;
        warnings += line.starts_with("::warning ") ? 1 : 0;
    }
    CHECK(errors == 5);
    CHECK(warnings == 45);
    CHECK(out.find("::notice title=kompat::10 more finding(s) not annotated here") != std::string::npos);
    CHECK(out.find("::error ") < out.find("::warning "));
}

TEST_CASE("reports: several --format/--output pairs write several reports from one analysis") {
    kompat::test::TempDir dir;
    const auto json_file = (dir.path() / "report.json").string();
    const auto github_file = (dir.path() / "report.github").string();
    const auto result = run(in_golden_case("field-removed") + "check --format json --output '" + json_file +
                            "' --format github --output '" + github_file + "' --format text --show info old.json new.json");
    CHECK(result.exit_code == 1);
    CHECK(result.err.empty());
    const auto golden = fs::path(kompat::test::source_dir()) / "golden" / "field-removed";
    CHECK(result.out == read_file(golden / "expected.text"));
    CHECK(read_file(json_file) == read_file(golden / "expected.json"));
    // A removed field points at its parent object in the new file.
    CHECK(read_file(github_file).starts_with("::error file=new.json,line=34,col=7,"));

    const auto two_to_stdout = run(in_golden_case("field-removed") + "check --format json --format text old.json new.json");
    CHECK(two_to_stdout.exit_code == 2);
    CHECK(two_to_stdout.out.empty());
    const auto unwritable =
        run(in_golden_case("field-removed") + "check --output '" + (dir.path() / "no" / "such" / "dir").string() + "' old.json new.json");
    CHECK(unwritable.exit_code == 2);
    CHECK(unwritable.err.starts_with("kompat: cannot write "));
}

TEST_CASE("reports: an --output is for the --format just before it, whatever the order") {
    kompat::test::TempDir dir;
    const auto html_file = (dir.path() / "report.html").string();
    const auto golden = fs::path(kompat::test::source_dir()) / "golden" / "field-removed";
    // The check --help example: github (no --output) to stdout, html to its file.
    const auto example =
        run(in_golden_case("field-removed") + "check --format github --format html --output '" + html_file + "' old.json new.json");
    CHECK(example.exit_code == 1);
    CHECK(example.out.starts_with("::error "));
    CHECK(read_file(html_file).starts_with("<!DOCTYPE html>"));
    // With no --format, --output is for the text report.
    const auto text_file = (dir.path() / "report.txt").string();
    CHECK(run(in_golden_case("field-removed") + "check --show info --output '" + text_file + "' old.json new.json").out.empty());
    CHECK(read_file(text_file) == read_file(golden / "expected.text"));
    // An --output before every --format, or two for one, is refused before anything is read.
    const auto before_any = run(in_golden_case("field-removed") + "check --output x.json --format json old.json new.json");
    CHECK(before_any.exit_code == 2);
    CHECK(before_any.err == "kompat: --output x.json comes before any --format; write it after the --format whose report it is\n");
    const auto two = run(in_golden_case("field-removed") + "check --format json --output a.json --output b.json old.json new.json");
    CHECK(two.exit_code == 2);
    CHECK(two.err.starts_with("kompat: two --output for one --format (json)"));
}

// Without --format, the --output file's extension names the report (`-o report.html` is
// HTML, not text in an .html file); an extension kompat does not know is refused.
TEST_CASE("reports: an --output without --format takes its report format from the extension") {
    kompat::test::TempDir dir;
    const auto golden = fs::path(kompat::test::source_dir()) / "golden" / "field-removed";
    for (const auto& [file, expected] : std::vector<std::pair<std::string, std::string>>{{"r.html", "expected.html"},
                                                                                         {"r.json", "expected.json"},
                                                                                         {"r.sarif", "expected.sarif"},
                                                                                         {"r.sarif.json", "expected.sarif"},
                                                                                         {"r.xml", "expected.junit"},
                                                                                         {"r.md", "expected.markdown"},
                                                                                         {"r.log", "expected.text"},
                                                                                         {"report", "expected.text"}}) {
        INFO(file);
        const auto output = (dir.path() / file).string();
        // As the golden test writes them: text with --show info, the rest with the default --show.
        const std::string show = expected == "expected.text" ? "--show info " : "";
        const auto written = run(in_golden_case("field-removed") + "check " + show + "--output '" + output + "' old.json new.json");
        CHECK(written.exit_code == 1);
        CHECK(written.out.empty());
        CHECK(read_file(output) == read_file(golden / expected));
    }
    const auto unknown =
        run(in_golden_case("field-removed") + "check --output '" + (dir.path() / "r.yaml").string() + "' old.json new.json");
    CHECK(unknown.exit_code == 2);
    CHECK(unknown.out.empty());
    CHECK(unknown.err.find("cannot tell the report format of --output ") != std::string::npos);
    CHECK(unknown.err.find("; give --format before it\n") != std::string::npos);
    CHECK(!fs::exists(dir.path() / "r.yaml"));
    // An explicit --format wins over the extension.
    const auto text_in_json = (dir.path() / "text.json").string();
    CHECK(run(in_golden_case("field-removed") + "check --format text --show info --output '" + text_in_json + "' old.json new.json")
              .exit_code == 1);
    CHECK(read_file(text_in_json) == read_file(golden / "expected.text"));
}

// The PR comment and the job summary open with the gate's verdict, counting what the
// exit counts; the Action's merge base (a full commit id) is shown as git shows it.
TEST_CASE("reports: the markdown report opens with the verdict of --fail-on") {
    const auto fails = run(in_golden_case("field-removed") + "check --format markdown old.json new.json");
    CHECK(fails.exit_code == 1);
    CHECK(fails.out.starts_with("## kompat fails: 1 error (`--fail-on error`)\n\n`old.json` → `new.json`\n"));
    const auto warning_gate = run(in_golden_case("field-added") + "check --format markdown --fail-on warning old.json new.json");
    CHECK(warning_gate.exit_code == 0);
    CHECK(warning_gate.out.starts_with("## kompat passes: no errors or warnings (`--fail-on warning`)\n"));
    const auto info_gate = run(in_golden_case("field-added") + "check --format markdown --fail-on info old.json new.json");
    CHECK(info_gate.exit_code == 1);
    CHECK(info_gate.out.starts_with("## kompat fails: 1 info (`--fail-on info`)\n"));
    // diff's exit is any change: no gate to state.
    CHECK(run(in_golden_case("field-removed") + "diff --format markdown old.json new.json").out.starts_with("## kompat\n\n`old.json` → "));

    kompat::test::TempDir dir;
    const auto git = "git -C '" + dir.path().string() + "' ";
    REQUIRE(std::system((git + "init -q").c_str()) == 0);
    const auto golden = fs::path(kompat::test::source_dir()) / "golden" / "field-removed";
    dir.write("spec.json", read_file(golden / "old.json"));
    REQUIRE(std::system((git + "add -A && " + git + "-c user.name=t -c user.email=t@t commit -qm old").c_str()) == 0);
    const auto head = run(git + "rev-parse HEAD").out.substr(0, 40);
    dir.write("spec.json", read_file(golden / "new.json"));
    const auto comment = run("cd '" + dir.path().string() + "' && '" + kompat::test::kompat_binary() +
                             "' check --format markdown git:" + head + ":spec.json spec.json");
    CHECK(comment.exit_code == 1);
    CHECK(comment.out.find("\n`git:" + head.substr(0, 12) + ":spec.json` → `spec.json`\n") != std::string::npos);
    CHECK(comment.out.find(head) == std::string::npos);
}

// Code scanning makes every SARIF result an alert: SARIF holds what --show shows (errors
// and warnings by default) and counts the rest; JSON keeps everything.
TEST_CASE("reports: SARIF holds the findings --show shows and counts the rest") {
    const auto results = [](const std::string& args) {
        const auto sarif = run(in_golden_case("field-added") + "check --format sarif " + args + "old.json new.json");
        REQUIRE(sarif.exit_code == 0);
        const auto report = boost::json::parse(sarif.out);
        const auto& sarif_run = report.at("runs").at(0);
        return std::pair{sarif_run.at("results").as_array().size(),
                         boost::json::value_to<std::uint64_t>(sarif_run.at("properties").at("notShown"))};
    };
    CHECK(results("") == std::pair<std::size_t, std::uint64_t>{0, 1});
    CHECK(results("--show info ") == std::pair<std::size_t, std::uint64_t>{1, 0});
    const auto json = boost::json::parse(run(in_golden_case("field-added") + "check --format json old.json new.json").out);
    CHECK(json.at("findings").as_array().size() == 1);
}

TEST_CASE("reports: the JUnit and SARIF reports of every golden case and of a real pair are valid against their schemas") {
    struct Validated {
        const char* format;
        const char* validator;  // in ../shared/schemas
        const char* tool;       // what the validator needs
        const char* probe;      // a command that succeeds when it is there
    };
    const Validated formats[] = {
        {"junit", "validate-junit", "xmllint (libxml2-utils)", "command -v xmllint"},
        {"sarif", "validate-sarif", "python3-jsonschema", "/usr/bin/python3 -c 'import jsonschema' || python3 -c 'import jsonschema'"},
    };
    for (const auto& validated : formats) {
        INFO(validated.format);
        const auto validator = fs::path(kompat::test::source_dir()) / ".." / "shared" / "schemas" / validated.validator;
        if (!fs::exists(validator) || run(validated.probe).exit_code != 0) {
            WARN("../shared/schemas/" << validated.validator << " or " << validated.tool << " is absent: " << validated.format
                                      << " validation skipped");
            continue;
        }
        kompat::test::TempDir dir;
        std::string files;
        int reports = 0;
        for (const auto& entry : fs::directory_iterator(fs::path(kompat::test::source_dir()) / "golden")) {
            const auto name = entry.path().filename().string();
            if (!kompat::test::is_rule_case(entry)) continue;
            const auto output = (dir.path() / name).string();
            // --fail-on info makes every finding a failing JUnit testcase; warning leaves some passing.
            const auto result = run(in_golden_case(name) + kompat::test::golden_arguments(entry.path()) + " --format " + validated.format +
                                    " --fail-on " + (reports % 2 == 0 ? "info" : "warning") + " --output '" + output + "'");
            CHECK(result.err.empty());
            files += " '" + output + "'";
            ++reports;
        }
        if (kompat::test::corpus_present()) {
            const auto corpus = kompat::test::corpus_dir();
            const auto output = (dir.path() / "corpus").string();
            run("'" + kompat::test::kompat_binary() + "' check --format " + validated.format + " --fail-on warning --output '" + output +
                "' '" + corpus + "/kubernetes/v1.24/v3' '" + corpus + "/kubernetes/v1.25/v3'");
            CHECK(read_file(output).find("kind-removed") != std::string::npos);
            files += " '" + output + "'";
        }
        const auto result = run("'" + validator.string() + "'" + files);
        INFO(result.out.substr(0, 2000) << result.err.substr(0, 2000));
        CHECK(result.exit_code == 0);
        CHECK(reports > 90);
    }
}

TEST_CASE("reports: JSON text is written as Boost.JSON serializes it, plain strings and escaped ones alike") {
    std::string every_ascii;
    for (int c = 1; c < 0x80; ++c) every_ascii += static_cast<char>(c);
    std::string every_byte = every_ascii;  // and bytes no UTF-8 text holds, which the writer copies as Boost.JSON does
    for (int c = 0x80; c < 0x100; ++c) every_byte += static_cast<char>(c);
    const std::vector<std::string> texts{
        "",         "plain",     "ünïcode ✓", "a\"quote", "back\\slash", "tab\tline\nend", std::string("nul\0byte", 8),
        "\x7f del", every_ascii, every_byte};
    for (const auto& text : texts) {
        INFO(text);
        std::string written;
        kompat::JsonWriter writer(written);
        writer.string(text);
        CHECK(written == boost::json::serialize(boost::json::value(text)));
        if (text == every_byte) continue;
        // Keys too, in the pretty layout: read back, the same value.
        boost::json::object object;
        object[text] = text;
        object["list"] = boost::json::array{boost::json::value(text), boost::json::value(text)};
        CHECK(boost::json::parse(kompat::to_pretty_json(object)) == boost::json::value(object));
    }
}

TEST_CASE("reports: JSON keys of every length are indented by their depth, past the indent written in one piece") {
    // Keys of 1 to 70 bytes (short ones go in one piece, long ones as before), objects 40
    // deep (the first 32 levels' indent is one piece): each key's line starts with two
    // spaces a level, and the text reads back as the value written.
    boost::json::value value = boost::json::object{};
    for (int depth = 39; depth >= 0; --depth) {
        boost::json::object level;
        level["level" + std::to_string(depth) + std::string(static_cast<std::size_t>(depth) * 2, 'k')] = std::move(value);
        level["q\"" + std::to_string(depth)] = depth;
        value = std::move(level);
    }
    const auto text = kompat::to_pretty_json(value);
    boost::json::parse_options deep;
    deep.max_depth = 64;
    CHECK(boost::json::parse(text, {}, deep) == value);
    for (int depth = 0; depth < 40; ++depth) {
        const auto key = "\"level" + std::to_string(depth) + std::string(static_cast<std::size_t>(depth) * 2, 'k') + "\": ";
        const auto at = text.find(key);
        REQUIRE(at != std::string::npos);
        const auto line = text.rfind('\n', at);
        CHECK(at - line - 1 == 2 * static_cast<std::size_t>(depth + 1));
    }
}
