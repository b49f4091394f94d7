#include "load/yaml_events.hpp"

#include <algorithm>
#include <new>

namespace kompat {

TextPosition position_of_mark(const fy_mark* mark) {
    if (mark == nullptr || mark->line < 0 || mark->column < 0) return {};
    return {static_cast<std::uint32_t>(mark->line) + 1, static_cast<std::uint32_t>(mark->column) + 1};
}

std::string_view text_of(fy_token* token) {
    if (token == nullptr) return {};
    std::size_t size = 0;
    const char* text = fy_token_get_text(token, &size);
    return text == nullptr ? std::string_view() : std::string_view(text, size);
}

std::string single_quoted_value(std::string_view raw) {
    std::string value;
    value.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size();) {
        const char c = raw[i];
        if (c == '\'' && i + 1 < raw.size() && raw[i + 1] == '\'') {
            value += '\'';
            i += 2;
        } else if (c == '\n' || c == '\r') {
            while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
            std::size_t breaks = 0;
            for (; i < raw.size() && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r'); ++i)
                if (raw[i] == '\n' || (raw[i] == '\r' && (i + 1 == raw.size() || raw[i + 1] != '\n'))) ++breaks;
            if (breaks == 1) value += ' ';
            else value.append(breaks - 1, '\n');
        } else {
            value += c;
            ++i;
        }
    }
    return value;
}

EventStream::EventStream(const SourceFile& source) : source_(source) {
    fy_diag_cfg diag_cfg{};
    fy_diag_cfg_default(&diag_cfg);
    diag_cfg.fp = nullptr;
    diag_cfg.output_fn = [](fy_diag*, void*, const char*, std::size_t) {};
    diag_.reset(fy_diag_create(&diag_cfg));
    if (diag_ == nullptr) throw std::bad_alloc();
    fy_diag_set_collect_errors(diag_.get(), true);
    fy_parse_cfg cfg{};
    // Depth is kompat's own limit, checked as events arrive; the parser itself keeps its
    // state on the heap.
    cfg.flags = static_cast<fy_parse_cfg_flags>(FYPCF_QUIET | FYPCF_JSON_NONE | FYPCF_DISABLE_DEPTH_LIMIT);
    cfg.diag = diag_.get();
    parser_.reset(fy_parser_create(&cfg));
    if (parser_ == nullptr || fy_parser_set_string(parser_.get(), source.bytes.data(), source.bytes.size()) != 0)
        throw std::bad_alloc();
}

EventStream::Event EventStream::next() {
    Event event(fy_parser_parse(parser_.get()), EventFree{parser_.get()});
    if (event == nullptr && fy_parser_get_stream_error(parser_.get())) fail();
    if (event != nullptr) {
        if (const auto* mark = fy_event_end_mark(event.get())) last_end_ = *mark;
    }
    return event;
}

void EventStream::fail() const {
    void* iterator = nullptr;
    while (const auto* error = fy_diag_errors_iterate(diag_.get(), &iterator)) {
        if (error->type != FYET_ERROR) continue;
        // Collected errors carry 1-based lines and columns.
        const TextPosition position{static_cast<std::uint32_t>(std::max(error->line, 0)),
                                    static_cast<std::uint32_t>(std::max(error->column, 0))};
        throw InputError(source_.name, position, std::string("malformed YAML: ") + (error->msg != nullptr ? error->msg : "syntax error"));
    }
    // Some errors (`--- |0`) come with no message: the place is after the last event read.
    throw InputError(source_.name, position_of_mark(&last_end_), "malformed YAML: cannot read what follows here");
}

}  // namespace kompat
