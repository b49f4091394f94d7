#include "load/stack_thread.hpp"

namespace kompat {

StackThread::StackThread(std::function<void()> work, std::size_t stack_bytes) : work_(std::move(work)) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) == 0) {
        running_ = pthread_attr_setstacksize(&attributes, stack_bytes) == 0 &&
                   pthread_create(&thread_, &attributes, [](void* self) -> void* {
                       static_cast<StackThread*>(self)->work_();
                       return nullptr;
                   }, this) == 0;
        pthread_attr_destroy(&attributes);
    }
    if (!running_) work_();
}

StackThread::~StackThread() { join(); }

void StackThread::join() {
    if (!running_) return;
    pthread_join(thread_, nullptr);
    running_ = false;
}

}  // namespace kompat
