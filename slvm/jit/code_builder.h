// What a VM's code generator writes into: an asmjit compiler over a code holder for the host,
// whose errors throw CompileError, and that finishes into a NativeCode. Only the VMs' jit.cpp
// files include this (it brings in asmjit).
#pragma once

#include "slvm/jit/native_code.h"

#include <asmjit/x86.h>

#include <stdexcept>

namespace slvm::jit {

// The code generator failed (out of executable memory, or a bug in a generator): a verified
// program always compiles otherwise.
class CompileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class NativeCode::Builder {
public:
    Builder();
    ~Builder();
    Builder(const Builder&) = delete;
    Builder& operator=(const Builder&) = delete;

    asmjit::x86::Compiler& compiler() { return compiler_; }
    // Finalises the function the compiler holds and maps it executable.
    NativeCode finish();

private:
    class ThrowingErrorHandler : public asmjit::ErrorHandler {
    public:
        void handleError(asmjit::Error error, const char* message,
                         asmjit::BaseEmitter* origin) override;
    };

    std::unique_ptr<Storage> storage_;
    ThrowingErrorHandler errors_;
    asmjit::CodeHolder code_;
    asmjit::x86::Compiler compiler_;
};

// A float constant as a memory operand of the function's constant pool.
inline asmjit::x86::Mem constant(asmjit::x86::Compiler& cc, float value) {
    return cc.newFloatConst(asmjit::ConstPoolScope::kLocal, value);
}

// floorf(x) (`floor`) or ceilf(x) as glibc computes them: roundss for numbers, and a NaN argument
// returned as it is, signalling ones too (roundss would quieten them).
asmjit::x86::Xmm roundDown(asmjit::x86::Compiler& cc, const asmjit::x86::Xmm& x, bool floor);

} // namespace slvm::jit
