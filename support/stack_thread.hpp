#pragma once
// A thread with a stack of a chosen size. The deepest nesting the limits allow (2000
// levels, through loading, diff and reports) needs more stack than the 8 MiB a process
// or std::thread gets, under the sanitizers above all.
#include <pthread.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>

namespace kompat {

constexpr std::size_t large_stack_bytes = std::size_t{1024} * 1024 * 1024;

// Starts `work` at once; join() (or the destructor) waits for it. When the system refuses
// a thread, `work` runs on the calling thread instead, before the constructor returns,
// after `before_inline` (which can fit the work to the smaller stack).
class StackThread {
public:
    StackThread(std::function<void()> work, std::size_t stack_bytes, const std::function<void()>& before_inline = {});
    StackThread(const StackThread&) = delete;
    StackThread& operator=(const StackThread&) = delete;
    StackThread(StackThread&&) = delete;
    StackThread& operator=(StackThread&&) = delete;
    ~StackThread();

    void join();

private:
    std::function<void()> work_;
    pthread_t thread_{};
    bool running_ = false;
};

// A helper thread with a large stack, as the calling thread's (the work may walk values
// nested as deep as the limits allow), whose error reaches the caller: finish() waits for
// it and rethrows what it threw. When the caller throws first, the destructor waits for
// the helper and its error is dropped: the caller's stands.
class HelperThread {
public:
    explicit HelperThread(const std::function<void()>& work, const std::function<void()>& before_inline = {});
    void finish();

private:
    std::exception_ptr error_;  // declared first: the thread may set it as soon as it starts
    StackThread thread_;
};

// How many levels of nesting the calling thread's stack can take, by its limit
// (RLIMIT_STACK) and a conservative cost a level; unbounded stacks give `wanted`.
std::uint32_t nesting_the_stack_allows(std::uint32_t wanted);

}  // namespace kompat
