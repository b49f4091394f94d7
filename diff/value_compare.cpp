#include "diff/value_compare.hpp"

#include "diff/documented_default.hpp"
#include "diff/kubernetes_unions.hpp"
#include "diff/pattern_compare.hpp"
#include "support/json_values.hpp"
#include "support/text_safety.hpp"
#include "support/word_list.hpp"
#include "support/ascii_case.hpp"

#include <dtl/dtl.hpp>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <optional>
#include <set>

namespace kompat {
namespace json = boost::json;

namespace {

// A default that cannot apply to its schema's type (`default: {}` on a reference to a
// string type, as the Kubernetes generator once emitted) is no default.
const json::value* effective_default(const Schema& schema, const Snapshot& snapshot) {
    if (schema.default_value == nullptr) return nullptr;
    const auto& value = *schema.default_value;
    // `{}` is the zero value the generator wrote on every reference: on a type that is not
    // an object (Time, Quantity, IntOrString, JSON) it cannot apply, and on an object it is
    // what an absent default means too. Coming or going, it changes nothing.
    if (value.is_object() && value.get_object().empty() && !schema.ref.empty()) return nullptr;
    const auto& target = schema.ref.empty() ? schema : snapshot.resolve(*snapshot.find_type(schema.ref));
    if (target.int_or_string) return value.is_object() || value.is_array() ? nullptr : &value;
    if (target.type.empty()) return &value;
    const auto fits = [&](std::string_view type) {
        if (type == "object") return value.is_object();
        if (type == "array") return value.is_array();
        if (type == "string") return value.is_string();
        if (type == "integer" || type == "number") return value.is_number();
        if (type == "boolean") return value.is_bool();
        return true;
    };
    return std::any_of(target.type.begin(), target.type.end(), fits) || value.is_null() ? &value : nullptr;
}

// Keywords that only document a value: what is valid does not depend on them. A vendor's
// own `x-` extension is read by that vendor's tools alone; Kubernetes' extensions
// (`x-kubernetes-*`) change what the API server does, so an unmodelled one stays a
// difference for a human to judge.
bool is_annotation(std::string_view keyword) {
    if (keyword.starts_with("x-")) return !keyword.starts_with("x-kubernetes-");
    return keyword == "title" || keyword == "example" || keyword == "examples" || keyword == "externalDocs";
}

// A discriminator names the property whose value picks a union's branch, and maps values
// to branches. A reader (a generated client) dispatches on it; so does the server's
// validation of a request. A value mapped anew is like an enum value added.
void compare_discriminator(const SchemaSite& at, const json::value* before, const json::value* after) {
    const auto whole = [](const json::value* v) { return v != nullptr ? detached(*v) : json::value(nullptr); };
    const auto* old_object = before != nullptr ? before->if_object() : nullptr;
    const auto* new_object = after != nullptr ? after->if_object() : nullptr;
    if (old_object == nullptr || new_object == nullptr) {
        at.emit(ChangeKind::discriminator_changed, whole(before), whole(after), "discriminator");
        return;
    }
    const auto member = [](const json::object& object, std::string_view key) {
        const auto* found = object.if_contains(key);
        return found != nullptr ? *found : json::value(nullptr);
    };
    const auto old_property = member(*old_object, "propertyName");
    const auto new_property = member(*new_object, "propertyName");
    if (!json_equal(old_property, new_property))
        at.emit(ChangeKind::discriminator_changed, old_property, new_property, "discriminator propertyName");
    const auto old_mapping = member(*old_object, "mapping");
    const auto new_mapping = member(*new_object, "mapping");
    const json::object none;
    const auto& old_map = old_mapping.is_object() ? old_mapping.get_object() : none;
    const auto& new_map = new_mapping.is_object() ? new_mapping.get_object() : none;
    // Sorted by value, so the report does not follow the document's key order.
    std::vector<std::string> names;
    for (const auto& entry : old_map) names.emplace_back(entry.key());
    for (const auto& entry : new_map)
        if (!old_map.contains(entry.key())) names.emplace_back(entry.key());
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
        const auto was = member(old_map, name);
        const auto is = member(new_map, name);
        if (json_equal(was, is)) continue;
        const auto kind = was.is_null() ? ChangeKind::discriminator_value_added : ChangeKind::discriminator_changed;
        at.emit(kind, was, is, "discriminator value " + name);
    }
}

// A JSON Schema keyword kompat does not evaluate whose presence can only refuse values:
// present, it tightens validation; absent, it constrains nothing. `true` and `{}` accept
// everything, so where they are the value the keyword constrains nothing either; `if`,
// `then` and `else` constrain only together (an `if` with a `then` or an `else`).
bool only_constrains(std::string_view keyword, const json::value& value, const std::vector<Keyword>& keywords) {
    static constexpr std::array<std::string_view, 11> constraints{
        "not",      "propertyNames",         "dependentRequired", "dependentSchemas", "dependencies",     "prefixItems",
        "contains", "unevaluatedProperties", "unevaluatedItems",  "additionalItems",  "patternProperties"};
    const bool accepts_all = (value.is_bool() && value.get_bool()) || (value.is_object() && value.get_object().empty());
    if (keyword == "if" || keyword == "then" || keyword == "else")
        return find_keyword(keywords, "if") != nullptr &&
               (find_keyword(keywords, "then") != nullptr || find_keyword(keywords, "else") != nullptr);
    // minContains and maxContains bound how many items match `contains`, which they need;
    // `minContains: 0` lets none match, which relaxes.
    if (keyword == "minContains" || keyword == "maxContains")
        return find_keyword(keywords, "contains") != nullptr &&
               (keyword == "maxContains" || (value.is_number() && value.to_number<double>() >= 1));
    return std::find(constraints.begin(), constraints.end(), keyword) != constraints.end() && !accepts_all;
}

// A minContains or maxContains whose number changed beside the same `contains` counts the
// same items: raising minContains or lowering maxContains refuses more lists. Unset when
// `contains` changed too (or a value is no number): a human judges the pair.
std::optional<ChangeKind> contains_bound_direction(const Keyword& was, const json::value& is, const std::vector<Keyword>& before,
                                                   const std::vector<Keyword>& after) {
    if (was.name != "minContains" && was.name != "maxContains") return std::nullopt;
    const auto* old_contains = find_keyword(before, "contains");
    const auto* new_contains = find_keyword(after, "contains");
    if (old_contains == nullptr || new_contains == nullptr || !json_equal(*old_contains, *new_contains)) return std::nullopt;
    if (!was.value->is_number() || !is.is_number()) return std::nullopt;
    const auto old_count = was.value->to_number<double>();
    const auto new_count = is.to_number<double>();
    const bool tighter = was.name == "minContains" ? new_count > old_count : new_count < old_count;
    return tighter ? ChangeKind::contains_bound_tightened : ChangeKind::contains_bound_relaxed;
}

// Constraint-only keywords added (or removed) together on one field are one edit: one change
// naming them all ("propertyNames, dependentRequired and unevaluatedProperties").
void emit_together(const SchemaSite& at, ChangeKind kind, std::vector<const Keyword*> keywords) {
    if (keywords.empty()) return;
    // By name, as a document's key order says nothing.
    std::sort(keywords.begin(), keywords.end(), [](const Keyword* a, const Keyword* b) { return a->name < b->name; });
    const bool added = kind == ChangeKind::validation_keyword_added;
    const auto side = [&](json::value value) {
        return added ? std::pair(json::value(nullptr), std::move(value)) : std::pair(std::move(value), json::value(nullptr));
    };
    if (keywords.size() == 1) {
        auto [old_value, new_value] = side(detached(*keywords.front()->value));
        at.emit(kind, std::move(old_value), std::move(new_value), std::string(keywords.front()->name));
        return;
    }
    json::object values;
    std::vector<std::string> names;
    for (const auto* keyword : keywords) {
        values[keyword->name] = detached(*keyword->value);
        names.emplace_back(keyword->name);
    }
    auto [old_value, new_value] = side(json::value(std::move(values)));
    at.emit(kind, std::move(old_value), std::move(new_value), in_words(names));
}

void compare_keyword_lists(const SchemaSite& at, const std::vector<Keyword>& before, const std::vector<Keyword>& after) {
    // Added or removed (`side` is where it stands), a constraint-only keyword is judged by
    // its direction; changed (no side), it may go either way, and a human judges it
    // (unclassified-change, a warning).
    const auto kind_of = [](const Keyword& keyword, const std::vector<Keyword>* side, ChangeKind direction) {
        if (is_annotation(keyword.name)) return ChangeKind::annotation_changed;
        return side != nullptr && only_constrains(keyword.name, *keyword.value, *side) ? direction : ChangeKind::unclassified_change;
    };
    const auto* old_discriminator = find_keyword(before, "discriminator");
    const auto* new_discriminator = find_keyword(after, "discriminator");
    if ((old_discriminator != nullptr || new_discriminator != nullptr) &&
        (old_discriminator == nullptr || new_discriminator == nullptr || !json_equal(*old_discriminator, *new_discriminator)))
        compare_discriminator(at, old_discriminator, new_discriminator);
    // `deprecated` is a lifecycle, which compare_lifecycle judges; `const` an enum of one.
    // readOnly and writeOnly are the field's (compare_access); x-extensible-enum is an enum.
    const auto judged_elsewhere = [](std::string_view name) {
        return name == "discriminator" || name == "deprecated" || name == "const" || name == "readOnly" || name == "writeOnly" ||
               name == "x-extensible-enum";
    };
    std::vector<const Keyword*> removed;
    std::vector<const Keyword*> added;
    for (const auto& keyword : before) {
        if (judged_elsewhere(keyword.name)) continue;
        const auto* found = find_keyword(after, keyword.name);
        if (found == nullptr) {
            const auto kind = kind_of(keyword, &before, ChangeKind::validation_keyword_removed);
            if (kind == ChangeKind::validation_keyword_removed) removed.push_back(&keyword);
            else at.emit(kind, detached(*keyword.value), nullptr, std::string(keyword.name));
        } else if (json_equal(*found, *keyword.value)) continue;
        else if (auto options = keyword.name == "x-kubernetes-unions" ? union_options_added(*keyword.value, *found) : std::string();
                 !options.empty()) {
            at.emit(ChangeKind::union_option_added, detached(*keyword.value), detached(*found), std::string(keyword.name),
                    std::move(options));
        } else if (const auto direction = contains_bound_direction(keyword, *found, before, after)) {
            at.emit(*direction, detached(*keyword.value), detached(*found), std::string(keyword.name));
        } else
            at.emit(kind_of(keyword, nullptr, ChangeKind::unclassified_change), detached(*keyword.value), detached(*found),
                    std::string(keyword.name));
    }
    for (const auto& keyword : after) {
        if (judged_elsewhere(keyword.name) || find_keyword(before, keyword.name) != nullptr) continue;
        const auto kind = kind_of(keyword, &after, ChangeKind::validation_keyword_added);
        if (kind == ChangeKind::validation_keyword_added) added.push_back(&keyword);
        else at.emit(kind, nullptr, detached(*keyword.value), std::string(keyword.name));
    }
    emit_together(at, ChangeKind::validation_keyword_removed, removed);
    emit_together(at, ChangeKind::validation_keyword_added, added);
}

// An upper bound (maxLength, maximum, …) tightens when it appears or falls; a lower
// bound (minLength, minimum, …) when it appears or rises.
enum class Bound { upper, lower };

// `still_within`: every value the new schema lists meets the old bound, so a bound
// dropped or loosened admits nothing the old schema refused: no relaxation.
template <typename T>
void compare_bound(const SchemaSite& at, Bound bound, const std::optional<T>& before, const std::optional<T>& after, ChangeKind tightened,
                   ChangeKind relaxed, bool still_within) {
    if (before == after) return;
    const auto value = [](const std::optional<T>& v) { return v ? number_json(*v) : json::value(nullptr); };
    const bool tighter = !before || (after && (bound == Bound::upper ? *after < *before : *after > *before));
    if (!tighter && still_within) return;
    at.emit(tighter ? tightened : relaxed, value(before), value(after));
}

}  // namespace

void compare_keywords(const SchemaSite& at, std::optional<std::pair<bool, bool>> nullable) {
    const auto& context = at.context;
    const auto& o = at.o;
    const auto& n = at.n;
    // Descriptions that differ only in whitespace (`\n\n\n` → `\n\n`, a re-wrapped line) say the same.
    if (o.description != n.description && whitespace_collapsed(o.description) != whitespace_collapsed(n.description))
        at.emit(ChangeKind::description_changed, json::value(o.description), json::value(n.description));
    if (!context.lossy) {
        const auto* od = effective_default(o, context.old_side);
        const auto* nd = effective_default(n, context.new_side);
        // A Kubernetes API server applied its Go defaults before its spec said so: the
        // default of a field that exists already is not new behaviour. A CRD's structural
        // default is, since it changes what is stored.
        // A default of the type's zero value ("", 0, false) is what a reader of a Go
        // value field (not a pointer) already read for an absent one.
        const auto zero = [](const json::value& v) {
            return (v.is_string() && v.get_string().empty()) || (v.is_bool() && !v.get_bool()) || (v.is_int64() && v.get_int64() == 0) ||
                   (v.is_uint64() && v.get_uint64() == 0) || (v.is_double() && v.get_double() == 0.0);
        };
        const auto old_words = o.description.empty() ? at.documented : o.description;
        const auto added = context.kubernetes_server                            ? ChangeKind::default_added_by_server
                           : nd != nullptr && documents_default(old_words, *nd) ? ChangeKind::default_added_as_documented
                           : nd != nullptr && zero(*nd)                         ? ChangeKind::default_added_zero_value
                                                                                : ChangeKind::default_added;
        if (od == nullptr && nd != nullptr) at.emit(added, nullptr, detached(*nd));
        else if (od != nullptr && nd == nullptr) at.emit(ChangeKind::default_removed, detached(*od), nullptr);
        else if (od != nullptr && !json_equal(*od, *nd)) at.emit(ChangeKind::default_changed, detached(*od), detached(*nd));
        const auto [was_nullable, is_nullable] = nullable.value_or(std::pair{o.nullable, n.nullable});
        if (was_nullable != is_nullable)
            at.emit(is_nullable ? ChangeKind::nullable_added : ChangeKind::nullable_removed, was_nullable, is_nullable);
    }
    compare_keyword_lists(at, o.unmodelled().extensions, n.unmodelled().extensions);
    compare_keyword_lists(at, o.unmodelled().other_keywords, n.unmodelled().other_keywords);
}

void compare_flag(const SchemaSite& at, bool before, bool after, ChangeKind on, ChangeKind off) {
    if (before != after) at.emit(after ? on : off, before, after);
}

void compare_text(const SchemaSite& at, std::string_view before, std::string_view after, ChangeKind kind) {
    if (before != after)
        at.emit(kind, before.empty() ? json::value(nullptr) : json::value(before),
                after.empty() ? json::value(nullptr) : json::value(after));
}

std::pair<std::vector<std::string>, std::vector<std::string>> edits(const std::vector<std::string>& before,
                                                                    const std::vector<std::string>& after) {
    dtl::Diff<std::string, std::vector<std::string>> diff(before, after);
    diff.compose();
    std::multiset<std::string> removed;
    std::multiset<std::string> added;
    for (const auto& [element, info] : diff.getSes().getSequence()) {
        if (info.type == dtl::SES_DELETE) removed.insert(element);
        else if (info.type == dtl::SES_ADD) added.insert(element);
    }
    std::vector<std::string> only_removed;
    std::vector<std::string> only_added;
    std::set_difference(removed.begin(), removed.end(), added.begin(), added.end(), std::back_inserter(only_removed));
    std::set_difference(added.begin(), added.end(), removed.begin(), removed.end(), std::back_inserter(only_added));
    return {only_removed, only_added};
}

// The values a schema allows by listing them: its `enum`, or its `const` (JSON Schema
// 2020-12), which says what a one-value enum says; `storage` holds the latter.
const json::array* listed_values(const Schema& schema, json::array& storage) {
    if (schema.enum_values != nullptr || !schema.unmodelled_keywords) return schema.enum_values;
    const auto* value = find_keyword(schema.unmodelled().other_keywords, "const");
    if (value == nullptr) return nullptr;
    storage.push_back(*value);
    return &storage;
}

namespace {

// Each value one list has and the other not, as one change of `removed` or `added` each.
void compare_listed(const SchemaSite& at, const json::array& before_values, const json::array& after_values, ChangeKind removed_kind,
                    ChangeKind added_kind) {
    std::vector<std::string> before;
    std::vector<std::string> after;
    for (const auto& v : before_values) before.push_back(json::serialize(v));
    for (const auto& v : after_values) after.push_back(json::serialize(v));
    if (before == after) return;
    const auto [removed, added] = edits(before, after);
    // One place, one finding: the values added (or removed) together, as a list when several.
    const auto listed = [](const std::vector<std::string>& values) {
        if (values.size() == 1) return std::pair{json::parse(values.front()), values.front()};
        json::array out;
        std::string detail;
        for (const auto& value : values) {
            out.push_back(json::parse(value));
            detail += (detail.empty() ? "" : ", ") + value;
        }
        return std::pair{json::value(std::move(out)), detail};
    };
    if (!removed.empty()) {
        auto [values, detail] = listed(removed);
        at.emit(removed_kind, std::move(values), nullptr, std::move(detail));
    }
    if (!added.empty()) {
        auto [values, detail] = listed(added);
        at.emit(added_kind, nullptr, std::move(values), std::move(detail));
    }
}

}  // namespace

void compare_enum(const SchemaSite& at) {
    const auto& o = at.o;
    const auto& n = at.n;
    json::array old_const;
    json::array new_const;
    const auto* old_values = listed_values(o, old_const);
    const auto* new_values = listed_values(n, new_const);
    if (old_values == nullptr && new_values == nullptr) return;
    if (old_values == nullptr) {
        at.emit(ChangeKind::enum_restriction_added, nullptr, detached(*new_values));
        return;
    }
    if (new_values == nullptr) {
        at.emit(ChangeKind::enum_restriction_removed, detached(*old_values), nullptr);
        return;
    }
    compare_listed(at, *old_values, *new_values, ChangeKind::enum_value_removed, ChangeKind::enum_value_added);
}

namespace {

const json::array* extensible_values(const Schema& schema) {
    if (!schema.unmodelled_keywords) return nullptr;
    const auto* values = find_keyword(schema.unmodelled().extensions, "x-extensible-enum");
    return values != nullptr ? values->if_array() : nullptr;
}

}  // namespace

void compare_extensible_enum(const SchemaSite& at) {
    const auto& o = at.o;
    const auto& n = at.n;
    const auto* old_values = extensible_values(o);
    const auto* new_values = extensible_values(n);
    if (old_values == nullptr && new_values == nullptr) return;
    const json::array none;
    // A reader of an extensible enum handles values it does not know: one added is news.
    // One removed is gone as from an enum: a writer that sends it is refused.
    compare_listed(at, old_values != nullptr ? *old_values : none, new_values != nullptr ? *new_values : none,
                   ChangeKind::enum_value_removed, ChangeKind::extensible_enum_value_added);
}

bool keyword_is_true(const Schema& schema, std::string_view keyword) {
    if (!schema.unmodelled_keywords) return false;
    const auto* value = find_keyword(schema.unmodelled().other_keywords, keyword);
    return value != nullptr && value->is_bool() && value->get_bool();
}

void compare_access(const SchemaSite& at) {
    const auto& o = at.o;
    const auto& n = at.n;
    for (const auto& [keyword, became] : {std::pair{std::string_view("readOnly"), ChangeKind::field_became_read_only},
                                          std::pair{std::string_view("writeOnly"), ChangeKind::field_became_write_only}}) {
        const bool was = keyword_is_true(o, keyword);
        const bool is = keyword_is_true(n, keyword);
        if (was == is) continue;
        at.emit(is ? became : ChangeKind::field_access_relaxed, was, is, std::string(keyword));
    }
}

namespace {

// Whether every value the new schema allows still keeps an old bound the new one dropped or
// relaxed: the value space is one constraint, so what the new schema lists (enum, const) may
// keep a value within a bound (maxLength replaced by an enum of short values), and so may
// its pattern (its shortest and longest match are lengths too).
class StillWithin {
public:
    explicit StillWithin(const Schema& n) : listed_(listed_values(n, storage_)) {
        if (const auto& pattern = n.value_bounds().pattern) lengths_ = pattern_lengths(*pattern);
    }

    [[nodiscard]] bool length(const std::optional<std::uint64_t>& old_bound, Bound kind) const {
        if (!old_bound) return false;
        if (lengths_ && kind == Bound::lower && lengths_->fewest >= *old_bound) return true;
        if (lengths_ && kind == Bound::upper && lengths_->most && *lengths_->most <= *old_bound) return true;
        return all_listed([&](const json::value& v) {
            if (!v.is_string()) return false;
            const auto length = code_points(v.get_string());  // as maxLength counts
            return kind == Bound::upper ? length <= *old_bound : length >= *old_bound;
        });
    }

    [[nodiscard]] bool number(const std::optional<double>& old_bound, bool exclusive, Bound kind) const {
        return old_bound && all_listed([&](const json::value& v) {
                   if (!v.is_number()) return false;
                   const auto x = v.to_number<double>();
                   if (kind == Bound::upper) return exclusive ? x < *old_bound : x <= *old_bound;
                   return exclusive ? x > *old_bound : x >= *old_bound;
               });
    }

private:
    template <typename Test>
    bool all_listed(Test test) const {
        return listed_ != nullptr && !listed_->empty() && std::all_of(listed_->begin(), listed_->end(), test);
    }

    json::array storage_;
    const json::array* listed_;
    std::optional<PatternLengths> lengths_;
};

void compare_multiple_of(const SchemaSite& at) {
    const auto& o = at.o;
    const auto& n = at.n;
    const auto& before = o.value_bounds().multiple_of;
    const auto& after = n.value_bounds().multiple_of;
    if (before == after) return;
    const auto value = [](const std::optional<double>& v) { return v ? number_json(*v) : json::value(nullptr); };
    // A new step that is a multiple of the old one admits fewer values.
    const bool relaxed = !after || (before && std::fmod(*before, *after) == 0.0);
    at.emit(relaxed ? ChangeKind::multiple_of_relaxed : ChangeKind::multiple_of_tightened, value(before), value(after));
}

// One finding for one edit of a pattern: its direction where it is provable, else a change to review.
void compare_pattern(const SchemaSite& at) {
    const auto& o = at.o;
    const auto& n = at.n;
    const auto& before = o.value_bounds().pattern;
    const auto& after = n.value_bounds().pattern;
    if (before == after) return;
    const auto value = [](const std::optional<std::string_view>& v) { return v ? json::value(*v) : json::value(nullptr); };
    auto kind = !before ? ChangeKind::pattern_tightened : !after ? ChangeKind::pattern_relaxed : ChangeKind::pattern_changed;
    if (before && after) {
        switch (compare_patterns(*before, *after)) {
            case PatternRelation::same: return;
            case PatternRelation::wider: kind = ChangeKind::pattern_relaxed; break;
            case PatternRelation::narrower: kind = ChangeKind::pattern_tightened; break;
            case PatternRelation::unknown: break;
        }
    }
    at.emit(kind, value(before), value(after));
}

}  // namespace

void compare_bounds(const SchemaSite& at) {
    const auto& o = at.o;
    const auto& n = at.n;
    const auto& before = o.value_bounds();
    const auto& after = n.value_bounds();
    const StillWithin within(n);
    const auto bound = [&](Bound kind, const auto& old_bound, const auto& new_bound, ChangeKind tightened, ChangeKind relaxed,
                           bool still_within = false) { compare_bound(at, kind, old_bound, new_bound, tightened, relaxed, still_within); };
    bound(Bound::upper, before.max_length, after.max_length, ChangeKind::max_length_tightened, ChangeKind::max_length_relaxed,
          within.length(before.max_length, Bound::upper));
    bound(Bound::lower, before.min_length, after.min_length, ChangeKind::min_length_tightened, ChangeKind::min_length_relaxed,
          within.length(before.min_length, Bound::lower));
    bound(Bound::upper, before.maximum, after.maximum, ChangeKind::maximum_tightened, ChangeKind::maximum_relaxed,
          within.number(before.maximum, before.exclusive_maximum, Bound::upper));
    bound(Bound::lower, before.minimum, after.minimum, ChangeKind::minimum_tightened, ChangeKind::minimum_relaxed,
          within.number(before.minimum, before.exclusive_minimum, Bound::lower));
    compare_flag(at, before.exclusive_maximum, after.exclusive_maximum, ChangeKind::exclusive_maximum_tightened,
                 ChangeKind::exclusive_maximum_relaxed);
    compare_flag(at, before.exclusive_minimum, after.exclusive_minimum, ChangeKind::exclusive_minimum_tightened,
                 ChangeKind::exclusive_minimum_relaxed);
    bound(Bound::upper, before.max_items, after.max_items, ChangeKind::max_items_tightened, ChangeKind::max_items_relaxed);
    bound(Bound::lower, before.min_items, after.min_items, ChangeKind::min_items_tightened, ChangeKind::min_items_relaxed);
    bound(Bound::upper, before.max_properties, after.max_properties, ChangeKind::max_properties_tightened,
          ChangeKind::max_properties_relaxed);
    bound(Bound::lower, before.min_properties, after.min_properties, ChangeKind::min_properties_tightened,
          ChangeKind::min_properties_relaxed);
    compare_flag(at, before.unique_items, after.unique_items, ChangeKind::unique_items_tightened, ChangeKind::unique_items_relaxed);
    compare_multiple_of(at);
    compare_pattern(at);
}

}  // namespace kompat
