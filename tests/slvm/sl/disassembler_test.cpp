// Disassembly re-assembles to identical bytecode: every bundled shader and generated programs.
#include "program_generator.h"
#include "slvm/sl/assembler.h"
#include "slvm/sl/bytecode.h"
#include "slvm/sl/disassembler.h"
#include "slvm/sl/shader_file.h"

#include <catch2/catch.hpp>
#include <filesystem>

using namespace slvm::sl;

namespace {
void requireRoundTrip(const VerifiedProgram& program) {
    const std::string text = disassemble(program);
    INFO("disassembly:\n" << text);
    const VerifiedProgram again = assemble(text, "disassembly.sl");
    REQUIRE(writeSlc(again.program()) == writeSlc(program.program()));
}
} // namespace

TEST_CASE("every shader in shaders/ round-trips through the disassembler", "[sl][dis]") {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(LRT_SOURCE_DIR "/shaders")) {
        if (entry.path().extension() != ".sl")
            continue;
        INFO("shader: " << entry.path());
        requireRoundTrip(loadShaderFile(entry.path()));
        ++count;
    }
    CHECK(count >= 4);
}

TEST_CASE("generated programs round-trip through the disassembler", "[sl][dis]") {
    std::mt19937 rng(20261121);
    for (int trial = 0; trial < 300; ++trial) {
        INFO("trial " << trial << " (seed 20261121)");
        requireRoundTrip(verify(sl::testing::randomProgram(rng, 1 + trial % 40)));
    }
}

TEST_CASE("disassembly names jump targets with labels", "[sl][dis]") {
    const std::string text =
        disassemble(assemble("sl 1.0\ntop:\nnop\nblt s0, s1, top\njmp 0\n", "t.sl"));
    CHECK(text ==
          "sl 1.0\n# disassembled from t.sl (3 instructions)\nL0:\n    nop\n    blt s0, s1, L0\n"
          "    jmp L3\nL3:\n");
}
