// The IR operations' traits, decided in one table (LRT_IR_OPS): each question's answer for every
// operation, against the sets written out here by hand, as the passes answered them before the
// table held them.
#include "compiler/ir/ir.h"

#include <catch2/catch.hpp>
#include <set>

using namespace compiler::ir;

namespace {

std::vector<Op> allOps() {
    std::vector<Op> ops;
    for (std::size_t i = 0; i < kOpCount; ++i)
        ops.push_back(static_cast<Op>(i));
    return ops;
}

// Checks `trait` for every operation: held exactly by those in `holders`.
void requireHeldBy(OpTrait trait, const std::set<Op>& holders) {
    for (const Op op : allOps()) {
        INFO(opName(op));
        CHECK(hasTrait(op, trait) == holders.contains(op));
    }
}

// Every operation but `others`.
std::set<Op> allBut(const std::set<Op>& others) {
    std::set<Op> ops;
    for (const Op op : allOps())
        if (!others.contains(op))
            ops.insert(op);
    return ops;
}

} // namespace

TEST_CASE("the op table names every operation once, with its operand count", "[compiler][ir]") {
    REQUIRE(kOpCount == 49);
    CHECK(opName(Op::Constant) == "Constant");
    CHECK(opName(Op::Phi) == "Phi");
    CHECK(opArity(Op::Select) == 3);
    CHECK(opArity(Op::Construct) == -1);
    CHECK(opArity(Op::Random) == 0);
    std::set<std::string_view> names;
    for (const Op op : allOps())
        names.insert(opName(op));
    CHECK(names.size() == kOpCount);
}

TEST_CASE("each trait of the op table holds for the operations it always did", "[compiler][ir]") {
    using enum Op;
    SECTION("pure: all but the random stream, trace, the effects and control") {
        requireHeldBy(kPure, allBut({Random, Trace, Output, Discard, If, Phi}));
    }
    SECTION("folds on constants: the pure ones that read no register and call no host") {
        requireHeldBy(kFolds, allBut({Random, Trace, Output, Discard, If, Phi, Input, Indexed,
                                      Texture, Turbulence}));
    }
    SECTION("rematerializable: the pure ones but constants, inputs, texture and turbulence") {
        requireHeldBy(kRematerializable, allBut({Random, Trace, Output, Discard, If, Phi, Constant,
                                                 Input, Texture, Turbulence}));
    }
    SECTION("arithmetic: floats to floats, componentwise") {
        requireHeldBy(kArithmetic,
                      {Neg,  Add,   Sub, Mul, Div,  Min, Max,  Abs, Sign, Floor, Ceil,     Frac,
                       Sqrt, Rsqrt, Rcp, Exp, Exp2, Log, Log2, Pow, Sin,  Cos,   Normalize});
    }
    SECTION("comparison") {
        requireHeldBy(kComparison, {Lt, Le, Gt, Ge, Eq, Ne});
    }
    SECTION("logic") {
        requireHeldBy(kLogic, {And, Or, Not});
    }
    SECTION("defines nothing: output, discard and if") {
        requireHeldBy(kDefinesNothing, {Output, Discard, If});
    }
    SECTION("isComparison asks the comparison trait") {
        for (const Op op : allOps())
            CHECK(isComparison(op) == hasTrait(op, kComparison));
    }
}
