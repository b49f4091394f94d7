#include "support/heap_room.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#endif

#include "support/sanitizers.hpp"

// The sanitizers' allocator has no such heap: nothing to set or advise there.
#if defined(__GLIBC__) && !defined(KOMPAT_ADDRESS_SANITIZER)
#define KOMPAT_GLIBC_HEAP 1
#endif

namespace kompat {

void set_heap_growth() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(own_mapping_bytes));
    mallopt(M_TOP_PAD, static_cast<int>(heap_top_pad_bytes));
#endif
}

void keep_freed_heap() {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, static_cast<int>(std::size_t{1} << 30));
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(thread_heap_bytes / 2));  // the most glibc takes
#endif
}

void advise_huge_pages_for_this_thread() {
#if defined(KOMPAT_GLIBC_HEAP) && defined(MADV_HUGEPAGE)
    void* probe = std::malloc(1);
    const auto at = reinterpret_cast<std::uintptr_t>(probe);  // NOLINT: an address, aligned below
    // The first thread's heap lies below the program break (a thread that shares it, once
    // glibc has made as many heaps as it makes, is left as it is); any other's is a
    // mapping of its own, aligned to its size.
    const bool own_heap = probe != nullptr && at >= reinterpret_cast<std::uintptr_t>(sbrk(0));  // NOLINT: as above
    std::free(probe);
    if (own_heap) madvise(reinterpret_cast<void*>(at & ~(thread_heap_bytes - 1)), thread_heap_bytes, MADV_HUGEPAGE);  // NOLINT: as above
#endif
}

bool heap_growth_takes_effect() {
#ifdef KOMPAT_GLIBC_HEAP
    return true;
#else
    return false;
#endif
}

}  // namespace kompat
