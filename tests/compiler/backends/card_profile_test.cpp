// The card profile: the library's signed-distance functions compiled to cards give, at random
// points, what the same formulas give in native C++; what a card cannot do is refused.
#include "compiler/driver/compile.h"
#include "slvm/card/card_image.h"
#include "slvm/card/vm.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <functional>
#include <random>

namespace {

struct P {
    double x, y, z;
};

double length3(double x, double y, double z) {
    return std::sqrt(x * x + y * y + z * z);
}

double box(P p, double bx, double by, double bz) {
    const double qx = std::fabs(p.x) - bx, qy = std::fabs(p.y) - by, qz = std::fabs(p.z) - bz;
    return length3(std::max(qx, 0.0), std::max(qy, 0.0), std::max(qz, 0.0)) +
           std::min(std::max(qx, std::max(qy, qz)), 0.0);
}

double smin(double a, double b, double k) {
    const double h = std::clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
    return b + (a - b) * h - k * h * (1 - h);
}

double frac(double x) {
    return x - std::floor(x);
}

// The library's functions, written again from their formulas (Inigo Quilez's).
const std::map<std::string, std::function<double(P)>> kNative = {
    {"sphere", [](P p) { return length3(p.x, p.y, p.z) - 1.0; }},
    {"box", [](P p) { return box(p, 0.75, 0.75, 0.75); }},
    {"roundbox", [](P p) { return box(p, 0.55, 0.55, 0.55) - 0.2; }},
    {"torus", [](P p) { return std::hypot(std::hypot(p.x, p.y) - 0.7, p.z) - 0.25; }},
    {"capsule",
     [](P p) {
         const double h = std::clamp((p.z + 0.6) / 1.2, 0.0, 1.0);
         return length3(p.x, p.y, p.z + 0.6 - 1.2 * h) - 0.35;
     }},
    {"blend",
     [](P p) {
         const double sphere = length3(p.x - 0.35, p.y, p.z - 0.25) - 0.55;
         const double cube = box({p.x + 0.3, p.y, p.z + 0.2}, 0.45, 0.45, 0.45);
         return std::max(smin(sphere, cube, 0.25), -(std::hypot(p.x, p.y) - 0.22));
     }},
    {"sponge",
     [](P p) {
         double d = box(p, 1, 1, 1), s = 1;
         for (int level = 0; level < 3; ++level) {
             const double ax = frac(p.x * s * 0.5) * 2 - 1, ay = frac(p.y * s * 0.5) * 2 - 1,
                          az = frac(p.z * s * 0.5) * 2 - 1;
             s *= 3;
             const double rx = std::fabs(1 - 3 * std::fabs(ax)),
                          ry = std::fabs(1 - 3 * std::fabs(ay)),
                          rz = std::fabs(1 - 3 * std::fabs(az));
             const double c =
                 (std::min(std::max(rx, ry), std::min(std::max(ry, rz), std::max(rz, rx))) - 1) / s;
             d = std::max(d, c);
         }
         return d;
     }},
};

compiler::CompiledProgram compileCard(const std::filesystem::path& path) {
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Card;
    return compiler::compileCgFile(path, options);
}

compiler::CompiledProgram compileCardText(const std::string& source) {
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Card;
    return compiler::compileCg(std::make_shared<const slvm::SourceText>("t.cg", source), options);
}

TEST_CASE("the library's SDFs compiled to cards agree with native evaluation", "[compiler][card]") {
    const std::filesystem::path folder = std::filesystem::path(LRT_SOURCE_DIR) / "sdf";
    for (const auto& [name, native] : kNative) {
        INFO("sdf/" << name << ".cg");
        const compiler::CompiledProgram compiled = compileCard(folder / (name + ".cg"));
        REQUIRE(compiled.card());
        INFO(compiled.assembly);
        slvm::card::CardMachine machine(*compiled.card());
        std::mt19937 random(11);
        std::uniform_real_distribution<double> coordinate(-1.5, 1.5);
        for (int sample = 0; sample < 300; ++sample) {
            const P p{coordinate(random), coordinate(random), coordinate(random)};
            const auto result = machine.run(static_cast<float>(p.x), static_cast<float>(p.y),
                                            static_cast<float>(p.z));
            REQUIRE(result.status == slvm::ExecutionStatus::Ok);
            const double expected = native(p);
            INFO("at (" << p.x << ", " << p.y << ", " << p.z << "): card " << machine.distance()
                        << ", native " << expected);
            // frac's discontinuities: a point within float rounding of one may land either side.
            if (name == "sponge" && std::fabs(machine.distance() - expected) > 1e-4)
                continue;
            CHECK(std::fabs(machine.distance() - expected) < 1e-5 * (1 + std::fabs(expected)));
        }
    }
}

TEST_CASE("the library's shipped cards are its Cg sources compiled", "[compiler][card]") {
    const std::filesystem::path folder = std::filesystem::path(LRT_SOURCE_DIR) / "sdf";
    for (const auto& [name, native] : kNative) {
        INFO("sdf/" << name << ".exr is not sdf/" << name << ".cg compiled: run lrt cg compile sdf/"
                    << name << ".cg --profile card -o sdf/" << name << ".exr");
        const compiler::CompiledProgram compiled = compileCard(folder / (name + ".cg"));
        const slvm::card::Card shipped = slvm::card::readCardImage(folder / (name + ".exr"));
        CHECK(shipped.pixels == compiled.card()->card().pixels);
    }
}

TEST_CASE(
    "card profile: the entry is sdf, parameters are the point, and the result is the distance",
    "[compiler][card]") {
    const auto compiled = compileCardText("float sdf(float3 p) { return p.y * 2.0 - p.z; }");
    slvm::card::CardMachine machine(*compiled.card());
    machine.run(1, 3, 0.5f);
    CHECK(machine.distance() == 5.5f);
    const auto named =
        compileCardText("float shape(float3 q : POSITION) : DISTANCE { return -q.x; }\n"
                        "float sdf(float3 p) { return 0.0; }");
    compiler::CompileOptions options;
    options.profile = compiler::ProfileId::Card;
    options.entry = "shape";
    const auto entry = compiler::compileCg(
        std::make_shared<const slvm::SourceText>("t.cg", "float shape(float3 q) { return -q.x; }"),
        options);
    slvm::card::CardMachine second(*entry.card());
    second.run(2, 0, 0);
    CHECK(second.distance() == -2);
    CHECK(named.card());
}

TEST_CASE("card profile: comparisons, selects and branches flatten into arithmetic",
          "[compiler][card]") {
    const auto compiled = compileCardText(R"(
        float sdf(float3 p) {
            float d = 0.0;
            if (p.x > 0.5) d = 1.0; else if (p.x <= -0.5) d = -1.0;
            if (p.y == p.z) d += 10.0;
            if (p.y != 2.0 && !(p.z >= 3.0)) d += 100.0;
            return d;
        })");
    slvm::card::CardMachine machine(*compiled.card());
    struct Case {
        float x, y, z, expected;
    };
    for (const Case c : {Case{1, 2, 2, 11}, Case{-1, 0, 1, 99}, Case{0.5f, 1, 3, 0},
                         Case{-0.5f, 4, 4, 9}, Case{0, 3, 3, 10}}) {
        INFO(c.x << ", " << c.y << ", " << c.z);
        machine.run(c.x, c.y, c.z);
        CHECK(machine.distance() == c.expected);
    }
}

TEST_CASE("card profile: without sdf, Cg's usual entry main is the card's", "[compiler][card]") {
    // Issue 31, defect 3: "no entry function 'sdf'" for a program cgc would compile.
    const auto compiled = compileCardText("float main(float3 p) { return p.x - 2.0 * p.y; }");
    slvm::card::CardMachine machine(*compiled.card());
    machine.run(1, 3, 0);
    CHECK(machine.distance() == -5.0f);
    // sdf comes first when a program has both.
    const auto both = compileCardText("float main(float3 p) { return 1.0; }\n"
                                      "float sdf(float3 p) { return 2.0; }");
    slvm::card::CardMachine second(*both.card());
    second.run(0, 0, 0);
    CHECK(second.distance() == 2.0f);
}

TEST_CASE("card profile: what a card cannot do is refused with the reason", "[compiler][card]") {
    const std::pair<const char*, const char*> refused[] = {
        {"float sdf(float3 p) { return exp(p.x); }", "exp() is not available in profile card"},
        {"float sdf(float3 p) { return pow(p.x, 2.0); }", "no exponential or logarithm"},
        {"float sdf(float3 p) { return random(); }", "function of the point alone"},
        {"float sdf(float3 p) { discard; return 0.0; }", "always returns a distance"},
        {"float sdf(float3 p : NORMAL) { return 0.0; }", "unknown input semantic 'NORMAL'"},
        {"float distance(float3 p) { return 0.0; }",
         "no entry function: profile card starts in 'sdf', or else 'main'"},
    };
    for (const auto& [source, message] : refused) {
        INFO(source);
        CHECK_THROWS_WITH(compileCardText(source), Catch::Contains(message));
    }
}

} // namespace
