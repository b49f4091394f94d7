#pragma once
// How the heap grows (glibc's malloc; with another C library, or under a sanitizer's
// allocator, set_heap_growth does nothing that matters).
#include <cstddef>

namespace kompat {

// Blocks of this many bytes and more are mapped on their own when the heap's top cannot
// hold them, so memory freed goes back at once (docs/limits.md, wide inputs).
constexpr std::size_t own_mapping_bytes = std::size_t{1} << 20;

// The room a thread's heap opens with, writable at once. glibc grows the heap of any
// thread but the first by what each allocation needs, one mprotect a step that takes the
// process's memory-map lock (which the other loading thread's page faults then wait
// for): about 2,000 of them to load two Kubernetes releases. Opened with this much
// room, a heap grows with no system call, and the large blocks (arena blocks, value
// stacks, lists of changes and findings, the report) come from its top and are used
// again once freed, rather than mapped and unmapped each time. Pages are charged only
// when written (docs/performance.md, "Heap room").
constexpr std::size_t heap_top_pad_bytes = std::size_t{64} << 20;

// Sets both for the process (main() calls it first, before any thread).
void set_heap_growth();

// Whether set_heap_growth takes effect in this build (glibc's allocator, no sanitizer).
bool heap_growth_takes_effect();

}  // namespace kompat
