#include "support/two_threads.hpp"

#include <atomic>
#include <limits>

#include "support/stack_thread.hpp"

namespace kompat {

void on_two_threads(std::size_t count, std::size_t worth_a_thread, const std::function<void(std::size_t, std::size_t)>& work) {
    on_two_threads_while_planning(
        count, 0, worth_a_thread, [] { return std::size_t{0}; }, work);
}

void on_two_threads_while_planning(std::size_t first_count, std::size_t expected_rest, std::size_t worth_a_thread,
                                   const std::function<std::size_t()>& plan_rest,
                                   const std::function<void(std::size_t index, std::size_t thread)>& work) {
    if (first_count + expected_rest < worth_a_thread) {
        const auto count = first_count + plan_rest();
        for (std::size_t index = 0; index < count; ++index) work(index, 0);
        return;
    }
    constexpr auto none_left = std::numeric_limits<std::size_t>::max() / 2;
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> count{first_count};  // the whole count once planned
    std::atomic<bool> planned{false};
    bool helper_inline = false;  // no thread to be had: the helper ran before the planning
    const auto take = [&](std::size_t thread) {
        for (auto index = next++;; index = next++) {
            if (index >= first_count && !planned) {
                if (helper_inline) {  // alone so far: the calling thread takes the rest, this index too
                    next = index;
                    return;
                }
                planned.wait(false);
            }
            if (index >= count) return;
            work(index, thread);
        }
    };
    const auto publish = [&](std::size_t rest) {
        count = first_count + rest;
        planned = true;
        planned.notify_all();
    };
    HelperThread helper([&] { take(1); }, [&] { helper_inline = true; });
    try {
        publish(plan_rest());
    } catch (...) {
        next = none_left;  // the helper stops after its current index; its destructor waits for it
        publish(0);
        throw;
    }
    try {
        take(0);
    } catch (...) {
        next = none_left;
        throw;
    }
    helper.finish();
}

}  // namespace kompat
