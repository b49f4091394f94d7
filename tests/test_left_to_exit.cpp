// leave_to_exit (support/left_to_exit.hpp): what a command holds to its end is left to the
// process's exit, not destroyed, except where LeakSanitizer would report it.
#include <catch2/catch.hpp>

#include <memory>

#include "support/left_to_exit.hpp"

namespace {

struct Counted {
    explicit Counted(int& destroyed) : destroyed_(destroyed) {}
    Counted(const Counted&) = delete;
    Counted& operator=(const Counted&) = delete;
    ~Counted() { ++destroyed_; }

private:
    int& destroyed_;
};

}  // namespace

TEST_CASE("leave_to_exit destroys nothing, but frees as usual under AddressSanitizer") {
    int destroyed = 0;
    kompat::leave_to_exit(std::make_unique<Counted>(destroyed));
#ifdef KOMPAT_ADDRESS_SANITIZER
    CHECK(destroyed == 1);
#else
    CHECK(destroyed == 0);
#endif
}
