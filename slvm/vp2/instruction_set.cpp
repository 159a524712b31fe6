// The opcode table (spec Tables X.4 and X.5) and the environment facts of program.h.
#include "slvm/vp2/instruction_set.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace slvm::vp2 {
namespace {

using enum Opcode;
using enum Shape;
constexpr Version V10 = Version::VP1_0, V11 = Version::VP1_1, V20 = Version::VP2_0;

constexpr std::array kOpcodes{
    OpcodeInfo{ABS, "ABS", Vector, V11},      OpcodeInfo{ADD, "ADD", Binary, V10},
    OpcodeInfo{ARA, "ARA", AddressAdd, V20},  OpcodeInfo{ARL, "ARL", AddressLoad, V10},
    OpcodeInfo{ARR, "ARR", AddressLoad, V20}, OpcodeInfo{BRA, "BRA", Branch, V20},
    OpcodeInfo{CAL, "CAL", Branch, V20},      OpcodeInfo{COS, "COS", Scalar, V20},
    OpcodeInfo{DP3, "DP3", Binary, V10},      OpcodeInfo{DP4, "DP4", Binary, V10},
    OpcodeInfo{DPH, "DPH", Binary, V11},      OpcodeInfo{DST, "DST", Binary, V10},
    OpcodeInfo{EX2, "EX2", Scalar, V20},      OpcodeInfo{EXP, "EXP", Scalar, V10},
    OpcodeInfo{FLR, "FLR", Vector, V20},      OpcodeInfo{FRC, "FRC", Vector, V20},
    OpcodeInfo{LG2, "LG2", Scalar, V20},      OpcodeInfo{LIT, "LIT", Vector, V10},
    OpcodeInfo{LOG, "LOG", Scalar, V10},      OpcodeInfo{MAD, "MAD", Ternary, V10},
    OpcodeInfo{MAX, "MAX", Binary, V10},      OpcodeInfo{MIN, "MIN", Binary, V10},
    OpcodeInfo{MOV, "MOV", Vector, V10},      OpcodeInfo{MUL, "MUL", Binary, V10},
    OpcodeInfo{RCC, "RCC", Scalar, V11},      OpcodeInfo{RCP, "RCP", Scalar, V10},
    OpcodeInfo{RET, "RET", Return, V20},      OpcodeInfo{RSQ, "RSQ", Scalar, V10},
    OpcodeInfo{SEQ, "SEQ", Binary, V20},      OpcodeInfo{SFL, "SFL", Binary, V20},
    OpcodeInfo{SGE, "SGE", Binary, V10},      OpcodeInfo{SGT, "SGT", Binary, V20},
    OpcodeInfo{SIN, "SIN", Scalar, V20},      OpcodeInfo{SLE, "SLE", Binary, V20},
    OpcodeInfo{SLT, "SLT", Binary, V10},      OpcodeInfo{SNE, "SNE", Binary, V20},
    OpcodeInfo{SSG, "SSG", Vector, V20},      OpcodeInfo{STR, "STR", Binary, V20},
    OpcodeInfo{SUB, "SUB", Binary, V11},
};

constexpr std::array<std::string_view, kResultCount> kResultNames{
    "HPOS", "COL0", "COL1", "BFC0", "BFC1", "FOGC", "PSIZ", "TEX0", "TEX1", "TEX2", "TEX3",
    "TEX4", "TEX5", "TEX6", "TEX7", "CLP0", "CLP1", "CLP2", "CLP3", "CLP4", "CLP5"};

} // namespace

std::optional<OpcodeInfo> findOpcode(std::string_view name) {
    const auto it = std::find_if(kOpcodes.begin(), kOpcodes.end(),
                                 [&](const OpcodeInfo& info) { return info.name == name; });
    return it == kOpcodes.end() ? std::nullopt : std::optional(*it);
}

const OpcodeInfo& opcodeInfo(Opcode opcode) {
    const auto it = std::find_if(kOpcodes.begin(), kOpcodes.end(),
                                 [&](const OpcodeInfo& info) { return info.opcode == opcode; });
    if (it == kOpcodes.end())
        throw std::logic_error("vertex program opcode missing from the table");
    return *it;
}

bool available(Version introducedIn, Version version) {
    return introducedIn <= version;
}

std::string_view versionHeader(Version version) {
    switch (version) {
    case Version::VP1_0:
        return "!!VP1.0";
    case Version::VP1_1:
        return "!!VP1.1";
    case Version::VP2_0:
        return "!!VP2.0";
    }
    return "";
}

bool isVp2(Version version) {
    return version == Version::VP2_0;
}

Limits limitsFor(Version version, bool positionInvariant) {
    const int reserved = positionInvariant ? 4 : 0; // the fixed-function transform's DP4s
    if (isVp2(version))
        return {16, 256, 2, kResultCount, 256 - reserved, 255, 256};
    return {12, 96, 1, kResultCount - 6, 128 - reserved, 63, 64};
}

std::string_view resultName(int result) {
    return kResultNames.at(static_cast<std::size_t>(result));
}

std::string_view conditionName(Condition condition) {
    constexpr std::array<std::string_view, 4> names{"EQ", "GT", "LT", "UN"};
    return names[static_cast<std::size_t>(condition)];
}

} // namespace slvm::vp2
