// The YAML reader against the YAML test suite (../shared/corpus/yaml-test-suite, its
// README says the mark-up): every `error` case is an input error with a line and a
// column, and every case with `in.json` reads to exactly those JSON values, every
// document in order. Read by YAML 1.2's core schema, as the suite is written; null
// documents are kept. Cases skipped are listed in docs/yaml.md, with the reason.
#include <boost/json.hpp>

#include <map>

#include "load/yaml_events.hpp"
#include "load/yaml_reader.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
namespace json = boost::json;
using kompat::test::read_file;

namespace {

// The values of a file of JSON texts one after another.
std::vector<json::value> json_values(const std::string& text) {
    std::vector<json::value> values;
    json::stream_parser parser;
    std::size_t at = 0;
    while (true) {
        at = text.find_first_not_of(" \t\r\n", at);
        if (at == std::string::npos) break;
        parser.reset();
        json::error_code ec;
        at += parser.write_some(text.data() + at, text.size() - at, ec);
        REQUIRE_FALSE(ec);
        if (!parser.done()) parser.finish();
        values.push_back(parser.release());
    }
    return values;
}

// Equal as JSON: numbers by value (YAML's 1e3 is JSON's 1000), members in any order.
bool same_json(const json::value& a, const json::value& b) {
    if (a.is_number() && b.is_number()) {
        if (a.is_double() || b.is_double()) return a.to_number<double>() == b.to_number<double>();
        return a == b;
    }
    if (a.kind() != b.kind()) return false;
    if (const auto* object = a.if_object()) {
        const auto& other = b.get_object();
        if (object->size() != other.size()) return false;
        for (const auto& member : *object) {
            const auto* match = other.if_contains(member.key());
            if (match == nullptr || !same_json(member.value(), *match)) return false;
        }
        return true;
    }
    if (const auto* array = a.if_array()) {
        const auto& other = b.get_array();
        if (array->size() != other.size()) return false;
        for (std::size_t i = 0; i < array->size(); ++i)
            if (!same_json((*array)[i], other[i])) return false;
        return true;
    }
    return a == b;
}

// Cases the reader may not pass, and why (docs/yaml.md lists them).
const std::map<std::string, std::string> skipped = {};

struct Outcome {
    std::string failure;  // empty when the case passes
};

Outcome run_case(const fs::path& dir) {
    const auto yaml = read_file(dir / "in.yaml");
    const kompat::YamlOptions options{kompat::ScalarRules::core, true};
    if (fs::exists(dir / "error")) {
        try {
            kompat::read_yaml({"in.yaml", yaml}, {}, options);
        } catch (const kompat::InputError& error) {
            if (error.position().line == 0 || error.position().column == 0)
                return {"refused without a line and column: " + error.describe()};
            return {};
        }
        return {"accepted, though it is invalid YAML"};
    }
    if (!fs::exists(dir / "in.json")) return {};
    const auto expected = json_values(read_file(dir / "in.json"));
    try {
        const auto file = kompat::read_yaml({"in.yaml", yaml}, {}, options);
        if (file.documents.size() != expected.size())
            return {std::to_string(file.documents.size()) + " documents read, " + std::to_string(expected.size()) + " expected"};
        for (std::size_t i = 0; i < expected.size(); ++i)
            if (!same_json(file.documents[i], expected[i]))
                return {"document " + std::to_string(i + 1) + " reads " + json::serialize(file.documents[i]) + ", expected " +
                        json::serialize(expected[i])};
    } catch (const kompat::InputError& error) {
        return {"refused: " + error.describe()};
    }
    return {};
}

}  // namespace

TEST_CASE("YAML test suite: every error case is refused with a position, every in.json case reads to that JSON") {
    if (!kompat::test::require_corpus()) return;
    const fs::path suite = fs::path(kompat::test::corpus_dir()) / "yaml-test-suite";
    std::vector<fs::path> cases;
    for (const auto& entry : fs::recursive_directory_iterator(suite))
        if (entry.path().filename() == "in.yaml") cases.push_back(entry.path().parent_path());
    std::sort(cases.begin(), cases.end());
    CHECK(cases.size() == 402);
    std::size_t errors = 0;
    std::size_t values = 0;
    for (const auto& dir : cases) {
        const auto name = fs::relative(dir, suite).string();
        if (skipped.contains(name)) continue;
        errors += fs::exists(dir / "error") ? 1 : 0;
        values += fs::exists(dir / "in.json") ? 1 : 0;
        const auto outcome = run_case(dir);
        INFO(name << " (" << read_file(dir / "===") << "): " << outcome.failure);
        CHECK(outcome.failure.empty());
    }
    CHECK(errors + skipped.size() == 94);
    CHECK(values + skipped.size() == 282);
}

TEST_CASE("YAML: every scalar of the corpus and the suite that kompat reads itself reads as libfyaml reads it") {
    // kompat reads one-line plain and double-quoted scalars and literal block scalars
    // itself, for speed (scalar_text); libfyaml's own reading is the reference. Single-quoted
    // scalars are not compared: there libfyaml 0.7.12 is wrong (tests/test_fuzz_regressions.cpp).
    if (!kompat::test::require_corpus()) return;
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(kompat::test::corpus_dir())) {
        const auto name = entry.path().filename().string();
        if (entry.is_regular_file() && (name.ends_with(".yaml") || name.ends_with(".yml"))) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::map<int, std::size_t> read_here;  // by style
    std::size_t left_to_libfyaml = 0;
    for (const auto& path : files) {
        const kompat::SourceFile source{path.string(), read_file(path)};
        try {
            kompat::EventStream stream(source);
            while (auto event = stream.next()) {
                if (event->type != FYET_SCALAR) continue;
                auto* token = fy_event_get_token(event.get());
                const auto style = fy_token_scalar_style(token);
                if (style == FYSS_SINGLE_QUOTED) continue;
                std::string buffer;
                const auto own = kompat::scalar_text(token, source.bytes, buffer);
                const auto from_libfyaml = kompat::text_of(token);
                const auto* text = source.bytes.data();
                const bool in_source = own.data() >= text && own.data() <= text + source.bytes.size();
                if (own.data() == from_libfyaml.data() && !in_source) {
                    ++left_to_libfyaml;
                    continue;
                }
                ++read_here[style];
                INFO(path.string() << ":" << fy_token_start_mark(token)->line + 1);
                CHECK(own == from_libfyaml);
            }
        } catch (const kompat::InputError&) {
            // An error case of the suite.
        }
    }
    INFO(read_here[FYSS_PLAIN] << " plain, " << read_here[FYSS_DOUBLE_QUOTED] << " double-quoted and " << read_here[FYSS_LITERAL]
                               << " literal scalars compared; " << left_to_libfyaml << " left to libfyaml");
    CHECK(read_here[FYSS_LITERAL] > 19000);
    CHECK(read_here[FYSS_PLAIN] > 100000);
    CHECK(left_to_libfyaml < read_here[FYSS_PLAIN] / 10);
}
