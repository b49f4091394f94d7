#include "diff/change.hpp"

namespace kompat {

std::string_view to_string(ChangeKind kind) {
    switch (kind) {
#define KOMPAT_CASE(name, text) \
    case ChangeKind::name: return text;
        KOMPAT_CHANGE_KINDS(KOMPAT_CASE)
#undef KOMPAT_CASE
    }
    return "unclassified-change";
}

std::optional<ChangeKind> change_kind_from(std::string_view name) {
#define KOMPAT_FROM(id, text) \
    if (name == (text)) return ChangeKind::id;
    KOMPAT_CHANGE_KINDS(KOMPAT_FROM)
#undef KOMPAT_FROM
    return std::nullopt;
}

}  // namespace kompat
