// Rematerialisation (issue 31, defect 7): a program refused with "this needs more vector registers
// than SL has" although every value it keeps is a product of inputs now compiles, and computes
// what a direct evaluation computes; the pass itself, on printed IR.
#include "compiler/driver/compile.h"
#include "compiler/ir/rematerialize.h"
#include "compiler/ir/verify.h"
#include "slvm/sl/vm.h"
#include "tests/compiler/quiet_host.h"

#include <array>
#include <catch2/catch.hpp>

namespace {

using V = std::array<double, 3>;

V times(V a, V b) {
    return {a[0] * b[0], a[1] * b[1], a[2] * b[2]};
}
V plus(V a, V b) {
    return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}

} // namespace

TEST_CASE("six products of inputs alive at once fit SL's five vectors, recomputed",
          "[compiler][rematerialize]") {
    const char* const source =
        R"(float3 main(float3 N : N, float3 L : L, float3 V : V, float3 P : P,
                  float3 Pw : Pw) : COLOR {
    float3 a = N * L;
    float3 b = L * V;
    float3 c = V * P;
    float3 d = P * Pw;
    float3 e = Pw * N;
    float3 f = N * V;
    return a + b + c + d + e + f + a * b * c * d * e * f;
}
)";
    compiler::CompileOptions options;
    const auto program =
        compiler::compileCg(std::make_shared<const slvm::SourceText>("six.cg", source), options);
    const V n{1, 0.5, -1}, l{0.5, 2, 1}, v{-1, 1, 0.25}, p{2, -0.5, 1}, pw{0.25, 1, -2};
    slvm::sl::RegisterFile registers = slvm::sl::RegisterFile::withDefaults();
    namespace reg = slvm::sl::reg;
    const auto set = [&](int r, V x) {
        registers.vector(r) = {static_cast<float>(x[0]), static_cast<float>(x[1]),
                               static_cast<float>(x[2]), 0};
    };
    set(reg::N, n), set(reg::L, l), set(reg::V, v), set(reg::P, p), set(reg::Pw, pw);
    compiler::testing::QuietHost host;
    slvm::sl::execute(*program.sl(), registers, host);
    const V a = times(n, l), b = times(l, v), c = times(v, p), d = times(p, pw), e = times(pw, n),
            f = times(n, v);
    const V expected = plus(plus(plus(plus(plus(plus(a, b), c), d), e), f),
                            times(times(times(times(times(a, b), c), d), e), f));
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(registers.vector(reg::v0)[i] == Approx(expected[i]).epsilon(1e-6));
}

TEST_CASE("rematerialize copies small input-only computations to each use, not host calls",
          "[compiler][rematerialize][ir]") {
    using namespace compiler::ir;
    Function function;
    Builder b(function);
    const ValueId n = b.input("N", floatType(3));
    const ValueId product = b.binary(Op::Mul, n, n);                // copied
    const ValueId traced = b.call(Op::Trace, {n, n}, floatType(3)); // never copied
    const ValueId texture = b.call(Op::Texture, {b.swizzle(n, {0, 1})}, floatType(3));
    b.output("a", b.binary(Op::Add, product, traced));
    b.output("b", b.binary(Op::Add, product, texture));
    CHECK(rematerialize(function, 2));
    // The swizzle is an input-only computation too: it moves to its one use.
    CHECK(print(function) == "%0 = Input float3 N\n"
                             "%2 = Trace float3 %0, %0\n"
                             "%9 = Swizzle float2 .xy %0\n"
                             "%4 = Texture float3 t0 %9\n"
                             "%10 = Mul float3 %0, %0\n"
                             "%5 = Add float3 %10, %2\n"
                             "Output a %5\n"
                             "%11 = Mul float3 %0, %0\n"
                             "%7 = Add float3 %11, %4\n"
                             "Output b %7\n");
    CHECK(verifyFunction(function).empty());
}
