// What of an input's text may reach a terminal or a CI log: load/text_safety.hpp.
#include "load/text_safety.hpp"
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
    CHECK(escape_control(R"(^\d+$ é)") == R"(^\d+$ é)");   // backslashes and letters stay
    CHECK(escape_control_lines("a\tb\nc\x1b") == "a\tb\nc\\u001b");
    CHECK(is_plain_text("é ✓"));
    CHECK_FALSE(is_plain_text("a\n"));
}

TEST_CASE("text safety: a line that would start a workflow command is defused, the rest kept") {
    CHECK(defuse_workflow_commands("ok\n::warning::x\n  ::error::y\n##[group]z\na::b\n") ==
          "ok\n\\u003a:warning::x\n  \\u003a:error::y\n\\u0023#[group]z\na::b\n");
    CHECK(defuse_workflow_commands("no newline at the end") == "no newline at the end");
}
