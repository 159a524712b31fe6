// Differential fuzzing of the vertex program JIT: program text that loads runs compiled and
// interpreted on vertices and parameters of corner-case floats drawn from the input, under a
// budget the input picks; status, count, results, temporaries, address registers and condition
// codes must agree bit for bit (any NaN for a NaN). The vertices then run as one compiled batch,
// whose results and statuses must be those of the single runs.
#include "fuzz_support.h"
#include "slvm/common/diagnostic.h"
#include "slvm/vp2/executor.h"
#include "slvm/vp2/parser.h"

#include <cstdlib>
#include <random>
#include <string_view>

namespace vp2 = slvm::vp2;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || !slvm::jit::nativeCodeSupported())
        return 0;
    try {
        const vp2::VerifiedProgram program = vp2::loadVertexProgram(
            std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), "fuzz.vp");
        std::minstd_rand bits(static_cast<unsigned>(size * 131 + data[0]));
        auto corner = [&] {
            return slvm::fuzzing::cornerCaseFloat(static_cast<std::uint32_t>(bits()));
        };
        std::vector<vp2::Vector4> parameters(16);
        for (vp2::Vector4& p : parameters)
            p = {corner(), corner(), corner(), corner()};
        const vp2::Executor executor(program, slvm::jit::VmKind::Jit);
        vp2::VertexMachine interpreter(program, parameters),
            compiled = executor.machine(parameters);
        const std::uint64_t budget = data[0] < 200 ? data[0] : slvm::kDefaultBudget;
        std::array<vp2::AttributeRegisters, 3> vertices;
        std::array<vp2::ResultRegisters, 3> expectedResults;
        vp2::VertexMachine::BatchStatuses expectedStatuses;
        for (std::size_t vertex = 0; vertex < vertices.size(); ++vertex) {
            vp2::AttributeRegisters& v = vertices[vertex];
            for (vp2::Vector4& a : v)
                a = {corner(), corner(), corner(), corner()};
            const slvm::ExecutionResult expected = interpreter.run(v, budget);
            expectedStatuses.budget += expected.status == slvm::ExecutionStatus::Budget;
            expectedStatuses.overflow += expected.status == slvm::ExecutionStatus::Overflow;
            for (int r = 0; r < vp2::kResultCount; ++r)
                expectedResults[vertex][static_cast<std::size_t>(r)] =
                    interpreter.result(static_cast<vp2::Result>(r));
            const slvm::ExecutionResult actual = compiled.run(v, budget);
            if (expected.status != actual.status || expected.executed != actual.executed)
                std::abort();
            for (int r = 0; r < vp2::kResultCount; ++r)
                for (std::size_t c = 0; c < 4; ++c)
                    slvm::fuzzing::requireSame(interpreter.result(static_cast<vp2::Result>(r))[c],
                                               compiled.result(static_cast<vp2::Result>(r))[c],
                                               "results");
            for (int t = 0; t < vp2::kMaxTemporaries; ++t)
                for (std::size_t c = 0; c < 4; ++c)
                    slvm::fuzzing::requireSame(interpreter.temporary(t)[c],
                                               compiled.temporary(t)[c], "temporaries");
            for (int i = 0; i < 4; ++i)
                if (interpreter.condition(i) != compiled.condition(i) ||
                    interpreter.address(i % 2) != compiled.address(i % 2))
                    std::abort();
        }
        vp2::VertexMachine batched = executor.machine(parameters);
        std::array<vp2::ResultRegisters, 3> results;
        results.fill(vp2::VertexMachine::initialResults());
        const vp2::VertexMachine::BatchStatuses statuses =
            batched.runBatch(vertices, results, budget);
        if (statuses.budget != expectedStatuses.budget ||
            statuses.overflow != expectedStatuses.overflow)
            std::abort();
        for (std::size_t vertex = 0; vertex < vertices.size(); ++vertex)
            for (std::size_t r = 0; r < vp2::kResultCount; ++r)
                for (std::size_t c = 0; c < 4; ++c)
                    slvm::fuzzing::requireSame(expectedResults[vertex][r][c], results[vertex][r][c],
                                               "batched results");
    } catch (const slvm::ProgramError&) {
    }
    return 0;
}
