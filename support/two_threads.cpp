#include "support/two_threads.hpp"

#include <atomic>
#include <exception>
#include <limits>

#include "support/stack_thread.hpp"

namespace kompat {
namespace {

// The helper thread, taking its share of the work. Its stack is large, as the calling
// thread's: the work may walk values nested as deep as the limits allow. An error it
// meets is kept, for the caller to rethrow once the helper has stopped.
class Helper {
public:
    explicit Helper(const std::function<void()>& take, const std::function<void()>& before_inline = {})
        : thread_(
              [this, take] {
                  try {
                      take();
                  } catch (...) {
                      error_ = std::current_exception();
                  }
              },
              large_stack_bytes, before_inline) {}

    // Waits for the helper to stop, then rethrows its error.
    void finish() {
        thread_.join();
        if (error_) std::rethrow_exception(error_);
    }

private:
    std::exception_ptr error_;  // declared first: the thread may set it as soon as it starts
    StackThread thread_;
};

}  // namespace

void on_two_threads(std::size_t count, std::size_t worth_a_thread, const std::function<void(std::size_t, std::size_t)>& work) {
    std::atomic<std::size_t> next{0};
    const auto take = [&](std::size_t thread) {
        for (auto index = next++; index < count; index = next++) work(index, thread);
    };
    if (count < worth_a_thread) {
        take(0);
        return;
    }
    Helper helper([&] { take(1); });
    try {
        take(0);
    } catch (...) {
        next = count;  // the helper stops after its current index; its destructor waits for it
        throw;
    }
    helper.finish();
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
    Helper helper([&] { take(1); }, [&] { helper_inline = true; });
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
