// The tests' main: the heap grows as kompat's own main() sets it (support/heap_room.hpp),
// before Catch2 or any test starts a thread, so that every thread's heap is made alike.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "support/heap_room.hpp"

int main(int argc, char* argv[]) {
    kompat::set_heap_growth();
    return Catch::Session().run(argc, argv);
}
