// Native code for the VMs: which executor runs programs (the interpreter or compiled x86-64), the
// executable memory one compiled program owns, the code generator's failure, and the count of
// programs compiled. The code generator itself (asmjit) stays inside slvm/jit and the VMs'
// jit.cpp files; nothing here exposes it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace slvm::jit {

// What runs a verified program. The interpreter is the reference and the fallback; compiled code
// computes bitwise what it computes (docs/jit.md).
enum class VmKind : std::uint8_t { Interpreter, Jit };

// "jit" or "interpreter", as --vm spells them.
std::string_view vmName(VmKind kind);
std::optional<VmKind> parseVmKind(std::string_view name);

// Whether this machine runs compiled programs: x86-64 with SSE4.1 (for roundss), detected at run
// time.
bool nativeCodeSupported();
// `requested`, or the interpreter where compiled code cannot run.
VmKind effectiveVm(VmKind requested);
// The default: jit where supported, else the interpreter.
VmKind defaultVm();
// "asmjit 1.9.0, x86-64 SSE4.1" (what `lrt --version` names), or why there is none.
std::string codeGeneratorDescription();

// The code generator failed (out of executable memory, or a bug in a generator): a verified
// program always compiles otherwise.
class CompileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Programs compiled and the time compiling took, shared by everything that compiles for one
// render (`--stats`). Thread-safe.
class CompileStatistics {
public:
    void add(std::chrono::nanoseconds time) {
        programs_.fetch_add(1, std::memory_order_relaxed);
        nanoseconds_.fetch_add(static_cast<std::uint64_t>(time.count()), std::memory_order_relaxed);
    }
    std::uint64_t programs() const { return programs_.load(std::memory_order_relaxed); }
    double seconds() const { return 1e-9 * static_cast<double>(nanoseconds_.load()); }

private:
    std::atomic<std::uint64_t> programs_{0};
    std::atomic<std::uint64_t> nanoseconds_{0};
};

// How one build runs its programs: the executor, and where compiled programs are counted (none
// when `statistics` is null).
struct ExecutionChoice {
    VmKind vm = defaultVm();
    CompileStatistics* statistics = nullptr;
};

// The executable memory of one compiled function, released with it.
class NativeCode {
public:
    NativeCode(NativeCode&&) noexcept;
    NativeCode& operator=(NativeCode&&) noexcept;
    ~NativeCode();

    // The function's entry, to be cast to the signature its generator gave it.
    void* entry() const;
    std::size_t size() const; // bytes of machine code

    class Builder; // in code_builder.h: what a VM's generator fills in

private:
    struct Storage;
    explicit NativeCode(std::unique_ptr<Storage> storage);
    std::unique_ptr<Storage> storage_;
};

} // namespace slvm::jit
