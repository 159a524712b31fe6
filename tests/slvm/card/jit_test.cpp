// Compiled cards against the interpreter, the oracle: the same registers bit for bit (any NaN for
// a NaN), status and instruction count for random cards (every opcode, every mov form, loops,
// computed jumps, faults) at points full of NaNs, infinities, denormals and signed zeros, cut by
// every budget; and for every bundled card.
#include "slvm/card/assembler.h"
#include "slvm/card/card_image.h"
#include "slvm/card/executor.h"
#include "tests/slvm/jit_test_support.h"

#include <bit>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <random>
#include <set>
#include <string_view>
#include <vector>

namespace slvm::card {
namespace {

constexpr std::uint32_t kSpecialBits[] = {
    0x7fc00000, 0xffc00001, 0x7fa00001,             // NaNs, a signalling one too
    0x7f800000, 0xff800000, 0x00000000, 0x80000000, // infinities, zeros
    0x00000001, 0x80000001, 0x007fffff, 0x00800000, // denormals, FLT_MIN
    0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000, // FLT_MAX, 1, -1
    0x3f000000, 0xc0200000, 0x40490fdb, 0x60ad78ec, // 0.5 -2.5 pi 1e20
};

float specialValue(std::mt19937& rng, bool finite) {
    while (true) {
        const float v =
            std::bit_cast<float>(kSpecialBits[std::uniform_int_distribution<std::size_t>(
                0, std::size(kSpecialBits) - 1)(rng)]);
        if (!finite || std::isfinite(v))
            return v;
    }
}

// One of the opcodes that compute on the accumulators, drawn from the instruction-set table so
// that a new one is in the random cards at once: any but exit, mov and in, which the cards below
// write with their operands.
std::string_view randomArithmetic(std::mt19937& rng) {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> arithmetic;
        for (const Opcode opcode : kAllOpcodes)
            if (opcode != Opcode::Exit && opcode != Opcode::Mov && opcode != Opcode::In)
                arithmetic.push_back(mnemonic(opcode));
        return arithmetic;
    }();
    return names[std::uniform_int_distribution<std::size_t>(0, names.size() - 1)(rng)];
}

float randomValue(std::mt19937& rng, bool finite) {
    if (std::uniform_int_distribution<int>(0, 1)(rng))
        return specialValue(rng, finite);
    return std::uniform_real_distribution<float>(-3.0f, 3.0f)(rng);
}

// A random card in assembler text: arithmetic of every opcode, movs of every form between the
// registers the arithmetic uses and others, immediates, jumps to labels (loops included), pos
// stored and jumped to.
std::string randomCard(std::mt19937& rng, int length) {
    auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    auto number = [&] { // what an immediate may be: finite, and normal or zero
        float v = 0;
        do
            v = randomValue(rng, true);
        while (v != 0 && std::fabs(v) < FLT_MIN);
        return fmt::format("{:.9g}", v);
    };
    std::string text;
    for (int i = 0; i < length; ++i) {
        text += fmt::format("L{}: ", i);
        switch (pick(10)) {
        case 0:
        case 1:
        case 2:
            text += randomArithmetic(rng);
            break;
        case 3:
            text += "in 0";
            break;
        case 4: { // a matrix mov
            const int to = pick(3), from = pick(4);
            text += pick(3) ? fmt::format("mov rm{}, rm{}", to, from) : "mov rm1,";
            if (text.back() == ',')
                for (int k = 0; k < 16; ++k)
                    text += " " + number();
            break;
        }
        case 5: { // a vector mov
            const int to = pick(12), from = pick(12);
            if (pick(2)) {
                text += fmt::format("mov rv{}, rv{}", to, from);
            } else {
                text += fmt::format("mov rv{},", to);
                for (int k = 0; k < 4; ++k)
                    text += " " + number();
            }
            break;
        }
        case 6:
        case 7: { // a float mov
            const int to = pick(48), from = pick(48);
            text += pick(3) ? fmt::format("mov rf{}, rf{}", to, from)
                            : fmt::format("mov rf{}, {}", to, number());
            break;
        }
        case 8: // a jump to a label, maybe backwards
            text += pick(4) ? fmt::format("mov pos, L{}", pick(length))
                            : fmt::format("mov rf{}, pos", 40 + pick(4));
            break;
        default: // a computed jump: often to a stored pos, sometimes to any number
            text += fmt::format("mov pos, rf{}", pick(3) ? 40 + pick(4) : pick(8));
            break;
        }
        text += "\n";
    }
    return text;
}

std::string describe(const std::array<float, kRegisterFloats>& r) {
    std::string text;
    for (std::size_t i = 0; i < r.size(); ++i)
        text +=
            fmt::format("{:08x}{}", std::bit_cast<std::uint32_t>(r[i]), i % 8 == 7 ? "\n" : " ");
    return text;
}

// Requires the compiled distances, four points at a time (NativeCard::distances), to give each
// point's `expected` distance.
void requireSameLanes(const Executor& compiled, const std::vector<std::array<float, 3>>& points,
                      const std::vector<float>& expected, std::uint64_t budget,
                      const std::string& what) {
    for (std::size_t first = 0; first + 4 <= points.size(); first += 4) {
        std::array<float, 4> x, y, z;
        for (std::size_t i = 0; i < 4; ++i)
            x[i] = points[first + i][0], y[i] = points[first + i][1], z[i] = points[first + i][2];
        const std::array<float, 4> lanes = compiled.distances(x, y, z, budget);
        for (std::size_t i = 0; i < 4; ++i) {
            INFO(what << "\npoint " << x[i] << " " << y[i] << " " << z[i] << " as lane " << i
                      << ", budget " << budget);
            REQUIRE(slvm::testing::sameBits(lanes[i], expected[first + i]));
        }
    }
}

// Runs the card at each point in both executors (one machine each, reused across points) and
// requires the same outcome, and the same compiled distance, one point and four points at a time.
void requireSameRuns(const VerifiedProgram& program,
                     const std::vector<std::array<float, 3>>& points, std::uint64_t budget,
                     const std::string& what) {
    const Executor executor(program, jit::VmKind::Jit);
    REQUIRE(executor.isCompiled());
    CardMachine interpreter(program, budget), compiled = executor.machine(budget);
    std::vector<float> expectedDistances;
    for (const auto& p : points) {
        const ExecutionResult expected = interpreter.run(p[0], p[1], p[2]);
        const ExecutionResult actual = compiled.run(p[0], p[1], p[2]);
        INFO(what << "\npoint " << p[0] << " " << p[1] << " " << p[2] << ", budget " << budget);
        REQUIRE(statusName(actual.status) == std::string(statusName(expected.status)));
        REQUIRE(actual.executed == expected.executed);
        const float distance = executor.distance(p[0], p[1], p[2], budget);
        const float expectedDistance =
            expected.status == ExecutionStatus::Ok ? interpreter.distance() : NAN;
        REQUIRE(slvm::testing::sameBits(distance, expectedDistance));
        expectedDistances.push_back(expectedDistance);
        if (!slvm::testing::sameBits(interpreter.registers(), compiled.registers())) {
            INFO("interpreter:\n"
                 << describe(interpreter.registers()) << "compiled:\n"
                 << describe(compiled.registers()));
            FAIL("the registers differ");
        }
    }
    requireSameLanes(executor, points, expectedDistances, budget, what);
}

TEST_CASE("random cards run bitwise as interpreted, for every budget", "[card][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    std::mt19937 rng(20261127);
    std::set<ExecutionStatus> statuses;
    int cards = 0;
    for (int trial = 0; trial < 1500; ++trial) {
        const std::string text = randomCard(rng, 1 + trial % 24);
        std::optional<VerifiedProgram> program;
        try {
            program.emplace(verify(assemble(text, "random.pc")));
        } catch (const ProgramError&) {
            continue; // a computed jump the verifier refuses, say
        }
        ++cards;
        std::vector<std::array<float, 3>> points;
        for (int p = 0; p < 4; ++p)
            points.push_back(
                {randomValue(rng, false), randomValue(rng, false), randomValue(rng, false)});
        for (const std::uint64_t budget :
             {std::uint64_t{0}, std::uint64_t{3}, std::uint64_t{17}, kDefaultBudget}) {
            requireSameRuns(*program, points, budget, fmt::format("trial {}:\n{}", trial, text));
            CardMachine probe(*program, budget);
            statuses.insert(probe.run(points[0][0], points[0][1], points[0][2]).status);
        }
    }
    REQUIRE(cards > 1000);
    REQUIRE(statuses.size() == 3); // ok, budget and fault all seen
}

// A straight-line card of moderate numbers, as an SDF is: the point, then arithmetic and movs
// among the registers the arithmetic uses and a few others, with immediates in [-2, 2]. Most of
// its work is on floats that never reach rf0, which the distance function leaves out.
std::string straightLineCard(std::mt19937& rng, int length) {
    auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
    auto number = [&] {
        return fmt::format("{:.6g}", std::uniform_real_distribution<float>(-2, 2)(rng));
    };
    std::string text = "in 0\n";
    for (int i = 0; i < length; ++i) {
        switch (pick(6)) {
        case 0:
        case 1:
            text += randomArithmetic(rng);
            break;
        case 2:
            text += pick(2) ? fmt::format("mov rm{}, rm{}", pick(3), pick(3))
                            : fmt::format("mov rv{}, rv{}", pick(12), pick(12));
            break;
        case 3:
            text += fmt::format("mov rv{}, {} {} {} {}", pick(12), number(), number(), number(),
                                number());
            break;
        default:
            text += pick(4)   ? fmt::format("mov rf{}, rf{}", pick(48), pick(48))
                    : pick(2) ? fmt::format("mov rf{}, {}", pick(48), number())
                              : fmt::format("mov rf{}, pos", pick(48));
            break;
        }
        text += "\n";
    }
    return text;
}

TEST_CASE("the distance alone is the interpreter's rf0, for straight-line cards, one point or "
          "four at a time",
          "[card][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    std::mt19937 rng(31);
    int numbers = 0, runs = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        const std::string text = straightLineCard(rng, 1 + trial % 30);
        const VerifiedProgram program = verify(assemble(text, "straight.pc"));
        const Executor executor(program, jit::VmKind::Jit);
        REQUIRE(executor.isCompiled());
        CardMachine interpreter(program);
        std::vector<std::array<float, 3>> points;
        std::vector<float> expectedDistances;
        for (int p = 0; p < 4; ++p) {
            const float x = std::uniform_real_distribution<float>(-2, 2)(rng),
                        y = std::uniform_real_distribution<float>(-2, 2)(rng),
                        z = std::uniform_real_distribution<float>(-2, 2)(rng);
            REQUIRE(interpreter.run(x, y, z).status == ExecutionStatus::Ok);
            const float expected = interpreter.distance(), actual = executor.distance(x, y, z);
            INFO("trial " << trial << ":\n" << text << "point " << x << " " << y << " " << z);
            REQUIRE(slvm::testing::sameBits(expected, actual));
            numbers += !std::isnan(expected);
            ++runs;
            points.push_back({x, y, z});
            expectedDistances.push_back(expected);
        }
        requireSameLanes(executor, points, expectedDistances, kDefaultBudget,
                         fmt::format("trial {}:\n{}", trial, text));
    }
    REQUIRE(numbers > runs / 2); // mostly numbers, so that a wrong one shows
}

TEST_CASE("an empty card runs compiled to distance 0", "[card][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    const VerifiedProgram program = verify(assemble("", "empty.pc"));
    REQUIRE(program.instructions().empty());
    const Executor executor(program, jit::VmKind::Jit);
    REQUIRE(executor.isCompiled());
    CardMachine machine = executor.machine();
    REQUIRE(machine.run(1, 2, 3).status == ExecutionStatus::Ok);
    REQUIRE(machine.distance() == 0.0f);
    REQUIRE(executor.distance(1, 2, 3) == 0.0f);
    REQUIRE(executor.distances({1, 2, 3, 4}, {0, 0, 0, 0}, {5, 6, 7, 8}) ==
            std::array<float, 4>{0, 0, 0, 0});
}

TEST_CASE("every bundled card runs bitwise as interpreted", "[card][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    std::mt19937 rng(5);
    int cards = 0;
    for (const auto& entry : std::filesystem::directory_iterator(LRT_SOURCE_DIR "/sdf")) {
        if (entry.path().extension() != ".exr")
            continue;
        ++cards;
        const VerifiedProgram program = verify(readCardImage(entry.path()));
        std::vector<std::array<float, 3>> points;
        for (int p = 0; p < 200; ++p)
            points.push_back(
                p < 150 ? std::array<float, 3>{std::uniform_real_distribution<float>(-2, 2)(rng),
                                               std::uniform_real_distribution<float>(-2, 2)(rng),
                                               std::uniform_real_distribution<float>(-2, 2)(rng)}
                        : std::array<float, 3>{randomValue(rng, false), randomValue(rng, false),
                                               randomValue(rng, false)});
        requireSameRuns(program, points, kDefaultBudget, entry.path().string());
    }
    REQUIRE(cards >= 7);
}

} // namespace
} // namespace slvm::card
