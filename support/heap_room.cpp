#include "support/heap_room.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "support/sanitizers.hpp"

// The sanitizers' allocator has no such heap: nothing to do there.
#if defined(__GLIBC__) && !defined(KOMPAT_ADDRESS_SANITIZER)
#define KOMPAT_GLIBC_HEAP 1
#endif

#include <algorithm>
#include <array>
#include <cstdlib>

namespace kompat {

void map_large_blocks_on_their_own() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(own_mapping_bytes));
#endif
}

bool heap_room_takes_effect() {
#ifdef KOMPAT_GLIBC_HEAP
    return true;
#else
    return false;
#endif
}

void make_heap_room(std::size_t bytes) {
#ifdef KOMPAT_GLIBC_HEAP
    // Under one page short of the threshold, with malloc's own header, so each comes
    // from the heap.
    constexpr std::size_t block = own_mapping_bytes - 4096;
    constexpr std::size_t most_blocks = 48;
    std::array<void*, most_blocks> blocks{};
    const auto count = std::min(most_blocks, bytes / block);
    for (std::size_t i = 0; i < count; ++i) blocks[i] = std::malloc(block);  // NOLINT: raw blocks, never written
    // Newest first: each joins the top of the heap as it is freed.
    for (std::size_t i = count; i > 0; --i) std::free(blocks[i - 1]);  // NOLINT
#else
    (void)bytes;
#endif
}

}  // namespace kompat
