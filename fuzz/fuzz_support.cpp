// Checks applied to every program a fuzz target manages to build.
#include "fuzz_support.h"

#include "slvm/sl/assembler.h"
#include "slvm/sl/bytecode.h"
#include "slvm/sl/disassembler.h"
#include "slvm/sl/vm.h"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>

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

namespace slvm::fuzzing {

float cornerCaseFloat(std::uint32_t bits) {
    static constexpr std::uint32_t kCorners[] = {
        0x7fc00000, 0x7fc12345, 0xffc00001, 0x7f800001, 0xff800123, 0x7f800000, 0xff800000,
        0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff,
        0xff7fffff, 0x3f800000, 0xbf800000, 0x3f000000, 0x0da24260, 0x7149f2ca, 0x44000000};
    if (bits % 4 == 3)
        return std::bit_cast<float>(bits);
    if (bits % 4 == 2)
        return static_cast<float>(static_cast<std::int32_t>(bits >> 8) % 2000) / 256.0f;
    return std::bit_cast<float>(kCorners[(bits >> 2) % std::size(kCorners)]);
}

void requireSame(float interpreted, float compiled, const char* what) {
    if (std::bit_cast<std::uint32_t>(interpreted) != std::bit_cast<std::uint32_t>(compiled) &&
        !(std::isnan(interpreted) && std::isnan(compiled))) {
        std::fprintf(
            stderr, "compiled and interpreted %s differ: %08x interpreted, %08x compiled\n", what,
            std::bit_cast<std::uint32_t>(interpreted), std::bit_cast<std::uint32_t>(compiled));
        std::abort();
    }
}

} // namespace slvm::fuzzing
