#include "load/yaml_reader.hpp"
#include "load/json_reader.hpp"
#include "support/text_safety.hpp"
#include "load/yaml_collections.hpp"
#include "load/yaml_events.hpp"

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace kompat {
namespace json = boost::json;
namespace {

// A node with an anchor, kept to be copied wherever an alias names it.
struct Anchored {
    json::value value;
    std::uint64_t nodes = 1;   // nodes a copy adds
    std::uint32_t height = 0;  // levels of nesting inside it
    std::string text;          // a scalar's text, for an alias used as a key
    bool scalar = false;
};

// Builds the JSON values of one YAML stream from its events, one document at a time.
class Reader {
public:
    Reader(const SourceFile& source, const Limits& limits, const YamlOptions& options, ParsedFile& file,
           std::vector<ScalarRules> rules_by_document)
        : source_(source),
          limits_(limits),
          options_(options),
          file_(file),
          sp_(file.memory.get()),
          node_budget_(source.bytes.size() + limits.max_yaml_extra_nodes),
          rules_by_document_(std::move(rules_by_document)),
          stack_({source, file,
                  [this](std::uint64_t nodes, TextPosition position, std::string_view cause) { count_nodes(nodes, position, cause); }}) {}

    // Reads the stream. Returns false when a document read by Kubernetes' rules turns out
    // to be an OpenAPI document whose scalars YAML 1.2 reads differently: `rules_by_document`
    // then says how to read each, and the caller reads again.
    bool read() {
        EventStream stream(source_);
        while (auto event = stream.next()) handle(*event);
        return !reread_;
    }

    [[nodiscard]] const std::vector<ScalarRules>& rules_by_document() const { return rules_by_document_; }

private:
    void handle(fy_event& event) {
        switch (event.type) {
            case FYET_DOCUMENT_START: return start_document(event);
            case FYET_DOCUMENT_END: return end_document();
            case FYET_SCALAR: return scalar(event);
            case FYET_ALIAS: return alias(event);
            case FYET_MAPPING_START:
            case FYET_SEQUENCE_START: return start_collection(event);
            case FYET_MAPPING_END:
            case FYET_SEQUENCE_END: return end_collection();
            default: return;
        }
    }

    [[noreturn]] void fail(TextPosition position, const std::string& message) const { throw InputError(source_.name, position, message); }

    void count_nodes(std::uint64_t nodes, TextPosition position, std::string_view cause) {
        nodes_ += nodes;
        if (nodes_ > node_budget_)
            fail(position, "YAML expands to more than " + std::to_string(node_budget_) + " nodes (" + std::string(cause) + "; " +
                               limit_hint("max-yaml-extra-nodes") + ")");
    }

    // ---- documents ----------------------------------------------------------

    void start_document(fy_event& event) {
        root_position_ = position_of_mark(fy_event_start_mark(&event));
        const auto index = documents_seen_++;
        tracking_ = rules_by_document_.size() <= index;
        rules_ = tracking_ ? options_.rules.value_or(ScalarRules::kubernetes) : rules_by_document_[index];
        if (tracking_) rules_by_document_.push_back(rules_);
        disagreement_ = false;
        root_.reset();
    }

    void end_document() {
        count_nodes(1, root_position_, "documents");
        json::value root = root_ ? std::move(*root_) : json::value(nullptr, sp_);
        root_.reset();
        if (tracking_ && !options_.rules && is_openapi(root)) {
            rules_by_document_.back() = ScalarRules::core;
            reread_ = reread_ || disagreement_;
        }
        if (root.is_null() && !options_.keep_null_documents) return;
        file_.document_starts.push_back(root_position_);
        file_.documents.push_back(std::move(root));
    }

    static bool is_openapi(const json::value& root) {
        const auto* object = root.if_object();
        return object != nullptr && (object->contains("openapi") || object->contains("swagger"));
    }

    // ---- nodes --------------------------------------------------------------

    // Where a scalar starts: at its anchor or tag when it has one, a quoted one at its
    // opening quote.
    static TextPosition scalar_position(fy_event& event, fy_token* token) {
        if (auto* anchor = fy_event_get_anchor_token(&event)) return after_indicator(fy_token_start_mark(anchor));
        if (auto* tag = fy_event_get_tag_token(&event)) return position_of_mark(fy_token_start_mark(tag));
        auto position = position_of_mark(fy_event_start_mark(&event));
        const auto style = fy_token_scalar_style(token);
        if ((style == FYSS_SINGLE_QUOTED || style == FYSS_DOUBLE_QUOTED) && position.column > 1) --position.column;
        return position;
    }

    // libfyaml marks an anchor or alias at its name; it starts at the & or * before it.
    static TextPosition after_indicator(const fy_mark* mark) {
        auto position = position_of_mark(mark);
        if (position.column > 1) --position.column;
        return position;
    }

    void scalar(fy_event& event) {
        auto* token = fy_event_get_token(&event);
        if (const auto* end = fy_token_end_mark(token)) offset_ = end->input_pos;
        std::string buffer;
        const auto text = scalar_text(token, source_.bytes, buffer);
        const auto position = scalar_position(event, token);
        note_root_position(position);
        count_nodes(1, position, "scalars");
        auto* tag_token = fy_event_get_tag_token(&event);
        const auto tag = text_of(tag_token);
        const bool plain = fy_token_scalar_style(token) == FYSS_PLAIN && tag_token == nullptr;
        auto* anchor = fy_event_get_anchor_token(&event);
        // Keys are text as written; only an anchored key is also read as a value.
        const bool key = stack_.expecting_key();
        if (key && anchor == nullptr) return stack_.set_key(text, position, plain && text == "<<");
        auto value = resolve(text, tag, plain, tag_token != nullptr, position);
        if (anchor != nullptr) remember(text_of(anchor), Anchored{json::value(value, sp_), 1, 0, std::string(text), true});
        if (key) return stack_.set_key(text, position, plain && text == "<<");
        attach(std::move(value), 0);
    }

    json::value resolve(std::string_view text, std::string_view tag, bool plain, bool tagged, TextPosition position) {
        if (!tagged && !plain) return json::string(text, sp_);
        if (tagged && (tag == "!" || tag == "tag:yaml.org,2002:str")) return json::string(text, sp_);
        constexpr std::string_view yaml_tag = "tag:yaml.org,2002:";
        const bool typed = tagged && tag.starts_with(yaml_tag) &&
                           (tag.ends_with(":null") || tag.ends_with(":bool") || tag.ends_with(":int") || tag.ends_with(":float"));
        if (tagged && !typed) return json::string(text, sp_);  // other tags keep their text
        if (tracking_ && !disagreement_ && rules_disagree(text)) disagreement_ = true;
        auto resolved = resolve_plain(text, rules_);
        if (resolved.kind == ScalarKind::not_finite)
            fail(position, "\"" + std::string(text) + "\" is not a finite number, and JSON has none; quote it to keep it as text");
        if (typed) {
            const auto wanted = tag.substr(yaml_tag.size());
            const bool matches = (wanted == "null" && resolved.kind == ScalarKind::null) ||
                                 (wanted == "bool" && resolved.kind == ScalarKind::boolean) ||
                                 (wanted == "int" && resolved.kind == ScalarKind::number && !resolved.value.is_double()) ||
                                 (wanted == "float" && resolved.kind == ScalarKind::number);
            if (!matches) fail(position, "value \"" + std::string(text) + "\" does not match its tag " + std::string(tag));
            if (wanted == "float" && !resolved.value.is_double()) return resolved.value.to_number<double>();
        }
        if (resolved.kind == ScalarKind::string) return json::string(text, sp_);
        return resolved.value;
    }

    void alias(fy_event& event) {
        const auto name = text_of(fy_event_get_token(&event));
        const auto position = after_indicator(fy_event_start_mark(&event));
        note_root_position(position);
        for (const auto& frame : stack_.frames())
            if (frame.anchor == name) {
                if (stack_.frames().back().has_key && stack_.frames().back().key.merge)
                    fail(position, "merge key (<<) reaches the mapping it is in");
                fail(position, "alias *" + std::string(name) + " is inside the node it names");
            }
        const auto found = anchors_.find(std::string(name));
        if (found == anchors_.end()) fail(position, "alias *" + std::string(name) + " names no anchor before it");
        const auto& anchored = found->second;
        if (stack_.expecting_key()) {
            if (!anchored.scalar) fail(position, "mapping key must be a scalar");
            count_nodes(1, position, "aliases");
            return stack_.set_key(anchored.text, position, false);
        }
        count_nodes(anchored.nodes, position, "alias expansion");
        if (stack_.depth() + anchored.height > limits_.max_nesting_depth) fail_depth(position);
        attach(copy_in(anchored.value, file_), anchored.height);
    }

    void start_collection(fy_event& event) {
        const auto position = position_of_mark(fy_event_start_mark(&event));
        note_root_position(position);
        if (stack_.expecting_key()) fail(position, "mapping key must be a scalar");
        if (stack_.depth() >= limits_.max_nesting_depth) fail_depth(position);
        count_nodes(1, position, "collections");
        YamlFrame frame;
        frame.mapping = event.type == FYET_MAPPING_START;
        frame.nodes_at_start = nodes_;
        frame.position = position;
        if (const auto* mark = fy_event_start_mark(&event)) frame.offset = mark->input_pos;
        if (auto* anchor = fy_event_get_anchor_token(&event)) frame.anchor = text_of(anchor);
        stack_.open(std::move(frame));
    }

    void end_collection() {
        auto [value, frame] = stack_.close();
        const auto height = frame.height + 1;
        if (!frame.anchor.empty()) {
            // The copy kept for aliases counts too, so nested anchors cannot multiply work.
            const auto nodes = nodes_ - frame.nodes_at_start;
            count_nodes(nodes, frame.position, "anchors");
            remember(frame.anchor, Anchored{copy_in(value, file_), nodes, height, {}, false});
        }
        attach(std::move(value), height);
    }

    // Emplaced, never assigned: assigning a json::value would move it out of this file's memory.
    void remember(std::string_view name, Anchored anchored) {
        anchors_.erase(std::string(name));
        anchors_.emplace(std::string(name), std::move(anchored));
    }

    [[noreturn]] void fail_depth(TextPosition position) const {
        fail(position,
             "nesting deeper than " + std::to_string(limits_.max_nesting_depth) + " levels (" + limit_hint("max-nesting-depth") + ")");
    }

    void note_root_position(TextPosition position) {
        if (stack_.empty() && !root_) root_position_ = position;
    }

    // A finished value goes to the collection it is in, or is the document.
    void attach(json::value value, std::uint32_t height) {
        if (stack_.empty()) root_.emplace(std::move(value));
        else stack_.add(std::move(value), height, offset_);
    }

    const SourceFile& source_;
    const Limits& limits_;
    const YamlOptions& options_;
    ParsedFile& file_;
    json::storage_ptr sp_;
    std::uint64_t node_budget_;
    std::uint64_t nodes_ = 0;
    std::size_t offset_ = 0;  // in the text, the end of the last scalar read

    std::vector<ScalarRules> rules_by_document_;
    std::size_t documents_seen_ = 0;
    ScalarRules rules_ = ScalarRules::kubernetes;
    bool tracking_ = false;      // this document's rules are decided at its end
    bool disagreement_ = false;  // it holds a scalar the two rule sets read differently
    bool reread_ = false;

    std::optional<json::value> root_;
    TextPosition root_position_;
    CollectionStack stack_;
    std::unordered_map<std::string, Anchored> anchors_;
};

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

ParsedFile read_yaml(const SourceFile& source, const Limits& limits, const YamlOptions& options) {
    refuse_non_text(source);
    ParsedFile file;
    file.name = source.name;
    Reader first(source, limits, options, file, {});
    if (first.read()) return file;
    // Rare: an OpenAPI document with a scalar such as `on` or `010`, read again by YAML 1.2.
    ParsedFile again;
    again.name = source.name;
    Reader(source, limits, options, again, first.rules_by_document()).read();
    return again;
}

}  // namespace kompat
