// Every limit of docs/limits.md, through the command line: exceeded, it is exit 2 with
// one line on stderr naming the limit and the option that raises it, and nothing on
// stdout; raised with that option, the same input goes through.
#include <chrono>

#include "test_support.hpp"

using kompat::test::run;
using kompat::test::TempDir;

namespace {

struct LimitCase {
    std::string name;     // the limit, as messages and options name it
    std::string command;  // kompat arguments, run in the case's directory
    std::string low;      // a value the input exceeds
    std::string high;     // a value that lets the same input through
};

std::string swagger_with(const std::string& definitions) {
    return R"({"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, "definitions": {)" + definitions + "}}";
}

// A schema nested `depth` levels of objects deep (each level two JSON containers).
std::string nested_schema(int depth) {
    std::string open;
    std::string close;
    for (int i = 0; i < depth; ++i) {
        open += R"({"type": "object", "properties": {"x": )";
        close += "}}";
    }
    return open + R"({"type": "string"})" + close;
}

}  // namespace

TEST_CASE("limits: each exceeded limit names itself and its option, and the option raises it") {
    TempDir dir;
    dir.write("small.json", swagger_with(R"("a": {"type": "string"})"));
    for (int i = 0; i < 5; ++i) dir.write("many/f" + std::to_string(i) + ".json", swagger_with(R"("a": {"type": "string"})"));
    dir.write("deep.json", swagger_with("\"a\": " + nested_schema(300)));
    // Each alias stands for 150 nodes: 30,000 in all, from a file of a few kilobytes.
    std::string properties;
    for (int i = 0; i < 50; ++i) properties += std::string(i == 0 ? "" : ", ") + "p" + std::to_string(i) + ": {type: string}";
    std::string aliases = "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\ndefinitions:\n  a: &a {type: object, properties: {" +
                          properties + "}}\n";
    for (int i = 0; i < 200; ++i) aliases += "  b" + std::to_string(i) + ": *a\n";
    dir.write("aliases.yaml", aliases);
    std::string chain;
    for (int i = 0; i < 70; ++i) chain += "\"r" + std::to_string(i) + R"(": {"$ref": "#/definitions/r)" + std::to_string(i + 1) + "\"},";
    dir.write("chain.json", swagger_with(chain + R"("r70": {"type": "string"})"));
    std::string many_a;
    std::string many_b;
    for (int i = 0; i < 50; ++i) {
        many_a += std::string(i == 0 ? "" : ",") + "\"t" + std::to_string(i) + R"(": {"type": "string"})";
        many_b += std::string(i == 0 ? "" : ",") + "\"t" + std::to_string(i) + R"(": {"type": "integer"})";
    }
    dir.write("a.json", swagger_with(many_a));
    dir.write("b.json", swagger_with(many_b));
    dir.write("fan.json",
              swagger_with(R"("k": {"type": "object", "properties": {"a": {"$ref": "#/definitions/t"}, "b": {"$ref": "#/definitions/t"}},
        "x-kubernetes-group-version-kind": [{"group": "g", "version": "v1", "kind": "K"}]},
        "t": {"type": "object", "properties": {"c": {"type": "string"}, "d": {"type": "string"}}})"));

    std::string wide;
    for (int i = 0; i < 60; ++i) wide += std::string(i == 0 ? "" : ",") + "\"p" + std::to_string(i) + R"(": {"type": "string"})";
    dir.write("wide.json", swagger_with(R"("w": {"type": "object", "properties": {)" + wide + "}}"));

    const std::vector<LimitCase> cases = {
        {"max-input-bytes", "inspect small.json", "20", "100000"}, {"max-files", "inspect many", "3", "5"},
        {"max-nesting-depth", "inspect deep.json", "100", "2000"}, {"max-yaml-extra-nodes", "inspect aliases.yaml", "10", "100000"},
        {"max-ref-chain", "inspect chain.json", "64", "100"},      {"max-schemas", "inspect wide.json", "50", "61"},
        {"max-findings", "check a.json b.json", "10", "100"},      {"max-lines", "explain fan.json k --recursive", "5", "6"},
    };
    const auto prefix = "cd '" + dir.path().string() + "' && '" + kompat::test::kompat_binary() + "' ";
    for (const auto& limit : cases) {
        INFO(limit.name);
        const auto option = " --" + limit.name + " ";
        const auto exceeded = run(prefix + limit.command + option + limit.low);
        CHECK(exceeded.exit_code == 2);
        CHECK(exceeded.out.empty());
        CHECK(std::count(exceeded.err.begin(), exceeded.err.end(), '\n') == 1);
        CHECK(exceeded.err.find("limit " + limit.name + "; raise it with --" + limit.name + " N") != std::string::npos);
        const auto raised = run(prefix + limit.command + option + limit.high);
        CHECK(raised.err.empty());
        CHECK((raised.exit_code == 0 || raised.exit_code == 1));
        CHECK(!raised.out.empty());
    }
}

TEST_CASE("limits: nesting can be raised only as far as the stages stay safe, and that depth goes through every stage") {
    TempDir dir;
    // 990 schema levels are 1,980 JSON containers plus the document's own few.
    dir.write("deep.json", swagger_with(R"("k": {"type": "object", "properties": {"x": )" + nested_schema(990) +
                                        R"(}, "x-kubernetes-group-version-kind": [{"group": "g", "version": "v1", "kind": "K"}]})"));
    const auto prefix = "cd '" + dir.path().string() + "' && '" + kompat::test::kompat_binary() + "' ";
    const auto refused = run(prefix + "inspect deep.json --max-nesting-depth 2001");
    CHECK(refused.exit_code == 2);
    CHECK(refused.out.empty());
    for (const auto* command : {"inspect deep.json", "check deep.json deep.json", "lint deep.json", "explain deep.json k --recursive",
                                "explain deep.json k -o openapiv3"}) {
        INFO(command);
        const auto result = run(prefix + command + " --max-nesting-depth 2000");
        CHECK(result.err.empty());
        CHECK(result.exit_code == 0);
    }
}

TEST_CASE("limits: a git tree of 19999 files is read in seconds by one ls-tree and one cat-file and is refused past --max-files") {
    // Issue 21's attack: one git process per file took 190 s for this tree.
    TempDir dir;
    for (int i = 0; i < 19999; ++i)
        dir.write("specs/f" + std::to_string(i) + ".json",
                  R"({"openapi": "3.0.0", "info": {"title": "t", "version": "v"}, "paths": {}, "components": {"schemas": {"T)" +
                      std::to_string(i) + R"(": {"type": "string"}}}})");
    const auto git = "git -C '" + dir.path().string() + "' ";
    REQUIRE(std::system((git + "init -q && " + git + "add specs && " + git + "-c user.name=t -c user.email=t@t commit -qm one").c_str()) ==
            0);
    const auto prefix = "cd '" + dir.path().string() + "' && '" + kompat::test::kompat_binary() + "' ";

    const auto start = std::chrono::steady_clock::now();
    const auto read = run(prefix + "inspect git:HEAD:specs --format json");
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(read.exit_code == 0);
    CHECK(read.err.empty());
    CHECK(read.out.find("\"T19998\"") != std::string::npos);
    CHECK(seconds < 60);  // about 1.2 s here (190 s before); loosely bounded (sanitizer builds are slower)

    const auto refused = run(prefix + "inspect git:HEAD:specs --max-files 19998");
    CHECK(refused.exit_code == 2);
    CHECK(refused.out.empty());
    CHECK(std::count(refused.err.begin(), refused.err.end(), '\n') == 1);
    CHECK(refused.err.find("limit max-files; raise it with --max-files N") != std::string::npos);
}
