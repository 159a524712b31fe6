// Differential fuzzing of the SL JIT: a program (the first byte even: assembler text; odd: .slc
// bytecode) that verifies runs compiled and interpreted from the same registers (corner-case
// floats drawn from the input), under a budget the input picks; status, count and every register
// must agree bit for bit (any NaN for a NaN).
#include "fuzz_support.h"
#include "slvm/common/diagnostic.h"
#include "slvm/sl/assembler.h"
#include "slvm/sl/bytecode.h"
#include "slvm/sl/executor.h"

#include <cstdlib>
#include <random>
#include <span>
#include <string_view>

namespace sl = slvm::sl;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2 || !slvm::jit::nativeCodeSupported())
        return 0;
    try {
        const sl::VerifiedProgram program =
            data[0] % 2 == 0
                ? sl::assemble(std::string_view(reinterpret_cast<const char*>(data + 2), size - 2),
                               "fuzz.sl")
                : sl::verify(
                      sl::readSlc(std::span(reinterpret_cast<const std::byte*>(data + 2), size - 2),
                                  "fuzz.slc"));
        std::minstd_rand bits(static_cast<unsigned>(size * 131 + data[1]));
        sl::RegisterFile registers;
        for (sl::Float4& slot : registers.slots)
            for (float& v : slot)
                v = slvm::fuzzing::cornerCaseFloat(static_cast<std::uint32_t>(bits()));
        const std::uint64_t budget = data[1] < 128 ? data[1] : 4096;
        sl::RegisterFile interpreted = registers, compiled = registers;
        sl::fuzzing::FuzzHost interpreterHost, compiledHost;
        const sl::ExecutionResult expected =
            sl::execute(program, interpreted, interpreterHost, budget);
        const sl::ExecutionResult actual =
            sl::Executor(program, slvm::jit::VmKind::Jit).execute(compiled, compiledHost, budget);
        if (expected.status != actual.status || expected.executed != actual.executed)
            std::abort();
        for (std::size_t i = 0; i < registers.slots.size(); ++i)
            for (std::size_t c = 0; c < 4; ++c)
                slvm::fuzzing::requireSame(interpreted.slots[i][c], compiled.slots[i][c],
                                           "registers");
    } catch (const slvm::ProgramError&) {
    }
    return 0;
}
