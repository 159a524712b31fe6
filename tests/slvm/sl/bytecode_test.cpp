// The .slc container and the verifier against truncated, corrupted and hostile bytecode.
#include "program_generator.h"
#include "sl_test_support.h"
#include "slvm/common/diagnostic.h"
#include "slvm/sl/bytecode.h"
#include "slvm/sl/shader_file.h"

#include <catch2/catch.hpp>
#include <random>

using namespace slvm;
using namespace slvm::sl;

namespace {

std::vector<std::byte> fullAttenuated() {
    return writeSlc(loadShaderFile(LRT_SOURCE_DIR "/shaders/FullAttenuated.sl").program());
}

// Loads and verifies bytes as a user's .slc would be; returns the error text or "" on success.
std::string loadError(const std::vector<std::byte>& bytes) {
    try {
        verify(readSlc(bytes, "hostile.slc"));
        return "";
    } catch (const ProgramError& e) {
        return e.what();
    }
}

std::vector<std::byte> withWord(std::vector<std::byte> bytes, std::size_t index,
                                std::uint64_t word) {
    for (int i = 0; i < 8; ++i)
        bytes[kSlcHeaderSize + 8 * index + i] = static_cast<std::byte>((word >> (8 * i)) & 0xff);
    return bytes;
}

std::uint64_t word(Opcode opcode, std::uint8_t component, std::uint8_t a, std::uint8_t b,
                   std::uint32_t c) {
    return encodeInstruction({static_cast<std::uint8_t>(opcode), component, a, b, c});
}

} // namespace

TEST_CASE("instruction words pack fields in the documented bit positions", "[sl][slc]") {
    const Instruction in{11, 2, 21, 13, 0x12345678u};
    CHECK(encodeInstruction(in) == 0x123456780d15020bULL);
    CHECK(decodeInstruction(0x123456780d15020bULL) == in);
}

TEST_CASE("an .slc file has the documented header", "[sl][slc]") {
    const std::vector<std::byte> bytes = fullAttenuated();
    REQUIRE(bytes.size() == 16 + 22 * 8);
    const unsigned char header[16] = {'S', 'L', 'C', 0x1a, 1, 0, 0, 0, 22, 0, 0, 0, 0, 0, 0, 0};
    for (int i = 0; i < 16; ++i)
        CHECK(bytes[i] == static_cast<std::byte>(header[i]));
    CHECK(readSlc(bytes, "x.slc").code ==
          loadShaderFile(LRT_SOURCE_DIR "/shaders/FullAttenuated.sl").program().code);
}

TEST_CASE("every truncation of a valid file is rejected", "[sl][slc]") {
    const std::vector<std::byte> bytes = fullAttenuated();
    for (std::size_t size = 0; size < bytes.size(); ++size) {
        INFO("truncated to " << size << " bytes");
        CHECK(
            !loadError({bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size)}).empty());
    }
    std::vector<std::byte> longer = bytes;
    longer.push_back(std::byte{0});
    CHECK_THAT(loadError(longer), Catch::Contains("file has 193 bytes"));
}

TEST_CASE("header corruption is rejected with a clear message", "[sl][slc]") {
    std::vector<std::byte> bytes = fullAttenuated();
    auto corrupt = [&](std::size_t offset, unsigned char value) {
        std::vector<std::byte> copy = bytes;
        copy[offset] = static_cast<std::byte>(value);
        return loadError(copy);
    };
    CHECK_THAT(corrupt(0, 'X'), Catch::Contains("bad magic"));
    CHECK_THAT(corrupt(4, 2), Catch::Contains("unsupported .slc version 2.0"));
    CHECK_THAT(corrupt(8, 23), Catch::Contains("header says 23 instructions"));
    CHECK_THAT(corrupt(11, 0xff), Catch::Contains("instruction count"));
    CHECK_THAT(corrupt(12, 1), Catch::Contains("reserved field is not zero"));
    CHECK_THAT(loadError({}), Catch::Contains("shorter than the 16-byte header"));
}

TEST_CASE("hostile instructions are rejected by the verifier", "[sl][slc]") {
    const std::vector<std::byte> base = writeSlc(Program{"p", {Instruction{}, Instruction{}}, {}});
    REQUIRE(loadError(base).empty());
    auto reject = [&](std::uint64_t w) { return loadError(withWord(base, 1, w)); };
    using enum Opcode;
    CHECK_THAT(reject(24), Catch::Contains("instruction 1: unknown opcode 24"));
    CHECK_THAT(reject(255), Catch::Contains("unknown opcode 255"));
    CHECK_THAT(reject(word(mov, 0, 38, reg::C0, 0)), Catch::Contains("operand 1 of 'mov'"));
    CHECK_THAT(reject(word(mov, 0, reg::r0, 200, 0)), Catch::Contains("operand 2 of 'mov'"));
    CHECK_THAT(reject(word(add, 0, reg::r0, reg::r1, 38)), Catch::Contains("operand 3 of 'add'"));
    CHECK_THAT(reject(word(add, 0, reg::r0, reg::r1, 0x100 | reg::r2)),
               Catch::Contains("operand 3 of 'add'"));
    CHECK_THAT(reject(word(mov, 0, reg::N, reg::C0, 0)),
               Catch::Contains("writes read-only register 'N'"));
    CHECK_THAT(reject(word(mov, 0, reg::r0, reg::s0, 0)), Catch::Contains("operand 2 of 'mov'"));
    CHECK_THAT(reject(word(mov, 1, reg::r0, reg::C0, 0)), Catch::Contains("takes no component"));
    CHECK_THAT(reject(word(movc, 4, reg::s0, reg::C0, 0)), Catch::Contains("component 4"));
    CHECK_THAT(reject(word(mov, 0, reg::r0, reg::C0, 5)), Catch::Contains("unused field c"));
    CHECK_THAT(reject(word(lookup, 0, reg::r0, 8, reg::uv)), Catch::Contains("texture unit"));
    CHECK_THAT(reject(word(li, 0, reg::s0, 0, Instruction::floatBits(std::nanf("")))),
               Catch::Contains("float"));
    CHECK_THAT(reject(word(jmp, 0, 0, 0, Instruction::offsetBits(1))),
               Catch::Contains("jump target 3"));
    CHECK_THAT(reject(word(jmp, 0, 0, 0, Instruction::offsetBits(-3))),
               Catch::Contains("jump target -1"));
    CHECK_THAT(reject(word(jmp, 0, 0, 0, Instruction::offsetBits(70000))),
               Catch::Contains("jump offset"));
    CHECK_THAT(reject(word(blt, 0, reg::s0, reg::s1, Instruction::offsetBits(-3))),
               Catch::Contains("jump target"));
    // The largest valid jumps pass: to the end and to the start.
    CHECK(reject(word(jmp, 0, 0, 0, Instruction::offsetBits(0))).empty());
    CHECK(reject(word(jmp, 0, 0, 0, Instruction::offsetBits(-2))).empty());
}

TEST_CASE("every single-byte corruption either loads safely or is rejected", "[sl][slc]") {
    // Bit flips in float immediates can stay valid; whatever loads must run within its budget.
    std::mt19937 rng(7);
    const std::vector<std::byte> bytes = writeSlc(sl::testing::randomProgram(rng, 32));
    sl::testing::FakeHost host;
    int rejected = 0, loaded = 0;
    for (std::size_t offset = 0; offset < bytes.size(); ++offset) {
        for (int bit = 0; bit < 8; ++bit) {
            std::vector<std::byte> copy = bytes;
            copy[offset] ^= static_cast<std::byte>(1 << bit);
            try {
                const VerifiedProgram program = verify(readSlc(copy, "flipped.slc"));
                RegisterFile registers = RegisterFile::withDefaults();
                const ExecutionResult result = execute(program, registers, host, 10000);
                CHECK(result.executed <= 10000);
                ++loaded;
            } catch (const ProgramError&) {
                ++rejected;
            }
        }
    }
    CHECK(rejected > 0);
    CHECK(loaded > 0);
}
