// Accepted source: every operand form's encoding, spacing leniency, comments, labels, aliases.
#include "slvm/sl/assembler.h"
#include "slvm/sl/registers.h"

#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>

using namespace slvm::sl;

namespace {
std::vector<Instruction> code(std::string_view body) {
    return assemble("sl 1.0\n" + std::string(body), "test.sl").program().code;
}
Instruction single(std::string_view line) {
    const auto c = code(std::string(line) + "\n");
    REQUIRE(c.size() == 1);
    return c[0];
}
std::uint8_t op(Opcode o) {
    return static_cast<std::uint8_t>(o);
}
} // namespace

TEST_CASE("each operand form encodes its opcode, registers and immediates", "[sl][asm]") {
    CHECK(single("nop") == Instruction{op(Opcode::nop), 0, 0, 0, 0});
    CHECK(single("ret") == Instruction{op(Opcode::ret), 0, 0, 0, 0});
    CHECK(single("rnd s0") == Instruction{op(Opcode::rnd), 0, reg::s0, 0, 0});
    CHECK(single("turb s1, Kd") == Instruction{op(Opcode::turb), 0, reg::s1, reg::Kd, 0});
    CHECK(single("turb s1, P") == Instruction{op(Opcode::turb), 0, reg::s1, reg::P, 0});
    CHECK(single("mov r0, C0") == Instruction{op(Opcode::mov), 0, reg::r0, reg::C0, 0});
    CHECK(single("mov v1, S") == Instruction{op(Opcode::mov), 0, reg::v1, reg::S, 0});
    CHECK(single("movc b s2, dE") == Instruction{op(Opcode::movc), 2, reg::s2, reg::dE, 0});
    CHECK(single("lc w r3, s3") == Instruction{op(Opcode::lc), 3, reg::r3, reg::s3, 0});
    CHECK(single("li s0, 0.5") ==
          Instruction{op(Opcode::li), 0, reg::s0, 0, Instruction::floatBits(0.5f)});
    CHECK(single("liv y v0, -1") ==
          Instruction{op(Opcode::liv), 1, reg::v0, 0, Instruction::floatBits(-1.0f)});
    CHECK(single("add r1, r2, r3") == Instruction{op(Opcode::add), 0, reg::r1, reg::r2, reg::r3});
    CHECK(single("add s1, s2, s3") == Instruction{op(Opcode::add), 0, reg::s1, reg::s2, reg::s3});
    CHECK(single("sub r1, N, L") == Instruction{op(Opcode::sub), 0, reg::r1, reg::N, reg::L});
    CHECK(single("sub s1, Ka, I") == Instruction{op(Opcode::sub), 0, reg::s1, reg::Ka, reg::I});
    CHECK(single("mul r0, N, L") == Instruction{op(Opcode::mul), 0, reg::r0, reg::N, reg::L});
    CHECK(single("mul r0, N, Kt") == Instruction{op(Opcode::mul), 0, reg::r0, reg::N, reg::Kt});
    CHECK(single("mul s0, Kr, Kt") == Instruction{op(Opcode::mul), 0, reg::s0, reg::Kr, reg::Kt});
    CHECK(single("dp3 s0, ds, dt") == Instruction{op(Opcode::dp3), 0, reg::s0, reg::ds, reg::dt});
    CHECK(single("div r0, du, s1") == Instruction{op(Opcode::div), 0, reg::r0, reg::du, reg::s1});
    CHECK(single("div s0, s1, s2") == Instruction{op(Opcode::div), 0, reg::s0, reg::s1, reg::s2});
    CHECK(single("clamp s0, s1, s2") ==
          Instruction{op(Opcode::clamp), 0, reg::s0, reg::s1, reg::s2});
    CHECK(single("floor s0, s1") == Instruction{op(Opcode::floor), 0, reg::s0, reg::s1, 0});
    CHECK(single("ceil s0, s1") == Instruction{op(Opcode::ceil), 0, reg::s0, reg::s1, 0});
    CHECK(single("norm r0, dv") == Instruction{op(Opcode::norm), 0, reg::r0, reg::dv, 0});
    CHECK(single("pow s0, s1, s2") == Instruction{op(Opcode::pow), 0, reg::s0, reg::s1, reg::s2});
    CHECK(single("exp s0, s1") == Instruction{op(Opcode::exp), 0, reg::s0, reg::s1, 0});
    CHECK(single("jmp 0") == Instruction{op(Opcode::jmp), 0, 0, 0, 0});
    CHECK(single("blt s0, s1, -1") ==
          Instruction{op(Opcode::blt), 0, reg::s0, reg::s1, Instruction::offsetBits(-1)});
    CHECK(single("trace r0, Pw, N") == Instruction{op(Opcode::trace), 0, reg::r0, reg::Pw, reg::N});
    CHECK(single("lookup r0, t5, uv") == Instruction{op(Opcode::lookup), 0, reg::r0, 5, reg::uv});
}

TEST_CASE("spacing is lenient: no blanks after commas, tabs, repeated blanks", "[sl][asm]") {
    const Instruction expected{op(Opcode::mul), 0, reg::r0, reg::N, reg::L};
    CHECK(single("mul r0,N,L") == expected);
    CHECK(single("\tmul\tr0 ,\tN ,  L  ") == expected);
    CHECK(single("   mul   r0,   N,L") == expected);
    CHECK(single("movc  x   s0,r0") == Instruction{op(Opcode::movc), 0, reg::s0, reg::r0, 0});
}

TEST_CASE("comments at line start and after instructions and blank lines and CRLF", "[sl][asm]") {
    const auto c = assemble("# leading comment\n\n  sl 1.0   # header comment\r\n# c\n\n"
                            "mov v0, C0 # trailing\r\n   \n#end",
                            "test.sl")
                       .program()
                       .code;
    REQUIRE(c.size() == 1);
    CHECK(c[0] == Instruction{op(Opcode::mov), 0, reg::v0, reg::C0, 0});
}

TEST_CASE("numbers: sign, C float literals and integers", "[sl][asm]") {
    auto value = [](std::string_view literal) {
        return Instruction::asFloat(single("li s0, " + std::string(literal)).c);
    };
    CHECK(value("+0.5") == 0.5f);
    CHECK(value("3.") == 3.0f);
    CHECK(value("5e-1") == 0.5f);
    CHECK(value("-2") == -2.0f);
    CHECK(value(".25") == 0.25f);
    CHECK(value("1E+2") == 100.0f);
    CHECK(value("0.1") == 0.1f);
    CHECK(value("1.17549435e-38") == FLT_MIN); // the smallest normal float is a number
    CHECK(value("0e-999") == 0.0f);             // zero is zero, whatever its exponent
    CHECK(std::signbit(value("-0.0")));
    // A denormal literal is refused (the numeric contract, assembler_errors_test.cpp).
}

TEST_CASE("labels resolve to offsets from the next instruction", "[sl][asm]") {
    const auto c = code("top:\nnop\njmp end\nblt s0, s1, top\nend:\n");
    REQUIRE(c.size() == 3);
    CHECK(Instruction::asOffset(c[1].c) == 1);  // from 2 to 3 (the end)
    CHECK(Instruction::asOffset(c[2].c) == -3); // from 3 to 0
    // A label may share its line with an instruction.
    const auto same = code("again: nop\njmp again\n");
    CHECK(Instruction::asOffset(same[1].c) == -2);
}

TEST_CASE("P and its spec-table spelling xy name the same register", "[sl][asm]") {
    CHECK(single("mov r0, xy") == single("mov r0, P"));
}

TEST_CASE("component letters x y z w and r g b a are the same components", "[sl][asm]") {
    for (const auto& [xyzw, rgba] : {std::pair{"x", "r"}, {"y", "g"}, {"z", "b"}, {"w", "a"}})
        CHECK(single(std::string("movc ") + xyzw + " s0, r0") ==
              single(std::string("movc ") + rgba + " s0, r0"));
}
