// Every input the fuzz harnesses (fuzz/, `make fuzz`) found a crash or a hang with, kept
// in tests/fuzz_regressions/ and run the way its harness ran it. Each must now be refused
// as bad input (exit 2 with file:line:col), promptly.
#include "diff/snapshot_diff.hpp"
#include "load/yaml_reader.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
using kompat::test::read_file;

namespace {

fs::path regression(const std::string& name) { return fs::path(kompat::test::source_dir()) / "tests" / "fuzz_regressions" / name; }

std::string load_error_of(const std::string& bytes) { return kompat::test::load_error("input", bytes); }

}  // namespace

TEST_CASE("fuzz regression: a stray comma is refused (yaml-cpp 0.7 looped forever on it, jbeder/yaml-cpp#1040)") {
    // fuzz_yaml_reader, 9 bytes: `,# A CRtC`. yaml-cpp 0.7 allocated forever; libfyaml refuses it.
    const auto bytes = read_file(regression("yaml-lone-comma-comment.yaml"));
    CHECK_THROWS_WITH(kompat::read_yaml({"input.yaml", bytes}, {}), "malformed YAML: invalid comment after comma");
    CHECK(kompat::test::load_error("s.yaml", ",") == "s.yaml:1:1: malformed YAML: did not find expected node content");
    CHECK(kompat::test::load_error("s.yaml", ", x") == "s.yaml:1:1: malformed YAML: did not find expected node content");
    CHECK(kompat::test::load_error("s.yaml", "a: 1\n---\n,\n") == "s.yaml:3:1: malformed YAML: did not find expected node content");
    CHECK(kompat::test::load_error("s.yaml", "[a, b]\n---\n,") == "s.yaml:3:1: malformed YAML: did not find expected node content");
    // Empty documents one after another still load, to nothing.
    CHECK(kompat::read_yaml({"empty.yaml", "---\n---\n---\n"}, {}).documents.empty());
}

TEST_CASE("fuzz regression: a JSON fragment that starts with a string is read as YAML and refused") {
    // fuzz_load, 1,098 bytes: a golden spec cut before its first key, so not JSON by its
    // first character; as YAML, a scalar followed by a comma.
    CHECK(load_error_of(read_file(regression("load-json-fragment-comma"))) ==
          "input:1:9: malformed YAML: invalid trailing content after double-quoted scalar");
}

TEST_CASE("fuzz regression: a pair whose new side starts with a comma is refused") {
    // fuzz_check: old before the NUL byte, new after it.
    const auto bytes = read_file(regression("check-pair-second-starts-with-comma"));
    const auto split = bytes.find('\0');
    REQUIRE(split != std::string::npos);
    CHECK(load_error_of(bytes.substr(split + 1)) == "input:1:1: malformed YAML: did not find expected node content");
}

TEST_CASE("fuzz regression: a merge key that reaches the mapping it is in is refused, not recursed into") {
    // fuzz_yaml_reader, 133 bytes: `properties: &props` merged into itself; the stack overflowed.
    // Reported at the alias that merges.
    CHECK(load_error_of(read_file(regression("yaml-merge-reaches-itself.yaml"))) ==
          "input:6:9: merge key (<<) reaches the mapping it is in");
    CHECK(kompat::test::load_error("s.yaml", "a: &s {<<: *s}\n") == "s.yaml:1:12: merge key (<<) reaches the mapping it is in");
    CHECK(kompat::test::load_error("c.yaml", "a: &s {b: {<<: *s}}\n").find("merge key (<<) reaches the mapping it is in") !=
          std::string::npos);
}

TEST_CASE("fuzz regression: merged entries count against the YAML node budget (a merge-key billion laughs)") {
    // Eight levels, each merging the one before ten times: 10^8 merged entries from 600 bytes.
    std::string text = "l0: &l0 {k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8, k9: 9}\n";
    for (int level = 1; level <= 8; ++level) {
        const auto previous = "*l" + std::to_string(level - 1);
        text += "l" + std::to_string(level) + ": &l" + std::to_string(level) + " {<<: [";
        for (int i = 0; i < 10; ++i) text += (i == 0 ? "" : ", ") + previous;
        text += "]}\n";
    }
    CHECK(kompat::test::load_error("bomb.yaml", text).find("limit max-yaml-extra-nodes") != std::string::npos);
}

TEST_CASE("fuzz regression: a long run of doubled single quotes is read by kompat, not by libfyaml, which leaked on it") {
    // fuzz_yaml_reader, 255 bytes: libfyaml 0.7.12 leaked 4 KiB formatting `'''…'''`
    // (LeakSanitizer, in the sanitizer build). kompat unescapes single-quoted scalars itself.
    CHECK(load_error_of(read_file(regression("yaml-quote-run-leak.yaml"))) == "input:3:111: malformed YAML: missing comma in flow mapping");
    const auto file = kompat::read_yaml({"q.yaml", "a: " + std::string(32, '\'') + "\nb: 'x '''' y'\n"}, {});
    const auto& root = file.documents.at(0).get_object();
    CHECK(root.at("a").get_string() == std::string(15, '\''));
    CHECK(root.at("b").get_string() == "x '' y");  // libfyaml itself reads "x ''' "
}

TEST_CASE("YAML bombs through the CLI: a self-merge as a spec and as --config, and merge-key laughs, exit 2 with the place") {
    // yaml-cpp (the YAML reader before libfyaml) crashed on the first two inputs and ran for minutes on the rest.
    kompat::test::TempDir dir;
    const auto write = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir.path() / name, std::ios::binary) << text;
        return (dir.path() / name).string();
    };
    const auto self_merge = write("self.yaml", "&s {<<: *s}");
    const auto spec = write("spec.json", R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}})");
    std::string laughs = "l0: &l0 {k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8, k9: 9}\n";
    for (int level = 1; level <= 8; ++level) {
        const auto previous = "*l" + std::to_string(level - 1);
        laughs += "l" + std::to_string(level) + ": &l" + std::to_string(level) + " {<<: [";
        for (int i = 0; i < 10; ++i) laughs += (i == 0 ? "" : ", ") + previous;
        laughs += "]}\n";
    }
    const auto bomb = write("laughs.yaml", laughs);
    const auto binary = kompat::test::kompat_binary();
    const struct {
        std::string command;
        std::string message;
    } cases[] = {
        {binary + " inspect '" + self_merge + "'", self_merge + ":1:9: merge key (<<) reaches the mapping it is in"},
        {binary + " check '" + spec + "' '" + spec + "' --config '" + self_merge + "'",
         self_merge + ":1:9: merge key (<<) reaches the mapping it is in"},
        {binary + " inspect '" + bomb + "'", "limit max-yaml-extra-nodes"},
        {binary + " check '" + spec + "' '" + spec + "' --config '" + bomb + "'", "limit max-yaml-extra-nodes"},
    };
    for (const auto& c : cases) {
        INFO(c.command);
        const auto result = kompat::test::run(c.command);
        CHECK(result.exit_code == 2);
        CHECK(result.out.empty());
        CHECK(result.err.find(c.message) != std::string::npos);
    }
}

TEST_CASE("fuzz regression: a tab before a block entry is refused, and libfyaml's parser is not destroyed after it") {
    // fuzz_yaml_reader, 8 bytes: `? -?:<tab>-`. libfyaml 0.7.12 refuses it, then crashes
    // when the parser is destroyed (pantoniou/libfyaml#57); kompat leaves that parser be.
    CHECK(load_error_of(read_file(regression("yaml-tab-block-entry-crash.yaml"))) ==
          "input:1:6: malformed YAML: cannot use tab for indentation of block entry");
    for (const auto* text : {"? -:\t-\n", "? - ?:\t-\n", "a:\n  - b\n  -\t- c\n"}) {
        INFO(text);
        CHECK(kompat::test::load_error("t.yaml", text).starts_with("t.yaml:"));
    }
}
