#include "model/lifecycle.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <cctype>
#include <utility>

namespace kompat {
namespace {

// Lower case, and a line break is a space: CRD generators wrap descriptions mid-sentence.
char lower(char c) {
    if (c == '\n' || c == '\r' || c == '\t') return ' ';
    // ASCII only, as std::tolower in the "C" locale kompat runs in, without its call per byte.
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// A description lower-cased once, its line breaks spaces: every form is then found with
// a plain (memchr-fast) search.
std::string folded(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), lower);
    return out;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

bool is_gate_name(std::string_view word) {
    if (word.size() < 3 || !std::isupper(static_cast<unsigned char>(word.front()))) return false;
    bool lower_case = false;
    for (const char c : word) {
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
        lower_case = lower_case || std::islower(static_cast<unsigned char>(c)) != 0;
    }
    // "This", "The", "Beta" are no gates; gates are CamelCase words of some length.
    return lower_case && word != "This" && word != "The" && word != "Beta" && word != "Alpha";
}

// The sentence forms of docs/lifecycle-sentences.md, lower case. Each was found in the
// corpus's descriptions (scripts/lifecycle_sentences.py).
constexpr std::array alpha_forms{
    std::string_view("alpha-level"),       std::string_view("alpha level"),       std::string_view("is an alpha field"),
    std::string_view("is a alpha field"),  std::string_view("is an alpha type"),  std::string_view("is an alpha feature"),
    std::string_view("(alpha) using"),     std::string_view("(alpha feature)"),   std::string_view("(alpha) this"),
    std::string_view("alpha, gated by"),   std::string_view("field is in alpha"), std::string_view("which is alpha"),
    std::string_view("is an alpha-level"),
};
constexpr std::array beta_forms{
    std::string_view("beta-level"),         std::string_view("is a beta field"),    std::string_view("is an beta field"),
    std::string_view("is beta field"),      std::string_view("field is beta"),      std::string_view("(beta) using"),
    std::string_view("(beta) this"),        std::string_view("(beta feature)"),     std::string_view("is a beta feature"),
    std::string_view("feature is in beta"), std::string_view("which is beta"),      std::string_view("a beta field from"),
    std::string_view("object is beta"),     std::string_view("requires the beta "), std::string_view("is an optional, beta field"),
};
// Anywhere in a sentence: the field itself is deprecated.
constexpr std::array deprecated_forms{
    std::string_view("this field is deprecated"), std::string_view("this api is deprecated"),
    std::string_view("this type is deprecated"),  std::string_view("should be considered as deprecated"),
    std::string_view("now is deprecated"),        std::string_view("field is deprecated"),
};
// Sentences that name a stage without giving the field one: country codes, version
// ordering, a stage of the past ("beta in 1.21 and GA in 1.22"), a value's condition.
constexpr std::array not_lifecycle{
    std::string_view("alpha-2"), std::string_view("kube-like"),   std::string_view("ga > beta"),
    std::string_view(" ga in "), std::string_view("alpha stage"), std::string_view("if the alpha feature gate"),
};

// `sentence` is folded.
template <std::size_t N>
bool any_form(std::string_view sentence, const std::array<std::string_view, N>& forms) {
    return std::any_of(forms.begin(), forms.end(), [&](std::string_view form) { return contains(sentence, form); });
}

// "Deprecated: …", "DEPRECATED: …", "*Deprecated …", "(Deprecated) …", "Deprecated in 1.23",
// "X is deprecated: …", "Gate: Deprecated." — but not "deprecated indicates …".
// `sentence` is folded.
bool says_deprecated(std::string_view sentence) {
    while (!sentence.empty() && (sentence.front() == '*' || sentence.front() == '(' || sentence.front() == ' ')) sentence.remove_prefix(1);
    if (sentence.starts_with("deprecated")) {
        const auto rest = sentence.substr(10);
        return rest.empty() || rest.front() == ':' || rest.front() == '.' || rest.front() == ',' || rest.front() == ')' ||
               rest.front() == '*' || rest.starts_with(" in ") || rest.starts_with(" as of") || rest.starts_with(" since");
    }
    // One word, then "is deprecated:" or ": Deprecated".
    const auto word_end = sentence.find_first_of(" :");
    if (word_end != std::string_view::npos && word_end > 0) {
        const auto rest = sentence.substr(word_end);
        if (rest.starts_with(" is deprecated:") || rest.starts_with(": deprecated")) return true;
    }
    return any_form(sentence, deprecated_forms);
}

// Calls `each` with the place (start, size) of every sentence of `text`: one ends at '.',
// '?' or '!' before whitespace, and at a line break before what starts a sentence (a
// capital, '*', '('). Leading whitespace is left out.
template <typename Each>
void for_each_sentence(std::string_view text, Each each) {
    const auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
    const auto starts_sentence = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0 || c == '*' || c == '('; };
    std::size_t start = 0;
    for (std::size_t at = 0; at <= text.size(); ++at) {
        bool end = at == text.size();
        std::size_t length = at - start;
        if (!end && (text[at] == '.' || text[at] == '?' || text[at] == '!') && (at + 1 == text.size() || is_space(text[at + 1]))) {
            end = true;
            ++length;
        } else if (!end && text[at] == '\n') {
            auto next = at + 1;
            while (next < text.size() && is_space(text[next])) ++next;
            end = next < text.size() && starts_sentence(text[next]);
        }
        if (!end) continue;
        while (length > 0 && is_space(text[start])) {
            ++start;
            --length;
        }
        if (length > 0) each(start, length);
        start = at + 1;
    }
}

// Whether `text` holds "alpha", "beta" or "deprecat" in the cases the corpus writes them
// ("lpha", "LPHA", "beta", "Beta", "BETA", "eprecat", "EPRECAT"): most descriptions say
// none of it, and this settles them. Each word is found by a rare letter it holds ('p',
// 'b' and their capitals) with memchr, which skips the text between; searching for each
// word's first letter stopped at every 'e' and 'l' and took a fifth of a diff.
bool may_name_a_stage(std::string_view text) {
    const auto has = [&](std::size_t at, std::string_view word) { return text.substr(at, word.size()) == word; };
    const auto found_from = [&](char anchor, auto matches) {
        for (auto at = text.find(anchor); at != std::string_view::npos; at = text.find(anchor, at + 1))
            if (matches(at)) return true;
        return false;
    };
    // "lpha" and "eprecat" hold 'p' after their first letter; "LPHA" and "EPRECAT" hold 'P'.
    const auto around_p = [&](char before_alpha, char before_deprecat, std::string_view alpha_rest, std::string_view deprecat_rest) {
        return [=](std::size_t at) {
            return at > 0 && ((text[at - 1] == before_alpha && has(at + 1, alpha_rest)) ||
                              (text[at - 1] == before_deprecat && has(at + 1, deprecat_rest)));
        };
    };
    return found_from('p', around_p('l', 'e', "ha", "recat")) || found_from('P', around_p('L', 'E', "HA", "RECAT")) ||
           found_from('b', [&](std::size_t at) { return has(at + 1, "eta"); }) ||
           found_from('B', [&](std::size_t at) { return has(at + 1, "eta") || has(at + 1, "ETA"); });
}

// The gate word before `at` ("the Foo feature", "the `Foo` feature"), or "".
std::string_view gate_before(std::string_view text, std::size_t at) {
    auto end = at;
    if (end > 0 && text[end - 1] == '`') --end;
    auto start = end;
    while (start > 0 && std::isalnum(static_cast<unsigned char>(text[start - 1]))) --start;
    const auto word = text.substr(start, end - start);
    return is_gate_name(word) ? word : std::string_view();
}

// The gate word from `at` on ("feature gate Foo", "--feature-gates=Foo=true", "Feature Gate \"Foo\"").
std::string_view gate_after(std::string_view text, std::size_t at) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '"' || text[at] == '`' || text[at] == '=')) ++at;
    auto end = at;
    while (end < text.size() && std::isalnum(static_cast<unsigned char>(text[end]))) ++end;
    const auto word = text.substr(at, end - at);
    return is_gate_name(word) ? word : std::string_view();
}

// A Kubernetes feature gate named bare in a CRD: the text of a core type the CRD copied
// (a pod template), not the project's own gate, which projects write `quoted` or as
// `--feature-gates=…`.
bool copied_kubernetes_gate(std::string_view description, std::string_view gate) {
    if (gate.empty() || contains(description, "--feature-gates")) return false;
    const auto at = description.find(gate);
    return at == std::string_view::npos || at == 0 || description[at - 1] != '`';
}

// In a CRD: a stage read from a core type's text the CRD copied is Kubernetes' news, not the
// CRD field's, and often stale: the field gets none, so nothing found under it is capped as
// alpha. `text` is `description` folded.
void mark_copied(Lifecycle& lifecycle, std::string_view description, std::string_view text) {
    // "(Beta feature)" is how Kubernetes' volume sources say it, with no gate to tell by;
    // "from kubernetes 1.22" names Kubernetes' release, not the project's.
    lifecycle.copied = copied_kubernetes_gate(description, lifecycle.feature_gate) || contains(text, "(alpha feature)") ||
                       contains(text, "(beta feature)") || contains(text, "from kubernetes 1.");
    if (!lifecycle.copied) return;
    const auto stage = std::exchange(lifecycle.status, LifecycleStatus::none);
    // "an alpha field from kubernetes 1.22 until 1.24" is a stage of the past.
    if (!contains(text, " until 1.")) lifecycle.copied_stage = stage;
}

}  // namespace

std::string_view to_string(LifecycleStatus status) {
    switch (status) {
        case LifecycleStatus::none: return "";
        case LifecycleStatus::alpha: return "alpha";
        case LifecycleStatus::beta: return "beta";
        case LifecycleStatus::deprecated: return "deprecated";
    }
    return "";
}

std::string_view feature_gate_in(std::string_view description) {
    for (std::size_t at = description.find(" feature"); at != std::string_view::npos; at = description.find(" feature", at + 1)) {
        // "the relevant Crossplane feature flag" names a project, not a gate: Kubernetes
        // says "feature gate".
        if (description.substr(at).starts_with(" feature flag")) continue;
        if (const auto gate = gate_before(description, at); !gate.empty()) return gate;
    }
    for (const std::string_view lead : {"feature gate ", "feature-gates=", "Feature Gate ", "feature-gate "})
        for (std::size_t at = description.find(lead); at != std::string_view::npos; at = description.find(lead, at + 1))
            if (const auto gate = gate_after(description, at + lead.size()); !gate.empty()) return gate;
    return {};
}

Lifecycle declared_lifecycle(bool deprecated, std::string_view sunset) {
    Lifecycle lifecycle;
    if (!deprecated) return lifecycle;
    lifecycle.status = LifecycleStatus::deprecated;
    lifecycle.declared = true;
    lifecycle.sunset = sunset;
    return lifecycle;
}

Lifecycle lifecycle_of(const Schema& schema, LifecycleSource source) {
    for (const auto& entry : schema.kubernetes().lifecycle) {
        if (entry.project != "kubernetes") continue;
        Lifecycle lifecycle;
        lifecycle.status = entry.status == "alpha"        ? LifecycleStatus::alpha
                           : entry.status == "beta"       ? LifecycleStatus::beta
                           : entry.status == "deprecated" ? LifecycleStatus::deprecated
                                                          : LifecycleStatus::none;
        lifecycle.feature_gate = entry.feature_gate;
        lifecycle.min_version = entry.min_version;
        return lifecycle;
    }
    if (schema.unmodelled_keywords) {
        const auto& kept = schema.unmodelled();
        const auto* deprecated = find_keyword(kept.other_keywords, "deprecated");
        if (deprecated != nullptr && deprecated->is_bool() && deprecated->get_bool()) {
            const auto* sunset = find_keyword(kept.extensions, "x-sunset");
            return declared_lifecycle(true, sunset != nullptr && sunset->is_string() ? std::string_view(sunset->get_string()) : "");
        }
    }
    const auto description = schema.description;
    if (!may_name_a_stage(description)) return {};
    bool alpha = false;
    bool beta = false;
    bool deprecated = false;
    const auto text = folded(description);
    for_each_sentence(description, [&](std::size_t start, std::size_t size) {
        const auto sentence = std::string_view(text).substr(start, size);
        // Every form below holds one of these words: a sentence with none (most of a long
        // description) is settled by three scans, not forty.
        if (!contains(sentence, "alpha") && !contains(sentence, "beta") && !contains(sentence, "deprecated")) return;
        if (any_form(sentence, not_lifecycle)) return;
        // "(Alpha)" opening a sentence marks the field; inside one, it marks one of its values.
        alpha = alpha || any_form(sentence, alpha_forms) || sentence.starts_with("alpha:") || sentence.starts_with("(alpha)");
        beta = beta || any_form(sentence, beta_forms) || sentence.starts_with("(beta)");
        // "… set this to \"Proposed\" Deprecated: Resize status is moved …": Kubernetes joins a
        // comment's lines with spaces, so a capital "Deprecated:" may open a line mid-sentence.
        deprecated = deprecated || says_deprecated(sentence) || contains(description.substr(start, size), " Deprecated:");
    });
    Lifecycle lifecycle;
    lifecycle.inferred = true;
    // The latest stage named wins ("an alpha field from 1.26 until 1.28 and a beta field from 1.28").
    if (beta) lifecycle.status = LifecycleStatus::beta;
    else if (alpha) lifecycle.status = LifecycleStatus::alpha;
    else if (deprecated) lifecycle.status = LifecycleStatus::deprecated;
    else return {};
    if (lifecycle.status == LifecycleStatus::deprecated) return lifecycle;
    lifecycle.feature_gate = feature_gate_in(description);
    if (source == LifecycleSource::crd) mark_copied(lifecycle, description, text);
    return lifecycle;
}

}  // namespace kompat
