// The rule that chooses between compiled code and the interpreter (slvm/jit/executor.h), and the
// SL executor that follows it: the interpreter when asked for it, compiled code for a short
// program when asked for jit, the interpreter for a program past the compiled length; the same
// results every way.
#include "slvm/jit/executor.h"
#include "slvm/sl/assembler.h"
#include "slvm/sl/executor.h"
#include "slvm/sl/registers.h"

#include <catch2/catch.hpp>
#include <string>

namespace slvm::sl {
namespace {

TEST_CASE("programs run compiled where jit is asked for, the machine runs it, and they are short "
          "enough",
          "[jit][executor]") {
    CHECK_FALSE(jit::runsCompiled(jit::VmKind::Interpreter, 1));
    CHECK(jit::runsCompiled(jit::VmKind::Jit, 1) == jit::nativeCodeSupported());
    CHECK(jit::runsCompiled(jit::VmKind::Jit, jit::kMaxCompiledLength) ==
          jit::nativeCodeSupported());
    CHECK_FALSE(jit::runsCompiled(jit::VmKind::Jit, jit::kMaxCompiledLength + 1));
}

class NoHost final : public Host {
public:
    Float3 trace(const Float3&, const Float3&) override { return {}; }
    Float3 lookup(int, float, float) override { return {}; }
    float random() override { return 0; }
    float turbulence(float) override { return 0; }
    float turbulence(const Float3&) override { return 0; }
};

// s0 = 0, s1 = 1, then `adds` times s0 = s0 + s1: adds + 2 instructions, which leave s0 = adds.
VerifiedProgram countingProgram(std::size_t adds) {
    std::string text = "sl 1.0\nli s0, 0\nli s1, 1\n";
    for (std::size_t i = 0; i < adds; ++i)
        text += "add s0, s0, s1\n";
    return assemble(text, "counting.sl");
}

TEST_CASE("the SL executor interprets, compiles, or interprets a program past the compiled "
          "length, to the same registers",
          "[sl][executor]") {
    jit::CompileStatistics statistics;
    for (const std::size_t adds : {std::size_t{8}, jit::kMaxCompiledLength}) {
        const VerifiedProgram program = countingProgram(adds);
        const bool short_ = program.length() <= jit::kMaxCompiledLength;
        REQUIRE(short_ == (adds == 8));
        const Executor interpreted(program, jit::VmKind::Interpreter, &statistics);
        const Executor compiled(program, jit::VmKind::Jit, &statistics);
        CHECK_FALSE(interpreted.isCompiled());
        CHECK(compiled.isCompiled() == (short_ && jit::nativeCodeSupported()));
        for (const Executor* executor : {&interpreted, &compiled}) {
            INFO(adds << " adds, " << (executor->isCompiled() ? "compiled" : "interpreted"));
            RegisterFile registers = RegisterFile::withDefaults();
            NoHost host;
            const ExecutionResult result = executor->execute(registers, host);
            CHECK(result.status == ExecutionStatus::Ok);
            CHECK(result.executed == adds + 2);
            CHECK(registers.scalar(reg::s0) == static_cast<float>(adds));
        }
    }
    // Only the short program was compiled, and only there compiling was timed.
    CHECK(statistics.programs() == (jit::nativeCodeSupported() ? 1 : 0));
    CHECK((statistics.seconds() > 0) == jit::nativeCodeSupported());
}

} // namespace
} // namespace slvm::sl
