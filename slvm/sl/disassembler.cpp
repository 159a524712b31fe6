// Disassembly driven by the same form table the assembler parses with.
#include "slvm/sl/disassembler.h"

#include "slvm/sl/registers.h"

#include <fmt/format.h>
#include <set>

namespace slvm::sl {

std::string disassembleInstruction(const VerifiedProgram& verified, std::size_t i) {
    const auto& code = verified.code();
    const Instruction& raw = verified.program().code[i];
    const OpcodeInfo& info = opcodeInfo(static_cast<Opcode>(raw.opcode));
    const Form& form = verified.form(i);
    std::string line(info.mnemonic);
    if (info.takesComponent)
        line += fmt::format(" {}", componentLetter(raw.component));
    for (int slot = 0; slot < info.arity; ++slot) {
        const OperandKind kind = form.operands[static_cast<std::size_t>(slot)];
        const std::uint32_t field = operandField(raw, kind, slot);
        line += slot == 0 ? " " : ", ";
        switch (kind) {
        case OperandKind::Vector:
        case OperandKind::Scalar:
            line += registerInfo(static_cast<int>(field)).name;
            break;
        case OperandKind::TextureUnit:
            line += fmt::format("t{}", field);
            break;
        case OperandKind::Float:
            line += fmt::format("{:.9g}", Instruction::asFloat(field));
            break;
        case OperandKind::Offset:
            line += fmt::format("L{}", code[i].target);
            break;
        case OperandKind::None:
            break;
        }
    }
    return line;
}

std::string disassemble(const VerifiedProgram& verified) {
    const auto& code = verified.code();
    std::set<std::uint32_t> targets;
    for (const ExecInstruction& in : code)
        if (in.operation == Operation::Jmp || in.operation == Operation::Blt)
            targets.insert(in.target);

    std::string out = fmt::format("sl 1.0\n# disassembled from {} ({} instructions)\n",
                                  verified.program().name, code.size());
    for (std::size_t i = 0; i <= code.size(); ++i) {
        if (targets.contains(static_cast<std::uint32_t>(i)))
            out += fmt::format("L{}:\n", i);
        if (i == code.size())
            break;
        out += "    " + disassembleInstruction(verified, i) + "\n";
    }
    return out;
}

} // namespace slvm::sl
