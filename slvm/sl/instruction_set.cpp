// Operand forms of every SL 1.0 opcode (spec section II).
#include "slvm/sl/instruction_set.h"

namespace slvm::sl {

namespace {
using enum OperandKind;
using enum Operation;

constexpr Form kNop[] = {{Nop, {}}};
constexpr Form kRet[] = {{Ret, {}}};
constexpr Form kRnd[] = {{Rnd, {Scalar}}};
constexpr Form kTurb[] = {{Turb1, {Scalar, Scalar}}, {Turb3, {Scalar, Vector}}};
constexpr Form kMov[] = {{MovVec, {Vector, Vector}}, {MovScal, {Scalar, Scalar}}};
constexpr Form kMovc[] = {{Movc, {Scalar, Vector}}};
constexpr Form kLc[] = {{Lc, {Vector, Scalar}}};
constexpr Form kLi[] = {{Li, {Scalar, Float}}};
constexpr Form kLiv[] = {{Liv, {Vector, Float}}};
constexpr Form kAdd[] = {{AddVec, {Vector, Vector, Vector}}, {AddScal, {Scalar, Scalar, Scalar}}};
constexpr Form kSub[] = {{SubVec, {Vector, Vector, Vector}}, {SubScal, {Scalar, Scalar, Scalar}}};
constexpr Form kMul[] = {{Cross, {Vector, Vector, Vector}},
                         {ScaleVec, {Vector, Vector, Scalar}},
                         {MulScal, {Scalar, Scalar, Scalar}}};
constexpr Form kDp3[] = {{Dp3, {Scalar, Vector, Vector}}};
constexpr Form kDiv[] = {{DivVec, {Vector, Vector, Scalar}}, {DivScal, {Scalar, Scalar, Scalar}}};
constexpr Form kClamp[] = {{Clamp, {Scalar, Scalar, Scalar}}};
constexpr Form kFloor[] = {{Floor, {Scalar, Scalar}}};
constexpr Form kCeil[] = {{Ceil, {Scalar, Scalar}}};
constexpr Form kNorm[] = {{Norm, {Vector, Vector}}};
constexpr Form kPow[] = {{Pow, {Scalar, Scalar, Scalar}}};
constexpr Form kExp[] = {{Exp, {Scalar, Scalar}}};
constexpr Form kJmp[] = {{Jmp, {Offset}}};
constexpr Form kBlt[] = {{Blt, {Scalar, Scalar, Offset}}};
constexpr Form kTrace[] = {{Trace, {Vector, Vector, Vector}}};
constexpr Form kLookup[] = {{Lookup, {Vector, TextureUnit, Vector}}};

constexpr OpcodeInfo kOpcodes[kOpcodeCount] = {
    {"nop", false, false, 0, kNop},    {"ret", false, false, 0, kRet},
    {"rnd", false, true, 1, kRnd},     {"turb", false, true, 2, kTurb},
    {"mov", false, true, 2, kMov},     {"movc", true, true, 2, kMovc},
    {"lc", true, true, 2, kLc},        {"li", false, true, 2, kLi},
    {"liv", true, true, 2, kLiv},      {"add", false, true, 3, kAdd},
    {"sub", false, true, 3, kSub},     {"mul", false, true, 3, kMul},
    {"dp3", false, true, 3, kDp3},     {"div", false, true, 3, kDiv},
    {"clamp", false, true, 3, kClamp}, {"floor", false, true, 2, kFloor},
    {"ceil", false, true, 2, kCeil},   {"norm", false, true, 2, kNorm},
    {"pow", false, true, 3, kPow},     {"exp", false, true, 2, kExp},
    {"jmp", false, false, 1, kJmp},    {"blt", false, false, 3, kBlt},
    {"trace", false, true, 3, kTrace}, {"lookup", false, true, 3, kLookup},
};
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
