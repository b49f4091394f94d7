// What of an input's text may reach a terminal or a CI log: support/text_safety.hpp.
#include <algorithm>
#include <string>

#include "support/byte_scan.hpp"
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

TEST_CASE("byte scans: the positions a byte-by-byte scan finds, at every offset, in every byte") {
    // Texts of up to 40 bytes (the vector steps and the tail after them), one or two
    // bytes of interest placed anywhere, every byte value among them; every start offset.
    const auto naive_any_of = [](std::string_view text, std::size_t at) {
        for (; at < text.size(); ++at)
            if (text[at] == ':' || text[at] == '#' || text[at] == '\n') return at;
        return text.size();
    };
    const auto naive_not_blank = [](std::string_view text, std::size_t at) {
        for (; at < text.size(); ++at)
            if (text[at] != ' ' && text[at] != '\t') return at;
        return text.size();
    };
    const auto naive_markup = [](std::string_view text, std::size_t at) {
        for (; at < text.size(); ++at) {
            const char c = text[at];
            if (static_cast<unsigned char>(c) < 0x20 || c == '&' || c == '<' || c == '>' || c == '"' || c == '\'' || c == ':' || c == '#')
                return at;
        }
        return text.size();
    };
    const auto naive_special = [](std::string_view text) {
        return std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\'; });
    };
    std::size_t checked = 0;
    for (std::size_t size = 0; size <= 40; ++size)
        for (int value = 0; value < 256; ++value)
            for (std::size_t place = 0; place < std::max<std::size_t>(size, 1); place += 7) {
                std::string plain(size, 'a');
                std::string blanks(size, ' ');
                if (size > 0) {
                    plain[place] = static_cast<char>(value);
                    blanks[place] = static_cast<char>(value);
                    blanks[size - 1 - place / 2] = '\t';
                }
                for (std::size_t at = 0; at <= size; at += 3) {
                    CHECK(find_any_of(plain, at, ':', '#', '\n') == naive_any_of(plain, at));
                    CHECK(find_not_blank(blanks, at) == naive_not_blank(blanks, at));
                    CHECK(find_markup_special(plain, at) == naive_markup(plain, at));
                    ++checked;
                }
                CHECK(has_json_special(plain) == naive_special(plain));
                CHECK(has_json_special(std::string_view(plain).substr(std::min<std::size_t>(place, size))) ==
                      naive_special(std::string_view(plain).substr(std::min<std::size_t>(place, size))));
            }
    CHECK(checked > 100'000);
}
