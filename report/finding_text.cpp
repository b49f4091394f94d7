#include "report/finding_text.hpp"

#include "diff/change.hpp"
#include "support/field_path.hpp"
#include "support/text_safety.hpp"
#include <fmt/format.h>

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <cctype>
#include <limits>
#include <tuple>

#include "report/markdown_text.hpp"
#include "report/word_diff.hpp"
#include "rules/conventions.hpp"
#include "rules/object_findings.hpp"
#include "rules/rule_table.hpp"

namespace kompat {
namespace json = boost::json;
namespace {

constexpr std::string_view ellipsis = "…";
constexpr std::size_t value_limit = 48;    // an item of a list, or the changed part of two long values, longer than this is elided
constexpr std::size_t whole_limit = 300;   // a value up to this long (a CEL rule, a pattern) is shown whole
constexpr std::size_t context_bytes = 12;  // kept on each side of where two values differ
constexpr std::size_t words_limit = 110;   // a description's changed words, at most

// The middle of `text` cut out when it is longer than `limit`: its start and end stay.
std::string elide_middle(std::string_view text, std::size_t limit) {
    if (text.size() <= limit) return std::string(text);
    const auto head = character_start_before(text, limit / 2);
    const auto tail = character_start_after(text, text.size() - (limit - limit / 2));
    return std::string(text.substr(0, head)) + std::string(ellipsis) + std::string(text.substr(tail));
}

// A value as long as whole_limit shown whole; a longer one keeps both ends, each cut at
// a token, and says how much is left out between them: a CEL rule's deciding bound
// (`... <= 128`) is often at its end.
std::string shortened(std::string_view text) {
    if (text.size() <= whole_limit) return std::string(text);
    constexpr std::size_t head_limit = whole_limit * 2 / 3;
    constexpr std::size_t tail_limit = whole_limit / 4;
    auto end = character_start_before(text, head_limit);
    if (const auto space = text.rfind(' ', end); space != std::string_view::npos && space > head_limit / 2) end = space;
    auto start = character_start_after(text, text.size() - tail_limit);
    if (const auto space = text.find(' ', start); space != std::string_view::npos && space < text.size() - tail_limit / 2)
        start = space + 1;
    const auto left_out = code_points(text.substr(end, start - end));
    return std::string(text.substr(0, end)) + " " + std::string(ellipsis) + " (" + std::to_string(left_out) + " more characters) " +
           std::string(ellipsis) + " " + std::string(text.substr(start));
}

// A value's text before quoting: a string as itself, anything else as compact JSON.
std::string raw_text(const json::value& value) {
    if (value.is_string()) return std::string(value.get_string());
    return json::serialize(value);
}

// A value as a sentence names it: `text` in backticks, numbers and booleans bare, a list
// of strings as `a`, `b`, none as "none".
std::string quoted(const json::value& value, std::string_view shown, const SentenceStyle& style) {
    if (value.is_null()) return "none";
    if (value.is_number() || value.is_bool()) return std::string(shown);
    // An empty string in backticks would read as nothing: it is shown as JSON writes it.
    if (value.is_string() && value.get_string().empty()) return style.code("\"\"");
    return style.code(shown);
}

bool is_string_list(const json::value& value) {
    return value.is_array() &&
           std::all_of(value.get_array().begin(), value.get_array().end(), [](const json::value& v) { return v.is_string(); });
}

// A list of strings, numbers or booleans (enum values): said item by item.
bool is_scalar_list(const json::value& value) {
    return value.is_array() && std::all_of(value.get_array().begin(), value.get_array().end(),
                                           [](const json::value& v) { return v.is_string() || v.is_number() || v.is_bool(); });
}

}  // namespace

std::string value_words(const json::value& value, const SentenceStyle& style) {
    if (is_scalar_list(value) && !value.get_array().empty()) {
        std::string out;
        const auto& items = value.get_array();
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (!out.empty()) out += ", ";
            out += quoted(items[i], elide_middle(raw_text(items[i]), value_limit), style);
            if (out.size() > value_limit * 2 && i + 1 < items.size()) {
                out += fmt::format(" and {} more", items.size() - i - 1);
                break;
            }
        }
        return out;
    }
    return quoted(value, shortened(raw_text(value)), style);
}

namespace {

// Old and new as a pair: when either is long, both keep the part where they differ, with
// a little context, so the change stays visible.
std::pair<std::string, std::string> value_pair_words(const json::value& o, const json::value& n, const SentenceStyle& style) {
    // Two lists that start alike: the shared start but its last item is "…".
    if (is_string_list(o) && is_string_list(n)) {
        const auto& a = o.get_array();
        const auto& b = n.get_array();
        std::size_t same = 0;
        while (same < a.size() && same < b.size() && a[same] == b[same]) ++same;
        if (same >= 2) {
            const auto rest = [&](const json::array& list) {
                return "…, " + value_words(json::array(list.begin() + static_cast<std::ptrdiff_t>(same - 1), list.end()), style);
            };
            return {rest(a), rest(b)};
        }
    }
    if (o.is_null() || n.is_null()) return {value_words(o, style), value_words(n, style)};
    const auto a = raw_text(o);
    const auto b = raw_text(n);
    // Text (a rule, a pattern) whole up to whole_limit; two long JSON values (a default
    // object) keep where they differ, which is what the reader looks for.
    const auto limit = o.is_string() && n.is_string() ? whole_limit : value_limit;
    if (a.size() <= limit && b.size() <= limit) return {value_words(o, style), value_words(n, style)};
    std::size_t prefix = 0;
    while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
    std::size_t suffix = 0;
    while (suffix < a.size() - prefix && suffix < b.size() - prefix && a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix]) ++suffix;
    const auto cut = [&](const std::string& text) {
        const auto start = prefix > context_bytes ? character_start_before(text, prefix - context_bytes) : 0;
        const auto end_of_change = text.size() - suffix;
        const auto end = suffix > context_bytes ? character_start_after(text, end_of_change + context_bytes) : text.size();
        const auto changed_start = character_start_before(text, prefix);
        const auto changed_end = character_start_after(text, end_of_change);
        std::string out = start > 0 ? std::string(ellipsis) : "";
        out += text.substr(start, changed_start - start);
        out += elide_middle(std::string_view(text).substr(changed_start, changed_end - changed_start), value_limit);
        out += text.substr(changed_end, end - changed_end);
        if (end < text.size()) out += ellipsis;
        return out;
    };
    return {quoted(o, cut(a), style), quoted(n, cut(b), style)};
}

// The words of a text, split on spaces.
std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t at = 0;
    while (at < text.size()) {
        const auto start = text.find_first_not_of(" \t\n\r", at);
        if (start == std::string_view::npos) break;
        const auto end = std::min(text.find_first_of(" \t\n\r", start), text.size());
        words.push_back(text.substr(start, end - start));
        at = end;
    }
    return words;
}

std::string join_words(const std::vector<std::string_view>& words, std::size_t from, std::size_t to) {
    std::string out;
    for (auto i = from; i < to; ++i) out += (out.empty() ? "" : " ") + std::string(words[i]);
    return out;
}

// `words` joined, and when longer than `limit`, its first and last words around an
// ellipsis: a run of changed prose is never cut inside a word.
std::string words_elided(const std::vector<std::string_view>& words, std::size_t limit) {
    const auto joined = join_words(words, 0, words.size());
    if (joined.size() <= limit || words.size() < 3) return joined;
    std::size_t head = 0;
    std::size_t head_size = 0;
    while (head + 1 < words.size() && head_size + words[head].size() + 1 <= limit / 2) head_size += words[head++].size() + 1;
    std::size_t tail = words.size();
    std::size_t tail_size = 0;
    while (tail > head + 1 && tail_size + words[tail - 1].size() + 1 <= limit / 2) tail_size += words[--tail].size() + 1;
    if (head == 0) head = 1;
    if (tail == words.size()) tail = words.size() - 1;
    if (tail <= head) return joined;
    return join_words(words, 0, head) + " " + std::string(ellipsis) + " " + join_words(words, tail, words.size());
}

// A description's change as its changed words with a few words around them:
// "… the [-alpha-]{+beta+} field …" (git's word-diff marks).
std::string changed_words(const json::value& o, const json::value& n, const SentenceStyle& style,
                          const std::optional<std::vector<TextSpan>>* made) {
    std::optional<std::vector<TextSpan>> own;
    if (made == nullptr && o.is_string() && n.is_string()) own = word_diff(o.get_string(), n.get_string());
    const auto& spans = made != nullptr ? *made : own;
    if (!spans) {
        const auto [a, b] = value_pair_words(o, n, style);
        return "from " + a + " to " + b;
    }
    constexpr std::size_t around = 3;  // words of context on each side of a change
    std::string out;
    std::size_t changes = 0;
    std::size_t left_out = 0;
    for (std::size_t i = 0; i < spans->size(); ++i) {
        const auto& span = (*spans)[i];
        const auto words = words_of(span.text);
        if (span.edit == TextSpan::Edit::common) {
            const auto keep_head = i > 0 ? std::min(around, words.size()) : 0;                  // after the change before it
            const auto keep_tail = i + 1 < spans->size() ? std::min(around, words.size()) : 0;  // before the next change
            if (keep_head + keep_tail >= words.size()) {
                out += " " + join_words(words, 0, words.size()) + " ";
            } else {
                out += " " + join_words(words, 0, keep_head) + " " + std::string(ellipsis) + " ";
                out += join_words(words, words.size() - keep_tail, words.size()) + " ";
            }
            continue;
        }
        if (out.size() > words_limit) {
            ++left_out;
            continue;
        }
        if (words.empty()) continue;  // only spacing: no `[--]` marks around nothing
        ++changes;
        const auto text = words_elided(words, value_limit * 2);
        out += span.edit == TextSpan::Edit::removed ? "[-" + text + "-]" : "{+" + text + "+}";
    }
    // Spaces doubled where spans meet, and around the ends.
    std::string tidy;
    for (const char c : out)
        if (c != ' ' || (!tidy.empty() && tidy.back() != ' ')) tidy += c;
    while (!tidy.empty() && tidy.back() == ' ') tidy.pop_back();
    if (left_out > 0) tidy += fmt::format(" (and {} more change{})", left_out, left_out == 1 ? "" : "s");
    return changes == 0 && left_out == 0 ? "whitespace only" : style.text(tidy);
}

// The name a sentence gives the place: the field's last path segment, or for the object
// itself its kind or type name.
std::string field_name(const Finding& finding, const SentenceStyle& style) {
    const std::string_view path = finding.path;
    if (path.empty() || path == ".") {
        std::string_view whole = finding.kind ? std::string_view(*finding.kind) : std::string_view(finding.type);
        // An operation's own change (deprecated, retitled): the operation is what changed.
        if (whole.empty() && finding.operation) return style.code(*finding.operation);
        if (const auto cut = whole.find_last_of(" ."); cut != std::string_view::npos) whole.remove_prefix(cut + 1);
        return style.code(whole);
    }
    return style.code(last_field(path));
}

std::string_view role_noun(std::string_view role) {
    if (role == "request") return "requests";
    if (role == "response") return "responses";
    return role;
}

}  // namespace

std::string elide_end(std::string_view text, std::size_t limit) {
    if (text.size() <= limit) return std::string(text);
    return std::string(text.substr(0, character_start_before(text, limit - ellipsis.size()))) + std::string(ellipsis);
}

std::string backticked(std::string_view text) { return fmt::format("`{}`", text); }
std::string as_is(std::string_view text) { return std::string(text); }

namespace {

// An object finding's detail is its whole sentence (object, place, constraint), its values
// cut and backticked already: prose, not one value (an input mark it holds is dropped, so
// that it opens no span). Any other finding's detail is a value.
std::string detail_words(const Finding& finding, const SentenceStyle& style) {
    if (finding.detail.empty()) return "it";
    if (finding.rule->area != RuleArea::object) return style.text(elide_middle(finding.detail, value_limit * 2));
    auto sentence = elide_middle(finding.detail, whole_limit);
    std::erase(sentence, input_mark);
    return sentence;
}

// An aside is kompat's prose about the change ("its message: \"...\"", "its format went
// from ... with it"), its values quoted already: prose, like an object's detail.
std::string aside_words(const Finding& finding) {
    if (finding.aside.empty()) return {};
    auto words = "; " + elide_middle(finding.aside, whole_limit);
    std::erase(words, input_mark);
    return words;
}

}  // namespace

std::string finding_sentence(const Finding& finding, const SentenceStyle& style, std::string_view field_words,
                             const std::optional<std::vector<TextSpan>>* description_spans) {
    // A change no release had (check --release) says what changed, by the rule it would be.
    if (finding.restates) {
        auto as_judged = finding;
        as_judged.rule = *finding.restates;
        as_judged.restates.reset();
        return finding_sentence(as_judged, style, field_words, description_spans) + " (" + finding.detail + "; no release given had it)";
    }
    const auto template_text = finding.rule->sentence;
    if (template_text.empty()) return finding.message;
    std::pair<std::string, std::string> values;
    if (template_text.find("{old}") != std::string_view::npos && template_text.find("{new}") != std::string_view::npos)
        values = value_pair_words(finding.old_value, finding.new_value, style);
    else values = {value_words(finding.old_value, style), value_words(finding.new_value, style)};
    std::string out;
    for (std::size_t at = 0; at < template_text.size();) {
        const auto open = template_text.find('{', at);
        const auto close = open == std::string_view::npos ? open : template_text.find('}', open);
        if (close == std::string_view::npos) {
            out += template_text.substr(at);
            break;
        }
        out += template_text.substr(at, open - at);
        const auto name = template_text.substr(open + 1, close - open - 1);
        // "field {field} removed" said of many: "32 fields removed", not "field 32 fields removed".
        if (name == "field" && !field_words.empty() && (out == "field " || out.ends_with(" field "))) out.resize(out.size() - 6);
        if (name == "field") out += field_words.empty() ? field_name(finding, style) : std::string(field_words);
        else if (name == "old") out += values.first;
        else if (name == "new") out += values.second;
        else if (name == "detail") out += detail_words(finding, style);
        else if (name == "aside") out += aside_words(finding);
        else if (name == "words" && !style.words) {
            if (out.ends_with(": ")) out.resize(out.size() - 2);
        } else if (name == "words") out += changed_words(finding.old_value, finding.new_value, style, description_spans);
        at = close + 1;
    }
    return out;
}

std::string breaks_text(const Finding& finding) {
    if (finding.severity == Severity::info) return {};
    const auto& rule = finding.rule.row();
    if (rule.judges.empty()) return {};
    if (!finding.reachable) return "no operation or kind references the type; clients that use it directly break";
    // A convention finding breaks nobody yet: its line says why the convention exists.
    if (finding.role.empty()) return fmt::format("{}: {}", rule.area == RuleArea::convention ? "why" : "breaks", rule.breaks);
    // Who writes and who reads: a rule that breaks requests breaks writers, one that
    // breaks responses breaks readers; a rule no column makes an error only may break.
    const auto& columns = rule.judges.front().severities;
    const bool writers = columns.request >= Severity::warning;
    const bool readers = columns.response >= Severity::warning;
    const bool certain = std::max({columns.spec, columns.status, columns.request, columns.response}) == Severity::error;
    const auto who = writers && readers ? "readers and writers" : writers ? "writers" : readers ? "readers" : "users";
    return fmt::format("{} {} of {}", certain ? "breaks" : "may break", who, role_noun(finding.role));
}

bool names_operation(std::string_view affected) {
    const auto space = affected.find(' ');
    return space != std::string_view::npos && affected.find('/', space) != std::string_view::npos;
}

namespace {

// How far a place is from the change: the steps of its path (`.spec.hostAliases[*]` is 3).
std::size_t steps(std::string_view path) {
    return static_cast<std::size_t>(std::count_if(path.begin(), path.end(), [](char c) { return c == '.' || c == '['; }));
}

}  // namespace

std::vector<std::string> affected_names(const Finding& finding) {
    std::vector<std::string> names;
    std::vector<std::size_t> nearest;  // of each name, the fewest steps from it to the change
    const auto name_of = [](std::string_view affected) {
        const auto space = affected.find(' ');
        // An operation ("GET /apis/...") is named whole, as is an entry with no space.
        return space == std::string_view::npos || names_operation(affected) ? affected : affected.substr(space + 1);
    };
    for (const std::string_view affected : finding.affects) {
        const auto name = name_of(affected);
        if (std::find(names.begin(), names.end(), name) != names.end()) continue;
        names.emplace_back(name);
        nearest.push_back(std::numeric_limits<std::size_t>::max());
    }
    for (const auto& place : finding.affected_places) {
        const auto at = std::find(names.begin(), names.end(), name_of(place.from));
        if (at == names.end()) continue;
        auto& fewest = nearest[static_cast<std::size_t>(at - names.begin())];
        fewest = std::min(fewest, steps(place.path));
    }
    // Nearest the change first (Pod before the kinds whose templates hold a PodSpec), then
    // the kind the type is named after (Pod for PodSpec), then by name.
    std::string_view type = finding.type;
    if (const auto dot = type.rfind('.'); dot != std::string_view::npos) type.remove_prefix(dot + 1);
    const auto named_after = [&](const std::string& name) {
        return type.size() > name.size() && type.starts_with(name) && std::isupper(static_cast<unsigned char>(type[name.size()])) != 0;
    };
    // An operation ("GET /v1/charges") by its path, then its method.
    const auto key = [&](std::size_t i) {
        const std::string_view text(names[i]);
        const auto space = text.find(' ');
        const bool operation = names_operation(text);
        return std::tuple{nearest[i], !named_after(names[i]), operation ? text.substr(space + 1) : text,
                          operation ? text.substr(0, space) : std::string_view()};
    };
    std::vector<std::size_t> order(names.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    std::vector<std::string> sorted;
    sorted.reserve(order.size());
    for (const auto i : order) sorted.push_back(names[i]);
    return sorted;
}

std::string first_few(const std::vector<std::string>& names, std::string_view more) {
    constexpr std::size_t named = 3;
    const auto shown = names.size() <= named + 1 ? names.size() : named;
    std::string out;
    for (std::size_t i = 0; i < shown; ++i) {
        if (i > 0) out += i + 1 == shown && shown == names.size() ? " and " : ", ";
        out += names[i];
    }
    if (shown < names.size()) out += fmt::format(" and {} more{}", names.size() - shown, more);
    return out;
}

std::string affects_text(const Finding& finding, const SentenceStyle& style) {
    if (!finding.reachable) return finding.severity == Severity::info ? "not reachable from any operation or kind" : "";
    if (finding.kind || finding.operation || finding.affects.empty()) return {};
    auto names = affected_names(finding);
    const auto operations = static_cast<std::size_t>(std::count_if(names.begin(), names.end(), names_operation));
    const auto total = names.size();
    for (auto& name : names) name = style.text(name);
    if (total <= 4) return "affects " + first_few(names, "");
    // Many: the count first, then the nearest few.
    names.resize(3);
    const auto what = operations == total ? "operations" : operations == 0 ? "kinds" : "kinds and operations";
    return fmt::format("affects {} {}, nearest {}", total, what, first_few(names, ""));
}

std::string finding_context(const Finding& finding, const SentenceStyle& style) {
    auto out = breaks_text(finding);
    const auto affects = affects_text(finding, style);
    if (!affects.empty()) out += (out.empty() ? "" : "; ") + affects;
    if (!finding.releases.empty())
        out += (out.empty() ? "" : "; ") +
               fmt::format("against release{} {}", finding.releases.size() == 1 ? "" : "s", fmt::join(finding.releases, ", "));
    return out;
}

namespace {

std::string place_heading(const Finding& finding) {
    if (finding.kind) return *finding.kind;
    if (finding.operation) return "operations";
    if (finding.type.empty() || finding.rule->weighing.about_named_type) return "named types";
    return finding.type;
}

}  // namespace

std::string heading_of(const Finding& finding) {
    // API conventions are a review of the new API, apart from what breaks its users.
    switch (finding.rule->area) {
        case RuleArea::object: return "Objects: " + place_heading(finding);
        case RuleArea::convention: return "API conventions: " + place_heading(finding);
        default: return place_heading(finding);
    }
}

const SourcePosition& finding_location(const Finding& finding) {
    return finding.new_location.known() ? finding.new_location : finding.old_location;
}

std::string position_text(const SourcePosition& at) {
    if (!at.known()) return {};
    return fmt::format("{}:{}:{}", at.file, at.position.line, at.position.column);
}

std::string location_text(const Finding& finding) { return position_text(finding_location(finding)); }

std::size_t count_below(const std::vector<Finding>& findings, Severity shown) {
    return static_cast<std::size_t>(std::count_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.severity < shown; }));
}

std::string hidden_text(const std::vector<Finding>& findings, Severity shown) {
    std::size_t warnings = 0;
    std::size_t infos = 0;
    for (const auto& finding : findings) {
        if (finding.severity >= shown) continue;
        (finding.severity == Severity::warning ? warnings : infos)++;
    }
    if (warnings + infos == 0) return {};
    std::string what;
    if (warnings > 0) what = fmt::format("{} warning{}", warnings, warnings == 1 ? "" : "s");
    if (infos > 0) what += fmt::format("{}{} info finding{}", what.empty() ? "" : " and ", infos, infos == 1 ? "" : "s");
    return fmt::format("{} not shown (--show {} lists them)", what, infos > 0 ? "info" : "warning");
}

}  // namespace kompat
