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

// For a command that loads one snapshot after another (history): memory freed stays in
// the heap for the next load instead of going back to the kernel, which would hand it
// back as fresh pages to zero (a fifth of history's time over ten Kubernetes releases).
void keep_freed_heap();

// Whether set_heap_growth takes effect in this build (glibc's allocator, no sanitizer).
bool heap_growth_takes_effect();

// glibc maps the heap of each thread but the first as a reservation of this size, aligned
// to it (malloc/arena.c: HEAP_MAX_SIZE on 64-bit systems, which heap_for_ptr relies on).
constexpr std::size_t thread_heap_bytes = std::size_t{64} << 20;

// Asks the kernel to back the calling thread's heap with transparent huge pages
// (madvise MADV_HUGEPAGE), as glibc's tunable glibc.malloc.hugetlb=1 does for every heap
// when a user sets it in the environment. Loading a spec writes tens of megabytes of new
// heap: 2 MiB pages take one fault where 4 KiB pages took 512 (a Kubernetes check: 6,700
// faults -> 1,300, about a fifth of its time; docs/performance.md, "Huge pages for each
// thread's heap"). Only advice: a kernel without them, or with none free, gives small
// pages as before. Every thread kompat starts (StackThread) calls it first; a heap
// already advised is left so.
void advise_huge_pages_for_this_thread();

}  // namespace kompat
