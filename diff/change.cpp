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

}  // namespace kompat
