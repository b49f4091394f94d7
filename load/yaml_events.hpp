#pragma once
// libfyaml's event stream, as the YAML reader uses it: the parser with its errors
// collected (not printed), and the text and place of what an event holds.
#include <libfyaml.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "support/input_error.hpp"
#include "load/source_reader.hpp"

namespace kompat {

// 1-based line and column of a libfyaml mark; unknown for none.
TextPosition position_of_mark(const fy_mark* mark);

// The text of a token, as libfyaml gives it; empty for none.
std::string_view text_of(fy_token* token);

// The value of a scalar token of `source`. Read by kompat where that is quick and sure:
// one line of a plain scalar, or of a double-quoted one with no escape, is its text as
// written (a view into `source`); single-quoted and literal block scalars are read into
// `buffer`; the rest is libfyaml's text_of.
std::string_view scalar_text(fy_token* token, std::string_view source, std::string& buffer);

// A single-quoted scalar's value from its text between the quotes (YAML 1.2.2, 7.3.2):
// '' is a quote; a line break with the white space around it folds to a space, and
// n > 1 line breaks to n - 1 newlines. libfyaml 0.7.12 (Debian 12) reads `'a '''' b'`
// as "a ''' " instead of "a '' b", which corrupts CEL rules, and leaks a buffer on a
// long run of doubled quotes, so kompat does this step itself.
std::string single_quoted_value(std::string_view raw);

// A double-quoted scalar's value from its text between the quotes (YAML 1.2.2, 7.3.1):
// escapes decoded, an escaped line break joined, an unescaped one folded as in a
// single-quoted scalar. libfyaml builds such a text piece by piece, about 9 bytes of memory
// for each byte of escapes (docs/limits.md), so kompat does this step itself; nullopt (an
// escape it cannot decode, which the parser has refused already) leaves it to libfyaml.
std::optional<std::string> double_quoted_value(std::string_view raw);

// The value of a literal block scalar (`|`) whose content lines are [begin, end) of
// `text`, read by kompat for speed: libfyaml formats each one chunk by chunk, the most of
// a CRD's reading time (its descriptions). nullopt leaves it to libfyaml: a header with
// an indentation indicator, tabs, carriage returns, only empty lines, no final break.
std::optional<std::string> literal_block_value(std::string_view text, std::size_t begin, std::size_t end);

// libfyaml's parser over one file's text, and the diagnostics it collects its errors
// in (they would go to stderr otherwise).
class EventStream {
public:
    explicit EventStream(const SourceFile& source);

    struct EventFree {
        fy_parser* parser;
        void operator()(fy_event* event) const { fy_parser_event_free(parser, event); }
    };
    using Event = std::unique_ptr<fy_event, EventFree>;

    // The next event; none at the end of the stream. Throws InputError for malformed YAML.
    Event next();

private:
    [[noreturn]] void fail();
    void abandon();

    struct DiagDestroy {
        void operator()(fy_diag* diag) const { fy_diag_destroy(diag); }
    };
    struct ParserDestroy {
        void operator()(fy_parser* parser) const { fy_parser_destroy(parser); }
    };
    const SourceFile& source_;
    fy_mark last_end_{0, 0, 0};
    std::unique_ptr<fy_diag, DiagDestroy> diag_;  // declared first: the parser refers to it
    std::unique_ptr<fy_parser, ParserDestroy> parser_;
};

}  // namespace kompat
