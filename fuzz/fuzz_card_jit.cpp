// Differential fuzzing of the card JIT: card text (after one byte that picks the budget) that
// verifies runs compiled and interpreted at points of corner-case floats drawn from the input;
// status, count, every register and the distance must agree bit for bit (any NaN for a NaN),
// and the distances at the four points at once (NativeCard::distances).
#include "fuzz_support.h"
#include "slvm/card/assembler.h"
#include "slvm/card/executor.h"
#include "slvm/common/diagnostic.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string_view>

namespace card = slvm::card;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || !slvm::jit::nativeCodeSupported())
        return 0;
    try {
        const card::VerifiedProgram program = card::verify(card::assemble(
            std::string_view(reinterpret_cast<const char*>(data + 1), size - 1), "fuzz.pc"));
        const std::uint64_t budget = data[0] < 200 ? data[0] : slvm::kDefaultBudget;
        const card::Executor executor(program, slvm::jit::VmKind::Jit);
        if (!executor.isCompiled()) // longer than the compiled length: only ever interpreted
            return 0;
        card::CardMachine interpreter(program, budget), compiled = executor.machine(budget);
        std::minstd_rand bits(static_cast<unsigned>(size * 131 + data[0]));
        auto corner = [&] {
            return slvm::fuzzing::cornerCaseFloat(static_cast<std::uint32_t>(bits()));
        };
        std::array<float, 4> xs, ys, zs, expectedDistances;
        for (std::size_t point = 0; point < 4; ++point) {
            const float x = xs[point] = corner(), y = ys[point] = corner(),
                        z = zs[point] = corner();
            const slvm::ExecutionResult expected = interpreter.run(x, y, z);
            const slvm::ExecutionResult actual = compiled.run(x, y, z);
            if (expected.status != actual.status || expected.executed != actual.executed)
                std::abort();
            for (std::size_t i = 0; i < card::kRegisterFloats; ++i)
                slvm::fuzzing::requireSame(interpreter.registers()[i], compiled.registers()[i],
                                           "registers");
            expectedDistances[point] =
                expected.status == slvm::ExecutionStatus::Ok ? interpreter.distance() : NAN;
            slvm::fuzzing::requireSame(expectedDistances[point], executor.distance(x, y, z, budget),
                                       "distances");
        }
        const std::array<float, 4> lanes = executor.distances(xs, ys, zs, budget);
        for (std::size_t point = 0; point < 4; ++point)
            slvm::fuzzing::requireSame(expectedDistances[point], lanes[point], "four distances");
    } catch (const slvm::ProgramError&) {
    }
    return 0;
}
