#include "support/two_threads.hpp"

#include <atomic>
#include <exception>

#include "support/stack_thread.hpp"

namespace kompat {

void on_two_threads(std::size_t count, std::size_t worth_a_thread, const std::function<void(std::size_t, std::size_t)>& work) {
    std::atomic<std::size_t> next{0};
    const auto take = [&](std::size_t thread) {
        for (auto index = next++; index < count; index = next++) work(index, thread);
    };
    if (count < worth_a_thread) {
        take(0);
        return;
    }
    std::exception_ptr helper_error;
    // A large stack, as on the calling thread: the work may walk values nested as deep as the limits allow.
    StackThread helper(
        [&] {
            try {
                take(1);
            } catch (...) {
                helper_error = std::current_exception();
            }
        },
        large_stack_bytes);
    try {
        take(0);
    } catch (...) {
        next = count;  // the helper stops after its current index; its destructor waits for it
        throw;
    }
    helper.join();
    if (helper_error) std::rethrow_exception(helper_error);
}

}  // namespace kompat
