// Operand forms of every SL 1.0 opcode (spec section II).
#include "slvm/sl/instruction_set.h"

#include <iterator>

namespace slvm::sl {

namespace {
using enum OperandKind;
using enum Operation;

// The forms of each opcode, named after its mnemonic for the table below.
constexpr Form kForms_nop[] = {{Nop, {}}};
constexpr Form kForms_ret[] = {{Ret, {}}};
constexpr Form kForms_rnd[] = {{Rnd, {Scalar}}};
constexpr Form kForms_turb[] = {{Turb1, {Scalar, Scalar}}, {Turb3, {Scalar, Vector}}};
constexpr Form kForms_mov[] = {{MovVec, {Vector, Vector}}, {MovScal, {Scalar, Scalar}}};
constexpr Form kForms_movc[] = {{Movc, {Scalar, Vector}}};
constexpr Form kForms_lc[] = {{Lc, {Vector, Scalar}}};
constexpr Form kForms_li[] = {{Li, {Scalar, Float}}};
constexpr Form kForms_liv[] = {{Liv, {Vector, Float}}};
constexpr Form kForms_add[] = {{AddVec, {Vector, Vector, Vector}},
                               {AddScal, {Scalar, Scalar, Scalar}}};
constexpr Form kForms_sub[] = {{SubVec, {Vector, Vector, Vector}},
                               {SubScal, {Scalar, Scalar, Scalar}}};
constexpr Form kForms_mul[] = {{Cross, {Vector, Vector, Vector}},
                               {ScaleVec, {Vector, Vector, Scalar}},
                               {MulScal, {Scalar, Scalar, Scalar}}};
constexpr Form kForms_dp3[] = {{Dp3, {Scalar, Vector, Vector}}};
constexpr Form kForms_div[] = {{DivVec, {Vector, Vector, Scalar}},
                               {DivScal, {Scalar, Scalar, Scalar}}};
constexpr Form kForms_clamp[] = {{Clamp, {Scalar, Scalar, Scalar}}};
constexpr Form kForms_floor[] = {{Floor, {Scalar, Scalar}}};
constexpr Form kForms_ceil[] = {{Ceil, {Scalar, Scalar}}};
constexpr Form kForms_norm[] = {{Norm, {Vector, Vector}}};
constexpr Form kForms_pow[] = {{Pow, {Scalar, Scalar, Scalar}}};
constexpr Form kForms_exp[] = {{Exp, {Scalar, Scalar}}};
constexpr Form kForms_jmp[] = {{Jmp, {Offset}}};
constexpr Form kForms_blt[] = {{Blt, {Scalar, Scalar, Offset}}};
constexpr Form kForms_trace[] = {{Trace, {Vector, Vector, Vector}}};
constexpr Form kForms_lookup[] = {{Lookup, {Vector, TextureUnit, Vector}}};

#define LRT_SL_OPCODE_ENTRY(name, component, destination, arity)                                   \
    OpcodeInfo{#name, component, destination, arity, kForms_##name},
constexpr OpcodeInfo kOpcodes[] = {LRT_SL_OPCODES(LRT_SL_OPCODE_ENTRY)};
#undef LRT_SL_OPCODE_ENTRY
static_assert(std::size(kOpcodes) == kOpcodeCount);

// Every form's operand list must fit its opcode's arity: None exactly past it.
constexpr bool formsFitArity() {
    for (const OpcodeInfo& info : kOpcodes)
        for (const Form& form : info.forms)
            for (int slot = 0; slot < 3; ++slot)
                if ((form.operands[static_cast<std::size_t>(slot)] == OperandKind::None) !=
                    (slot >= info.arity))
                    return false;
    return true;
}
static_assert(formsFitArity(), "an SL form's operands disagree with its opcode's arity");
} // namespace

const OpcodeInfo& opcodeInfo(Opcode opcode) {
    return kOpcodes[static_cast<int>(opcode)];
}

std::optional<Opcode> findOpcode(std::string_view mnemonic) {
    for (int i = 0; i < kOpcodeCount; ++i)
        if (kOpcodes[i].mnemonic == mnemonic)
            return static_cast<Opcode>(i);
    return std::nullopt;
}

std::optional<std::uint8_t> parseComponent(std::string_view letter) {
    if (letter.size() != 1)
        return std::nullopt;
    switch (letter[0]) {
    case 'x':
    case 'r':
        return 0;
    case 'y':
    case 'g':
        return 1;
    case 'z':
    case 'b':
        return 2;
    case 'w':
    case 'a':
        return 3;
    default:
        return std::nullopt;
    }
}

char componentLetter(std::uint8_t component) {
    return "xyzw"[component & 3];
}

} // namespace slvm::sl
