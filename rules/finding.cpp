#include "rules/finding.hpp"

#include "support/json_values.hpp"
#include "support/sort_large.hpp"

#include <boost/beast/core/detail/sha1.hpp>
#include <boost/json/serialize.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <span>
#include <string_view>
#include <tuple>

namespace kompat {
namespace json = boost::json;

std::string place_of(const Finding& finding) {
    const auto path = finding.path == "." ? std::string() : " " + finding.path;
    if (finding.kind) return *finding.kind + path;
    if (finding.operation) return *finding.operation + path;
    return finding.type + path;
}

std::vector<std::string> places_of(const Finding& finding) {
    const auto with_path = [](const std::string& from, const std::string& path) { return path == "." ? from : from + " " + path; };
    std::vector<std::string> places{place_of(finding)};
    if (finding.kind && !finding.type.empty()) places.push_back(with_path(finding.type, finding.path));
    for (const auto& place : finding.affected_places) places.push_back(with_path(place.from, place.path));
    std::sort(places.begin() + 1, places.end());
    places.erase(std::unique(places.begin(), places.end()), places.end());
    return places;
}

void sort_findings(std::vector<Finding>& findings) {
    const auto view = [](const std::optional<std::string>& text) { return text ? std::string_view(*text) : std::string_view(); };
    // Highest severity first: each side is keyed with the other's severity. Findings alike but
    // for their place (objects of one kind failing one field) follow their files' order.
    const auto key = [&](const Finding& f, Severity severity) {
        return std::tuple(severity, view(f.kind), std::string_view(f.type), view(f.operation), std::string_view(f.path), f.rule.id(),
                          std::string_view(f.new_location.file), f.new_location.position.line, std::string_view(f.fingerprint));
    };
    sort_large(findings, [&](const Finding& a, const Finding& b) { return key(a, b.severity) < key(b, a.severity); });
}

Summary summarize(const std::vector<Finding>& findings) {
    Summary summary;
    for (const auto& finding : findings) {
        switch (finding.severity) {
            case Severity::error: ++summary.error; break;
            case Severity::warning: ++summary.warning; break;
            case Severity::info: ++summary.info; break;
        }
    }
    return summary;
}

std::string canonical_json(const json::value& value) { return json::serialize(with_sorted_keys(value)); }

std::string fingerprint_of_canonical(std::string_view rule, std::string_view place, std::string_view old_text, std::string_view new_text) {
    // SHA-1, its first 64 bits: a baseline entry must not be matched by a finding crafted
    // elsewhere (docs/baseline.md). Boost.Beast's, which hashes 64-byte blocks; Boost.UUID's
    // (the same digests) reads a byte at a time and was half of judging.
    namespace sha1 = boost::beast::detail;
    sha1::sha1_context hash;
    sha1::init(hash);
    sha1::update(hash, rule.data(), rule.size());
    for (const auto part : {place, old_text, new_text}) {
        constexpr char separator = 0x1f;
        sha1::update(hash, &separator, 1);
        sha1::update(hash, part.data(), part.size());
    }
    std::array<unsigned char, sha1::sha1_context::digest_size> digest{};
    sha1::finish(hash, digest.data());
    // Its first bytes, two hex digits each.
    return fmt::format("{:02x}", fmt::join(std::span(digest).first(fingerprint_digits / 2), ""));
}

std::string fingerprint_of(std::string_view rule, std::string_view place, const json::value& old_value, const json::value& new_value) {
    return fingerprint_of_canonical(rule, place, canonical_json(old_value), canonical_json(new_value));
}

}  // namespace kompat
