// The verifier: the only way to turn a Program into something the VM executes. It checks every
// field of every instruction so that no program, however hostile, can make the VM index outside
// its register file or jump outside its code.
#pragma once

#include "slvm/sl/program.h"

#include <cstdint>
#include <vector>

namespace slvm::sl {

// An instruction decoded for execution: the resolved form and absolute jump targets.
struct ExecInstruction {
    Operation operation = Operation::Nop;
    std::uint8_t component = 0;
    std::uint8_t a = 0;
    std::uint8_t b = 0;
    std::uint8_t c = 0;
    union {
        float immediate;
        std::uint32_t target; // absolute instruction index, 0..length
    };
    ExecInstruction() : target(0) {}
};

class VerifiedProgram {
public:
    const Program& program() const { return program_; }
    const std::vector<ExecInstruction>& code() const { return code_; }
    // The instructions, as the JIT's length limit counts them (slvm/jit/executor.h).
    std::size_t length() const { return code_.size(); }
    // The form each instruction was resolved to (for the disassembler and tools).
    const Form& form(std::size_t index) const { return *forms_[index]; }

private:
    friend VerifiedProgram verify(Program program);
    VerifiedProgram() = default;

    Program program_;
    std::vector<ExecInstruction> code_;
    std::vector<const Form*> forms_;
};

// Throws ProgramError listing every invalid instruction (by index) when the program is invalid.
VerifiedProgram verify(Program program);

} // namespace slvm::sl
