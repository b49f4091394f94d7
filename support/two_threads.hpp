#pragma once
// Independent pieces of work shared between the calling thread and one helper (the
// machines kompat runs on in CI have two cores or more).
#include <cstddef>
#include <functional>

namespace kompat {

// Calls work(index, thread) once for every index in [0, count), `thread` being 0 on the
// calling thread and 1 on the helper; the helper starts only when `count` reaches
// `worth_a_thread`. Which thread takes an index must change nothing: work writes only
// what belongs to its index. An exception on either thread is rethrown here, after both
// have stopped.
void on_two_threads(std::size_t count, std::size_t worth_a_thread, const std::function<void(std::size_t index, std::size_t thread)>& work);

}  // namespace kompat
