// Register pressure on profile sl (issue 53, item 7): how many of the differential tests' random
// programs SL refuses for want of registers, in batches of 150 consecutive program seeds (batch
// b is seeds 150 b to 150 b + 149) and over the whole corpus; and values built component by
// component in the register of a vector they read for the last time.
#include "compiler/driver/compile.h"
#include "slvm/sl/register_file.h"
#include "slvm/sl/registers.h"
#include "slvm/sl/vm.h"
#include "tests/compiler/quiet_host.h"
#include "tests/compiler/random_program.h"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fmt/format.h>

namespace {

using compiler::testing::RandomProgram;

constexpr int kBatch = 150;

// Whether profile sl refuses program `seed` of the differential tests for want of registers; any
// other error fails the test.
bool refusedBySl(bool tl, int seed) {
    const RandomProgram program(
        compiler::testing::slProgramShape(tl, static_cast<std::uint64_t>(seed)),
        static_cast<std::uint64_t>(seed));
    compiler::CompileOptions options;
    try {
        if (tl) {
            compiler::compileTl(
                std::make_shared<const slvm::SourceText>("random.t", program.tlSource()), options);
        } else {
            options.entry = "main";
            compiler::compileCg(
                std::make_shared<const slvm::SourceText>("random.cg", program.source()), options);
        }
        return false;
    } catch (const slvm::ProgramError& error) {
        INFO("program seed " << seed << ": " << error.what());
        REQUIRE(std::string(error.what()).find("registers than SL has") != std::string::npos);
        if (std::getenv("LRT_PRESSURE_VERBOSE"))
            fmt::print("seed {}: {}\n", seed, std::string(error.what()).substr(0, 400));
        return true;
    }
}

int refusedInRange(bool tl, int first, int count) {
    int refused = 0;
    for (int seed = first; seed < first + count; ++seed)
        refused += refusedBySl(tl, seed);
    return refused;
}

} // namespace

// Batches 23 and 41 (seeds 3450 to 3599 and 6150 to 6299) lie beyond the differential tests'
// programs. Before, SL refused 4 and 3 of their T-Language programs (10 in the worst batch of the
// first 3,000) and 23 of their 300 Cg programs (8.3% of the first 3,000): the products and
// swizzles SL builds component by component took a vector besides their operands' that the
// scheduler did not count.
TEST_CASE("profile sl refuses at most one in 150 random T-Language programs and 2% of Cg ones",
          "[compiler][sl][tl]") {
    int cg = 0;
    for (const int batch : {23, 41}) {
        INFO("batch " << batch);
        CHECK(refusedInRange(true, batch * kBatch, kBatch) <= 1);
        cg += refusedInRange(false, batch * kBatch, kBatch);
    }
    CHECK(cg * 50 <= 2 * kBatch);
}

// Each is built in the register of the value it reads (a computed vector that dies there): the
// components it writes first must not be ones it still has to read.
TEST_CASE("swizzles, constructors and products built in the register of a dying operand",
          "[compiler][sl]") {
    const struct {
        const char* body;
        std::array<float, 3> expected;
    } cases[] = {
        // t = N + L = (1, 2, 3) in each; Kd = 10.
        {"return t.zxy;", {3, 1, 2}},
        {"return t.yzx;", {2, 3, 1}},
        {"return t.zyx;", {3, 2, 1}},
        {"return t.xxz;", {1, 1, 3}},
        {"return t.yxx;", {2, 1, 1}},
        {"return float3(t.z, Kd, t.x);", {3, 10, 1}},
        {"return float3(t.yz, t.x);", {2, 3, 1}},
        {"return t * t;", {1, 4, 9}},
        {"return t.zxy * t;", {3, 2, 6}},
        {"return t + float3(1, 2, 3);", {2, 4, 6}},
        {"return float3(1, 2, 3) - t;", {0, 0, 0}},
        {"return min(t, float3(2, 2, 2));", {1, 2, 2}},
    };
    for (const auto& test : cases) {
        const std::string source =
            fmt::format("float3 main(float3 N : N, float3 L : L, float Kd : Kd) : COLOR\n"
                        "{{\n    float3 t = N + L;\n    {}\n}}\n",
                        test.body);
        INFO(source);
        compiler::CompileOptions options;
        const auto program = compiler::compileCg(
            std::make_shared<const slvm::SourceText>("in_place.cg", source), options);
        INFO(program.assembly);
        namespace sl = slvm::sl;
        sl::RegisterFile registers = sl::RegisterFile::withDefaults();
        registers.vector(*sl::findRegister("N")) = {0.5f, 1.5f, 2.5f, 0};
        registers.vector(*sl::findRegister("L")) = {0.5f, 0.5f, 0.5f, 0};
        registers.scalar(*sl::findRegister("Kd")) = 10;
        compiler::testing::QuietHost host;
        REQUIRE(sl::execute(*program.sl(), registers, host).status == sl::ExecutionStatus::Ok);
        const auto& v0 = registers.vector(sl::reg::v0);
        for (std::size_t c = 0; c < 3; ++c)
            CHECK(v0[c] == test.expected[c]);
    }
}

// The figures docs/cg.md quotes ("Registers and limits"): every batch of the first
// LRT_PRESSURE_PROGRAMS (default 3,000) programs, for T-Language and for Cg; with
// LRT_PRESSURE_VERBOSE set, each refusal's error too.
TEST_CASE("figures: random programs profile sl refuses, per batch of 150 seeds",
          "[.][sl-pressure-figures]") {
    const char* count = std::getenv("LRT_PRESSURE_PROGRAMS");
    const int programs = count ? std::max(kBatch, std::atoi(count)) : 3000;
    for (const bool tl : {true, false}) {
        std::string batches, seeds;
        int total = 0, worst = 0;
        for (int batch = 0; batch * kBatch < programs; ++batch) {
            int refused = 0;
            for (int seed = batch * kBatch; seed < (batch + 1) * kBatch; ++seed)
                if (refusedBySl(tl, seed)) {
                    ++refused;
                    seeds += fmt::format(" {}", seed);
                }
            batches += fmt::format(" {}", refused);
            total += refused;
            worst = std::max(worst, refused);
        }
        WARN((tl ? "T-Language" : "Cg") << ", profile sl: " << total << " of " << programs
                                        << " refused; per batch of 150:" << batches << " (at most "
                                        << worst << "); seeds:" << seeds);
    }
}
