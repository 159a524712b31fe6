// The verifier: every rule under which the spec says a vertex program "fails to load", checked on
// a Program however it was made (parsed from text, or built by a compiler), with diagnostics at
// the locations the Program records. verify() is the only way to make a VerifiedProgram, so the
// executor can trust every register number, offset and branch target.
#pragma once

#include "slvm/common/diagnostic.h"
#include "slvm/vp2/program.h"

#include <vector>

namespace slvm::vp2 {

class VerifiedProgram {
public:
    Version version() const { return program_.version; }
    bool positionInvariant() const { return program_.positionInvariant; }
    // Instructions with their branch targets resolved.
    const std::vector<Instruction>& instructions() const { return program_.instructions; }
    // The instructions, as the JIT's length limit counts them (slvm/jit/executor.h).
    std::size_t length() const { return instructions().size(); }
    int entryPoint() const { return entryPoint_; } // after the label "main", else 0
    // Whether some instruction writes result register r (any component, under any mask).
    bool writes(Result r) const { return (writtenResults_ >> static_cast<int>(r)) & 1u; }
    const std::string& name() const { return program_.source->name(); }
    const Limits& limits() const { return limits_; }
    const Program& program() const { return program_; }
    // The initial values of c[] the program declares ("#const"), each register within limits().
    const std::vector<ConstantDeclaration>& constants() const { return program_.constants; }

private:
    friend VerifiedProgram verify(Program program);
    VerifiedProgram(Program program, int entryPoint, std::uint32_t writtenResults);

    Program program_;
    int entryPoint_;
    std::uint32_t writtenResults_;
    Limits limits_;
};

// Every load rule `program` breaks, in source order (those without a position last): at most one
// per instruction (the first it breaks), and the rules about the whole program (instruction
// count, labels, the HPOS write). Besides the spec's rules, whatever the grammar guarantees of a
// parsed program is checked too (operand counts and register files, components, register
// numbers), so that a program built in memory cannot make the executor step outside its arrays.
std::vector<Diagnostic> checkLoadRules(const Program& program);

// Throws ProgramError holding checkLoadRules' diagnostics when there are any.
VerifiedProgram verify(Program program);

} // namespace slvm::vp2
