// The card executor: the interpreter when asked for it, compiled code for a short card when asked
// for jit (where the machine runs it), and the interpreter for a card past the compiled length;
// the same registers and distances every way.
#include "slvm/card/assembler.h"
#include "slvm/card/executor.h"
#include "slvm/jit/executor.h"

#include <catch2/catch.hpp>
#include <string>

namespace slvm::card {
namespace {

TEST_CASE("the card executor interprets, compiles, or interprets a card past the compiled "
          "length, to the same distances",
          "[card][executor]") {
    // The unit sphere: |p| - 1, so 4 at (3, 4, 0), -1 at the origin, 1 at (0, 2, 0) and 0 at
    // (1, 0, 0) (squares and roots of whole numbers are exact).
    const std::string sphere = "in 0\nmov rv1, rv0\ndot\nsqrt\nmov rf16, 1\nsub\nexit\n";
    const VerifiedProgram short_ = verify(assemble(sphere, "sphere.pc"));
    // A wide image of exits after the sphere: millions of instructions, which the code generator
    // would take minutes over.
    const VerifiedProgram wide = verify(assemble(".width 4000\n.height 5\n" + sphere, "wide.pc"));
    REQUIRE(wide.length() > jit::kMaxCompiledLength);
    jit::CompileStatistics statistics;
    const Executor interpreted(short_, jit::VmKind::Interpreter, &statistics);
    const Executor compiled(short_, jit::VmKind::Jit, &statistics);
    const Executor tooLong(wide, jit::VmKind::Jit, &statistics);
    CHECK_FALSE(interpreted.isCompiled());
    CHECK(compiled.isCompiled() == jit::nativeCodeSupported());
    CHECK_FALSE(tooLong.isCompiled());
    CHECK(statistics.programs() == (jit::nativeCodeSupported() ? 1 : 0));
    for (const Executor* executor : {&interpreted, &compiled, &tooLong}) {
        INFO(executor->program().length()
             << " instructions, " << (executor->isCompiled() ? "compiled" : "interpreted"));
        CardMachine machine = executor->machine();
        const ExecutionResult result = machine.run(3, 4, 0);
        CHECK(result.status == ExecutionStatus::Ok);
        CHECK(result.executed == 7);
        CHECK(machine.distance() == 4.0f);
        CHECK(executor->distance(3, 4, 0) == 4.0f);
        CHECK(executor->distances({3, 0, 0, 1}, {4, 0, 2, 0}, {0, 0, 0, 0}) ==
              std::array<float, 4>{4, -1, 1, 0});
    }
}

} // namespace
} // namespace slvm::card
