// Reports do not depend on how the inputs are written: the same findings, in the same
// order, with the same fingerprints, whatever the key order of the inputs and whether
// they are JSON or YAML. Only the locations (file, line, column) differ, and they are
// taken out before comparing. Also: the same inputs give byte-identical reports from
// separate runs, for every corpus pair.
#include <boost/json.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <stdexcept>
#include <vector>

#include "diff/snapshot_diff.hpp"
#include "load/text_pieces.hpp"
#include "load/yaml_reader.hpp"
#include "report/report_sources.hpp"
#include "report/json_report.hpp"
#include "rules/evaluate.hpp"
#include "rules/lint.hpp"
#include "support/two_threads.hpp"
#include "test_support.hpp"

namespace fs = std::filesystem;
namespace json = boost::json;
using kompat::test::read_file;

namespace {

// The same value with the keys of every object in reverse order.
json::value reversed(const json::value& value) {
    if (const auto* array = value.if_array()) {
        json::array out;
        for (const auto& element : *array) out.push_back(reversed(element));
        return out;
    }
    const auto* object = value.if_object();
    if (object == nullptr) return value;
    json::object out;
    for (auto it = object->end(); it != object->begin();) {
        --it;
        out[it->key()] = reversed(it->value());
    }
    return out;
}

bool is_block(const json::value& value) {
    return (value.is_object() && !value.get_object().empty()) || (value.is_array() && !value.get_array().empty());
}

// A non-empty collection in block style, each entry on a line of its own at `indent`.
// Keys and strings are written as JSON strings, which YAML reads as double-quoted
// scalars; scalars and empty collections as JSON writes them.
void emit_block(std::string& out, const json::value& value, std::size_t indent) {
    const auto entry = [&](const std::string& lead, const json::value& item) {
        out += "\n" + std::string(indent, ' ') + lead;
        if (is_block(item)) emit_block(out, item, indent + 2);
        else out += " " + json::serialize(item);
    };
    if (const auto* object = value.if_object()) {
        for (const auto& member : *object) entry(json::serialize(json::string(member.key())) + ":", member.value());
    } else {
        for (const auto& element : value.get_array()) entry("-", element);
    }
}

// Block-style YAML of the value: every string double-quoted, so none resolves to another type.
std::string to_yaml(const json::value& value) {
    if (!is_block(value)) return json::serialize(value) + "\n";
    std::string out;
    emit_block(out, value, 0);
    return out.substr(1) + "\n";
}

// Ways of writing the same file: as it is, its keys reversed, as YAML, as YAML reversed.
struct Variant {
    const char* name;
    const char* extension;
    std::string (*write)(const json::value&);
};
const Variant variants[] = {
    {"reversed JSON", ".json", [](const json::value& v) { return json::serialize(reversed(v)); }},
    {"YAML", ".yaml", [](const json::value& v) { return to_yaml(v); }},
    {"reversed YAML", ".yaml", [](const json::value& v) { return to_yaml(reversed(v)); }},
};

kompat::Snapshot load(const std::string& name, const std::string& text) {
    return kompat::load_snapshot(kompat::test::sources({{name, text}}));
}

// The JSON report without what depends on the writing: sources' names, locations.
std::string comparable(const std::vector<kompat::Finding>& findings) {
    const kompat::ReportSources sources{{"old", "-"}, {"new", "-"}, {}};
    auto report = json::parse(kompat::json_report(findings, kompat::summarize(findings), sources));
    for (auto& finding : report.at("findings").as_array()) {
        finding.as_object().erase("oldLocation");
        finding.as_object().erase("newLocation");
    }
    return json::serialize(report);
}

std::string checked(const kompat::Snapshot& before, const kompat::Snapshot& after) {
    return comparable(kompat::evaluate(kompat::diff_snapshots(before, after).changes));
}

}  // namespace

TEST_CASE("determinism: every golden case gives the same findings whatever the key order, JSON or YAML") {
    const auto golden = fs::path(kompat::test::source_dir()) / "golden";
    int cases = 0;
    for (const auto& entry : fs::directory_iterator(golden)) {
        const auto dir = entry.path();
        if (!kompat::test::is_rule_case(entry)) continue;
        INFO("golden case " << dir.filename().string());
        ++cases;
        if (fs::exists(dir / "spec.json")) {
            const auto text = read_file(dir / "spec.json");
            const auto expected = comparable(kompat::lint(load("spec.json", text), {}));
            for (const auto& variant : variants) {
                INFO(variant.name);
                const auto name = std::string("spec") + variant.extension;
                CHECK(comparable(kompat::lint(load(name, variant.write(json::parse(text))), {})) == expected);
            }
            continue;
        }
        const auto old_text = read_file(dir / "old.json");
        const auto new_text = read_file(dir / "new.json");
        const auto expected = checked(load("old.json", old_text), load("new.json", new_text));
        for (const auto& variant : variants) {
            INFO(variant.name);
            const auto old_variant = load(std::string("old") + variant.extension, variant.write(json::parse(old_text)));
            const auto new_variant = load(std::string("new") + variant.extension, variant.write(json::parse(new_text)));
            CHECK(checked(old_variant, new_variant) == expected);
            // Mixed: JSON before, YAML after.
            CHECK(checked(load("old.json", old_text), new_variant) == expected);
        }
    }
    CHECK(cases > 90);
}

TEST_CASE("determinism: a real pair gives the same findings from reversed JSON and from YAML") {
    if (!kompat::test::require_corpus()) return;
    const auto corpus = fs::path(kompat::test::corpus_dir()) / "kubernetes";
    const auto old_text = read_file(corpus / "v1.28" / "swagger.json");
    const auto new_text = read_file(corpus / "v1.29" / "swagger.json");
    const auto expected = checked(load("old.json", old_text), load("new.json", new_text));
    CHECK(expected.find("\"rule\"") != std::string::npos);
    const auto old_value = json::parse(old_text);
    const auto new_value = json::parse(new_text);
    for (const auto& variant : variants) {
        INFO(variant.name);
        CHECK(checked(load(std::string("old") + variant.extension, variant.write(old_value)),
                      load(std::string("new") + variant.extension, variant.write(new_value))) == expected);
    }
}

TEST_CASE("determinism: CRDs give the same findings whatever their key order, as YAML or as a JSON List") {
    if (!kompat::test::require_corpus()) return;
    const auto root = fs::path(kompat::test::corpus_dir()) / "crds" / "cert-manager";
    std::vector<fs::path> releases;
    for (const auto& entry : fs::directory_iterator(root)) releases.push_back(entry.path());
    std::sort(releases.begin(), releases.end());
    REQUIRE(releases.size() >= 2);
    // One release's CRD files as one text: the documents of every file, rewritten.
    const auto rewritten = [](const fs::path& dir, bool reverse, bool as_json) {
        std::vector<fs::path> files;
        for (const auto& entry : fs::recursive_directory_iterator(dir))
            if (entry.is_regular_file()) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        json::array items;
        std::string yaml;
        for (const auto& file : files) {
            const auto parsed = kompat::read_yaml({file.string(), read_file(file)}, {});
            for (const auto& document : parsed.documents) {
                const auto value = reverse ? reversed(document) : json::value(document);
                items.push_back(value);
                yaml += "---\n" + to_yaml(value);
            }
        }
        if (!as_json) return yaml;
        return json::serialize(json::object{{"apiVersion", "v1"}, {"kind", "List"}, {"items", std::move(items)}});
    };
    const auto& before = releases[releases.size() - 2];
    const auto& after = releases.back();
    const auto expected = checked(kompat::load_snapshot(before.string()), kompat::load_snapshot(after.string()));
    for (const bool reverse : {false, true}) {
        for (const bool as_json : {false, true}) {
            INFO("reversed " << reverse << ", JSON " << as_json);
            const auto extension = as_json ? ".json" : ".yaml";
            CHECK(checked(load(std::string("old") + extension, rewritten(before, reverse, as_json)),
                          load(std::string("new") + extension, rewritten(after, reverse, as_json))) == expected);
        }
    }
}

namespace {

// Every file of a snapshot with its keys reversed: JSON stays JSON, YAML stays YAML.
kompat::SourceSet with_keys_reversed(kompat::SourceSet set) {
    for (auto& file : set.files) {
        if (file.name.ends_with(".json")) {
            file = kompat::SourceFile(file.name, json::serialize(reversed(json::parse(kompat::whole_text(file)))));
            continue;
        }
        std::string yaml;
        for (const auto& document : kompat::read_yaml(file, {}).documents) yaml += "---\n" + to_yaml(reversed(document));
        file.bytes = yaml;
    }
    return set;
}

}  // namespace

TEST_CASE("determinism: every corpus pair gives the same findings with the keys of every file reversed") {
    if (!kompat::test::require_corpus()) return;
    for (const auto& [a, b] : kompat::test::corpus_consecutive_pairs()) {
        INFO(a << " -> " << b);
        const auto old_set = kompat::read_sources(a, {});
        const auto new_set = kompat::read_sources(b, {});
        const auto expected = checked(kompat::load_snapshot(old_set), kompat::load_snapshot(new_set));
        CHECK(checked(kompat::load_snapshot(with_keys_reversed(old_set)), kompat::load_snapshot(with_keys_reversed(new_set))) == expected);
    }
}

TEST_CASE("determinism: every corpus pair gives byte-identical JSON and HTML reports from separate runs") {
    if (!kompat::test::require_corpus()) return;
    const auto pairs = kompat::test::corpus_consecutive_pairs();
    CHECK(pairs.size() >= 30);
    kompat::test::TempDir dir;
    for (const auto& [a, b] : pairs) {
        INFO(a << " -> " << b);
        // The JSON report on stdout, the HTML page (the largest report) beside it.
        const auto command = [&](const std::string& page) {
            return "NO_COLOR=1 '" + kompat::test::kompat_binary() + "' check --format html --output '" + (dir.path() / page).string() +
                   "' --format json '" + a + "' '" + b + "'";
        };
        const auto first = kompat::test::run(command("first.html"));
        const auto second = kompat::test::run(command("second.html"));
        CHECK(first.err.empty());
        CHECK(!first.out.empty());
        CHECK(first.out == second.out);
        CHECK(kompat::test::read_file(dir.path() / "first.html") == kompat::test::read_file(dir.path() / "second.html"));
    }
}

TEST_CASE("determinism: work shared by two threads takes every index once, and an error on either is rethrown") {
    for (const std::size_t count : {std::size_t{0}, std::size_t{5}, std::size_t{3000}}) {
        std::vector<int> taken(count, 0);
        std::array<std::size_t, 2> by_thread{};
        kompat::on_two_threads(count, 100, [&](std::size_t index, std::size_t thread) {
            ++taken[index];  // each index belongs to one call: no two threads write one element
            if (thread == 1) by_thread[1] = 1;
        });
        CHECK(std::count(taken.begin(), taken.end(), 1) == static_cast<std::ptrdiff_t>(count));
        if (count < 100) CHECK(by_thread[1] == 0);  // below the threshold, no helper
    }
    // Whichever thread meets the failing index, the caller sees its error.
    CHECK_THROWS_WITH(kompat::on_two_threads(3000, 100,
                                             [](std::size_t index, std::size_t) {
                                                 if (index == 1777) throw std::runtime_error("index 1777 failed");
                                             }),
                      "index 1777 failed");
}

TEST_CASE("determinism: work planned while the first part runs takes every index once, and errors are rethrown") {
    for (const auto& sizes : {std::pair<std::size_t, std::size_t>{0, 0}, {3, 4}, {0, 3000}, {2000, 0}, {1500, 1500}}) {
        const auto first = sizes.first;
        const auto rest = sizes.second;
        std::vector<int> taken(first + rest, 0);
        bool planned = false;
        std::atomic<bool> helper_worked{false};
        std::atomic<bool> taken_before_planned{false};  // Catch's checks are for the test's own thread
        kompat::on_two_threads_while_planning(
            first, rest, 100,
            [&] {
                planned = true;
                return rest;
            },
            [&](std::size_t index, std::size_t thread) {
                // The planned indices exist only once planned; each index belongs to one call.
                if (index >= first && !planned) taken_before_planned = true;
                ++taken[index];
                if (thread == 1) helper_worked = true;
            });
        CHECK(std::count(taken.begin(), taken.end(), 1) == static_cast<std::ptrdiff_t>(first + rest));
        CHECK(!taken_before_planned);
        if (first + rest < 100) CHECK(!helper_worked);  // below the threshold, no helper
    }
    // An error in the planning stops the helper and reaches the caller; so does one in the work.
    CHECK_THROWS_WITH(
        kompat::on_two_threads_while_planning(
            3000, 0, 100, []() -> std::size_t { throw std::runtime_error("planning failed"); }, [](std::size_t, std::size_t) {}),
        "planning failed");
    CHECK_THROWS_WITH(kompat::on_two_threads_while_planning(
                          1000, 1000, 100, [] { return std::size_t{1000}; },
                          [](std::size_t index, std::size_t) {
                              if (index == 1777) throw std::runtime_error("index 1777 failed");
                          }),
                      "index 1777 failed");
}
