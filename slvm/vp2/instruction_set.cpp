// The tables of instruction_set.h, generated from its lists, and the environment facts.
#include "slvm/vp2/instruction_set.h"

#include "slvm/vp2/program.h"

#include <array>
#include <iterator>

namespace slvm::vp2 {
namespace {

using enum Shape;
using enum Version;

#define LRT_VP2_OPCODE_ENTRY(name, shape, version) OpcodeInfo{Opcode::name, #name, shape, version},
constexpr OpcodeInfo kOpcodes[] = {LRT_VP2_OPCODES(LRT_VP2_OPCODE_ENTRY)};
#undef LRT_VP2_OPCODE_ENTRY
static_assert(std::size(kOpcodes) == kOpcodeCount);

#define LRT_VP2_RESULT_NAME(name) #name,
constexpr std::string_view kResultNames[] = {LRT_VP2_RESULTS(LRT_VP2_RESULT_NAME)};
#undef LRT_VP2_RESULT_NAME

struct AttributeAlias {
    std::string_view alias;
    int number;
};
#define LRT_VP2_ATTRIBUTE_ALIAS(name, number) AttributeAlias{#name, number},
constexpr AttributeAlias kAttributes[] = {LRT_VP2_ATTRIBUTES(LRT_VP2_ATTRIBUTE_ALIAS)};
#undef LRT_VP2_ATTRIBUTE_ALIAS

} // namespace

std::optional<OpcodeInfo> findOpcode(std::string_view name) {
    for (const OpcodeInfo& info : kOpcodes)
        if (info.name == name)
            return info;
    return std::nullopt;
}

const OpcodeInfo& opcodeInfo(Opcode opcode) {
    return kOpcodes[static_cast<std::size_t>(opcode)];
}

std::optional<int> findAttribute(std::string_view alias) {
    for (const AttributeAlias& a : kAttributes)
        if (a.alias == alias)
            return a.number;
    return std::nullopt;
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
    return {12, 96, 1, kResultCount - kClipPlanes, 128 - reserved, 63, 64};
}

std::string_view resultName(int result) {
    return kResultNames[static_cast<std::size_t>(result)];
}

std::string_view conditionName(Condition condition) {
    constexpr std::array<std::string_view, 4> names{"EQ", "GT", "LT", "UN"};
    return names[static_cast<std::size_t>(condition)];
}

} // namespace slvm::vp2
