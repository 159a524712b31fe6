// Compiled vertex programs against the interpreter, the oracle: the same results, temporaries,
// address registers and condition codes bit for bit (any NaN for a NaN), the same status and
// instruction count, for random programs over every opcode with swizzles, signs, write masks,
// condition masks and updates, relative addressing, branches, calls and returns, on inputs full
// of NaNs, infinities, denormals and signed zeros, cut by every budget; and for every bundled
// program.
#include "slvm/vp2/executor.h"
#include "slvm/vp2/parser.h"
#include "slvm/vp2/vm.h"
#include "tests/file_bytes.h"
#include "tests/slvm/jit_test_support.h"

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <random>

namespace slvm::vp2 {
namespace {

constexpr std::uint32_t kSpecialBits[] = {
    0x7fc00000, 0xffc00001, 0x7fa00001, 0x7f800000, 0xff800000, 0x00000000,
    0x80000000, 0x00000001, 0x80000001, 0x00800000, 0x7f7fffff, 0x3f800000,
    0xbf800000, 0x3f000000, 0xc0200000, 0x40490fdb, 0x42fe0000, 0xc3000000, // 127 -128
    0x40400000, 0x3fc00000, 0xbfc00000, 0x44000000, 0xc4800000,             // 3 1.5 -1.5 512 -1024
};

float randomValue(std::mt19937& rng) {
    if (std::uniform_int_distribution<int>(0, 2)(rng))
        return std::bit_cast<float>(kSpecialBits[std::uniform_int_distribution<std::size_t>(
            0, std::size(kSpecialBits) - 1)(rng)]);
    return std::uniform_real_distribution<float>(-5.0f, 5.0f)(rng);
}

Vector4 randomVector(std::mt19937& rng) {
    return {randomValue(rng), randomValue(rng), randomValue(rng), randomValue(rng)};
}

class RandomProgram {
public:
    explicit RandomProgram(std::mt19937& rng) : rng_(rng) {}

    // A quarter of them position-invariant (o[HPOS] is then v[OPOS], and not written).
    std::string text(int length) {
        const bool invariant = pick(4) == 0;
        std::string body = invariant ? "!!VP2.0\nOPTION NV_position_invariant;\n" : "!!VP2.0\n";
        for (int i = 0; i < length; ++i)
            body += fmt::format("L{}:\n{}\n", i, pick(6) ? instruction(length) : transform());
        return body + fmt::format("L{}:\n{}END\n", length, invariant ? "" : "MOV o[HPOS], R0;\n");
    }

private:
    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
    std::string mask() {
        static constexpr const char* kMasks[] = {"", ".x", ".y", ".xy", ".xzw", ".yw", ".w"};
        return kMasks[pick(static_cast<int>(std::size(kMasks)))];
    }
    std::string swizzle(bool scalar) {
        static constexpr char kComponents[] = "xyzw";
        if (scalar)
            return std::string(".") + kComponents[pick(4)];
        if (pick(2))
            return "";
        std::string s = ".";
        for (int i = 0; i < 4; ++i)
            s += kComponents[pick(4)];
        return s;
    }
    std::string condition() {
        static constexpr const char* kRules[] = {"EQ", "NE", "LT", "LE", "GT", "GE", "TR", "FL"};
        return fmt::format(" ({}{})", kRules[pick(8)], swizzle(false));
    }
    std::string source(bool scalar) {
        std::string base;
        switch (pick(6)) {
        case 0:
            base = fmt::format("v[{}]", pick(4));
            break;
        case 1:
            base = fmt::format("c[{}]", pick(4));
            break;
        case 2:
            base = fmt::format("c[A{}.{}{:+d}]", pick(2), "xyzw"[pick(4)], pick(9) - 4);
            break;
        default:
            base = fmt::format("R{}", pick(4));
            break;
        }
        base += swizzle(scalar);
        switch (pick(5)) {
        case 0:
            return "-" + base;
        case 1:
            return "|" + base + "|";
        case 2:
            return "-|" + base + "|";
        default:
            return base;
        }
    }
    std::string destination() {
        const int kind = pick(8);
        std::string d = kind == 0 ? "o[COL0]" : kind == 1 ? "o[TEX0]" : fmt::format("R{}", pick(4));
        return d + mask();
    }
    std::string instruction(int length) {
        static constexpr const char* kVector[] = {"ABS", "FLR", "FRC", "LIT", "MOV", "SSG"};
        static constexpr const char* kScalar[] = {"COS", "EX2", "EXP", "LG2", "LOG",
                                                  "RCC", "RCP", "RSQ", "SIN"};
        static constexpr const char* kBinary[] = {"ADD", "DP3", "DP4", "DPH", "DST", "MAX",
                                                  "MIN", "MUL", "SEQ", "SFL", "SGE", "SGT",
                                                  "SLE", "SLT", "SNE", "STR", "SUB"};
        const std::string c = pick(3) ? "" : "C";
        const std::string when = pick(3) ? "" : condition();
        switch (pick(12)) {
        case 0:
        case 1:
            return fmt::format("{}{} {}{}, {};", kVector[pick(6)], c, destination(), when,
                               source(false));
        case 2:
        case 3:
            return fmt::format("{}{} {}{}, {};", kScalar[pick(9)], c, destination(), when,
                               source(true));
        case 4:
        case 5:
        case 6:
            return fmt::format("{}{} {}{}, {}, {};", kBinary[pick(17)], c, destination(), when,
                               source(false), source(false));
        case 7:
            return fmt::format("MAD{} {}{}, {}, {}, {};", c, destination(), when, source(false),
                               source(false), source(false));
        case 8:
            return pick(3) ? fmt::format("AR{}{} A{}{}{}, {};", pick(2) ? "L" : "R", c, pick(2),
                                         mask(), when, source(false))
                           : fmt::format("ARA{} A{}{}{}, A{};", c, pick(2), mask(), when, pick(2));
        case 9:
            return fmt::format("{} L{}{};", pick(2) ? "BRA" : "CAL", pick(length + 1),
                               pick(2) ? condition() : "");
        case 10:
            return fmt::format("RET{};", pick(2) ? condition() : "");
        default:
            return fmt::format("MOVC CC{}, {};", mask(), source(false));
        }
    }

    // Two to four DP3s or DP4s writing one component each of one register from one vector, as
    // a matrix transform does (compiled four lanes at a time); rows mostly parameters.
    std::string transform() {
        const std::string op = pick(2) ? "DP4" : "DP3";
        const std::string vector =
            fmt::format("{}R{}{}", pick(4) ? "" : "-", pick(4), swizzle(false));
        const bool vectorFirst = pick(3) == 0;
        const std::string destination = pick(4) ? fmt::format("R{}", pick(4)) : "o[TEX0]";
        std::string lanes = "xyzw";
        std::shuffle(lanes.begin(), lanes.end(), rng_);
        std::string text;
        for (int k = 0, count = 2 + pick(3); k < count; ++k) {
            const std::string row =
                pick(3) ? fmt::format("{}c[{}]{}", pick(4) ? "" : "-", pick(4), swizzle(false))
                        : source(false);
            text += fmt::format("{} {}.{}, {}, {};\n", op, destination, lanes[k],
                                vectorFirst ? vector : row, vectorFirst ? row : vector);
        }
        return text;
    }

    std::mt19937& rng_;
};

std::string hex(const Vector4& v) {
    return fmt::format("{:08x} {:08x} {:08x} {:08x}", std::bit_cast<std::uint32_t>(v[0]),
                       std::bit_cast<std::uint32_t>(v[1]), std::bit_cast<std::uint32_t>(v[2]),
                       std::bit_cast<std::uint32_t>(v[3]));
}

void requireSameMachines(const VertexMachine& expected, const VertexMachine& actual) {
    for (int r = 0; r < kResultCount; ++r)
        for (std::size_t i = 0; i < 4; ++i)
            if (!slvm::testing::sameBits(expected.result(static_cast<Result>(r))[i],
                                         actual.result(static_cast<Result>(r))[i]))
                FAIL("o[" << resultName(r) << "]: " << hex(expected.result(static_cast<Result>(r)))
                          << " interpreted, " << hex(actual.result(static_cast<Result>(r)))
                          << " compiled");
    for (int t = 0; t < kMaxTemporaries; ++t)
        for (std::size_t i = 0; i < 4; ++i)
            if (!slvm::testing::sameBits(expected.temporary(t)[i], actual.temporary(t)[i]))
                FAIL("R" << t << ": " << hex(expected.temporary(t)) << " interpreted, "
                         << hex(actual.temporary(t)) << " compiled");
    for (int a = 0; a < 2; ++a)
        REQUIRE(expected.address(a) == actual.address(a));
    for (int i = 0; i < 4; ++i)
        REQUIRE(expected.condition(i) == actual.condition(i));
}

// Runs `program` on every vertex in both executors (one machine each, reused across vertices)
// and requires the same outcome; then runs the vertices as one batch, compiled and interpreted,
// and requires each vertex's results and the statuses the single runs gave.
void requireSameRuns(const VerifiedProgram& program, const std::vector<Vector4>& parameters,
                     const std::vector<AttributeRegisters>& vertices, std::uint64_t budget,
                     const std::string& what) {
    const Executor interpreting(program, jit::VmKind::Interpreter),
        compiling(program, jit::VmKind::Jit);
    REQUIRE(compiling.isCompiled());
    VertexMachine interpreter = interpreting.machine(parameters),
                  compiled = compiling.machine(parameters);
    std::vector<ResultRegisters> expected(vertices.size());
    VertexMachine::BatchStatuses expectedStatuses;
    for (std::size_t v = 0; v < vertices.size(); ++v) {
        INFO(what << "\nvertex " << v << ", budget " << budget);
        const ExecutionResult interpreted = interpreter.run(vertices[v], budget);
        const ExecutionResult actual = compiled.run(vertices[v], budget);
        REQUIRE(statusName(actual.status) == std::string(statusName(interpreted.status)));
        REQUIRE(actual.executed == interpreted.executed);
        requireSameMachines(interpreter, compiled);
        for (int r = 0; r < kResultCount; ++r)
            expected[v][static_cast<std::size_t>(r)] = interpreter.result(static_cast<Result>(r));
        expectedStatuses.budget += interpreted.status == ExecutionStatus::Budget;
        expectedStatuses.overflow += interpreted.status == ExecutionStatus::Overflow;
    }
    for (const Executor* executor : {&interpreting, &compiling}) {
        VertexMachine batched = executor->machine(parameters);
        std::vector<ResultRegisters> results(vertices.size(), VertexMachine::initialResults());
        const VertexMachine::BatchStatuses statuses = batched.runBatch(vertices, results, budget);
        INFO(what << "\nbudget " << budget << ", one batch, "
                  << (executor->isCompiled() ? "compiled" : "interpreted"));
        REQUIRE(statuses.budget == expectedStatuses.budget);
        REQUIRE(statuses.overflow == expectedStatuses.overflow);
        for (std::size_t v = 0; v < vertices.size(); ++v)
            for (int r = 0; r < kResultCount; ++r)
                for (std::size_t i = 0; i < 4; ++i)
                    if (!slvm::testing::sameBits(expected[v][static_cast<std::size_t>(r)][i],
                                                 results[v][static_cast<std::size_t>(r)][i]))
                        FAIL("vertex "
                             << v << ", o[" << resultName(r) << "]: "
                             << hex(expected[v][static_cast<std::size_t>(r)]) << " run alone, "
                             << hex(results[v][static_cast<std::size_t>(r)]) << " in the batch");
        requireSameMachines(interpreter, batched); // the last vertex's registers
    }
}

TEST_CASE("random vertex programs run bitwise as interpreted, for every budget", "[vp2][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    std::mt19937 rng(20261127);
    RandomProgram generator(rng);
    int programs = 0, invariant = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        const std::string text = generator.text(1 + trial % 20);
        std::optional<VerifiedProgram> program;
        try {
            program.emplace(loadVertexProgram(text, "random.vp"));
        } catch (const ProgramError&) {
            continue; // two different parameters or attributes in one instruction, say
        }
        ++programs;
        invariant += program->positionInvariant();
        std::vector<Vector4> parameters;
        for (int i = 0; i < 4; ++i)
            parameters.push_back(randomVector(rng));
        std::vector<AttributeRegisters> vertices(4);
        for (auto& vertex : vertices)
            for (Vector4& a : vertex)
                a = randomVector(rng);
        for (const std::uint64_t budget :
             {std::uint64_t{0}, std::uint64_t{2}, std::uint64_t{11}, kDefaultBudget})
            requireSameRuns(*program, parameters, vertices, budget,
                            fmt::format("trial {}:\n{}", trial, text));
    }
    REQUIRE(programs > 1000);
    REQUIRE(invariant > 200);
}

TEST_CASE("every bundled vertex program runs bitwise as interpreted", "[vp2][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    std::mt19937 rng(11);
    int programs = 0;
    for (const auto& entry : std::filesystem::directory_iterator(LRT_SOURCE_DIR "/vertex")) {
        if (entry.path().extension() != ".vp")
            continue;
        const VerifiedProgram program = loadVertexProgram(
            testing_files::requiredFileBytes(entry.path()), entry.path().string());
        ++programs;
        std::vector<Vector4> parameters;
        for (int i = 0; i < program.limits().parameters; ++i)
            parameters.push_back({std::uniform_real_distribution<float>(-2, 2)(rng),
                                  std::uniform_real_distribution<float>(-2, 2)(rng),
                                  std::uniform_real_distribution<float>(-2, 2)(rng), 1.0f});
        std::vector<AttributeRegisters> vertices(100);
        for (std::size_t v = 0; v < vertices.size(); ++v)
            for (Vector4& a : vertices[v])
                a = v < 80 ? Vector4{std::uniform_real_distribution<float>(-3, 3)(rng),
                                     std::uniform_real_distribution<float>(-3, 3)(rng),
                                     std::uniform_real_distribution<float>(-3, 3)(rng), 1.0f}
                           : randomVector(rng);
        requireSameRuns(program, parameters, vertices, kDefaultBudget, entry.path().string());
    }
    REQUIRE(programs >= 5);
}

} // namespace
} // namespace slvm::vp2
