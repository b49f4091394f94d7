// The JSON reader reads a text in pieces (a large file through a small buffer): every
// cut gives the values, key positions and errors of the text read whole.
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "load/json_reader.hpp"
#include "load/text_pieces.hpp"
#include "load/text_position.hpp"
#include "test_support.hpp"

using namespace kompat;
namespace json = boost::json;

namespace {

void describe_keys(const ParsedFile& file, const json::value& value, std::string& out) {
    if (const auto* object = value.if_object()) {
        for (const auto& member : *object) {
            const auto at = file.position_of(member);
            out += std::string(member.key()) + "@" + std::to_string(at.line) + ":" + std::to_string(at.column) + " ";
            describe_keys(file, member.value(), out);
        }
    } else if (const auto* array = value.if_array()) {
        for (const auto& element : *array) describe_keys(file, element, out);
    }
}

// What reading `text` in pieces of `piece` bytes gives: the error, or the document, where
// it starts, and every key's position.
std::string outcome(const std::string& text, std::size_t piece, const Limits& limits = {}) {
    try {
        const auto file = read_json_in_pieces({"t.json", text}, limits, piece);
        std::string out = json::serialize(file.documents.at(0)) + " starts " + std::to_string(file.document_starts.at(0).line) + ":" +
                          std::to_string(file.document_starts.at(0).column) + " keys ";
        describe_keys(file, file.documents.at(0), out);
        return out;
    } catch (const InputError& error) {
        return "error " + error.describe();
    }
}

const std::vector<std::string> texts = {
    "{\n  \"a\": {\"x\": 1,\n         \"y\": [ {\"z\": true} ]},\n  \"b\": \"\xC3\xA9t\xC3\xA9\", \"c\": null\n}\n",
    "{\"\xC3\xA9\": 1, \"\xE2\x82\xAC\xE2\x82\xAC\": {\"\xF0\x9F\x98\x80k\": [1.5, -2, 18446744073709551615, 1e10]}, \"z\": "
    "\"\xF0\x9F\x98\x80\"}",
    "{\"\\u00e9x\": 1, \"a\\nb\": 2, \"plain\": 3, \"q\\\"\": {\"after\": 4}}",
    "\xEF\xBB\xBF  {\"bom\": {\"k\": 1}}",
    "\r\n\t {\"long key that runs past several pieces of any small size\": \"and a value as long as that one, to be sure\"}  \n",
    "[{\"a\": 1}, {\"b\": 2}, 3, \"x\", null, false]",
    "12345",
    "{\"a\": [1, 2",
    "{\"a\": tru}",
    "{\"a\": 1e400}",
    "{\"n\": 1, \"big\": -1e999 }",
    "{\"a\": 1, \"b\": {\"c\": 1, \"c\": 2}}",
    "{\"a\": 1} {}",
    "{\"a\": 1}\n\n   x",
    "12 x",
    "",
    "   \n ",
    "{\"a\": \"\xC3\x28\"}",
    "{\"d\": [[[[1]]]]}",
};

// Equal outcomes; but an error inside a token that a cut splits (a literal, a character
// that is not UTF-8) is met by Boost.JSON where it fails, not at the token's start: the
// same message and line, a column at most three characters further on.
bool same_outcome(const std::string& pieces, const std::string& whole) {
    if (pieces == whole) return true;
    unsigned line_a = 0, column_a = 0, line_b = 0, column_b = 0;
    int used_a = 0, used_b = 0;
    if (std::sscanf(pieces.c_str(), "error t.json:%u:%u:%n", &line_a, &column_a, &used_a) != 2 ||
        std::sscanf(whole.c_str(), "error t.json:%u:%u:%n", &line_b, &column_b, &used_b) != 2)
        return false;
    return pieces.substr(static_cast<std::size_t>(used_a)) == whole.substr(static_cast<std::size_t>(used_b)) && line_a == line_b &&
           column_a >= column_b && column_a <= column_b + 3;
}

}  // namespace

TEST_CASE("JSON in pieces: every cut gives what the whole text gives") {
    for (const auto& text : texts) {
        INFO(text);
        const auto whole = outcome(text, text.size() + 1);
        for (const std::size_t piece : {1, 2, 3, 4, 5, 7, 8, 13, 64}) {
            INFO("pieces of " << piece);
            const auto in_pieces = outcome(text, piece);
            INFO(in_pieces << "\nagainst\n" << whole);
            CHECK(same_outcome(in_pieces, whole));
        }
        Limits shallow;
        shallow.max_nesting_depth = 3;
        CHECK(same_outcome(outcome(text, 2, shallow), outcome(text, text.size() + 1, shallow)));
    }
}

TEST_CASE("JSON in pieces: what the whole text gives is right") {
    CHECK(outcome(texts[0], 3).ends_with("keys a@2:3 x@2:9 y@3:10 z@3:18 b@4:3 c@4:15 "));
    CHECK(outcome(texts[3], 2).find("starts 1:4 keys bom@1:5 k@1:13 ") != std::string::npos);
    CHECK(outcome(texts[6], 1) == "12345 starts 1:1 keys ");
    CHECK(outcome(texts[9], 4) == "error t.json:1:7: number out of range: it is not finite as a double, and JSON has no Infinity");
    CHECK(outcome(texts[8], 1) == "error t.json:1:10: malformed JSON: syntax error");
    CHECK(outcome(texts[8], 64) == "error t.json:1:7: malformed JSON: syntax error");
    CHECK(outcome(texts[10], 5) == "error t.json:1:17: number out of range: it is not finite as a double, and JSON has no Infinity");
    CHECK(outcome(texts[11], 2) == "error t.json:1:24: duplicate key \"c\" in one object");
    CHECK(outcome(texts[12], 3) == "error t.json:1:10: malformed JSON: more after the document's end (one JSON value a file)");
    CHECK(outcome(texts[13], 1) == "error t.json:3:4: malformed JSON: more after the document's end (one JSON value a file)");
    CHECK(outcome(texts[14], 1) == "error t.json:1:4: malformed JSON: more after the document's end (one JSON value a file)");
    CHECK(outcome(texts[15], 1) == "error t.json:1:1: malformed JSON: unexpected end of input");
}

TEST_CASE("JSON in pieces: a large JSON file is read as it is parsed, through the descriptor opened when judged") {
    test::TempDir dir;
    std::string text = "{\n";
    for (int i = 0; i < 8000; ++i) text += "  \"key \xC3\xA9" + std::to_string(i) + "\": {\"value\": " + std::to_string(i) + "},\n";
    text += "  \"last\": true\n}\n";
    REQUIRE(text.size() > 2 * piece_bytes);
    const auto path = dir.write("big.json", text);
    const auto set = read_sources(path.string(), {});
    REQUIRE(set.files.size() == 1);
    const auto& file = set.files.front();
    CHECK(file.unread != nullptr);
    CHECK(file.bytes.empty());
    CHECK(set.used.bytes == text.size());
    CHECK(whole_text(file) == text);
    const auto streamed = read_json(file, {});
    const auto whole = read_json({file.name, text}, {});
    CHECK(json::serialize(streamed.documents.at(0)) == json::serialize(whole.documents.at(0)));
    std::string streamed_keys;
    std::string whole_keys;
    describe_keys(streamed, streamed.documents.at(0), streamed_keys);
    describe_keys(whole, whole.documents.at(0), whole_keys);
    CHECK(streamed_keys == whole_keys);

    // Files a PR's option names are read whole.
    const auto single = read_single_source(path.string(), {}, "a configuration file");
    CHECK(single.unread == nullptr);
    CHECK(single.bytes == text);

    // Changed between being judged and being read: refused.
    std::ofstream(path, std::ios::app) << "\n";
    CHECK_THROWS_WITH(read_json(file, {}), Catch::Contains("changed while kompat read it"));
}

TEST_CASE("JSON in pieces: a duplicate key past the first piece of a large file is found on the second reading") {
    test::TempDir dir;
    std::string text = "{\"padding\": \"" + std::string(3 * piece_bytes, 'x') + "\",\n \"a\": 1,\n \"a\": 2}";
    const auto set = read_sources(dir.write("dup.json", text).string(), {});
    REQUIRE(set.files.front().unread != nullptr);
    CHECK(test::load_error(set).ends_with(":3:2: duplicate key \"a\" in one object"));
}

TEST_CASE("JSON in pieces: a snapshot leaves at most 64 files open, and reads the rest whole") {
    test::TempDir dir;
    const std::string text = "{\"padding\": \"" + std::string(piece_bytes, 'x') + "\"}";
    for (int i = 0; i < 66; ++i) dir.write("specs/f" + std::to_string(100 + i) + ".json", text);
    dir.write("specs/small.json", "{}");
    const auto set = read_sources((dir.path() / "specs").string(), {});
    REQUIRE(set.files.size() == 67);
    std::size_t unread = 0;
    for (const auto& file : set.files) {
        if (file.unread != nullptr) ++unread;
        CHECK(whole_text(file).size() == (file.name.ends_with("small.json") ? 2 : text.size()));
    }
    CHECK(unread == 64);
    CHECK(set.used.left_open == 64);
}

TEST_CASE("JSON in pieces: the position cursor counts lines and characters as a plain count does") {
    // Newlines in every byte of an eight-byte word, runs of them, multi-byte characters
    // across word and piece boundaries: each offset, met in order, against a count byte
    // by byte.
    std::string text;
    for (int i = 0; i < 300; ++i)
        text += (i % 7 == 0 ? "\n" : i % 11 == 0 ? "\n\n\n" : i % 5 == 0 ? "\xC3\xA9" : i % 13 == 0 ? "\xE2\x82\xAC" : "ab");
    text += '\n';
    const auto end = position_at(text, text.size());
    CHECK(end.line == 1 + static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n')));
    CHECK(end.column == 1);  // the text ends with a newline
    for (const std::size_t piece : {1, 3, 8, 9, 64, 4096}) {
        for (const std::size_t step : {1, 5, 17, 100}) {
            INFO("pieces of " << piece << ", offsets " << step << " apart");
            PositionCursor in_pieces;
            std::size_t added = 0;
            TextPosition expected{1, 1};
            std::size_t counted = 0;
            for (std::size_t offset = 0; offset <= text.size(); offset += step) {
                for (; counted < offset; ++counted) {
                    if (text[counted] == '\n') expected = {expected.line + 1, 1};
                    else if (!is_utf8_continuation(text[counted])) ++expected.column;
                }
                // Pieces are added as the reader adds them: the offset lies in the last two.
                while (added < text.size() && added < offset + 1) {
                    in_pieces.add_piece(std::string_view(text).substr(added, piece));
                    added += piece;
                }
                const auto got = in_pieces.at(offset);
                INFO("offset " << offset);
                CHECK(got.line == expected.line);
                CHECK(got.column == expected.column);
            }
        }
    }
}
