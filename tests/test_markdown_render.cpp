// The markdown report (a PR comment, a job summary) and the changelog rendered as GitHub
// renders them (cmark-gfm with GitHub's extensions, raw HTML let through as the worst
// case): names, reasons and places an input wrote add no element, link, image, heading
// or mention of their own.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <regex>
#include <set>

#include "report/markdown_text.hpp"
#include "rules/rule_table.hpp"
#include "test_support.hpp"

using kompat::test::run;
using kompat::test::TempDir;

namespace {

// What an attacker writes into a type name, an ignore's reason or a baseline entry's place.
const std::string hostile = R"(W</b></summary></details><img src=x>@team [x](https://e.example) www.e.example ### h **b** #12 $x$)";

std::string quoted(const std::filesystem::path& path) { return "'" + path.string() + "'"; }

// The markdown rendered as GitHub does, raw HTML kept.
std::string rendered(const TempDir& dir, const std::string& markdown) {
    const auto file = dir.write("report.md", markdown);
    const auto result = run("cmark-gfm --unsafe -e table -e autolink -e strikethrough -e tagfilter " + quoted(file));
    REQUIRE(result.exit_code == 0);  // make test installs cmark-gfm (scripts/install-deps.sh)
    return result.out;
}

std::set<std::string> elements_of(const std::string& html) {
    std::set<std::string> names;
    static const std::regex tag("<([a-zA-Z][a-zA-Z0-9]*)");
    for (auto it = std::sregex_iterator(html.begin(), html.end(), tag); it != std::sregex_iterator(); ++it) names.insert((*it)[1]);
    return names;
}

// The text of `html` outside <code> elements, where GitHub links mentions and references.
std::string outside_code(const std::string& html) {
    std::string out;
    std::size_t at = 0;
    while (true) {
        const auto open = html.find("<code>", at);
        out += html.substr(at, open == std::string::npos ? std::string::npos : open - at);
        if (open == std::string::npos) break;
        const auto close = html.find("</code>", open);
        REQUIRE(close != std::string::npos);
        at = close + 7;
    }
    return out;
}

void check_rendering(const TempDir& dir, const std::string& markdown, const std::set<std::string>& own) {
    INFO(markdown);
    const auto html = rendered(dir, markdown);
    INFO(html);
    for (const auto& element : elements_of(html)) {
        INFO(element);
        CHECK(own.contains(element));
    }
    const auto prose = outside_code(html);
    CHECK(prose.find("@team") == std::string::npos);
    CHECK(prose.find("#12") == std::string::npos);
    CHECK(prose.find("e.example") == std::string::npos);
    CHECK(prose.find("$x$") == std::string::npos);
}

std::string swagger(const std::string& type_name, bool with_name) {
    const std::string name = with_name ? R"(, "name": {"type": "string"})" : "";
    return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {")" + type_name +
           R"(": {"type": "object", "properties": {"size": {"type": "integer"})" + name + R"(}}}})";
}

std::string json_name(const std::string& text) {
    std::string out;
    for (const char c : text) out += c == '"' ? std::string("\\\"") : std::string(1, c);
    return out;
}

}  // namespace

TEST_CASE("markdown render: input text adds no element, link, image or mention to the PR comment or the changelog") {
    TempDir dir;
    dir.write("old.json", swagger(json_name(hostile), true));
    dir.write("new.json", swagger(json_name(hostile), false));  // a field removed: an error in the hostile type
    dir.write("kompat.yaml", "ignores:\n  - rule: enum-value-added\n    reason: \"" + json_name(hostile) + "\"\n");
    dir.write("baseline.txt", "0123456789abcdef field-removed " + hostile + "  # stale\n");
    const auto in_dir = "cd " + quoted(dir.path()) + " && '" + kompat::test::kompat_binary() + "' ";

    const auto markdown = run(in_dir + "check old.json new.json --format markdown --config kompat.yaml --baseline baseline.txt");
    REQUIRE(markdown.exit_code == 1);
    // The hostile text is there, as text: in code spans and HTML-escaped.
    CHECK(markdown.out.find("&lt;img src=x&gt;@team") != std::string::npos);
    check_rendering(dir, markdown.out,
                    {"h2", "p", "table", "thead", "tbody", "tr", "th", "td", "details", "summary", "b", "code", "blockquote", "ul", "li",
                     "br", "strong", "pre"});  // pre: the baseline lines that would accept the errors

    const auto changelog = run(in_dir + "changelog old.json new.json");
    REQUIRE(changelog.exit_code == 0);
    check_rendering(dir, changelog.out, {"h1", "h2", "h3", "ul", "li", "strong", "code", "p"});
}

// A value holding `|` reads as written: escaped for a table cell (GitHub shows `\|` in a
// code span there as `|`), never elsewhere, where the backslash would show.
TEST_CASE("markdown render: a pattern with | reads as written in the PR comment and the changelog") {
    TempDir dir;
    const auto with_pattern = [](const std::string& pattern) {
        return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {"W": {"type": "object",
            "properties": {"url": {"type": "string", "pattern": ")" +
               pattern + R"("}}}}})";
    };
    dir.write("old.json", with_pattern("^(http|https)://.+$"));
    dir.write("new.json", with_pattern("^https://.+$"));  // narrowed: an error, in the notes' Breaking section
    const auto in_dir = "cd " + quoted(dir.path()) + " && '" + kompat::test::kompat_binary() + "' ";
    for (const auto* command : {"check old.json new.json --format markdown --show info", "changelog old.json new.json"}) {
        INFO(command);
        const auto result = run(in_dir + command);
        REQUIRE(result.exit_code <= 1);
        const auto html = rendered(dir, result.out);
        INFO(html);
        CHECK(html.find("<code>^(http|https)://.+$</code>") != std::string::npos);
        CHECK(html.find("\\|") == std::string::npos);
    }
}

namespace {

std::string html_unescaped(std::string text) {
    for (const auto& [entity, character] :
         std::vector<std::pair<std::string, std::string>>{{"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}}) {
        for (auto at = text.find(entity); at != std::string::npos; at = text.find(entity, at + character.size()))
            text.replace(at, entity.size(), character);
    }
    return text;
}

}  // namespace

// Every golden case's PR comment and release notes, rendered as GitHub renders them: each
// short text value a finding names (a pattern, an enum value, a type) reads as written,
// in a code element, whatever characters it holds.
TEST_CASE("markdown render: every golden case's values read as written in the PR comment and the changelog") {
    namespace fs = std::filesystem;
    TempDir dir;
    std::size_t values_checked = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(kompat::test::source_dir()) / "golden")) {
        if (!fs::exists(entry.path() / "new.json") || !fs::exists(entry.path() / "old.json")) continue;
        INFO(entry.path().filename().string());
        const auto in_case = "cd " + quoted(entry.path()) + " && '" + kompat::test::kompat_binary() + "' ";
        const auto arguments = kompat::test::golden_arguments(entry.path());
        const auto json = run(in_case + arguments + " --format json");
        if (json.exit_code > 1) continue;  // a case about bad input
        const auto findings = boost::json::parse(json.out).at("findings").as_array();
        const auto markdown = html_unescaped(rendered(dir, run(in_case + arguments + " --format markdown --show info").out));
        const auto notes = html_unescaped(rendered(dir, run(in_case + "changelog old.json new.json").out));
        // Release notes compare the releases; a cluster's stored versions (check --cluster) are no release's.
        const bool of_releases = !fs::exists(entry.path() / "cluster.json");
        for (const auto& finding : findings) {
            const auto& rule = finding.at("rule").as_string();
            if (rule == "description-changed") continue;  // said as the words that changed
            const auto* row = kompat::find_rule(rule);
            REQUIRE(row != nullptr);
            for (const auto* side : {"old", "new"}) {
                // Only a value the rule's sentence names ({old}, {new}); stages are said in words.
                if (row->sentence.find("{" + std::string(side) + "}") == std::string_view::npos) continue;
                const auto* value = finding.as_object().if_contains(side);
                if (value == nullptr || !value->is_string() || value->as_string().empty() || value->as_string().size() > 100) continue;
                const auto code = "<code>" + std::string(value->as_string()) + "</code>";
                INFO(rule << " " << side << ": " << code);
                CHECK(markdown.find(code) != std::string::npos);
                if (of_releases && finding.at("severity").as_string() == "error" && rule != "version-removed" && rule != "kind-removed")
                    CHECK(notes.find(code) != std::string::npos);
                ++values_checked;
            }
        }
    }
    CHECK(values_checked > 100);
}

namespace {

std::string json_string(const std::string& text) { return boost::json::serialize(boost::json::value(text)); }

// A document whose type name, operation path and info.version all hold `text`; `old_side`
// has a field `name` in the type (removed in the other: an error), the new side an
// operation more.
std::string openapi_with(const std::string& text, bool old_side) {
    namespace json = boost::json;
    const json::object ok{{"200", {{"description", "ok"}}}};
    json::object properties{{"size", {{"type", "integer"}}}, {text, {{"type", "string"}}}};
    if (old_side) properties["name"] = {{"type", "string"}};
    json::object paths{{"/w/" + text, {{"get", {{"responses", ok}}}}}};
    if (!old_side) paths["/added/" + text] = {{"get", {{"responses", ok}}}};
    const json::object document{{"openapi", "3.0.0"},
                                {"info", {{"title", "t"}, {"version", "1.0 " + text}}},
                                {"paths", paths},
                                {"components", {{"schemas", {{"H" + text, {{"type", "object"}, {"properties", properties}}}}}}}};
    return json::serialize(document);
}

}  // namespace

// Backticks an input writes (runs of one to five, and one after a backslash, which markdown
// reads as a plain backtick) close no code span of kompat's: nothing after them renders.
TEST_CASE("markdown render: backticks in names, paths, versions and reasons close no code span") {
    std::vector<std::string> attacks;
    for (int run = 1; run <= 5; ++run) {
        const std::string ticks(static_cast<std::size_t>(run), '`');
        attacks.push_back("a" + ticks + " <h1>H</h1> <img src=x> [x](https://e.example) @team #12 " + ticks + "b");
        attacks.push_back(ticks + "<h1>H</h1>@team" + ticks);
    }
    attacks.push_back(R"(\`<h1>H</h1> @team #12 <img src=x>`)");
    attacks.push_back(R"(x\` @team [x](https://e.example) \`)");
    for (const auto& attack : attacks) {
        INFO(attack);
        TempDir dir;
        dir.write("old.json", openapi_with(attack, true));
        dir.write("new.json", openapi_with(attack, false));
        dir.write("kompat.yaml", "ignores:\n  - rule: operation-added\n    reason: " + json_string(attack) + "\n");
        dir.write("baseline.txt", "0123456789abcdef field-removed " + attack + "  # stale\n");
        const auto in_dir = "cd " + quoted(dir.path()) + " && '" + kompat::test::kompat_binary() + "' ";
        const auto markdown =
            run(in_dir + "check old.json new.json --format markdown --show info --config kompat.yaml --baseline baseline.txt");
        INFO(markdown.err);
        REQUIRE(markdown.exit_code <= 1);
        check_rendering(dir, markdown.out,
                        {"h2", "p", "table", "thead", "tbody", "tr", "th", "td", "details", "summary", "b", "code", "blockquote", "ul",
                         "li", "br", "strong", "pre"});
        const auto changelog = run(in_dir + "changelog old.json new.json");
        REQUIRE(changelog.exit_code == 0);
        check_rendering(dir, changelog.out, {"h1", "h2", "h3", "ul", "li", "strong", "code", "p"});
    }
}

namespace {

// The text a reader sees: tags dropped, entities read.
std::string visible_text(const std::string& html) {
    static const std::regex tag("<[^>]*>");
    auto text = html_unescaped(std::regex_replace(html, tag, ""));
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}

std::vector<std::string> code_spans(const std::string& html) {
    std::vector<std::string> spans;
    static const std::regex code("<code>([^<]*)</code>");
    for (auto it = std::sregex_iterator(html.begin(), html.end(), code); it != std::sregex_iterator(); ++it)
        spans.push_back(html_unescaped((*it)[1]));
    return spans;
}

// Three operations' paths with `_` in them, which GFM reads as text inside a word, and a
// shared response type they all return: the finding in it affects every operation.
std::string operations_sharing(bool with_enum_value) {
    namespace json = boost::json;
    json::array values{"card"};
    if (with_enum_value) values.emplace_back("us_bank_account");
    const json::object response{
        {"200",
         {{"description", "ok"}, {"content", {{"application/json", {{"schema", {{"$ref", "#/components/schemas/payment_method"}}}}}}}}}};
    json::object paths;
    for (const auto* path :
         {"/v1/3d_secure", "/v1/3d_secure/{three_d_secure}", "/v1/payment_methods", "/v1/payment_methods/{pm_id}", "/v1/setup_intents"})
        paths[path] = {{"get", {{"responses", response}}}, {"post", {{"responses", response}}}};
    const json::object document{
        {"openapi", "3.0.0"},
        {"info", {{"title", "t"}, {"version", "1"}}},
        {"paths", paths},
        {"components",
         {{"schemas", {{"payment_method", {{"type", "object"}, {"properties", {{"pm_type", {{"type", "string"}, {"enum", values}}}}}}}}}}}};
    return json::serialize(document);
}

}  // namespace

// A word with `_` inside it (`3d_secure`) is text to GFM, and the punctuation after a word
// is the sentence's: rendered, a line reads exactly as written, and no code span holds
// the comma or the bracket after its word.
TEST_CASE("markdown render: prose reads as written, and code spans hold a word, never the punctuation after it") {
    TempDir dir;
    for (const std::string text :
         {"affects POST /v1/3d_secure, GET /v1/3d_secure/{three_d_secure}, DELETE /v1/account and 387 more",
          "a snake_case_name, then _emphasis_ and *stars*, (see www.e.example), @team; #12.", "`spec.x_y`, `a`: done (`b`)."}) {
        INFO(text);
        const auto html = rendered(dir, kompat::line_text(text));
        INFO(html);
        // A backticked name shows as code, its backticks gone.
        auto expected = text;
        std::erase(expected, '`');
        CHECK(visible_text(html) == expected);
        CHECK(html.find("<em>") == std::string::npos);
        for (const auto& span : code_spans(html)) {
            INFO(span);
            CHECK(span.find_last_of(",;:)") != span.size() - 1);
            CHECK(!span.starts_with("("));
        }
    }
}

// The PR comment quotes the values kompat names (operations, fields, enum values) as code,
// and nothing else: an object finding's sentence is prose around its quoted name.
TEST_CASE("markdown render: only the values a finding names are code in the PR comment") {
    TempDir dir;
    dir.write("old.json", operations_sharing(false));
    dir.write("new.json", operations_sharing(true));
    const auto in_dir = "cd " + quoted(dir.path()) + " && '" + kompat::test::kompat_binary() + "' ";
    const auto markdown = run(in_dir + "check old.json new.json --format markdown");
    REQUIRE(markdown.exit_code == 1);
    const auto html = rendered(dir, markdown.out);
    INFO(html);
    const auto spans = code_spans(html);
    const std::set<std::string> quoted_values(spans.begin(), spans.end());
    CHECK(quoted_values.contains("us_bank_account"));
    CHECK(quoted_values.contains("pm_type"));
    // Ten operations: the count, then the nearest three, each one code span.
    CHECK(visible_text(html).find("affects 10 operations, nearest GET /v1/3d_secure, POST /v1/3d_secure and GET ") != std::string::npos);
    CHECK(quoted_values.contains("GET /v1/3d_secure"));
    for (const auto& span : spans) {
        INFO(span);
        CHECK(span.find(", ") == std::string::npos);
        CHECK(span.find_last_of(",;:)") != span.size() - 1);
    }

    const auto objects =
        run("'" + kompat::test::kompat_binary() + "' validate '" + kompat::test::source_dir() + "/examples/crds/widgets.yaml' --objects '" +
            kompat::test::source_dir() + "/examples/objects/gadgets.yaml' --format markdown");
    REQUIRE(objects.exit_code == 1);
    const auto object_html = rendered(dir, objects.out);
    INFO(object_html);
    CHECK(object_html.find("<code>default/typo</code>") != std::string::npos);
    CHECK(visible_text(object_html).find("0 is below minimum 1") != std::string::npos);
    for (const auto& span : code_spans(object_html)) CHECK(span.find("below minimum") == std::string::npos);
}
