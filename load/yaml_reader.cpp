#include "load/yaml_reader.hpp"
#include "load/json_reader.hpp"
#include "load/text_safety.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>


#include <algorithm>
#include <cmath>
#include <sstream>

namespace kompat {
namespace json = boost::json;
namespace {

TextPosition position_of_mark(const YAML::Mark& mark) {
    if (mark.is_null()) return {};
    return {static_cast<std::uint32_t>(mark.line + 1), static_cast<std::uint32_t>(mark.column + 1)};
}

class Converter {
public:
    Converter(const SourceFile& source, const Limits& limits, KeyPositionMemory& memory)
        : source_(source),
          limits_(limits),
          memory_(memory),
          sp_(&memory),
          node_budget_(source.bytes.size() + limits.max_yaml_extra_nodes) {}

    json::value convert(const YAML::Node& node, std::uint32_t depth) {
        if (++nodes_ > node_budget_)
            fail(node, "YAML expands to more than " + std::to_string(node_budget_) +
                           " nodes (alias expansion; " + limit_hint("max-yaml-extra-nodes") + ")");
        if (depth > limits_.max_nesting_depth)
            fail(node, "nesting deeper than " + std::to_string(limits_.max_nesting_depth) +
                           " levels (" + limit_hint("max-nesting-depth") + ")");
        switch (node.Type()) {
            case YAML::NodeType::Undefined:
            case YAML::NodeType::Null:
                return nullptr;
            case YAML::NodeType::Scalar:
                return scalar(node);
            case YAML::NodeType::Sequence: {
                json::array array(sp_);
                array.reserve(node.size());
                for (const auto& element : node) array.push_back(convert(element, depth + 1));
                return array;
            }
            case YAML::NodeType::Map: {
                json::object object(sp_);
                object.reserve(node.size());
                fill_map(object, node, depth, false);
                return object;
            }
        }
        return nullptr;
    }

private:
    [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const {
        throw InputError(source_.name, position_of_mark(node.Mark()), message);
    }

    // Keys of a merged map (`<<`) never replace keys the map sets itself. A merge that
    // reaches a mapping being filled (`&s {<<: *s}`) is refused, and every merged entry
    // counts against the node budget, so merges cannot loop or multiply without bound.
    void fill_map(json::object& object, const YAML::Node& node, std::uint32_t depth, bool merging) {
        if (std::any_of(filling_.begin(), filling_.end(), [&](const YAML::Node& open) { return open.is(node); }))
            fail(node, "merge key (<<) reaches the mapping it is in");
        filling_.push_back(node);
        std::vector<YAML::Node> merges;
        for (const auto& entry : node) {
            const auto& key = entry.first;
            if (merging && ++nodes_ > node_budget_)
                fail(key, "YAML expands to more than " + std::to_string(node_budget_) + " nodes (merge keys; " +
                              limit_hint("max-yaml-extra-nodes") + ")");
            if (!key.IsScalar()) fail(key, "mapping key must be a scalar");
            if (key.Tag() == "?" && key.Scalar() == "<<") {
                merges.push_back(entry.second);
                continue;
            }
            const auto& name = key.Scalar();
            if (object.contains(name)) {
                if (merging) continue;
                fail(key, "duplicate key \"" + name + "\" in one mapping");
            }
            auto value = convert(entry.second, depth + 1);
            memory_.position_next_key(position_of_mark(key.Mark()));
            object.emplace(name, std::move(value));
        }
        for (const auto& merge : merges) {
            if (merge.IsMap()) {
                fill_map(object, merge, depth, true);
            } else if (merge.IsSequence()) {
                for (const auto& element : merge) {
                    if (!element.IsMap()) fail(element, "merge key (<<) needs a mapping or a list of mappings");
                    fill_map(object, element, depth, true);
                }
            } else {
                fail(merge, "merge key (<<) needs a mapping or a list of mappings");
            }
        }
        filling_.pop_back();
    }

    json::value scalar(const YAML::Node& node) const {
        const auto& text = node.Scalar();
        const auto& tag = node.Tag();
        if (tag == "!" || tag == "tag:yaml.org,2002:str") return json::string(text, sp_);
        if (tag != "?") {
            if (tag == "tag:yaml.org,2002:null") return nullptr;
            if (tag == "tag:yaml.org,2002:bool" || tag == "tag:yaml.org,2002:int" ||
                tag == "tag:yaml.org,2002:float") {
                auto resolved = plain(node);
                if (resolved.is_string()) fail(node, "value \"" + text + "\" does not match its tag " + tag);
                return resolved;
            }
            return json::string(text, sp_);  // unknown tags keep their text
        }
        return plain(node);
    }

    // yaml-cpp's own conversions decide what a plain scalar is.
    json::value plain(const YAML::Node& node) const {
        const auto& text = node.Scalar();
        if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL")
            return nullptr;
        bool boolean = false;
        if (YAML::convert<bool>::decode(node, boolean)) return boolean;
        const char first = text.front();
        const bool numeric_start = (first >= '0' && first <= '9') || first == '-' || first == '+' || first == '.';
        if (!numeric_start) return json::string(text, sp_);
        std::int64_t integer = 0;
        if (YAML::convert<std::int64_t>::decode(node, integer)) return integer;
        std::uint64_t unsigned_integer = 0;
        if (YAML::convert<std::uint64_t>::decode(node, unsigned_integer)) return unsigned_integer;
        double real = 0;
        if (YAML::convert<double>::decode(node, real)) {
            if (std::isnan(real) || std::isinf(real)) return json::string(text, sp_);  // JSON has no NaN
            return real;
        }
        return json::string(text, sp_);
    }

    const SourceFile& source_;
    const Limits& limits_;
    KeyPositionMemory& memory_;
    json::storage_ptr sp_;
    std::uint64_t node_budget_;
    std::uint64_t nodes_ = 0;
    std::vector<YAML::Node> filling_;  // the mappings fill_map is filling, outermost first
};

// yaml-cpp 0.7's LoadAll never ends on some malformed streams (a lone `,`): the parser
// reports an empty document without consuming the bad token, again and again, allocating
// each time (jbeder/yaml-cpp#1040, fixed upstream by #1319, after Debian 12's 0.7.0).
// A first pass that records nothing stops at a document that makes no progress.
class ProgressCheck : public YAML::EventHandler {
public:
    // True when the document just handled was only a null at the place the one before it was.
    [[nodiscard]] bool stalled() const { return null_only_ && previous_null_only_ && null_pos_ == previous_null_pos_; }
    [[nodiscard]] const YAML::Mark& mark() const { return null_mark_; }

    void OnDocumentStart(const YAML::Mark& /*mark*/) override {
        previous_null_only_ = null_only_ && events_ == 1;
        previous_null_pos_ = null_pos_;
        events_ = 0;
        null_only_ = true;
    }
    void OnDocumentEnd() override { null_only_ = null_only_ && events_ == 1; }
    void OnNull(const YAML::Mark& mark, YAML::anchor_t /*anchor*/) override {
        ++events_;
        null_mark_ = mark;
        null_pos_ = mark.pos;
    }
    void OnAlias(const YAML::Mark& /*mark*/, YAML::anchor_t /*anchor*/) override { other(); }
    void OnScalar(const YAML::Mark& /*mark*/, const std::string& /*tag*/, YAML::anchor_t /*anchor*/, const std::string& /*value*/) override {
        other();
    }
    void OnSequenceStart(const YAML::Mark& /*mark*/, const std::string& /*tag*/, YAML::anchor_t /*anchor*/,
                         YAML::EmitterStyle::value /*style*/) override {
        other();
    }
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark& /*mark*/, const std::string& /*tag*/, YAML::anchor_t /*anchor*/,
                    YAML::EmitterStyle::value /*style*/) override {
        other();
    }
    void OnMapEnd() override {}

private:
    void other() {
        ++events_;
        null_only_ = false;
    }
    std::size_t events_ = 0;
    bool null_only_ = false;
    bool previous_null_only_ = false;
    int null_pos_ = -1;
    int previous_null_pos_ = -2;
    YAML::Mark null_mark_;
};

void refuse_stalling_streams(const SourceFile& source) {
    std::istringstream stream(source.bytes);
    YAML::Parser parser(stream);
    ProgressCheck check;
    while (parser.HandleNextDocument(check))
        if (check.stalled()) throw InputError(source.name, position_of_mark(check.mark()), "malformed YAML: unexpected token");
}

// YAML is read as UTF-8 text: bytes that are not, or a raw NUL, would reach the reports
// as they are (the JSON reader refuses them the same way).
void refuse_non_text(const SourceFile& source) {
    const std::string_view text = source.bytes;
    const auto nul = text.find('\0');
    const auto invalid = first_invalid_utf8(text.substr(0, nul));
    if (invalid) throw InputError(source.name, position_at(text, *invalid), "not UTF-8: YAML must be UTF-8 text");
    if (nul != std::string_view::npos) throw InputError(source.name, position_at(text, nul), "a NUL byte: YAML text cannot hold one");
}

}  // namespace

ParsedFile read_yaml(const SourceFile& source, const Limits& limits) {
    refuse_non_text(source);
    ParsedFile file;
    file.name = source.name;
    std::vector<YAML::Node> documents;
    try {
        refuse_stalling_streams(source);
        documents = YAML::LoadAll(source.bytes);
    } catch (const YAML::DeepRecursion& error) {
        throw InputError(source.name, position_of_mark(error.mark),
                         "nesting deeper than yaml-cpp's own limit of 2000 levels");
    } catch (const YAML::Exception& error) {
        throw InputError(source.name, position_of_mark(error.mark), "malformed YAML: " + error.msg);
    }
    Converter converter(source, limits, *file.memory);
    try {
        for (const auto& document : documents) {
            if (document.IsNull()) continue;
            file.document_starts.push_back(position_of_mark(document.Mark()));
            file.documents.push_back(converter.convert(document, 0));
        }
    } catch (const YAML::Exception& error) {
        throw InputError(source.name, position_of_mark(error.mark), "malformed YAML: " + error.msg);
    }
    return file;
}

}  // namespace kompat
