// What runs one verified program: its compiled code or the interpreter, chosen by the one rule the
// three VMs share (docs/jit.md, "Choosing"). Each VM's executor (sl::Executor, vp2::Executor,
// card::Executor) is a ProgramExecutor with what its callers run; nothing else decides whether a
// program is compiled.
#pragma once

#include "slvm/jit/native_code.h"

#include <chrono>
#include <cstddef>
#include <memory>

namespace slvm::jit {

// The longest program compiled, in instructions. The code generator's time (its register
// allocator's) grows faster than the length, and a card image's padding is exits, so a wide
// image holds millions of instructions; a bundled shader or a compiled SDF has tens, and a
// vertex program at most 256 (the spec's limit).
inline constexpr std::size_t kMaxCompiledLength = 16384;

// The rule: a program of `length` instructions runs compiled where `requested` is jit, this
// machine runs compiled code (effectiveVm) and `length` is at most kMaxCompiledLength; otherwise
// the interpreter runs it.
bool runsCompiled(VmKind requested, std::size_t length);

// A verified program (whose length() counts its instructions) and, where the rule chose it, its
// compiled form `Native` (whose static compile(program) throws CompileError where the code
// generator fails). The program must outlive it; copies share the compiled code.
template <typename Program, typename Native>
class ProgramExecutor {
public:
    // Compiles `program` where the rule says so, counted in `statistics` where given. A
    // CompileError propagates: a verified program within the length compiles unless the
    // generator has a bug or executable memory ran out, which the interpreter would hide.
    ProgramExecutor(const Program& program, VmKind requested,
                    CompileStatistics* statistics = nullptr)
        : program_(&program), native_(compileChosen(program, requested, statistics)) {}

    const Program& program() const { return *program_; }
    bool isCompiled() const { return native_ != nullptr; }
    // The compiled program, or null where the interpreter runs it.
    const Native* native() const { return native_.get(); }

private:
    static std::shared_ptr<const Native> compileChosen(const Program& program, VmKind requested,
                                                       CompileStatistics* statistics) {
        if (!runsCompiled(requested, program.length()))
            return nullptr;
        const auto start = std::chrono::steady_clock::now();
        std::shared_ptr<const Native> native = Native::compile(program);
        if (statistics)
            statistics->add(std::chrono::steady_clock::now() - start);
        return native;
    }

    const Program* program_;
    std::shared_ptr<const Native> native_;
};

} // namespace slvm::jit
