// Each IR pass on a small function, checked on the printed IR before and after, in the manner of
// LLVM's FileCheck tests: what the pass must remove, keep and rewrite, and that its result still
// verifies.
#include "compiler/ir/expand.h"
#include "compiler/ir/optimize.h"
#include "compiler/ir/schedule.h"
#include "compiler/ir/verify.h"

#include <catch2/catch.hpp>
#include <functional>

using namespace compiler::ir;

namespace {

// Builds a function, checks its printed form, runs `pass`, checks again and verifies.
void checkPass(const std::function<void(Builder&)>& build, const std::string& before,
               const std::function<void(Function&)>& pass, const std::string& after) {
    Function function;
    Builder b(function);
    build(b);
    CHECK(print(function) == before);
    pass(function);
    CHECK(print(function) == after);
    CHECK(verifyFunction(function).empty());
}

} // namespace

TEST_CASE("simplify: x + 0 and x * 1 are x, and a swizzle of a swizzle is one swizzle",
          "[compiler][ir][passes]") {
    checkPass(
        [](Builder& b) {
            const ValueId n = b.input("N", floatType(3));
            const ValueId plusZero = b.binary(Op::Add, n, b.constant(0.0f));
            const ValueId timesOne = b.binary(Op::Mul, plusZero, b.constant(1.0f));
            b.output("o", b.swizzle(b.swizzle(timesOne, {2, 1, 0}), {0}));
        },
        "%0 = Input float3 N\n"
        "%1 = Constant float (0)\n"
        "%2 = Add float3 %0, %1\n"
        "%3 = Constant float (1)\n"
        "%4 = Mul float3 %2, %3\n"
        "%5 = Swizzle float3 .zyx %4\n"
        "%6 = Swizzle float .x %5\n"
        "Output o %6\n",
        [](Function& f) { optimize(f); },
        "%0 = Input float3 N\n"
        "%6 = Swizzle float .z %0\n"
        "Output o %6\n");
}

TEST_CASE("common subexpressions: an equal pure instruction is computed once",
          "[compiler][ir][passes]") {
    checkPass(
        [](Builder& b) {
            const ValueId n = b.input("N", floatType(3));
            const ValueId l = b.input("L", floatType(3));
            const ValueId first = b.binary(Op::Mul, n, l);
            const ValueId second = b.binary(Op::Mul, n, l);
            b.output("o", b.binary(Op::Add, first, second));
        },
        "%0 = Input float3 N\n"
        "%1 = Input float3 L\n"
        "%2 = Mul float3 %0, %1\n"
        "%3 = Mul float3 %0, %1\n"
        "%4 = Add float3 %2, %3\n"
        "Output o %4\n",
        [](Function& f) {
            eliminateCommonSubexpressions(f);
            eliminateDeadCode(f);
        },
        "%0 = Input float3 N\n"
        "%1 = Input float3 L\n"
        "%2 = Mul float3 %0, %1\n"
        "%4 = Add float3 %2, %2\n"
        "Output o %4\n");
}

TEST_CASE("dead code: unused pure instructions go, effects stay", "[compiler][ir][passes]") {
    checkPass(
        [](Builder& b) {
            const ValueId n = b.input("N", floatType(3));
            b.unary(Op::Sqrt, n);                 // unused: removed
            b.call(Op::Random, {}, floatType(1)); // unused, but it draws: kept
            b.output("o", b.unary(Op::Neg, n));
        },
        "%0 = Input float3 N\n"
        "%1 = Sqrt float3 %0\n"
        "%2 = Random float\n"
        "%3 = Neg float3 %0\n"
        "Output o %3\n",
        [](Function& f) { eliminateDeadCode(f); },
        "%0 = Input float3 N\n"
        "%2 = Random float\n"
        "%3 = Neg float3 %0\n"
        "Output o %3\n");
}

TEST_CASE("flattenIfs: both sides run and each Phi becomes a Select", "[compiler][ir][passes]") {
    checkPass(
        [](Builder& b) {
            const ValueId n = b.input("N", floatType(1));
            const auto region = b.beginIf(b.binary(Op::Lt, n, b.constant(0.0f)));
            b.setBlock(region.thenBlock);
            const ValueId negated = b.unary(Op::Neg, n);
            b.setBlock(region.elseBlock);
            const ValueId root = b.unary(Op::Sqrt, n);
            b.setBlock(0);
            b.output("o", b.phi(region.region, negated, root));
        },
        "%0 = Input float N\n"
        "%1 = Constant float (0)\n"
        "%2 = Lt bool %0, %1\n"
        "If %2\n"
        "  %4 = Neg float %0\n"
        "else\n"
        "  %5 = Sqrt float %0\n"
        "end\n"
        "%6 = Phi float %4, %5\n"
        "Output o %6\n",
        [](Function& f) { flattenIfs(f); },
        "%0 = Input float N\n"
        "%1 = Constant float (0)\n"
        "%2 = Lt bool %0, %1\n"
        "%4 = Neg float %0\n"
        "%5 = Sqrt float %0\n"
        "%6 = Select float %2, %4, %5\n"
        "Output o %6\n");
}

TEST_CASE("expandForTarget: normalize without native support keeps normalize(0) = 0",
          "[compiler][ir][passes]") {
    OpSupport support;
    support.native = {Op::Mul, Op::Add, Op::Max, Op::Rsqrt, Op::Swizzle};
    support.targetName = "test";
    checkPass([](Builder& b) { b.output("o", b.unary(Op::Normalize, b.input("N", floatType(2)))); },
              "%0 = Input float2 N\n"
              "%1 = Normalize float2 %0\n"
              "Output o %1\n",
              [&](Function& f) {
                  CHECK(expandForTarget(f, support).empty());
                  eliminateDeadCode(f);
              },
              // dot(N, N) = N.x N.x + N.y N.y (Dot is not native either), kept at least FLT_MIN.
              "%0 = Input float2 N\n"
              "%3 = Constant float (1.1754944e-38)\n"
              "%8 = Swizzle float .x %0\n"
              "%9 = Swizzle float .x %0\n"
              "%10 = Mul float %9, %8\n"
              "%11 = Swizzle float .y %0\n"
              "%12 = Swizzle float .y %0\n"
              "%13 = Mul float %12, %11\n"
              "%14 = Add float %10, %13\n"
              "%5 = Max float %14, %3\n"
              "%6 = Rsqrt float %5\n"
              "%7 = Mul float2 %0, %6\n"
              "Output o %7\n");
}

TEST_CASE("scheduleForRegisters: of two operands, the one that needs more registers is computed "
          "first",
          "[compiler][ir][passes][schedule]") {
    // As written, `small` is alive while x and y are: three vectors at once. Computing `large`
    // (two vectors, then one) before `small` needs two.
    checkPass(
        [](Builder& b) {
            const ValueId n = b.input("N", floatType(3));
            const ValueId l = b.input("L", floatType(3));
            const ValueId v = b.input("V", floatType(3));
            const ValueId p = b.input("P", floatType(3));
            const ValueId small = b.binary(Op::Mul, n, l);
            const ValueId x = b.binary(Op::Mul, v, p);
            const ValueId y = b.binary(Op::Mul, n, p);
            const ValueId large = b.binary(Op::Add, x, y);
            b.output("o", b.binary(Op::Sub, small, large));
        },
        "%0 = Input float3 N\n"
        "%1 = Input float3 L\n"
        "%2 = Input float3 V\n"
        "%3 = Input float3 P\n"
        "%4 = Mul float3 %0, %1\n"
        "%5 = Mul float3 %2, %3\n"
        "%6 = Mul float3 %0, %3\n"
        "%7 = Add float3 %5, %6\n"
        "%8 = Sub float3 %4, %7\n"
        "Output o %8\n",
        [](Function& f) { CHECK(scheduleForRegisters(f)); },
        "%0 = Input float3 N\n"
        "%1 = Input float3 L\n"
        "%2 = Input float3 V\n"
        "%3 = Input float3 P\n"
        "%5 = Mul float3 %2, %3\n"
        "%6 = Mul float3 %0, %3\n"
        "%7 = Add float3 %5, %6\n"
        "%4 = Mul float3 %0, %1\n"
        "%8 = Sub float3 %4, %7\n"
        "Output o %8\n");
}

TEST_CASE("scheduleForRegisters: effects keep their order, and values move to where they free or "
          "are needed",
          "[compiler][ir][passes][schedule]") {
    // The traces and the random number stay in order, and each Phi right after its If. The sum
    // of the two traces moves up to free them at once (two vectors for one); the square, read
    // only inside the If, moves down to just before it; the comparison follows the number.
    checkPass(
        [](Builder& b) {
            const ValueId n = b.input("N", floatType(3));
            const ValueId first = b.call(Op::Trace, {n, n}, floatType(3));
            const ValueId second = b.call(Op::Trace, {n, n}, floatType(3));
            const ValueId random = b.call(Op::Random, {}, floatType(1));
            const ValueId square = b.binary(Op::Mul, n, n);
            const ValueId sum = b.binary(Op::Add, first, second);
            const auto region = b.beginIf(b.binary(Op::Lt, random, b.constant(0.5f)));
            b.setBlock(region.thenBlock);
            const ValueId lit = b.binary(Op::Add, square, sum);
            b.setBlock(0);
            b.output("o", b.phi(region.region, lit, sum));
        },
        "%0 = Input float3 N\n"
        "%1 = Trace float3 %0, %0\n"
        "%2 = Trace float3 %0, %0\n"
        "%3 = Random float\n"
        "%4 = Mul float3 %0, %0\n"
        "%5 = Add float3 %1, %2\n"
        "%6 = Constant float (0.5)\n"
        "%7 = Lt bool %3, %6\n"
        "If %7\n"
        "  %9 = Add float3 %4, %5\n"
        "else\n"
        "end\n"
        "%10 = Phi float3 %9, %5\n"
        "Output o %10\n",
        [](Function& f) { CHECK(scheduleForRegisters(f)); },
        "%0 = Input float3 N\n"
        "%6 = Constant float (0.5)\n"
        "%1 = Trace float3 %0, %0\n"
        "%2 = Trace float3 %0, %0\n"
        "%5 = Add float3 %1, %2\n"
        "%3 = Random float\n"
        "%7 = Lt bool %3, %6\n"
        "%4 = Mul float3 %0, %0\n"
        "If %7\n"
        "  %9 = Add float3 %4, %5\n"
        "else\n"
        "end\n"
        "%10 = Phi float3 %9, %5\n"
        "Output o %10\n");
}
