#pragma once
// Whether this build runs under AddressSanitizer (and so LeakSanitizer): GCC says so with
// __SANITIZE_ADDRESS__, Clang with __has_feature. Code that bends the heap's rules (heap
// room, memory left to the end of the process, stack estimates) asks here.
#if defined(__SANITIZE_ADDRESS__)
#define KOMPAT_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KOMPAT_ADDRESS_SANITIZER 1
#endif
#endif
