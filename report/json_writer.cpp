#include "report/json_writer.hpp"

#include "support/byte_scan.hpp"

#include <array>
#include <cstring>

namespace kompat {

std::string to_pretty_json(const boost::json::value& value) {
    std::string out;
    JsonWriter writer(out);
    writer.value(value);
    out += '\n';
    return out;
}

namespace {

// A newline and the indent of up to `deepest` levels, appended as one piece.
constexpr std::size_t deepest = 32;
constexpr auto newline_and_indent = [] {
    std::array<char, 1 + 2 * deepest> text{};
    text.fill(' ');
    text[0] = '\n';
    return text;
}();

}  // namespace

void JsonWriter::newline(std::size_t level) {
    if (level <= deepest) {
        out_.append(newline_and_indent.data(), 1 + 2 * level);
        return;
    }
    out_ += '\n';
    out_.append(level * 2, ' ');
}

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (levels_.empty()) return;
    // An element of an array.
    if (!levels_.back().empty) out_ += ',';
    levels_.back().empty = false;
    newline(levels_.size());
}

void JsonWriter::open(char bracket) {
    before_value();
    out_ += bracket;
    levels_.push_back({});
}

void JsonWriter::close(char bracket) {
    const bool empty = levels_.back().empty;
    levels_.pop_back();
    if (!empty) newline(levels_.size());
    out_ += bracket;
}

void JsonWriter::key(std::string_view name) {
    if (!levels_.back().empty) out_ += ',';
    levels_.back().empty = false;
    newline(levels_.size());
    after_key_ = true;
    // A report writes tens of thousands of keys, nearly all short and plain: each such
    // key goes in as one piece, quoted and followed by ": ".
    std::array<char, 64> quoted{};
    if (name.size() + 4 <= quoted.size() && !has_json_special(name)) {
        quoted[0] = '"';
        std::memcpy(quoted.data() + 1, name.data(), name.size());
        std::memcpy(quoted.data() + 1 + name.size(), "\": ", 3);
        out_.append(quoted.data(), name.size() + 4);
        return;
    }
    escaped(name);
    out_ += ": ";
}

void JsonWriter::drain() {
    std::array<char, 512> buffer{};
    while (!serializer_.done()) {
        const auto part = serializer_.read(buffer.data(), buffer.size());
        out_.append(part.data(), part.size());
    }
}

// As Boost.JSON quotes and escapes a string. It escapes only '"', '\\' and the C0
// controls: a text with none of them (nearly every key, path and kind) is copied between
// quotes as it is; any other goes through its serializer (no string made).
void JsonWriter::escaped(std::string_view text) {
    if (!has_json_special(text)) {
        out_ += '"';
        out_ += text;
        out_ += '"';
        return;
    }
    serializer_.reset(boost::json::string_view(text.data(), text.size()));
    drain();
}

void JsonWriter::string(std::string_view text) {
    before_value();
    escaped(text);
}

void JsonWriter::scalar(const boost::json::value& value) {
    before_value();
    serializer_.reset(&value);
    drain();
}

void JsonWriter::number(std::uint64_t number) {
    before_value();
    out_ += std::to_string(number);
}

void JsonWriter::boolean(bool value) {
    before_value();
    out_ += value ? "true" : "false";
}

void JsonWriter::null() {
    before_value();
    out_ += "null";
}

void JsonWriter::value(const boost::json::value& value) {
    if (const auto* object = value.if_object()) {
        begin_object();
        for (const auto& member : *object) {
            key(member.key());
            this->value(member.value());
        }
        end_object();
    } else if (const auto* array = value.if_array()) {
        begin_array();
        for (const auto& element : *array) this->value(element);
        end_array();
    } else if (const auto* text = value.if_string()) {
        string(*text);
    } else {
        scalar(value);
    }
}

}  // namespace kompat
