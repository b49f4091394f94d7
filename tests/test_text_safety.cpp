// What of an input's text may reach a terminal or a CI log: support/text_safety.hpp.
#include "support/text_safety.hpp"
#include "test_support.hpp"

using namespace kompat;

TEST_CASE("text safety: ill-formed UTF-8 is found where it starts") {
    CHECK_FALSE(first_invalid_utf8("plain ASCII, é, ✓, 😀"));
    CHECK(first_invalid_utf8("ab\xff") == 2U);
    CHECK(first_invalid_utf8("a\xc0\xaf") == 1U);          // overlong '/'
    CHECK(first_invalid_utf8("a\xed\xa0\x80") == 1U);      // a UTF-16 surrogate
    CHECK(first_invalid_utf8("a\xf4\x90\x80\x80") == 1U);  // past U+10FFFF
    CHECK(first_invalid_utf8("\xe2\x80") == 0U);           // cut short, as a truncation leaves it
}

TEST_CASE("text safety: controls, DEL, C1, bidirectional overrides and stray bytes are escaped") {
    CHECK(escape_control("a\nb\tc\rd") == R"(a\nb\tc\rd)");
    CHECK(escape_control("\x1b[2J\x7f") == R"(\u001b[2J\u007f)");
    CHECK(escape_control(std::string("a\0b", 3)) == R"(a\u0000b)");
    CHECK(escape_control("\xc2\x9b") == R"(\u009b)");      // C1 CSI
    CHECK(escape_control("\xe2\x80\xae") == R"(\u202e)");  // right-to-left override
    CHECK(escape_control("\xff\xfe ok") == R"(\xff\xfe ok)");
    CHECK(escape_control(R"(^\d+$ é)") == R"(^\d+$ é)");  // backslashes and letters stay
    CHECK(escape_control_lines("a\tb\nc\x1b") == "a\tb\nc\\u001b");
    CHECK(is_plain_text("é ✓"));
    CHECK_FALSE(is_plain_text("a\n"));
}

// Each runner's documented command forms: GitHub's `::name props::message` at a line's
// start and `##[name]` anywhere in a line, Azure Pipelines' `##vso[task...]` anywhere.
TEST_CASE("text safety: no workflow command survives anywhere in a line, the rest kept") {
    CHECK(defuse_workflow_commands("ok\n::warning::x\n  ::error::y\n##[group]z\na::b\n") ==
          "ok\n\\u003a:warning\\u003a:x\n  \\u003a:error\\u003a:y\n\\u0023#[group]z\na\\u003a:b\n");
    CHECK(defuse_workflow_commands("no newline at the end") == "no newline at the end");
    CHECK(defuse_workflow_commands("name: x ##[error]mid-line ##[add-mask]secret ##[stop-commands]t") ==
          "name: x \\u0023#[error]mid-line \\u0023#[add-mask]secret \\u0023#[stop-commands]t");
    CHECK(defuse_workflow_commands("x ##vso[task.setvariable variable=a]b") == "x \\u0023#vso[task.setvariable variable=a]b");
    CHECK(defuse_workflow_commands(":::") == "\\u003a\\u003a:");
    // A Unicode blank before a command, which a runner may trim, is escaped where it leads a line.
    CHECK(defuse_workflow_commands("\xc2\xa0::error::x") == "\\u00a0\\u003a:error\\u003a:x");
    CHECK(defuse_workflow_commands(" \xe2\x80\x83\xe3\x80\x80##[error]x") == " \\u2003\\u3000\\u0023#[error]x");
    // In the middle of a line a no-break space is text (a description's), kept as it is.
    CHECK(defuse_workflow_commands("a\xc2\xa0"
                                   "b") ==
          "a\xc2\xa0"
          "b");
    CHECK(defuse_workflow_commands("\xff::") == "\xff\\u003a:");
    for (const auto* text : {"::error::x", "a ##[error]b", "##vso[task.complete]", "\xe3\x80\x80::warning::x"}) {
        const auto out = defuse_workflow_commands(text);
        CHECK(out.find("::") == std::string::npos);
        CHECK(out.find("##[") == std::string::npos);
        CHECK(out.find("##vso[") == std::string::npos);
    }
}
