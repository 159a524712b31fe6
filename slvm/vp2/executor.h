// The vertex program executor: a verified program whose vertices run compiled or interpreted, as
// the rule of slvm/jit/executor.h chooses (docs/jit.md); the same results either way.
#pragma once

#include "slvm/jit/executor.h"
#include "slvm/vp2/jit.h"
#include "slvm/vp2/vm.h"

#include <span>

namespace slvm::vp2 {

class Executor : public jit::ProgramExecutor<VerifiedProgram, NativeVertexProgram> {
public:
    using ProgramExecutor::ProgramExecutor;

    // A machine with `parameters` in c[0], c[1], ... whose runs and batches go through this
    // executor. One per thread; it must not outlive the executor.
    VertexMachine machine(std::span<const Vector4> parameters) const {
        return VertexMachine(program(), parameters, native());
    }
};

} // namespace slvm::vp2
