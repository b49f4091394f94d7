#pragma once
// JSON text for reports: two-space indent, keys in the order they are written, a newline
// at the end. Deterministic for the same value.
#include <boost/json/serializer.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kompat {

std::string to_pretty_json(const boost::json::value& value);

// Writes the same text as to_pretty_json straight into one buffer, member by member, so a
// report of thousands of findings builds no value tree and no string per field.
class JsonWriter {
public:
    explicit JsonWriter(std::string& out) : out_(out) {}

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }
    // The key of the object member whose value comes next.
    void key(std::string_view name);
    void string(std::string_view text);
    void number(std::uint64_t number);
    void boolean(bool value);
    void null();
    // A whole value, laid out as to_pretty_json lays it out.
    void value(const boost::json::value& value);
    // A string, or null when it is empty.
    void string_or_null(std::string_view text) { text.empty() ? null() : string(text); }
    // `"name": text`, and the other members' shorthands.
    void member(std::string_view name, std::string_view text) {
        key(name);
        string(text);
    }
    void member(std::string_view name, const char* text) { member(name, std::string_view(text)); }
    void member(std::string_view name, std::uint64_t number) {
        key(name);
        this->number(number);
    }
    void member(std::string_view name, bool value) {
        key(name);
        boolean(value);
    }

private:
    void open(char bracket);
    void close(char bracket);
    void before_value();
    void scalar(const boost::json::value& value);
    void escaped(std::string_view text);
    void drain();
    void newline(std::size_t level);

    struct Level {
        bool empty = true;
    };
    std::string& out_;
    std::vector<Level> levels_;
    bool after_key_ = false;
    boost::json::serializer serializer_;
};

}  // namespace kompat
