// set_heap_growth (support/heap_room.hpp): a thread's heap opens with writable room, and
// the memory in use is only what is allocated.
#include <malloc.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "support/heap_room.hpp"
#include "support/stack_thread.hpp"

namespace {

// The mapping of this process that holds an address, as /proc/self/smaps describes it.
struct Mapping {
    std::uintptr_t size = 0;
    std::string permissions;  // "rw-p"
    std::string flags;        // the VmFlags line
};

Mapping mapping_of(const void* address) {
    const auto at = reinterpret_cast<std::uintptr_t>(address);  // NOLINT: compared with /proc/self/smaps
    std::ifstream smaps("/proc/self/smaps");
    Mapping found;
    bool inside = false;
    for (std::string line; std::getline(smaps, line);) {
        // A mapping's first line is "begin-end permissions ..."; its fields follow, "Name: value".
        std::istringstream fields(line);
        std::uintptr_t begin = 0;
        std::uintptr_t end = 0;
        char dash = 0;
        std::string permissions;
        if ((fields >> std::hex >> begin >> dash >> end >> permissions) && dash == '-') {
            if (inside) break;
            inside = begin <= at && at < end;
            if (inside) found = {end - begin, permissions, ""};
            continue;
        }
        if (inside && line.starts_with("VmFlags:")) found.flags = line;
    }
    return found;
}

// The size of the readable and writable mapping that holds `address`.
std::uintptr_t writable_mapping_size(const void* address) {
    const auto mapping = mapping_of(address);
    return mapping.permissions.starts_with("rw") ? mapping.size : 0;
}

}  // namespace

TEST_CASE("A thread's heap opens with room to grow, and nothing of it in use") {
    if (!kompat::heap_growth_takes_effect()) {
        WARN("set_heap_growth does nothing without glibc's allocator (this build: sanitizers or another C library)");
        return;
    }
    kompat::set_heap_growth();  // as main() does (tests/main.cpp too, before any thread)
    std::uintptr_t mapping = 0;
    std::size_t in_use = 0;
    std::thread([&] {
        void* first = std::malloc(64);  // the thread's own heap exists from here
        mapping = writable_mapping_size(first);
        in_use = mallinfo2().uordblks;
        std::free(first);
    }).join();
    // Opened with the pad (short of a heap's header and alignment), written only as used.
    CHECK(mapping >= kompat::heap_top_pad_bytes - kompat::own_mapping_bytes);
    CHECK(in_use < kompat::own_mapping_bytes);
}

TEST_CASE("A thread kompat starts has its heap advised for huge pages") {
    if (!kompat::heap_growth_takes_effect() || !std::ifstream("/sys/kernel/mm/transparent_hugepage/enabled")) {
        WARN("no glibc heap (sanitizers, another C library) or no transparent huge pages in this kernel: nothing to advise");
        return;
    }
    std::string flags;
    kompat::StackThread thread(
        [&] {
            void* block = std::malloc(64);
            flags = mapping_of(block).flags;
            std::free(block);
        },
        kompat::large_stack_bytes);
    thread.join();
    INFO(flags);
    // "hg": the mapping was advised MADV_HUGEPAGE (proc(5)).
    CHECK(flags.find(" hg") != std::string::npos);
}
