// Equality by representation: two values, or two arrays of them, with the same bytes. What decides
// whether something made from numbers can be reused bit for bit, where == would call -0 and 0 the
// same and NaN different from itself.
#pragma once

#include <cstring>
#include <type_traits>
#include <vector>

namespace lrt {

template <typename T>
bool sameBytes(const T& a, const T& b) {
    static_assert(std::is_trivially_copyable_v<T>);
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <typename T>
bool sameBytes(const std::vector<T>& a, const std::vector<T>& b) {
    static_assert(std::is_trivially_copyable_v<T>);
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

} // namespace lrt
