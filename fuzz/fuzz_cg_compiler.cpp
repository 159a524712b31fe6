// Fuzzes the Cg compiler with arbitrary text, for every profile: it must either reject the text
// with diagnostics or produce a program that its VM's verifier accepted and that runs within its
// budget. An internal compiler error (the generated assembly not loading) is a crash here.
#include "compiler/driver/compile.h"
#include "fuzz_support.h"
#include "slvm/sl/vm.h"
#include "slvm/vp2/vm.h"

#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto source = std::make_shared<const slvm::SourceText>(
        "fuzz.cg", std::string(reinterpret_cast<const char*>(data), size));
    for (const char* profile : {"sl", "vp1.1", "vp2"}) {
        compiler::CompileOptions options;
        options.profile = profile;
        try {
            const compiler::CompiledProgram program = compiler::compileCg(source, options);
            if (program.sl) {
                slvm::sl::RegisterFile registers = slvm::sl::RegisterFile::withDefaults();
                slvm::sl::fuzzing::FuzzHost host;
                if (slvm::sl::execute(*program.sl, registers, host).executed > slvm::kDefaultBudget)
                    std::abort();
            } else {
                std::vector<slvm::vp2::Vector4> parameters(slvm::vp2::kMaxParameters);
                for (const compiler::ConstantSlot& slot : program.constants)
                    parameters[static_cast<std::size_t>(slot.index)] = slot.value;
                slvm::vp2::VertexMachine machine(*program.vertex, parameters);
                std::array<slvm::vp2::Vector4, slvm::vp2::kAttributeCount> attributes;
                attributes.fill({0.5f, -2.0f, 3.0f, 1.0f});
                if (machine.run(attributes).executed > slvm::kDefaultBudget)
                    std::abort();
            }
        } catch (const slvm::ProgramError&) {
        }
    }
    return 0;
}
