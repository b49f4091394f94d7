#pragma once
// A finding in words, as every report writes it: one plain sentence naming old and new
// once, what it breaks and which kinds it affects.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "rules/baseline.hpp"  // place_of: what a finding is about, as one line
#include "rules/finding.hpp"
#include "rules/severity.hpp"
#include "report/word_diff.hpp"

namespace kompat {

// `text` cut to at most `limit` bytes on a UTF-8 character boundary, the cut marked with "…".
std::string elide_end(std::string_view text, std::size_t limit);

// How a sentence marks what came from the inputs: `code` for names and values, `text` for
// other input text (a parameter, a changed description's words). Markdown makes both
// code spans, so no input text is read as markup or a mention.
// `words`: whether a changed description's sentence says its changed words (the HTML
// page shows its whole word diff beneath instead).
struct SentenceStyle {
    std::string (*code)(std::string_view) = nullptr;
    std::string (*text)(std::string_view) = nullptr;
    bool words = true;
};
std::string backticked(std::string_view text);
std::string as_is(std::string_view text);
inline constexpr SentenceStyle plain_style{backticked, as_is};

// A value as a sentence names it: `text` in backticks, numbers bare, a list item by item
// (`a`, `b` and 3 more), none as "none"; a long text whole up to a token near the limit.
std::string value_words(const boost::json::value& value, const SentenceStyle& style);

// The finding as one sentence, from its rule's template ("`ip` became required", "`Sold`
// added to the enum of `phase`"). Long values keep the part where old and new differ;
// a changed description shows the changed words.
// `field_words` names the place instead of the finding's field ("50 fields", for one
// line that says the same change at many places). `description_spans`, when given, is
// the word diff of the finding's old and new texts, made already (the HTML page shows it
// too): it is not made again.
std::string finding_sentence(const Finding& finding, const SentenceStyle& style = plain_style, std::string_view field_words = {},
                             const std::optional<std::vector<TextSpan>>* description_spans = nullptr);

// Whom the finding breaks, by the role that decided its severity ("breaks writers of
// spec"); "" for info findings and findings no role judged.
std::string breaks_text(const Finding& finding);

// True for an entry of `affects` that is an operation ("GET /apis/…"), not a kind ("apps/v1 Deployment").
bool names_operation(std::string_view affected);

// The kinds a finding affects by name alone ("Pod", not "v1 Pod"), each once, nearest
// the change first (fewest steps of path), then the kind its type is named after (Pod for
// PodSpec); operations whole.
std::vector<std::string> affected_names(const Finding& finding);

// "A, B, C and 5 more" + `more` ("A and B" when there are few).
std::string first_few(const std::vector<std::string>& names, std::string_view more);

// For a finding in a named type others use: the kinds (or operations) it affects, by
// name, nearest the change first: all of a few ("affects Pod, PodTemplate and Deployment"),
// else the count and the nearest three ("affects 9 kinds, nearest Pod, PodTemplate and
// ReplicaSet"); "" for any other finding. Names go through `style.text`.
std::string affects_text(const Finding& finding, const SentenceStyle& style = plain_style);

// What a reader needs beyond the sentence, joined by "; ": breaks_text and affects_text.
std::string finding_context(const Finding& finding, const SentenceStyle& style = plain_style);

// The heading a report files a finding under: its kind, the named type its change stands
// in, or "operations" and "named types" (types added or removed) for the rest.
std::string heading_of(const Finding& finding);

// Where to point a reader: the new location, or the old one for what was removed.
const SourcePosition& finding_location(const Finding& finding);

// "file:line:col", or "" for an unknown position.
std::string position_text(const SourcePosition& at);

// The finding's position_text at finding_location.
std::string location_text(const Finding& finding);

// How many of `findings` are below `shown` (the reports that hide them count them).
std::size_t count_below(const std::vector<Finding>& findings, Severity shown);

// "12 info findings not shown (--show info)"; "" when none are hidden.
std::string hidden_text(const std::vector<Finding>& findings, Severity shown);

}  // namespace kompat
