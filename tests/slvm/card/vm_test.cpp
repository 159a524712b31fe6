// Every card opcode and register form on hand-computed values, the header and the reading order,
// jumps, the step budget and the end of a card.
#include "slvm/card/assembler.h"
#include "slvm/card/vm.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>

namespace slvm::card {
namespace {

// Runs card text at the point and returns the machine afterwards.
struct Run {
    ExecutionResult result;
    std::array<float, kRegisterFloats> registers;
};

Run runText(const std::string& text, std::array<float, 3> point = {0, 0, 0},
            std::uint64_t budget = kDefaultBudget) {
    INFO("card:\n" << text);
    const VerifiedProgram program = verify(assemble(text, "test.pc"));
    CardMachine machine(program, budget);
    Run run{machine.run(point[0], point[1], point[2]), {}};
    run.registers = machine.registers();
    return run;
}

// Loads rm0 and rm1 with the 16 numbers 1..16 and 17..32 (column-major: rm0[j][i] = 4j + i + 1),
// then runs `op`.
Run withAccumulators(const std::string& op) {
    std::string text = "mov rm0,";
    for (int i = 1; i <= 16; ++i)
        text += fmt::format(" {}", i);
    text += "\nmov rm1,";
    for (int i = 17; i <= 32; ++i)
        text += fmt::format(" {}", i);
    return runText(text + "\n" + op + "\n");
}

TEST_CASE("card: the point comes in with in 0 and the distance is rf0", "[card][vm]") {
    const Run run = runText("in 0\n", {1.5f, -2, 3});
    CHECK(run.result.status == ExecutionStatus::Ok);
    CHECK(run.result.executed == 1); // off the end of the card: an implicit exit
    CHECK(run.registers[0] == 1.5f);
    CHECK(run.registers[1] == -2.0f);
    CHECK(run.registers[2] == 3.0f);
    CHECK(run.registers[3] == 0.0f); // w = 0, so that dot and nor see (x, y, z)
    for (int i = 4; i < 16; ++i)
        CHECK(run.registers[static_cast<std::size_t>(i)] == 0.0f); // the rest of input 0
}

TEST_CASE("card: registers alias as the specification's word views", "[card][vm]") {
    // rv5 is column 1 of rm1 (floats 20-23); rf22 is its third component.
    const Run run = runText("mov rv5, 1 2 3 4\nmov rf100, rf22\nmov rm9, rm1\n");
    CHECK(run.registers[20] == 1);
    CHECK(run.registers[22] == 3);
    CHECK(run.registers[100] == 3);     // rf100 = rf22
    CHECK(run.registers[144 + 6] == 3); // rm9 = rm1: float 6 of rm9 is float 22
}

TEST_CASE("card: mov from a register, from immediates, and from and to pos", "[card][vm]") {
    const Run run = runText("mov rf40, 2.5\nmov rf41, rf40\nmov rf42, pos\n");
    CHECK(run.registers[40] == 2.5f);
    CHECK(run.registers[41] == 2.5f);
    // The third instruction starts at pixel 2 + 3 + 3 = 8; pos is then the next one, 11.
    CHECK(run.registers[42] == 11.0f);
}

TEST_CASE("card: each arithmetic opcode on rm0 and rm1", "[card][vm]") {
    // rm0[j][i] = 4j + i + 1 (1..16), rm1[j][i] = 4j + i + 17 (17..32).
    SECTION("add is an addition, whatever the table's row says") {
        const Run run = withAccumulators("add");
        CHECK(run.registers[0] == 1 + 17);
        CHECK(run.registers[15] == 16 + 32);
    }
    SECTION("sub") {
        const Run run = withAccumulators("sub");
        CHECK(run.registers[0] == -16);
        CHECK(run.registers[9] == -16);
    }
    SECTION("mulMM: the matrix product, column-major") {
        const Run run = withAccumulators("mulMM");
        // (A B)[0][0] = sum_k A[k][0] B[0][k] = 1*17 + 5*18 + 9*19 + 13*20 = 538.
        CHECK(run.registers[0] == 538);
        // (A B)[1][2] = sum_k A[k][2] B[1][k] = 3*21 + 7*22 + 11*23 + 15*24 = 830.
        CHECK(run.registers[4 + 2] == 830);
    }
    SECTION("mulMV: rv0 = rm0 rv4") {
        const Run run = withAccumulators("mulMV");
        // result[i] = sum_k A[k][i] v[k], v = (17, 18, 19, 20): i = 0: 538, i = 3: 4*17 + 8*18
        // + 12*19 + 16*20 = 760.
        CHECK(run.registers[0] == 538);
        CHECK(run.registers[3] == 760);
        CHECK(run.registers[4] == 5); // the rest of rm0 stays
    }
    SECTION("mulVM: rv0 = rv0 rm1") {
        const Run run = withAccumulators("mulVM");
        // result[j] = dot(v, B[j]), v = (1, 2, 3, 4): j = 0: 17 + 36 + 57 + 80 = 190; j = 3:
        // 29 + 60 + 93 + 128 = 310.
        CHECK(run.registers[0] == 190);
        CHECK(run.registers[3] == 310);
    }
    SECTION("mulVV: componentwise") {
        const Run run = withAccumulators("mulVV");
        CHECK(run.registers[0] == 17);
        CHECK(run.registers[3] == 80);
        CHECK(run.registers[4] == 5);
    }
    SECTION("mulMF: the matrix times rf16") {
        const Run run = withAccumulators("mulMF");
        CHECK(run.registers[0] == 17);
        CHECK(run.registers[15] == 16 * 17);
    }
    SECTION("mulVF: the vector times rf16") {
        const Run run = withAccumulators("mulVF");
        CHECK(run.registers[3] == 4 * 17);
        CHECK(run.registers[4] == 5);
    }
    SECTION("mulFF: rf0 times rf1, as the table's register[0][0][1] says") {
        const Run run = withAccumulators("mulFF");
        CHECK(run.registers[0] == 2);
        CHECK(run.registers[1] == 2);
    }
    SECTION("div: componentwise") {
        const Run run = withAccumulators("div");
        CHECK(run.registers[0] == 1.0f / 17.0f);
        CHECK(run.registers[15] == 16.0f / 32.0f);
    }
    SECTION("dot: rf0 = dot(rv0, rv1), four components") {
        const Run run = withAccumulators("dot");
        CHECK(run.registers[0] == 1 * 5 + 2 * 6 + 3 * 7 + 4 * 8);
    }
    SECTION("crs: rv0 = (cross(rv0.xyz, rv1.xyz), 0)") {
        const Run run = withAccumulators("crs");
        // (1,2,3) x (5,6,7) = (2*7 - 3*6, 3*5 - 1*7, 1*6 - 2*5) = (-4, 8, -4).
        CHECK(run.registers[0] == -4);
        CHECK(run.registers[1] == 8);
        CHECK(run.registers[2] == -4);
        CHECK(run.registers[3] == 0);
    }
    SECTION("nor: rv0 / |rv0|, four components") {
        const Run run = withAccumulators("nor");
        const float length = std::sqrt(1.0f + 4 + 9 + 16);
        CHECK(run.registers[0] == Approx(1 / length).epsilon(1e-6));
        CHECK(run.registers[3] == Approx(4 / length).epsilon(1e-6));
    }
}

TEST_CASE("card: sin, cos and sqrt of rf0", "[card][vm]") {
    CHECK(runText("mov rf0, 0.5\nsin\n").registers[0] == std::sin(0.5f));
    CHECK(runText("mov rf0, 0.5\ncos\n").registers[0] == std::cos(0.5f));
    const Run root = runText("mov rv0, 16 4 4 4\nsqrt\n");
    CHECK(root.registers[0] == 4);
    CHECK(root.registers[1] == 4); // only rf0
}

TEST_CASE("card: lrt's extension opcodes work on rv0 and rv4", "[card][vm]") {
    const std::string operands = "mov rv0, -1.5 2 3 -0.25\nmov rv4, 1 -2 3 0\n";
    const Run min = runText(operands + "min\n");
    CHECK(min.registers[0] == -1.5f);
    CHECK(min.registers[1] == -2);
    CHECK(min.registers[3] == -0.25f);
    const Run max = runText(operands + "max\n");
    CHECK(max.registers[0] == 1);
    CHECK(max.registers[1] == 2);
    CHECK(max.registers[3] == 0);
    const Run abs = runText(operands + "abs\n");
    CHECK(abs.registers[0] == 1.5f);
    CHECK(abs.registers[3] == 0.25f);
    const Run floor = runText(operands + "floor\n");
    CHECK(floor.registers[0] == -2);
    CHECK(floor.registers[3] == -1);
    const Run slt = runText(operands + "slt\n");
    CHECK(slt.registers[0] == 1); // -1.5 < 1
    CHECK(slt.registers[1] == 0); // 2 < -2 is false
    CHECK(slt.registers[2] == 0); // 3 < 3 is false
    CHECK(slt.registers[3] == 1); // -0.25 < 0
}

TEST_CASE("card: exit ends the program, and the end of the card is an exit", "[card][vm]") {
    const Run run = runText("mov rf0, 1\nexit\nmov rf0, 2\n");
    CHECK(run.registers[0] == 1);
    CHECK(run.result.executed == 2);
}

TEST_CASE("card: jumps by mov to pos, and the step budget", "[card][vm]") {
    SECTION("a forward jump skips") {
        const Run run = runText("mov pos, skip\nmov rf0, 5\nskip: mov rf1, 6\n");
        CHECK(run.registers[0] == 0);
        CHECK(run.registers[1] == 6);
    }
    SECTION("a computed jump to an instruction") {
        // mov rf40, 8 (pixels 2-4); mov pos, rf40 (5-7); mov rf0, 9 (8-10) runs.
        const Run run = runText("mov rf40, 8\nmov pos, rf40\nmov rf0, 9\n");
        CHECK(run.result.status == ExecutionStatus::Ok);
        CHECK(run.registers[0] == 9);
    }
    SECTION("a computed jump into an instruction's operands faults") {
        const Run run = runText("mov rf40, 9\nmov pos, rf40\nmov rf0, 9\n");
        CHECK(run.result.status == ExecutionStatus::Fault);
        CHECK(run.result.executed == 2);
    }
    SECTION("a loop stops at the budget") {
        const Run run = runText("loop: mov pos, loop\n", {0, 0, 0}, 1000);
        CHECK(run.result.status == ExecutionStatus::Budget);
        CHECK(run.result.executed == 1000);
    }
}

TEST_CASE("card: the header and the reading order of a card made of floats", "[card][vm]") {
    // A 4 x 2 card: header (4, 2), then -1 101 7 (mov rf1, 7), then 0 0 0 (exit, padding).
    Card card{"floats", 4, 2, {4, 2, -1, 101, 7, 0, 0, 0}};
    const VerifiedProgram program = verify(card);
    REQUIRE(program.instructions().size() == 4);
    CHECK(program.instructions()[0].pixel == 2);
    CHECK(program.instructions()[1].pixel == 5);
    CardMachine machine(program);
    machine.run(0, 0, 0);
    CHECK(machine.registers()[1] == 7);
}

TEST_CASE("card: evaluation is the same for the same point, whatever ran before", "[card][vm]") {
    const VerifiedProgram program = verify(assemble("in 0\nmov rv1, rv0\ndot\nsqrt\n", "t.pc"));
    CardMachine machine(program);
    machine.run(3, 4, 0);
    CHECK(machine.distance() == 5);
    machine.run(0, 0, 2);
    CHECK(machine.distance() == 2);
    // Registers start at zero on every run: rf0 reads rf40 before this card sets it.
    const VerifiedProgram remembers = verify(assemble("mov rf0, rf40\nmov rf40, 7\n", "t.pc"));
    CardMachine second(remembers);
    second.run(0, 0, 0);
    second.run(0, 0, 0);
    CHECK(second.distance() == 0);
}

} // namespace
} // namespace slvm::card
