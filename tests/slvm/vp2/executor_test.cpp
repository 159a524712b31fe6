// The vertex program executor: the interpreter when asked for it, compiled code when asked for
// jit (where the machine runs it), the same results either way; and no vertex program is long
// enough for the rule's length limit to matter.
#include "slvm/jit/executor.h"
#include "slvm/vp2/executor.h"
#include "slvm/vp2/parser.h"

#include <catch2/catch.hpp>
#include <vector>

namespace slvm::vp2 {
namespace {

TEST_CASE("the vertex program executor interprets or compiles, to the same results",
          "[vp2][executor]") {
    const VerifiedProgram program =
        loadVertexProgram("!!VP2.0\nADD o[HPOS], v[OPOS], c[0];\nEND\n", "add.vp");
    const std::vector<Vector4> parameters = {{1, 2, 3, 4}};
    AttributeRegisters first{}, second{};
    first[0] = {1, 1, 1, 1}; // v[OPOS]
    second[0] = {-1, 0.5f, 0, 2};
    const Executor interpreted(program, jit::VmKind::Interpreter);
    const Executor compiled(program, jit::VmKind::Jit);
    CHECK_FALSE(interpreted.isCompiled());
    CHECK(compiled.isCompiled() == jit::nativeCodeSupported());
    for (const Executor* executor : {&interpreted, &compiled}) {
        INFO((executor->isCompiled() ? "compiled" : "interpreted"));
        VertexMachine machine = executor->machine(parameters);
        const ExecutionResult result = machine.run(first);
        CHECK(result.status == ExecutionStatus::Ok);
        CHECK(result.executed == 1);
        CHECK(machine.result(Result::HPOS) == Vector4{2, 3, 4, 5});
        const std::vector<AttributeRegisters> vertices = {first, second};
        std::vector<ResultRegisters> results(2, VertexMachine::initialResults());
        const VertexMachine::BatchStatuses statuses = machine.runBatch(vertices, results);
        CHECK(statuses.budget == 0);
        CHECK(statuses.overflow == 0);
        CHECK(results[0][0] == Vector4{2, 3, 4, 5});
        CHECK(results[1][0] == Vector4{0, 2.5f, 3, 6});
    }
}

TEST_CASE("no vertex program is past the compiled length", "[vp2][executor]") {
    for (const Version version : {Version::VP1_0, Version::VP1_1, Version::VP2_0})
        CHECK(static_cast<std::size_t>(limitsFor(version, false).instructions) <=
              jit::kMaxCompiledLength);
}

} // namespace
} // namespace slvm::vp2
