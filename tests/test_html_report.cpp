// The HTML report: a self-contained page (nothing it could fetch), escaped content, the
// word diff of descriptions, and (when Debian's chromium is there) a page that runs.
#include <boost/json/parse.hpp>

#include <regex>
#include <set>

#include "report/html_report.hpp"
#include "report/markup_text.hpp"
#include "report/word_diff.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::RuleRef;
using kompat::test::count_of;
using kompat::test::read_file;
using kompat::test::run;

namespace {

// Everything in a page that could make a browser fetch something: a tag or attribute
// outside the small set the writer uses (src, href, srcset, action, img, link, … are all
// outside it), a CSS url() or @import, or a missing Content-Security-Policy.
std::vector<std::string> external_references(const std::string& page) {
    static const std::set<std::string> tags = {
        "html", "head",    "meta",    "title", "style",    "body",   "header", "h1",    "h2",      "h3",      "p",
        "code", "ul",      "li",      "form",  "fieldset", "legend", "label",  "input", "select",  "option",  "output",
        "main", "article", "span",    "dl",    "dt",       "dd",     "div",    "pre",   "details", "summary", "del",
        "ins",  "script",  "section", "table", "thead",    "tbody",  "tr",     "th",    "td",      "button"};
    static const std::set<std::string> attributes = {
        "lang",    "charset", "http-equiv",  "content",       "name",      "class",      "id",        "type",       "value",
        "checked", "hidden",  "placeholder", "data-severity", "data-rule", "data-kinds", "data-kind", "data-group", "open"};
    std::vector<std::string> found;
    static const std::regex tag(R"(<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>)");
    static const std::regex attribute(R"(([a-zA-Z-]+)(="[^"]*")?)");
    for (std::sregex_iterator it(page.begin(), page.end(), tag), end; it != end; ++it) {
        const auto name = (*it)[1].str();
        if (!tags.contains(name)) found.push_back("tag <" + name + ">");
        const auto rest = (*it)[2].str();
        for (std::sregex_iterator a(rest.begin(), rest.end(), attribute); a != end; ++a)
            if (!attributes.contains((*a)[1].str())) found.push_back("attribute " + (*a)[1].str() + " on <" + name + ">");
    }
    for (const char* css : {"url(", "@import"})
        if (page.find(css) != std::string::npos) found.emplace_back(css);
    if (page.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';") == std::string::npos)
        found.emplace_back("no Content-Security-Policy");
    return found;
}

std::string in_golden_case(const fs::path& dir) { return "cd '" + dir.string() + "' && '" + kompat::test::kompat_binary() + "' "; }

}  // namespace

TEST_CASE("html: the page of every golden case and of a real pair fetches nothing and shows every finding") {
    int pages = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(kompat::test::source_dir()) / "golden")) {
        const auto name = entry.path().filename().string();
        if (!kompat::test::is_rule_case(entry)) continue;
        INFO(name);
        const auto command = kompat::test::golden_arguments(entry.path());
        const auto html = run(in_golden_case(entry.path()) + command + " --format html");
        const auto json = run(in_golden_case(entry.path()) + command + " --format json");
        CHECK(html.err.empty());
        CHECK(html.exit_code == json.exit_code);
        CHECK(html.out.starts_with("<!DOCTYPE html>\n"));
        CHECK(html.out.ends_with("</html>\n"));
        CHECK(external_references(html.out).empty());
        const auto findings = boost::json::parse(json.out).at("findings").as_array().size();
        CHECK(count_of(html.out, "<article class=\"finding ") == findings);
        ++pages;
    }
    CHECK(pages > 90);
    if (!kompat::test::corpus_present()) {
        WARN("../shared/corpus is absent: the HTML page of a real pair is not checked");
        return;
    }
    // Kubernetes descriptions hold https:// links; as text they are shown, never fetched.
    const auto corpus = kompat::test::corpus_dir();
    const auto page = run("'" + kompat::test::kompat_binary() + "' check --format html '" + corpus + "/kubernetes/v1.24/v3' '" + corpus +
                          "/kubernetes/v1.25/v3'");
    CHECK(page.exit_code == 1);
    CHECK(page.out.find("https://") != std::string::npos);
    const auto references = external_references(page.out);
    INFO((references.empty() ? "" : references.front()));
    CHECK(references.empty());
    // The seven public 1.25 removals (six versions and PodSecurityPolicy as a whole kind),
    // and PersistentVolumeSpec.claimRef made granular beside its atomic type.
    CHECK(count_of(page.out, "data-severity=\"warning\"") == 8);
    CHECK(page.out.find("<del>") != std::string::npos);  // a description diff
    // The overview table first, then groups by kind, each by rule with whom it breaks.
    CHECK(page.out.find("<table class=\"overview\">") < page.out.find("<section class=\"group\""));
    CHECK(page.out.find("<p class=\"guidance\">Breaks: ") != std::string::npos);
    // Each description once: no old/new sides outside its folded full texts.
    CHECK(count_of(page.out, "<summary>full texts</summary>") == count_of(page.out, "data-rule=\"description-changed\""));
}

TEST_CASE("html: what the inputs say is escaped, never markup") {
    kompat::Finding finding;
    finding.rule = RuleRef::named("description-changed");
    finding.severity = kompat::Severity::info;
    finding.message = "description changed";
    finding.kind = "example.com/v1 <Widget>";
    finding.type = "T";
    finding.path = ".spec.\"a\"";
    finding.old_value = "use <b>bold</b> & 'quotes'";
    finding.new_value = "</pre><script>alert(1)</script><img src=x>";
    finding.affects = {"example.com/v1 <Widget>"};
    const kompat::ReportSources sources{{"<old>", "openapi-v3"}, {"new&", "openapi-v3"}, {"a <note>"}};
    const auto page = kompat::html_report({finding}, kompat::summarize({finding}), sources);
    CHECK(external_references(page).empty());
    CHECK(count_of(page, "<script>") == 1);  // the page's own
    CHECK(page.find("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x&gt;") != std::string::npos);
    CHECK(page.find("use &lt;b&gt;bold&lt;/b&gt; &amp; &apos;quotes&apos;") != std::string::npos);
    CHECK(page.find("<option value=\"0\">example.com/v1 &lt;Widget&gt; (1)</option>") != std::string::npos);
    CHECK(page.find("<code class=\"place\">.spec.&quot;a&quot;</code>") != std::string::npos);
    CHECK(page.find("<summary>example.com/v1 &lt;Widget&gt; (1)</summary>") != std::string::npos);
    CHECK(page.find("<li>a &lt;note&gt;</li>") != std::string::npos);
    CHECK(page.find("<title>kompat: &lt;old&gt; (openapi-v3) → new&amp; (openapi-v3)</title>") != std::string::npos);
}

TEST_CASE("markup text: specials, controls and workflow commands escaped, the rest copied whole") {
    CHECK(kompat::markup_text("") == "");
    CHECK(kompat::markup_text("plain ünïcode ✓ text") == "plain ünïcode ✓ text");
    CHECK(kompat::markup_text("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;");
    CHECK(kompat::markup_text("tab\tline\ncr\r") == "tab&#9;line&#10;cr&#13;");
    CHECK(kompat::markup_text(std::string("nul\0bell\a", 9)) ==
          "nul\xEF\xBF\xBD"
          "bell\xEF\xBF\xBD");
    // A lone ':' or '#' stays; the first character of a workflow command does not.
    CHECK(kompat::markup_text("a: b # c #x :") == "a: b # c #x :");
    CHECK(kompat::markup_text("::error::x ##[group]y ##vso[task]z") == "&#58;:error&#58;:x &#35;#[group]y &#35;#vso[task]z");
    CHECK(kompat::markup_text("end::") == "end&#58;:");
    std::string out = "<p>";
    kompat::append_markup_text(out, "1 < 2");
    CHECK(out == "<p>1 &lt; 2");
}

TEST_CASE("html: an empty comparison says so and keeps the filters") {
    const auto page = kompat::html_report({}, {}, {{"a", "crd"}, {"b", "crd"}, {}});
    CHECK(page.find("<p>No compatibility findings.</p>") != std::string::npos);
    CHECK(page.find("<output id=\"shown\">0 of 0 findings shown</output>") != std::string::npos);
    CHECK(external_references(page).empty());
}

namespace {

using Edit = kompat::TextSpan::Edit;

std::string side_of(const std::vector<kompat::TextSpan>& spans, Edit left_out) {
    std::string text;
    for (const auto& span : spans)
        if (span.edit != left_out) text += span.text;
    return text;
}

}  // namespace

TEST_CASE("word diff: spans give both texts back, removed words before added ones") {
    const auto spans = kompat::word_diff("The mode.", "The mode of the widget.");
    REQUIRE(spans);
    REQUIRE(spans->size() == 3);
    CHECK((*spans)[0].edit == Edit::common);
    CHECK((*spans)[0].text == "The ");
    CHECK((*spans)[1].edit == Edit::removed);
    CHECK((*spans)[1].text == "mode.");
    CHECK((*spans)[2].edit == Edit::added);
    CHECK((*spans)[2].text == "mode of the widget.");

    // Shared spaces inside a run of changes do not cut it into pieces.
    const auto run_of_changes = kompat::word_diff("keep a b c keep", "keep x y z keep");
    REQUIRE(run_of_changes);
    REQUIRE(run_of_changes->size() == 4);
    CHECK((*run_of_changes)[1].text == "a b c");
    CHECK((*run_of_changes)[2].text == "x y z");
    CHECK((*run_of_changes)[3].text == " keep");

    const std::pair<const char*, const char*> pairs[] = {
        {"", ""},
        {"", "all new"},
        {"all gone", ""},
        {"  leading and trailing  ", "leading\nand\ttrailing"},
        {"a b c d e f", "f e d c b a"},
        {"List of ports to expose. Cannot be updated.",
         "List of ports. Not specifying a port here DOES NOT prevent it. Cannot be updated."},
    };
    for (const auto& [before, after] : pairs) {
        INFO(before << " -> " << after);
        const auto diff = kompat::word_diff(before, after);
        REQUIRE(diff);
        CHECK(side_of(*diff, Edit::added) == before);
        CHECK(side_of(*diff, Edit::removed) == after);
        for (std::size_t i = 1; i < diff->size(); ++i) CHECK((*diff)[i].edit != (*diff)[i - 1].edit);
    }
}

TEST_CASE("word diff: texts over the word bound get no diff rather than a slow one") {
    std::string long_text;
    for (int i = 0; i < 3000; ++i) long_text += "word" + std::to_string(i) + " ";
    CHECK_FALSE(kompat::word_diff(long_text, long_text + "more", 4000));
    CHECK(kompat::word_diff(long_text, long_text + "more", 10000));
}

TEST_CASE("html: the page runs in headless Chromium: the script shows the filters and counts the findings") {
    if (run("command -v chromium").exit_code != 0) {
        WARN("chromium is absent (make test installs it; apt-get install chromium): the page is not rendered");
        return;
    }
    kompat::test::TempDir dir;
    const auto page = (dir.path() / "report.html").string();
    const auto golden = fs::path(kompat::test::source_dir()) / "golden" / "description-changed";
    CHECK(run(in_golden_case(golden) + "check --format html --output '" + page + "' old.json new.json").exit_code == 0);
    const auto dom = run(
        "timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-dev-shm-usage "
        "--user-data-dir='" +
        (dir.path() / "profile").string() + "' --dump-dom 'file://" + page + "' 2>/dev/null");
    REQUIRE(dom.exit_code == 0);
    CHECK(dom.out.find("<body data-ready=\"true\">") != std::string::npos);
    CHECK(dom.out.find("<form id=\"filters\">") != std::string::npos);  // no longer hidden
    // It opens on errors and warnings: the one info finding is counted, not shown.
    CHECK(dom.out.find("0 of 1 findings shown") != std::string::npos);
    // The filter state comes from the URL fragment.
    const auto with_info =
        run("timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking "
            "--disable-dev-shm-usage --user-data-dir='" +
            (dir.path() / "profile").string() + "' --dump-dom 'file://" + page + "#severity=error,warning,info' 2>/dev/null");
    REQUIRE(with_info.exit_code == 0);
    CHECK(with_info.out.find("1 of 1 findings shown") != std::string::npos);
}
