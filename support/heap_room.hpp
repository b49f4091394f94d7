#pragma once
// How the heap grows (glibc's malloc; with another C library, both calls do nothing).
#include <cstddef>

namespace kompat {

// Blocks of this many bytes and more are mapped on their own, so memory freed goes back
// at once and peak memory is what is live (docs/limits.md, wide inputs).
constexpr std::size_t own_mapping_bytes = std::size_t{1} << 20;

// Sets that threshold for the process (main() calls it first).
void map_large_blocks_on_their_own();

// Lets the calling thread's heap grow by about `bytes` without a system call a step.
// glibc grows the heap of any thread but the first a few pages at a time, each step an
// mprotect that takes the process's memory-map lock (which a second loading thread's
// page faults then wait for): about 2,000 of them to load two Kubernetes releases. This
// takes the room once, in blocks just under own_mapping_bytes (the threshold must be
// set), and gives it back at once: the pages stay unwritten, so the memory in use does
// not change, but the heap keeps their protections, and growth within them needs no
// system call.
void make_heap_room(std::size_t bytes);

// Whether make_heap_room does anything in this build (not under a sanitizer's allocator).
bool heap_room_takes_effect();

}  // namespace kompat
