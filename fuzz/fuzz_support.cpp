// Checks applied to every program a fuzz target manages to build.
#include "fuzz_support.h"

#include "slvm/sl/assembler.h"
#include "slvm/sl/bytecode.h"
#include "slvm/sl/disassembler.h"
#include "slvm/sl/vm.h"

#include <cstdlib>

namespace slvm::sl::fuzzing {

void exerciseProgram(const VerifiedProgram& program) {
    FuzzHost host;
    RegisterFile registers = RegisterFile::withDefaults();
    if (execute(program, registers, host, 4096).executed > 4096)
        std::abort();
    const VerifiedProgram again = assemble(disassemble(program), "disassembly.sl");
    if (writeSlc(again.program()) != writeSlc(program.program()))
        std::abort();
}

} // namespace slvm::sl::fuzzing
