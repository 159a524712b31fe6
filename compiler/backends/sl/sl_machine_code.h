// SL instructions on virtual registers, as the SL code generator writes them, its register
// allocator rewrites them onto SL's registers, and printProgram writes them as SL text.
#pragma once

#include "slvm/common/source_text.h"

#include <string>
#include <vector>

namespace compiler::backends::sl_code {

enum class RegisterClass { Vector, Scalar };

// An operand: a physical register by name, or a virtual register.
struct Operand {
    std::string physical;
    int virtualRegister = -1;
    bool isVector = false;
};

struct MachineInstruction {
    std::string mnemonic;  // "" for a label definition
    std::string component; // movc, lc, liv
    std::vector<Operand> operands;
    std::string immediate; // li/liv's number, a jump's label
    int label = -1;        // a label definition
    slvm::SourceLocation where;
};

// The allocated program as SL text: the header, each source line as a comment before its first
// instruction, labels, and no moves of a register onto itself (what allocation made of copies).
std::string printProgram(const std::vector<MachineInstruction>& code);

} // namespace compiler::backends::sl_code
