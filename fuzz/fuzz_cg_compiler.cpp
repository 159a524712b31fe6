// Fuzzes the shader compiler's front ends with arbitrary text: as Cg for every profile, and as
// T-Language for sl and card. Each must either reject the text with diagnostics or produce a
// program that its VM's verifier accepted and that runs within its budget. An internal compiler
// error (the generated assembly not loading) is a crash here.
#include "compiler/driver/compile.h"
#include "fuzz_support.h"
#include "slvm/card/vm.h"
#include "slvm/sl/vm.h"
#include "slvm/vp2/vm.h"

#include <cstdlib>
#include <string>

namespace {

void exercise(const compiler::CompiledProgram& program) {
    if (program.sl()) {
        slvm::sl::RegisterFile registers = slvm::sl::RegisterFile::withDefaults();
        slvm::sl::fuzzing::FuzzHost host;
        if (slvm::sl::execute(*program.sl(), registers, host).executed > slvm::kDefaultBudget)
            std::abort();
    } else if (program.card()) {
        slvm::card::CardMachine machine(*program.card());
        if (machine.run(0.5f, -2.0f, 3.0f).executed > slvm::kDefaultBudget)
            std::abort();
    } else {
        std::vector<slvm::vp2::Vector4> parameters(slvm::vp2::kMaxParameters);
        for (const compiler::ConstantSlot& slot : program.constants)
            parameters[static_cast<std::size_t>(slot.index)] = slot.value;
        slvm::vp2::VertexMachine machine(*program.vertex(), parameters);
        std::array<slvm::vp2::Vector4, slvm::vp2::kAttributeCount> attributes;
        attributes.fill({0.5f, -2.0f, 3.0f, 1.0f});
        if (machine.run(attributes).executed > slvm::kDefaultBudget)
            std::abort();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto cg = std::make_shared<const slvm::SourceText>("fuzz.cg", text);
    const auto tl = std::make_shared<const slvm::SourceText>("fuzz.t", text);
    for (const compiler::Profile& profile : compiler::profiles()) {
        compiler::CompileOptions options;
        options.profile = profile.id;
        try {
            exercise(compiler::compileCg(cg, options));
        } catch (const slvm::ProgramError&) {
        }
        if (profile.tLanguage)
            try {
                exercise(compiler::compileTl(tl, options));
            } catch (const slvm::ProgramError&) {
            }
    }
    return 0;
}
