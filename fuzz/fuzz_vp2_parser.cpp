// Fuzzes the vertex program parser with arbitrary text: it must either reject the text with
// diagnostics or produce a program the VM runs to a normal or abnormal end, within the limit,
// with the constants it declares loaded.
#include "slvm/common/diagnostic.h"
#include "slvm/vp2/parser.h"
#include "slvm/vp2/vm.h"

#include <cstdlib>
#include <limits>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto program = slvm::vp2::loadVertexProgram(
            std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.vp");
        // Parameters that exercise relative addressing, NaN and infinities.
        std::vector<slvm::vp2::Vector4> c(slvm::vp2::kMaxParameters);
        for (std::size_t i = 0; i < c.size(); ++i)
            c[i] = {static_cast<float>(i) - 100.5f, std::numeric_limits<float>::quiet_NaN(),
                    std::numeric_limits<float>::infinity(), 1e-40f};
        // The program's #const declarations go in as a binding's defaults would: every one names
        // a register of its version.
        for (const slvm::vp2::ConstantDeclaration& constant : program.constants()) {
            if (constant.index < 0 || constant.index >= program.limits().parameters)
                std::abort();
            c[static_cast<std::size_t>(constant.index)] = constant.value;
        }
        slvm::vp2::VertexMachine machine(program, c);
        std::array<slvm::vp2::Vector4, slvm::vp2::kAttributeCount> v;
        v.fill({0.5f, -700.0f, 3.0f, 1.0f});
        if (machine.run(v).executed > slvm::kDefaultBudget)
            std::abort();
    } catch (const slvm::ProgramError&) {
    }
    return 0;
}
