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

// The same for work still being planned: the helper starts on the first `first_count`
// indices at once, while the calling thread runs plan_rest(), which returns how many
// indices follow them; then both threads share what is left. So the planning costs no
// time of its own. The helper starts only when `first_count` plus `expected_rest` (an
// estimate of what plan_rest will return) reaches `worth_a_thread`.
void on_two_threads_while_planning(std::size_t first_count, std::size_t expected_rest, std::size_t worth_a_thread,
                                   const std::function<std::size_t()>& plan_rest,
                                   const std::function<void(std::size_t index, std::size_t thread)>& work);

}  // namespace kompat
