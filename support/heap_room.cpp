#include "support/heap_room.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "support/sanitizers.hpp"

namespace kompat {

void set_heap_growth() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(own_mapping_bytes));
    mallopt(M_TOP_PAD, static_cast<int>(heap_top_pad_bytes));
#endif
}

bool heap_growth_takes_effect() {
#if defined(__GLIBC__) && !defined(KOMPAT_ADDRESS_SANITIZER)
    return true;
#else
    return false;
#endif
}

}  // namespace kompat
