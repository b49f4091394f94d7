// make_heap_room (support/heap_room.hpp): the heap of a loading thread keeps writable room
// for the growth asked, while the memory in use, and the heap itself, stay as they were.
#include <malloc.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "support/heap_room.hpp"

namespace {

// The size of the readable and writable mapping of this process that holds `address`.
std::uintptr_t writable_mapping_size(const void* address) {
    const auto at = reinterpret_cast<std::uintptr_t>(address);  // NOLINT: compared with /proc/self/maps
    std::ifstream maps("/proc/self/maps");
    for (std::string line; std::getline(maps, line);) {
        std::istringstream fields(line);
        std::uintptr_t begin = 0;
        std::uintptr_t end = 0;
        char dash = 0;
        std::string permissions;
        fields >> std::hex >> begin >> dash >> end >> permissions;
        if (begin <= at && at < end) return permissions.starts_with("rw") ? end - begin : 0;
    }
    return 0;
}

}  // namespace

TEST_CASE("Heap room made for a loading thread is writable and leaves nothing in use") {
    if (!kompat::heap_room_takes_effect()) {
        WARN("make_heap_room does nothing without glibc's allocator (this build: sanitizers or another C library)");
        return;
    }
    constexpr std::size_t room = std::size_t{24} << 20;
    std::uintptr_t before_mapping = 0;
    std::uintptr_t after_mapping = 0;
    struct mallinfo2 before {};
    struct mallinfo2 after {};
    kompat::map_large_blocks_on_their_own();  // as main() does
    std::thread([&] {
        void* first = std::malloc(64);  // the thread's own heap exists from here
        before_mapping = writable_mapping_size(first);
        before = mallinfo2();
        kompat::make_heap_room(room);
        after = mallinfo2();
        after_mapping = writable_mapping_size(first);
        std::free(first);
    }).join();
    CHECK(before_mapping < room / 2);
    CHECK(after_mapping >= room - kompat::own_mapping_bytes);
    CHECK(after.uordblks == before.uordblks);                  // nothing kept in use
    CHECK(after.arena <= before.arena + kompat::own_mapping_bytes);  // the heap handed the room back
}
