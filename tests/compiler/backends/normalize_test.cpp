// normalize() on every profile: a unit vector for any vector whose squared length is a normal
// float, and the zero vector for the zero vector (Cg leaves it undefined; lrt pins it, issue 31
// defect 10: a vp2 program with normalize(a - a) gave NaN where the folder and SL gave 0).
#include "compiler/driver/compile.h"
#include "slvm/card/vm.h"
#include "slvm/sl/vm.h"
#include "slvm/vp2/vm.h"
#include "tests/compiler/quiet_host.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <fmt/format.h>

namespace {

compiler::CompiledProgram compile(const std::string& source, const char* profile) {
    compiler::CompileOptions options;
    options.profile = compiler::requireProfile(profile).id;
    return compiler::compileCg(std::make_shared<const slvm::SourceText>("n.cg", source), options);
}

// normalize(a - b) with a and b the machine's inputs, per profile; a == b gives the zero vector.
std::array<float, 3> surface(std::array<float, 3> a, std::array<float, 3> b) {
    const auto program = compile("float3 main(float3 N : N, float3 L : L) : COLOR {\n"
                                 "    return normalize(N - L);\n}\n",
                                 "sl");
    slvm::sl::RegisterFile registers = slvm::sl::RegisterFile::withDefaults();
    registers.vector(slvm::sl::reg::N) = {a[0], a[1], a[2], 0};
    registers.vector(slvm::sl::reg::L) = {b[0], b[1], b[2], 0};
    compiler::testing::QuietHost host;
    slvm::sl::execute(*program.sl(), registers, host);
    const auto& v0 = registers.vector(slvm::sl::reg::v0);
    return {v0[0], v0[1], v0[2]};
}

std::array<float, 3> vertex(const char* profile, std::array<float, 3> a, std::array<float, 3> b) {
    const auto program = compile("float4 main(float4 a : ATTR0, float4 b : ATTR1) : POSITION {\n"
                                 "    return float4(normalize(a.xyz - b.xyz), 1);\n}\n",
                                 profile);
    std::vector<slvm::vp2::Vector4> parameters(slvm::vp2::kMaxParameters);
    for (const compiler::ConstantSlot& slot : program.constants)
        parameters[static_cast<std::size_t>(slot.index)] = slot.value;
    slvm::vp2::VertexMachine machine(*program.vertex(), parameters);
    std::array<slvm::vp2::Vector4, slvm::vp2::kAttributeCount> inputs{};
    inputs[0] = {a[0], a[1], a[2], 1};
    inputs[1] = {b[0], b[1], b[2], 1};
    machine.run(inputs);
    const auto& hpos = machine.result(slvm::vp2::Result::HPOS);
    return {hpos[0], hpos[1], hpos[2]};
}

// The card returns one component of normalize(p - (1, 2, 2)).
float card(int component, std::array<float, 3> p) {
    const auto program = compile(
        fmt::format("float sdf(float3 p) {{\n    return normalize(p - float3(1, 2, 2)).{};\n}}\n",
                    "xyz"[component]),
        "card");
    slvm::card::CardMachine machine(*program.card());
    machine.run(p[0], p[1], p[2]);
    return machine.distance();
}

} // namespace

TEST_CASE("normalize of the zero vector is the zero vector on every profile", "[compiler]") {
    const std::array<float, 3> p{1, 2, 2};
    CHECK(surface(p, p) == std::array<float, 3>{0, 0, 0});
    for (const char* profile : {"vp1.1", "vp2"}) {
        INFO("profile " << profile);
        CHECK(vertex(profile, p, p) == std::array<float, 3>{0, 0, 0});
    }
    for (int c = 0; c < 3; ++c)
        CHECK(card(c, p) == 0.0f);
    // The constant folder agrees: normalize of a constant zero vector, plus N.
    const auto folded = compile("float3 main(float3 N : N) : COLOR {\n"
                                "    return normalize(float3(0, 0, 0)) + N;\n}\n",
                                "sl");
    slvm::sl::RegisterFile registers = slvm::sl::RegisterFile::withDefaults();
    registers.vector(slvm::sl::reg::N) = {1, 2, 3, 0};
    compiler::testing::QuietHost host;
    slvm::sl::execute(*folded.sl(), registers, host);
    CHECK(registers.vector(slvm::sl::reg::v0)[0] == 1);
    CHECK(registers.vector(slvm::sl::reg::v0)[2] == 3);
}

TEST_CASE("normalize gives the unit vector (1, 2, 2) / 3 on every profile", "[compiler]") {
    const std::array<float, 3> p{1, 2, 2}, origin{0, 0, 0};
    const auto close = [](const std::array<float, 3>& v) {
        CHECK(v[0] == Approx(1.0 / 3).epsilon(1e-6));
        CHECK(v[1] == Approx(2.0 / 3).epsilon(1e-6));
        CHECK(v[2] == Approx(2.0 / 3).epsilon(1e-6));
    };
    close(surface(p, origin));
    close(vertex("vp1.1", p, origin));
    close(vertex("vp2", p, origin));
    close({card(0, {2, 4, 4}), card(1, {2, 4, 4}), card(2, {2, 4, 4})});
}
