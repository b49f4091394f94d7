#pragma once
// Sorting vectors of large values (operations, changes, findings: hundreds of bytes
// each). std::sort moves an element about log n times; here the order is found on
// indices and each element is moved once. Stable: equal elements keep their order.
// Lists that come sorted already (a document's operations, mostly) are left as they are.
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <utility>
#include <vector>

namespace kompat {

template <typename T, typename Less>
void sort_large(std::vector<T>& items, Less less) {
    if (std::is_sorted(items.begin(), items.end(), less)) return;
    std::vector<std::size_t> order(items.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return less(items[a], items[b]); });
    std::vector<T> sorted;
    sorted.reserve(items.size());
    for (const auto index : order) sorted.push_back(std::move(items[index]));
    items = std::move(sorted);
}

}  // namespace kompat
