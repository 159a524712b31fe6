// The vertex program executor: runs a verified program on one vertex at a time, per the spec's
// per-instruction pseudo-code (section 2.14.3), with condition codes, masks, branches, four
// levels of CAL/RET, relative addressing and the 65536-instruction limit. One machine per thread;
// it owns a copy of the program parameters so invocations share nothing mutable.
#pragma once

#include "slvm/common/execution.h"
#include "slvm/vp2/decoded_program.h"
#include "slvm/vp2/verifier.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace slvm::vp2 {

// The shared run results, spelled as this VM's own (sl::ExecutionStatus and so on).
using slvm::ExecutionResult;
using slvm::ExecutionStatus;
using slvm::kDefaultBudget;

// "ok", "limit" or "overflow", as `lrt vp2 run` prints the status (docs/vp2.md): the
// spec calls the budget the execution limit.
using slvm::statusName;

class NativeVertexProgram;

// How a compiled run (NativeVertexProgram::run) ended: for the vertex `vertex`, `result`, or,
// with `resume`, where the interpreter goes on with it.
struct CompiledRunOutcome {
    std::size_t vertex = 0;
    ExecutionResult result;
    bool resume = false;
    std::size_t resumeAt = 0;
    std::array<std::size_t, kCallStackDepth> callStack{};
    int depth = 0;
};

class VertexMachine {
public:
    // `parameters` fills c[0], c[1], ...; the rest of the environment's parameters are zero. With
    // `native` (the program compiled, slvm/vp2/jit.h) runs go through compiled code.
    VertexMachine(const VerifiedProgram& program, std::span<const Vector4> parameters,
                  const NativeVertexProgram* native = nullptr);

    // Runs the program on one vertex; attributes are v[0]..v[15]. Every other register starts at
    // its initial value (temporaries and address registers 0, results (0,0,0,1), CC all EQ), but
    // a position-invariant program's o[HPOS] is v[OPOS]: the fixed-function transform it defers
    // to is, in a ray tracer, the identity on object space.
    ExecutionResult run(const AttributeRegisters& attributes,
                        std::uint64_t budget = kDefaultBudget);

    // How the vertices of a batch ended.
    struct BatchStatuses {
        std::size_t budget = 0, overflow = 0; // the others are ok
    };
    // Runs the program on each vertex of `attributes`, as run() would, each under `budget`, and
    // stores the result registers the program writes to the same index of `results` (which is
    // at least as long); the others are left as they are (initialResults()). Compiled, a batch is
    // one call into a compiled loop. Afterwards the machine holds the last vertex's registers.
    BatchStatuses runBatch(std::span<const AttributeRegisters> attributes,
                           std::span<ResultRegisters> results,
                           std::uint64_t budget = kDefaultBudget);
    // The result registers as a run starts them: (0, 0, 0, 1).
    static ResultRegisters initialResults();

    const Vector4& result(Result r) const { return registers_[kResultBase + static_cast<int>(r)]; }
    const Vector4& temporary(int index) const { return registers_[kTemporaryBase + index]; }
    const std::array<int, 4>& address(int index) const { return address_[index]; }
    Condition condition(int component) const { return condition_[component]; }

private:
    using Operand = DecodedOperand;
    using Step = DecodedStep;
    static constexpr int kAttributeBase = RegisterSlots::kAttributeBase;
    static constexpr int kTemporaryBase = RegisterSlots::kTemporaryBase;
    static constexpr int kResultBase = RegisterSlots::kResultBase;
    static constexpr int kParameterBase = RegisterSlots::kParameterBase;
    static constexpr int kZero = RegisterSlots::kZero;
    static constexpr int kRegisterSlots = RegisterSlots::kCount;

    void resetTemporariesAndResults();
    void loadAttributes(const AttributeRegisters& attributes);
    // The run of the vertex whose compiled run stopped at `outcome`, finished.
    ExecutionResult finishCompiledRun(const CompiledRunOutcome& outcome,
                                      const AttributeRegisters& attributes, std::uint64_t budget);
    // Interprets from step `ip`, `executed` instructions into the run, with `depth` return
    // addresses on `callStack`.
    ExecutionResult interpret(std::size_t ip, std::uint64_t executed, std::uint64_t budget,
                              std::array<std::size_t, kCallStackDepth> callStack, int depth);

    Vector4 load(const Operand& o) const;
    bool enabled(const Step& s, int component) const;
    bool conditionHolds(const Step& s) const;
    void write(const Step& s, const Vector4& value);
    void writeAddress(const Step& s, const std::array<int, 4>& value);
    Vector4 evaluate(const Step& s) const;
    std::array<int, 4> evaluateAddress(const Step& s) const;

    std::vector<Step> steps_;
    WrittenSlots written_;
    const NativeVertexProgram* native_;
    std::size_t entryPoint_;
    bool positionInvariant_;
    int parameterCount_;
    std::array<Vector4, kRegisterSlots> registers_{};
    std::array<std::array<int, 4>, 2> address_{};
    std::array<Condition, 4> condition_{};
};

} // namespace slvm::vp2
