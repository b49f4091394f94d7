// What the JSON goal (a check at most the DOM parse of both inputs) leaves room
// for: the floor of any reader built on Boost.JSON's SAX interface (basic_parser with a
// handler that keeps nothing), kompat's own reader, loading, and the diff and judging
// of loaded snapshots, each paired against `boost::json::parse` of both inputs.
#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/parse.hpp>

#include <tuple>

#include "bench/bench_support.hpp"
#include "load/json_reader.hpp"

namespace kompat::bench {
namespace {

namespace json = boost::json;

// Every event of a document read and dropped.
struct DiscardingHandler {
    static constexpr std::size_t max_object_size = json::object::max_size();
    static constexpr std::size_t max_array_size = json::array::max_size();
    static constexpr std::size_t max_key_size = json::string::max_size();
    static constexpr std::size_t max_string_size = json::string::max_size();
    std::size_t seen = 0;  // members, elements and characters: something the optimiser must keep

    bool count(std::size_t n) {
        seen += n;
        return true;
    }

    bool on_document_begin(json::error_code&) { return true; }
    bool on_document_end(json::error_code&) { return true; }
    bool on_object_begin(json::error_code&) { return true; }
    bool on_object_end(std::size_t n, json::error_code&) { return count(n); }
    bool on_array_begin(json::error_code&) { return true; }
    bool on_array_end(std::size_t n, json::error_code&) { return count(n); }
    bool on_key_part(json::string_view, std::size_t, json::error_code&) { return true; }
    bool on_key(json::string_view s, std::size_t, json::error_code&) { return count(s.size()); }
    bool on_string_part(json::string_view, std::size_t, json::error_code&) { return true; }
    bool on_string(json::string_view s, std::size_t, json::error_code&) { return count(s.size()); }
    bool on_number_part(json::string_view, json::error_code&) { return true; }
    bool on_int64(std::int64_t, json::string_view, json::error_code&) { return true; }
    bool on_uint64(std::uint64_t, json::string_view, json::error_code&) { return true; }
    bool on_double(double, json::string_view, json::error_code&) { return true; }
    bool on_bool(bool, json::error_code&) { return true; }
    bool on_null(json::error_code&) { return true; }
    bool on_comment_part(json::string_view, json::error_code&) { return true; }
    bool on_comment(json::string_view, json::error_code&) { return true; }
};

std::size_t tokenize(const std::string& bytes) {
    json::basic_parser<DiscardingHandler> parser(json::parse_options{});
    json::error_code error;
    parser.write_some(false, bytes.data(), bytes.size(), error);
    return error ? 0 : parser.handler().seen;
}

}  // namespace

void json_paired_ratios(int count) {
    for (const auto& [name, before, after] : {std::tuple("swagger", "kubernetes/v1.31/swagger.json", "kubernetes/v1.32/swagger.json"),
                                              std::tuple("v3_directory", "kubernetes/v1.31/v3", "kubernetes/v1.32/v3")}) {
        const auto& old_sources = sources_of(before);
        const auto& new_sources = sources_of(after);
        const auto each_file = [&](const auto& work) {
            for (const auto* set : {&old_sources, &new_sources})
                for (const auto& file : set->files) work(file);
        };
        const auto parse = [&] { each_file([](const SourceFile& file) { benchmark::DoNotOptimize(json::parse(file.bytes)); }); };
        const std::string reference = std::string("parse_pair_with_boost/") + name;
        print_paired_ratio(
            std::string("tokenize_pair/") + name, reference, count,
            [&] { each_file([](const SourceFile& file) { benchmark::DoNotOptimize(tokenize(file.bytes)); }); }, parse);
        print_paired_ratio(
            std::string("read_json_pair/") + name, reference, count,
            [&] { each_file([](const SourceFile& file) { benchmark::DoNotOptimize(read_json(file, {})); }); }, parse);
        print_paired_ratio(
            std::string("load_pair/") + name, reference, count,
            [&] { benchmark::DoNotOptimize(load_snapshot_pair(old_sources, new_sources)); }, parse);
        const auto snapshots = load_snapshot_pair(old_sources, new_sources);
        print_paired_ratio(
            std::string("diff_and_judge_pair/") + name, reference, count,
            [&] { benchmark::DoNotOptimize(evaluate(diff_snapshots(snapshots.old_snapshot, snapshots.new_snapshot).changes).size()); },
            parse);
    }
}

}  // namespace kompat::bench
