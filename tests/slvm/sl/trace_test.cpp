// Traced runs: the steps a debugger shows, worked out by hand, and that tracing never changes what
// a program computes; the source-line notes the assembler reads from compiled SL.
#include "program_generator.h"
#include "sl_test_support.h"
#include "slvm/common/source_line_note.h"
#include "slvm/sl/trace.h"

#include <bit>
#include <catch2/catch.hpp>

using namespace slvm::sl;
using slvm::sl::testing::FakeHost;

namespace {

struct Traced {
    RegisterFile registers;
    ExecutionResult result;
    std::vector<TraceStep> steps;
};

Traced traced(std::string_view body, RegisterFile registers, std::uint64_t budget = kDefaultBudget,
              std::size_t maxSteps = 1000) {
    FakeHost host;
    const VerifiedProgram program = assemble("sl 1.0\n" + std::string(body), "test.sl");
    Traced out{registers, {}, {}};
    out.result = executeTraced(program, out.registers, host, budget, out.steps, maxSteps);
    return out;
}

RegisterFile withS1(float value) {
    RegisterFile r = RegisterFile::withDefaults();
    r.scalar(reg::s1) = value;
    return r;
}

// A loop that counts s0 up to s1: li s2 1; add s0 s0 s2; blt s0 s1 back to the start.
constexpr std::string_view kCount = "li s2, 1\nadd s0, s0, s2\nblt s0, s1, -3\n";

} // namespace

TEST_CASE("a trace lists each executed instruction, where control went, and its register",
          "[sl][vm][trace]") {
    const Traced t = traced(kCount, withS1(2));
    CHECK(t.result.status == ExecutionStatus::Ok);
    CHECK(t.result.executed == 6);
    REQUIRE(t.steps.size() == 6);
    // pc, next, and x of register a after the instruction: s2, then s0 (written by add, compared
    // by blt). The first blt jumps back (1 < 2), the second falls off the end (2 < 2 is false).
    const std::array<std::array<float, 3>, 6> expected{{
        {0, 1, 1},
        {1, 2, 1},
        {2, 0, 1},
        {0, 1, 1},
        {1, 2, 2},
        {2, 3, 2},
    }};
    for (std::size_t i = 0; i < expected.size(); ++i) {
        INFO("step " << i);
        CHECK(t.steps[i].pc == expected[i][0]);
        CHECK(t.steps[i].next == expected[i][1]);
        CHECK(t.steps[i].value[0] == expected[i][2]);
    }
}

TEST_CASE("ret ends the trace with the program's length as the next instruction",
          "[sl][vm][trace]") {
    const Traced t = traced("li s0, 1\nret\nli s0, 2\n", RegisterFile::withDefaults());
    REQUIRE(t.steps.size() == 2);
    CHECK(t.steps[1].pc == 1);
    CHECK(t.steps[1].next == 3);
    CHECK(t.registers.scalar(reg::s0) == 1.0f);
}

TEST_CASE("a traced run stops at its budget as an untraced one does, and the trace at its cap",
          "[sl][vm][trace]") {
    const Traced budget = traced(kCount, withS1(100), 4);
    CHECK(budget.result.status == ExecutionStatus::Budget);
    CHECK(budget.result.executed == 4);
    CHECK(budget.steps.size() == 4);
    const auto plain = testing::run(kCount, withS1(100), nullptr, 4);
    CHECK(plain.result.status == ExecutionStatus::Budget);
    CHECK(budget.registers.slots == plain.registers.slots);

    const Traced capped = traced(kCount, withS1(2), kDefaultBudget, 2);
    CHECK(capped.result.executed == 6); // the run goes on; only the record stops
    CHECK(capped.steps.size() == 2);
    CHECK(capped.registers.scalar(reg::s0) == 2.0f);
}

TEST_CASE("tracing never changes what a program computes", "[sl][vm][trace]") {
    std::mt19937 rng(31);
    for (int i = 0; i < 300; ++i) {
        const VerifiedProgram program = verify(testing::randomProgram(rng, 1 + i % 40));
        RegisterFile plain = RegisterFile::withDefaults();
        for (std::size_t r = 0; r < plain.slots.size(); ++r)
            plain.slots[r] = {0.5f * static_cast<float>(r), -1.0f, 3.0f, 0.25f};
        RegisterFile traced = plain;
        FakeHost plainHost, tracedHost;
        std::vector<TraceStep> steps;
        const ExecutionResult a = execute(program, plain, plainHost, 500);
        const ExecutionResult b = executeTraced(program, traced, tracedHost, 500, steps, 10000);
        INFO("random program " << i);
        CHECK(a.status == b.status);
        CHECK(a.executed == b.executed);
        CHECK(steps.size() == b.executed);
        for (std::size_t r = 0; r < plain.slots.size(); ++r)
            for (std::size_t c = 0; c < 4; ++c)
                REQUIRE(std::bit_cast<std::uint32_t>(plain.slots[r][c]) ==
                        std::bit_cast<std::uint32_t>(traced.slots[r][c]));
    }
}

TEST_CASE("the assembler keeps the source line each compiled instruction came from",
          "[sl][assembler][trace]") {
    const VerifiedProgram notes = assemble("sl 1.0\n"
                                           "# compiled by lrt cg (profile sl)\n"
                                           "li s1, 5\n"
                                           "# shader.cg:3: float x = 1;\n"
                                           "li s0, 1\n"
                                           "L0:\n"
                                           "li s2, 2 # a comment of its own\n"
                                           "# shader.cg:4: return x;\n"
                                           "mov v0, C0\n",
                                           "shader.sl");
    const auto& sources = notes.program().sources;
    REQUIRE(sources.size() == 4);
    CHECK(sources[0] == slvm::SourceLine{}); // before the first note
    CHECK(sources[1] == slvm::SourceLine{"shader.cg", 3, "float x = 1;"});
    CHECK(sources[2] == slvm::SourceLine{"shader.cg", 3, "float x = 1;"});
    CHECK(sources[3] == slvm::SourceLine{"shader.cg", 4, "return x;"});

    const VerifiedProgram plain = assemble("sl 1.0\n# a hand-written shader\nli s0, 1\n", "p.sl");
    CHECK(plain.program().sources.empty());
}

TEST_CASE("a source-line note reads back what sourceLineNote wrote", "[sl][trace]") {
    const slvm::SourceText text{"dir/Marble.cg", "float4 main() {\n    return 1;\n}\n"};
    const slvm::SourceLocation where{"dir/Marble.cg", 2, 5, &text};
    const std::string note = slvm::sourceLineNote(where);
    CHECK(note == "dir/Marble.cg:2: return 1;");
    CHECK(slvm::readSourceLineNote(" " + note) ==
          slvm::SourceLine{"dir/Marble.cg", 2, "return 1;"});
    // A file name with a drive letter's colon; comments that are no notes.
    CHECK(slvm::readSourceLineNote(" C:\\s\\x.cg:12: y = 2;") ==
          slvm::SourceLine{"C:\\s\\x.cg", 12, "y = 2;"});
    CHECK_FALSE(slvm::readSourceLineNote(" compiled by lrt cg (profile sl)"));
    CHECK_FALSE(slvm::readSourceLineNote(" c[4]: uniform float k"));
    CHECK_FALSE(slvm::readSourceLineNote(" x.cg:0: line zero"));
    CHECK_FALSE(slvm::readSourceLineNote(" x.cg:: nothing"));
}
