// A non-owning reference to a callable, for callbacks on hot paths (a shader's trace, once per
// shaded point) where std::function could allocate. The callable must outlive the reference.
#pragma once

#include <type_traits>
#include <utility>

namespace lrt {

template <typename Signature>
class FunctionRef;

template <typename Result, typename... Arguments>
class FunctionRef<Result(Arguments...)> {
public:
    template <typename Callable>
    requires(!std::is_same_v<std::remove_cvref_t<Callable>, FunctionRef> &&
             std::is_invocable_r_v<Result, Callable&, Arguments...>)
        FunctionRef(Callable&& callable) // NOLINT: implicit, as for std::function
        : object_(const_cast<void*>(static_cast<const void*>(&callable))),
          call_([](void* object, Arguments... arguments) {
              return static_cast<Result>((*static_cast<std::remove_reference_t<Callable>*>(object))(
                  std::forward<Arguments>(arguments)...));
          }) {}

    Result operator()(Arguments... arguments) const {
        return call_(object_, std::forward<Arguments>(arguments)...);
    }

private:
    void* object_;
    Result (*call_)(void*, Arguments...);
};

} // namespace lrt
