// Random valid SL programs, built from the instruction-set table, for round-trip properties.
#pragma once

#include "slvm/sl/program.h"
#include "slvm/sl/registers.h"

#include <random>

namespace slvm::sl::testing {

inline Program randomProgram(std::mt19937& rng, std::size_t length) {
    auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    auto pickRegister = [&](OperandKind kind, bool writeable) {
        while (true) {
            const int index = pick(kRegisterCount);
            const RegisterInfo& info = registerInfo(index);
            if ((info.kind == RegisterKind::Vector) == (kind == OperandKind::Vector) &&
                (!writeable || info.writeable))
                return static_cast<std::uint32_t>(index);
        }
    };
    Program program{"generated.sl", {}, {}};
    for (std::size_t i = 0; i < length; ++i) {
        const auto opcode = static_cast<Opcode>(pick(kOpcodeCount));
        const OpcodeInfo& info = opcodeInfo(opcode);
        const Form& form =
            info.forms[static_cast<std::size_t>(pick(static_cast<int>(info.forms.size())))];
        Instruction in;
        in.opcode = static_cast<std::uint8_t>(opcode);
        in.component = info.takesComponent ? static_cast<std::uint8_t>(pick(4)) : 0;
        for (int slot = 0; slot < info.arity; ++slot) {
            std::uint32_t field = 0;
            switch (form.operands[static_cast<std::size_t>(slot)]) {
            case OperandKind::Vector:
            case OperandKind::Scalar:
                field = pickRegister(form.operands[static_cast<std::size_t>(slot)],
                                     slot == 0 && info.firstIsDestination);
                break;
            case OperandKind::TextureUnit:
                field = static_cast<std::uint32_t>(pick(kTextureUnitCount));
                break;
            case OperandKind::Float:
                field =
                    Instruction::floatBits(std::uniform_real_distribution<float>(-1e6f, 1e6f)(rng) /
                                           static_cast<float>(1 + pick(1000)));
                break;
            case OperandKind::Offset: // any target in 0..length
                field = Instruction::offsetBits(pick(static_cast<int>(length) + 1) -
                                                static_cast<int>(i) - 1);
                break;
            case OperandKind::None:
                break;
            }
            setOperandField(in, form.operands[static_cast<std::size_t>(slot)], slot, field);
        }
        program.code.push_back(in);
    }
    return program;
}

} // namespace slvm::sl::testing
