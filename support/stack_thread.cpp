#include "support/stack_thread.hpp"

#include <sys/resource.h>

#include <algorithm>

#include "support/heap_room.hpp"
#include "support/sanitizers.hpp"

namespace kompat {

StackThread::StackThread(std::function<void()> work, std::size_t stack_bytes, const std::function<void()>& before_inline)
    : work_(std::move(work)) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) == 0) {
        running_ = pthread_attr_setstacksize(&attributes, stack_bytes) == 0 && pthread_create(
                                                                                   &thread_, &attributes,
                                                                                   [](void* self) -> void* {
                                                                                       advise_huge_pages_for_this_thread();
                                                                                       static_cast<StackThread*>(self)->work_();
                                                                                       return nullptr;
                                                                                   },
                                                                                   this) == 0;
        pthread_attr_destroy(&attributes);
    }
    if (running_) return;
    if (before_inline) before_inline();
    work_();
}

HelperThread::HelperThread(const std::function<void()>& work, const std::function<void()>& before_inline)
    : thread_(
          [this, work] {
              try {
                  work();
              } catch (...) {
                  error_ = std::current_exception();
              }
          },
          large_stack_bytes, before_inline) {}

void HelperThread::finish() {
    thread_.join();
    if (error_) std::rethrow_exception(error_);
}

std::uint32_t nesting_the_stack_allows(std::uint32_t wanted) {
    // What one level of nesting may cost through loading, diff and reports, measured with
    // a wide margin (release builds use about 1 KiB; the sanitizers many times that).
#ifdef KOMPAT_ADDRESS_SANITIZER
    constexpr std::size_t bytes_a_level = 256 * 1024;
#else
    constexpr std::size_t bytes_a_level = 4 * 1024;
#endif
    constexpr std::size_t reserve = 256 * 1024;  // what runs before and around the nesting
    rlimit limit{};
    if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return wanted;
    const auto stack = static_cast<std::size_t>(limit.rlim_cur);
    const auto levels = stack > reserve ? (stack - reserve) / bytes_a_level : 0;
    return static_cast<std::uint32_t>(std::min<std::size_t>(wanted, std::max<std::size_t>(levels, 1)));
}

StackThread::~StackThread() { join(); }

void StackThread::join() {
    if (!running_) return;
    pthread_join(thread_, nullptr);
    running_ = false;
}

}  // namespace kompat
