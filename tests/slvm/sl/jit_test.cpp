// Compiled SL programs against the interpreter, the oracle: the same registers bit for bit (any
// NaN for a NaN), the
// same status and instruction count, for every instruction over NaNs (quiet, signalling, with
// payloads), infinities, denormals and signed zeros, for random programs with loops cut by every
// budget, and for every bundled shader.
#include "program_generator.h"
#include "slvm/jit/native_code.h"
#include "slvm/sl/assembler.h"
#include "slvm/sl/executor.h"
#include "slvm/sl/noise.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/shader_file.h"
#include "slvm/sl/verifier.h"
#include "tests/slvm/jit_test_support.h"

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <random>
#include <set>
#include <stdexcept>

namespace slvm::sl {
namespace {

// Answers depend on every argument, so that a misplaced one shows in the result.
class EchoHost final : public Host {
public:
    Float3 trace(const Float3& o, const Float3& d) override {
        return {o[0] + d[1], o[1] * d[2], o[2] - d[0]};
    }
    Float3 lookup(int unit, float s, float t) override {
        return {static_cast<float>(unit), s * 2.0f, t - 1.0f};
    }
    float random() override { return static_cast<float>(calls_++ % 7) / 7.0f; }
    float turbulence(float x) override { return sl::turbulence(x, 0.5f, 0.25f); }
    float turbulence(const Float3& p) override { return sl::turbulence(p[0], p[1], p[2]); }

private:
    int calls_ = 0;
};

// Values where IEEE arithmetic has its corner cases, by bit pattern.
constexpr std::uint32_t kSpecialBits[] = {
    0x7fc00000, 0x7fc12345, 0xffc00001, 0x7f800001, 0xff800123, // NaNs, signalling ones too
    0x7f800000, 0xff800000,                                     // infinities
    0x00000000, 0x80000000,                                     // zeros
    0x00000001, 0x80000001, 0x007fffff, 0x00800000,             // denormals, FLT_MIN
    0x7f7fffff, 0xff7fffff,                                     // FLT_MAX
    0x3f800000, 0xbf800000, 0x3f000000, 0xc0200000, 0x40490fdb, // 1 -1 0.5 -2.5 pi
    0x0da24260, 0x7149f2ca, 0x1e3ce508, 0x60ad78ec, 0x1a000000, // 1e-30 1e30 1e-20 1e20 2^-75
};

float randomValue(std::mt19937& rng) {
    std::uniform_int_distribution<int> choice(0, 9);
    if (choice(rng) < 6)
        return std::bit_cast<float>(kSpecialBits[std::uniform_int_distribution<std::size_t>(
            0, std::size(kSpecialBits) - 1)(rng)]);
    if (choice(rng) < 5)
        return std::uniform_real_distribution<float>(-4.0f, 4.0f)(rng);
    return std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
}

RegisterFile randomRegisters(std::mt19937& rng) {
    RegisterFile r;
    for (Float4& slot : r.slots)
        for (float& v : slot)
            v = randomValue(rng);
    return r;
}

std::string describe(const RegisterFile& r) {
    std::string text;
    for (std::size_t i = 0; i < r.slots.size(); ++i)
        text += fmt::format("r{}: {:08x} {:08x} {:08x} {:08x}\n", i,
                            std::bit_cast<std::uint32_t>(r.slots[i][0]),
                            std::bit_cast<std::uint32_t>(r.slots[i][1]),
                            std::bit_cast<std::uint32_t>(r.slots[i][2]),
                            std::bit_cast<std::uint32_t>(r.slots[i][3]));
    return text;
}

// Runs `program` both ways from `registers` and requires the same outcome, bit for bit.
void requireSameRun(const VerifiedProgram& program, const RegisterFile& registers,
                    std::uint64_t budget, const std::string& what) {
    RegisterFile interpreted = registers, compiled = registers;
    EchoHost interpreterHost, compiledHost;
    const ExecutionResult expected = execute(program, interpreted, interpreterHost, budget);
    const Executor executor(program, jit::VmKind::Jit);
    REQUIRE(executor.isCompiled());
    const ExecutionResult actual = executor.execute(compiled, compiledHost, budget);
    INFO(what << "\nbudget " << budget << "\nregisters before:\n" << describe(registers));
    REQUIRE(actual.status == expected.status);
    REQUIRE(actual.executed == expected.executed);
    if (!slvm::testing::sameBits(std::span(interpreted.slots[0].data(), 4 * kRegisterCount),
                                 std::span(compiled.slots[0].data(), 4 * kRegisterCount))) {
        INFO("interpreter:\n" << describe(interpreted) << "compiled:\n" << describe(compiled));
        FAIL("the registers differ");
    }
}

std::string listing(const Program& program) {
    std::string text;
    for (const Instruction& in : program.code)
        text += fmt::format("op {} comp {} a {} b {} c {:08x}\n", in.opcode, in.component, in.a,
                            in.b, in.c);
    return text;
}

TEST_CASE("every SL instruction computes bitwise what the interpreter computes", "[sl][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    std::mt19937 rng(20261127);
    std::set<Operation> covered;
    for (int trial = 0; trial < 6000; ++trial) {
        const VerifiedProgram program = verify(testing::randomProgram(rng, 1 + trial % 3));
        for (const ExecInstruction& in : program.code())
            covered.insert(in.operation);
        requireSameRun(program, randomRegisters(rng), kDefaultBudget,
                       fmt::format("trial {}:\n{}", trial, listing(program.program())));
    }
    REQUIRE(covered.size() == static_cast<std::size_t>(Operation::Lookup) + 1);
}

TEST_CASE("random SL programs with loops stop where the interpreter stops, for every budget",
          "[sl][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    std::mt19937 rng(7);
    for (int trial = 0; trial < 400; ++trial) {
        const VerifiedProgram program = verify(testing::randomProgram(rng, 8 + trial % 40));
        const RegisterFile registers = randomRegisters(rng);
        const std::string what = fmt::format("trial {}:\n{}", trial, listing(program.program()));
        for (const std::uint64_t budget : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{5},
                                           std::uint64_t{37}, std::uint64_t{1000}, kDefaultBudget})
            requireSameRun(program, registers, budget, what);
    }
    // Code larger than a block of executable memory (a page).
    const VerifiedProgram longProgram = verify(testing::randomProgram(rng, 3000));
    requireSameRun(longProgram, randomRegisters(rng), kDefaultBudget, "a 3000-instruction program");
}

TEST_CASE("every bundled SL shader runs bitwise as interpreted", "[sl][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    std::mt19937 rng(3);
    int shaders = 0;
    for (const auto& entry : std::filesystem::directory_iterator(LRT_SOURCE_DIR "/shaders")) {
        if (entry.path().extension() != ".sl")
            continue;
        ++shaders;
        const VerifiedProgram program = loadShaderFile(entry.path());
        for (int trial = 0; trial < 50; ++trial) {
            RegisterFile registers = RegisterFile::withDefaults();
            for (Float4& slot : registers.slots)
                for (float& v : slot)
                    v = trial < 40 ? std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng)
                                   : randomValue(rng);
            requireSameRun(program, registers, kDefaultBudget,
                           fmt::format("{} trial {}", entry.path().string(), trial));
        }
    }
    REQUIRE(shaders >= 10);
}

TEST_CASE("a host call that throws reaches the caller of compiled code", "[sl][jit]") {
    if (!slvm::testing::compiledCodeRuns())
        return;
    class ThrowingHost final : public Host {
    public:
        Float3 trace(const Float3&, const Float3&) override {
            throw std::runtime_error("no scene");
        }
        Float3 lookup(int, float, float) override { return {}; }
        float random() override { return 0; }
        float turbulence(float) override { return 0; }
        float turbulence(const Float3&) override { return 0; }
    };
    const VerifiedProgram program = assemble("sl 1.0\ntrace v0, P, N\nret\n", "throw.sl");
    const Executor executor(program, jit::VmKind::Jit);
    REQUIRE(executor.isCompiled());
    RegisterFile registers = RegisterFile::withDefaults();
    ThrowingHost host;
    REQUIRE_THROWS_WITH(executor.execute(registers, host), "no scene");
}

} // namespace
} // namespace slvm::sl
