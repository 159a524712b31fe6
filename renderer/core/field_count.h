// The number of fields of an aggregate, found at compile time by brace-initialising it from ever
// more values that convert to anything. What a static_assert beside code that must read every
// field of a struct checks, so that a field added later is a compile error there until it is read
// (or said to be ignored).
#pragma once

#include <cstddef>

namespace lrt {

namespace field_count_detail {
struct AnyField {
    template <typename T>
    operator T() const; // declared only: used in unevaluated requires-expressions
};
} // namespace field_count_detail

template <typename T, typename... Fields>
constexpr std::size_t fieldCount() {
    using field_count_detail::AnyField;
    if constexpr (requires { T{Fields{}..., AnyField{}}; })
        return fieldCount<T, Fields..., AnyField>();
    else
        return sizeof...(Fields);
}

} // namespace lrt
