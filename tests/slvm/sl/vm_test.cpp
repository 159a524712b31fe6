// Every opcode and operand form of the VM, with expected values worked out by hand.
#include "sl_test_support.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using namespace slvm::sl;
using slvm::sl::testing::FakeHost;
using slvm::sl::testing::run;

namespace {
RegisterFile withVector(int index, Float4 value, RegisterFile r = RegisterFile::withDefaults()) {
    r.vector(index) = value;
    return r;
}
RegisterFile withScalar(int index, float value, RegisterFile r = RegisterFile::withDefaults()) {
    r.scalar(index) = value;
    return r;
}
} // namespace

TEST_CASE("Default registers follow docs/sl.md", "[sl][vm]") {
    const RegisterFile r = RegisterFile::withDefaults();
    CHECK(r.scalar(reg::Kd) == 0.5f);
    CHECK(r.scalar(reg::Ks) == 0.5f);
    CHECK(r.scalar(reg::S) == 80.0f);
    CHECK(r.scalar(reg::Kr) == 0.0f);
    CHECK(r.scalar(reg::Kt) == 0.0f);
    CHECK(r.scalar(reg::Ka) == 0.0f);
    CHECK(r.scalar(reg::I) == 1.0f);
    CHECK(r.vector(reg::C0) == Float4{0, 0, 0, 1});
    CHECK(r.vector(reg::C1) == Float4{0, 0, 0, 1});
    CHECK(r.vector(reg::t3) == Float4{0, 0, 0, 1});
    CHECK(r.vector(reg::v0) == Float4{0, 0, 0, 0});
    CHECK(r.vector(reg::N) == Float4{0, 0, 0, 0});
}

TEST_CASE("mov copies xyz of vectors and keeps the destination's w", "[sl][vm]") {
    RegisterFile r = withVector(reg::C0, {1, 2, 3, 4});
    r.vector(reg::r0) = {9, 9, 9, 7};
    CHECK(run("mov r0, C0\n", r).registers.vector(reg::r0) == Float4{1, 2, 3, 7});
    CHECK(run("mov s1, Kd\n").registers.scalar(reg::s1) == 0.5f);
}

TEST_CASE("movc reads one component, with either letter set", "[sl][vm]") {
    const RegisterFile r = withVector(reg::C1, {1, 2, 3, 4});
    CHECK(run("movc x s0, C1\n", r).registers.scalar(reg::s0) == 1.0f);
    CHECK(run("movc g s0, C1\n", r).registers.scalar(reg::s0) == 2.0f);
    CHECK(run("movc z s0, C1\n", r).registers.scalar(reg::s0) == 3.0f);
    CHECK(run("movc a s0, C1\n", r).registers.scalar(reg::s0) == 4.0f);
}

TEST_CASE("lc and liv write exactly one component, w included", "[sl][vm]") {
    const RegisterFile r = withScalar(reg::s2, 5.0f, withVector(reg::r1, {1, 2, 3, 4}));
    CHECK(run("lc w r1, s2\n", r).registers.vector(reg::r1) == Float4{1, 2, 3, 5});
    CHECK(run("lc r r1, s2\n", r).registers.vector(reg::r1) == Float4{5, 2, 3, 4});
    CHECK(run("liv b r1, -2.5\n", r).registers.vector(reg::r1) == Float4{1, 2, -2.5f, 4});
    CHECK(run("liv w r1, 1e-3\n", r).registers.vector(reg::r1) == Float4{1, 2, 3, 0.001f});
}

TEST_CASE("li loads a literal into a scalar", "[sl][vm]") {
    CHECK(run("li s3, +0.5\n").registers.scalar(reg::s3) == 0.5f);
    CHECK(run("li v1, 3.\n").registers.scalar(reg::v1) == 3.0f);
    CHECK(run("li v1, -2\n").registers.scalar(reg::v1) == -2.0f);
}

TEST_CASE("add and sub work on vectors (xyz) and scalars", "[sl][vm]") {
    RegisterFile r = withVector(reg::C0, {1, 2, 3, 10}, withVector(reg::C1, {0.5f, 0.25f, 4, 20}));
    r.vector(reg::r2)[3] = 9;
    CHECK(run("add r2, C0, C1\n", r).registers.vector(reg::r2) == Float4{1.5f, 2.25f, 7, 9});
    CHECK(run("sub r2, C0, C1\n", r).registers.vector(reg::r2) == Float4{0.5f, 1.75f, -1, 9});
    CHECK(run("add s0, Kd, Ks\n").registers.scalar(reg::s0) == 1.0f);
    CHECK(run("sub s0, Kd, S\n").registers.scalar(reg::s0) == -79.5f);
}

TEST_CASE("mul vec, vec, vec is the cross product, not componentwise", "[sl][vm]") {
    RegisterFile r = withVector(reg::C0, {2, 3, 4, 1}, withVector(reg::C1, {5, 6, 7, 1}));
    // (3*7-4*6, 4*5-2*7, 2*6-3*5)
    CHECK(run("mul r0, C0, C1\n", r).registers.vector(reg::r0) == Float4{-3, 6, -3, 0});
    const RegisterFile axes = withVector(reg::L, {1, 0, 0, 0}, withVector(reg::V, {0, 1, 0, 0}));
    CHECK(run("mul r0, L, V\n", axes).registers.vector(reg::r0) == Float4{0, 0, 1, 0});
    // Destination aliasing a source still reads the old values.
    r.vector(reg::r1) = {2, 3, 4, 8};
    CHECK(run("mul r1, r1, C1\n", r).registers.vector(reg::r1) == Float4{-3, 6, -3, 8});
}

TEST_CASE("mul and div by a scalar scale xyz and keep w", "[sl][vm]") {
    RegisterFile r = withVector(reg::C0, {1, 2, 3, 4});
    r.vector(reg::r0)[3] = 6;
    CHECK(run("li s0, 2\nmul r0, C0, s0\n", r).registers.vector(reg::r0) == Float4{2, 4, 6, 6});
    CHECK(run("li s0, 4\ndiv r0, C0, s0\n", r).registers.vector(reg::r0) ==
          Float4{0.25f, 0.5f, 0.75f, 6});
    CHECK(run("mul s0, Kd, S\n").registers.scalar(reg::s0) == 40.0f);
    CHECK(run("div s0, Kd, S\n").registers.scalar(reg::s0) == 0.5f / 80.0f);
}

TEST_CASE("dp3 ignores w", "[sl][vm]") {
    const RegisterFile r = withVector(reg::C0, {1, 2, 3, 100}, withVector(reg::C1, {4, 5, 6, 100}));
    CHECK(run("dp3 s0, C0, C1\n", r).registers.scalar(reg::s0) == 32.0f);
}

TEST_CASE("division by zero follows IEEE-754", "[sl][vm]") {
    const auto result =
        run("li s0, 1\nli s1, 0\ndiv s2, s0, s1\nli s0, -1\ndiv s3, s0, s1\ndiv v1, s1, s1\n");
    CHECK(result.registers.scalar(reg::s2) == std::numeric_limits<float>::infinity());
    CHECK(result.registers.scalar(reg::s3) == -std::numeric_limits<float>::infinity());
    CHECK(std::isnan(result.registers.scalar(reg::v1)));
    const RegisterFile r = withVector(reg::C0, {1, -1, 0, 0});
    const Float4 v = run("li s0, 0\ndiv r0, C0, s0\n", r).registers.vector(reg::r0);
    CHECK(v[0] == std::numeric_limits<float>::infinity());
    CHECK(v[1] == -std::numeric_limits<float>::infinity());
    CHECK(std::isnan(v[2]));
}

TEST_CASE("clamp limits the destination's previous value", "[sl][vm]") {
    const std::string bounds = "li s1, 0\nli s2, 1\n";
    CHECK(run("li s0, 5\n" + bounds + "clamp s0, s1, s2\n").registers.scalar(reg::s0) == 1.0f);
    CHECK(run("li s0, -1\n" + bounds + "clamp s0, s1, s2\n").registers.scalar(reg::s0) == 0.0f);
    CHECK(run("li s0, 0.5\n" + bounds + "clamp s0, s1, s2\n").registers.scalar(reg::s0) == 0.5f);
    CHECK(run("li s0, 1\n" + bounds + "clamp s0, s1, s2\n").registers.scalar(reg::s0) == 1.0f);
    // NaN compares false both ways, so it passes through as the formula says.
    CHECK(std::isnan(run("li s3, 0\ndiv s0, s3, s3\n" + bounds + "clamp s0, s1, s2\n")
                         .registers.scalar(reg::s0)));
}

TEST_CASE("floor and ceil round as in C", "[sl][vm]") {
    CHECK(run("li s0, -1.5\nfloor s1, s0\n").registers.scalar(reg::s1) == -2.0f);
    CHECK(run("li s0, -1.5\nceil s1, s0\n").registers.scalar(reg::s1) == -1.0f);
    CHECK(run("li s0, 2.25\nfloor s1, s0\n").registers.scalar(reg::s1) == 2.0f);
    CHECK(run("li s0, 2.25\nceil s1, s0\n").registers.scalar(reg::s1) == 3.0f);
}

TEST_CASE("norm normalises xyz, keeps w, and maps zero to zero", "[sl][vm]") {
    RegisterFile r = withVector(reg::C0, {3, 0, 4, 9});
    r.vector(reg::r0)[3] = 2;
    CHECK(run("norm r0, C0\n", r).registers.vector(reg::r0) == Float4{0.6f, 0.0f, 0.8f, 2});
    CHECK(run("norm r0, C1\n", r).registers.vector(reg::r0) == Float4{0, 0, 0, 2});
    // Components whose squares underflow still give a unit vector.
    const RegisterFile tiny = withVector(reg::C0, {0, 1e-30f, 0, 0});
    CHECK(run("norm r0, C0\n", tiny).registers.vector(reg::r0) == Float4{0, 1, 0, 0});
    const RegisterFile huge = withVector(reg::C0, {3e30f, 4e30f, 0, 0});
    const Float4 h = run("norm r0, C0\n", huge).registers.vector(reg::r0);
    CHECK(h[0] == Approx(0.6f));
    CHECK(h[1] == Approx(0.8f));
}

TEST_CASE("pow is powf, exp is expf", "[sl][vm]") {
    CHECK(run("li s0, 2\nli s1, 10\npow s2, s0, s1\n").registers.scalar(reg::s2) == 1024.0f);
    CHECK(run("li s0, -2\nli s1, 3\npow s2, s0, s1\n").registers.scalar(reg::s2) == -8.0f);
    CHECK(std::isnan(run("li s0, -8\nli s1, 0.5\npow s2, s0, s1\n").registers.scalar(reg::s2)));
    CHECK(run("li s0, 0\nli s1, 0\npow s2, s0, s1\n").registers.scalar(reg::s2) == 1.0f);
    CHECK(run("li s0, 0\nexp s1, s0\n").registers.scalar(reg::s1) == 1.0f);
    CHECK(run("li s0, 1\nexp s1, s0\n").registers.scalar(reg::s1) == Approx(2.718281828f));
    CHECK(run("li s0, -200\nexp s1, s0\n").registers.scalar(reg::s1) == 0.0f);
}

TEST_CASE("ret stops and counts as executed and running off the end is a ret", "[sl][vm]") {
    const auto stopped = run("li s0, 1\nret\nli s0, 2\n");
    CHECK(stopped.registers.scalar(reg::s0) == 1.0f);
    CHECK(stopped.result.executed == 2);
    CHECK(stopped.result.status == ExecutionStatus::Ok);
    const auto offEnd = run("li s0, 1\nnop\n");
    CHECK(offEnd.result.executed == 2);
    CHECK(offEnd.result.status == ExecutionStatus::Ok);
}

TEST_CASE("jmp offsets count from the next instruction", "[sl][vm]") {
    const auto noOp = run("jmp 0\nli s0, 1\n");
    CHECK(noOp.registers.scalar(reg::s0) == 1.0f);
    CHECK(noOp.result.executed == 2);
    const auto skip = run("jmp 1\nli s0, 1\nli s1, 2\n");
    CHECK(skip.registers.scalar(reg::s0) == 0.0f);
    CHECK(skip.registers.scalar(reg::s1) == 2.0f);
    // Jump to the end (target == length) finishes the program.
    const auto toEnd = run("jmp 2\nli s0, 1\nli s1, 2\n");
    CHECK(toEnd.registers.scalar(reg::s1) == 0.0f);
    CHECK(toEnd.result.executed == 1);
    // Jump back to the very first instruction.
    const auto toStart = run("li s2, 1\nadd s0, s0, s2\nblt s0, s1, -3\n", withScalar(reg::s1, 3));
    CHECK(toStart.registers.scalar(reg::s0) == 3.0f);
    CHECK(toStart.result.executed == 9);
}

TEST_CASE("blt branches only when strictly less", "[sl][vm]") {
    const std::string body = "blt s0, s1, 1\nli s2, 1\nli s3, 1\n";
    const auto taken = run("li s0, 1\nli s1, 2\n" + body);
    CHECK(taken.registers.scalar(reg::s2) == 0.0f);
    CHECK(taken.registers.scalar(reg::s3) == 1.0f);
    const auto equal = run("li s0, 2\nli s1, 2\n" + body);
    CHECK(equal.registers.scalar(reg::s2) == 1.0f);
    const auto greater = run("li s0, 3\nli s1, 2\n" + body);
    CHECK(greater.registers.scalar(reg::s2) == 1.0f);
}

TEST_CASE("a counting loop with labels runs the expected number of instructions", "[sl][vm]") {
    // 10 trips of 2 instructions plus 2 set-up instructions.
    const auto loop = run("li s1, 10\nli s2, 1\nloop:\nadd s0, s0, s2\nblt s0, s1, loop\n");
    CHECK(loop.registers.scalar(reg::s0) == 10.0f);
    CHECK(loop.result.executed == 22);
}

TEST_CASE("the budget stops an endless loop with executed equal to it", "[sl][vm]") {
    const auto endless = run("jmp -1\n", RegisterFile::withDefaults(), nullptr, 1000);
    CHECK(endless.result.status == ExecutionStatus::Budget);
    CHECK(endless.result.executed == 1000);
    const auto defaultBudget = run("loop:\njmp loop\n");
    CHECK(defaultBudget.result.executed == kDefaultBudget);
    // Exactly enough budget: finishes normally.
    const auto exact = run("nop\nnop\nnop\n", RegisterFile::withDefaults(), nullptr, 3);
    CHECK(exact.result.status == ExecutionStatus::Ok);
    const auto short1 = run("nop\nnop\nnop\nret\n", RegisterFile::withDefaults(), nullptr, 3);
    CHECK(short1.result.status == ExecutionStatus::Budget);
    CHECK(short1.result.executed == 3);
    const auto zero = run("nop\n", RegisterFile::withDefaults(), nullptr, 0);
    CHECK(zero.result.status == ExecutionStatus::Budget);
    CHECK(zero.result.executed == 0);
}

TEST_CASE("trace passes origin and direction to the host and writes xyz", "[sl][vm]") {
    FakeHost host;
    RegisterFile r = withVector(reg::Pw, {1, 2, 3, 1}, withVector(reg::N, {0, 0, 1, 0}));
    r.vector(reg::r3)[3] = 5;
    const auto result = run("trace r3, Pw, N\n", r, &host);
    REQUIRE(host.traces.size() == 1);
    CHECK(host.traces[0].first == Float3{1, 2, 3});
    CHECK(host.traces[0].second == Float3{0, 0, 1});
    CHECK(result.registers.vector(reg::r3) == Float4{0.1f, 0.2f, 0.3f, 5});
}

TEST_CASE("lookup passes the texture unit and (s, t) and writes xyz", "[sl][vm]") {
    FakeHost host;
    RegisterFile r = withVector(reg::uv, {0.25f, 0.75f, 9, 9});
    r.vector(reg::v0)[3] = 1;
    const auto result = run("lookup v0, t6, uv\n", r, &host);
    REQUIRE(host.lookups.size() == 1);
    CHECK(host.lookups[0].unit == 6);
    CHECK(host.lookups[0].s == 0.25f);
    CHECK(host.lookups[0].t == 0.75f);
    CHECK(result.registers.vector(reg::v0) == Float4{0.4f, 0.5f, 0.6f, 1});
}

TEST_CASE("rnd and both turb forms go through the host", "[sl][vm]") {
    FakeHost host;
    const RegisterFile r = withVector(reg::P, {1, 2, 3, 4}, withScalar(reg::Kr, 0.125f));
    const auto result = run("rnd s0\nturb s1, Kr\nturb s2, P\n", r, &host);
    CHECK(result.registers.scalar(reg::s0) == 0.25f);
    CHECK(result.registers.scalar(reg::s1) == 0.75f);
    CHECK(result.registers.scalar(reg::s2) == 1.25f);
    REQUIRE(host.turbulence1Inputs.size() == 1);
    CHECK(host.turbulence1Inputs[0] == 0.125f);
    REQUIRE(host.turbulence3Inputs.size() == 1);
    CHECK(host.turbulence3Inputs[0] == Float3{1, 2, 3});
}

TEST_CASE("scalar results land in x and leave the slot's other lanes alone", "[sl][vm]") {
    const auto result = run("li v1, 7\n");
    CHECK(result.registers.scalar(reg::v1) == 7.0f);
    CHECK(result.registers.vector(reg::v1)[1] == 0.0f);
}

TEST_CASE("norm of non-finite vectors gives NaN", "[sl][vm]") {
    for (const Float4 bad : {Float4{NAN, 1, 0, 0}, Float4{INFINITY, 0, 0, 0}}) {
        const Float4 n = run("norm r0, C0\n", withVector(reg::C0, bad)).registers.vector(reg::r0);
        CHECK(std::isnan(n[0]));
    }
}
