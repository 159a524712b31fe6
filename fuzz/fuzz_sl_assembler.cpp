// Fuzzes the SL assembler with arbitrary text: it must either reject the text with diagnostics or
// produce a program that verifies, runs within its budget, and round-trips through the
// disassembler.
#include "fuzz_support.h"
#include "slvm/common/diagnostic.h"
#include "slvm/sl/assembler.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto program = slvm::sl::assemble(
            std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.sl");
        slvm::sl::fuzzing::exerciseProgram(program);
    } catch (const slvm::ProgramError&) {
    }
    return 0;
}
