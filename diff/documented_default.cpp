#include "diff/documented_default.hpp"

#include "support/ascii_case.hpp"

#include <boost/json/serialize.hpp>

#include <array>
#include <string>
#include <vector>

namespace kompat {
namespace json = boost::json;

namespace {

// Words that come before the value, lower case ("The default is 50", Kubernetes'
// "Implicitly inferred to be \"ext4\" if unspecified", an operator's "When not defined,
// the operator assumes only one shard").
constexpr std::array<std::string_view, 10> lead_ins{
    "defaults to ",    "default is ",        "default: ",     "default value is ", "default value: ", "implicitly inferred to be ",
    "is inferred as ", "the default being ", "assumes only ", "if unset, "};

// Words that come after it ("50 by default", "`Retain` is the default").
constexpr std::array<std::string_view, 3> trailers{" by default", " is the default", " is used by default"};

constexpr std::array<std::string_view, 13> number_words{"zero",  "one",   "two",  "three", "four",   "five",  "six",
                                                        "seven", "eight", "nine", "ten",   "eleven", "twelve"};

bool is_quote(char c) { return c == '"' || c == '\'' || c == '`'; }

bool ends_word(std::string_view rest) {
    if (rest.empty()) return true;
    const char c = rest.front();
    return c == ' ' || c == '.' || c == ',' || c == ';' || c == ':' || c == ')' || c == '\n';
}

bool starts_word(std::string_view before) {
    if (before.empty()) return true;
    const char c = before.back();
    return c == ' ' || c == '(' || c == '\n' || c == ',' || c == ':';
}

// `stated` opens with one of the spellings: quoted exactly, or bare and then a word's end.
bool opens_with(std::string_view stated, const std::vector<std::string>& spellings) {
    if (stated.empty()) return false;
    if (is_quote(stated.front())) {
        const auto close = stated.find(stated.front(), 1);
        if (close == std::string_view::npos) return false;
        for (const auto& spelling : spellings)
            if (stated.substr(1, close - 1) == spelling) return true;
        return false;
    }
    for (const auto& spelling : spellings)
        if (stated.starts_with(spelling) && ends_word(stated.substr(spelling.size()))) return true;
    return false;
}

// `stated` (what comes before a trailer) closes with one of the spellings.
bool closes_with(std::string_view stated, const std::vector<std::string>& spellings) {
    if (stated.empty()) return false;
    if (is_quote(stated.back())) {
        const auto open = stated.substr(0, stated.size() - 1).rfind(stated.back());
        if (open == std::string_view::npos) return false;
        for (const auto& spelling : spellings)
            if (stated.substr(open + 1, stated.size() - open - 2) == spelling) return true;
        return false;
    }
    for (const auto& spelling : spellings)
        if (stated.ends_with(spelling) && starts_word(stated.substr(0, stated.size() - spelling.size()))) return true;
    return false;
}

// How a description may write the value: as JSON writes it, and a small integer as a word.
std::vector<std::string> spellings_of(const json::value& value) {
    std::vector<std::string> out;
    if (value.is_string()) out.emplace_back(value.get_string());
    else if (value.is_bool() || value.is_number()) out.push_back(json::serialize(value));
    if (out.empty() || out.front().empty()) return {};
    const auto number = value.is_int64() ? value.get_int64() : value.is_uint64() ? static_cast<std::int64_t>(value.get_uint64()) : -1;
    if (number >= 0 && number < static_cast<std::int64_t>(number_words.size())) out.emplace_back(number_words[number]);
    return out;
}

}  // namespace

bool documents_default(std::string_view description, const json::value& value) {
    const auto spellings = spellings_of(value);
    if (spellings.empty()) return false;
    // The phrase is found in lower case; the value is compared as written.
    const auto lower = ascii_lowered(description);
    for (const auto lead_in : lead_ins)
        for (auto at = lower.find(lead_in); at != std::string::npos; at = lower.find(lead_in, at + 1))
            if (opens_with(description.substr(at + lead_in.size()), spellings)) return true;
    for (const auto trailer : trailers)
        for (auto at = lower.find(trailer); at != std::string::npos; at = lower.find(trailer, at + 1))
            if (ends_word(description.substr(at + trailer.size())) && closes_with(description.substr(0, at), spellings)) return true;
    return false;
}

}  // namespace kompat
