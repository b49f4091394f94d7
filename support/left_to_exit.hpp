#pragma once
// Memory a command holds until the process ends.
#include <memory>

#include "support/sanitizers.hpp"

namespace kompat {

// Leaves `value` to the end of the process, never destroyed: the system takes a process's
// memory back at once when it exits, where freeing two loaded Kubernetes releases block by
// block takes several milliseconds of a check (compilers do the same with their syntax
// trees). Only for what the command would free as it ends; under AddressSanitizer it is
// freed as usual, so that LeakSanitizer still reports every real leak.
// NOLINTBEGIN(clang-analyzer-cplusplus.NewDeleteLeaks): the leak is the point
template <typename T>
void leave_to_exit(std::unique_ptr<T> value) {
#ifdef KOMPAT_ADDRESS_SANITIZER
    value.reset();
#else
    static_cast<void>(value.release());
#endif
}
// NOLINTEND(clang-analyzer-cplusplus.NewDeleteLeaks)

}  // namespace kompat
