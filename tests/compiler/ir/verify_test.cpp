// The IR verifier on functions built by hand: a well-formed one passes, and each broken invariant
// is named.
#include "compiler/ir/verify.h"

#include <catch2/catch.hpp>

using namespace compiler::ir;

namespace {

// N * L + N, written to o, with an If on N.x < 0 that picks 1 or 2 through a Phi.
Function wellFormed() {
    Function function;
    Builder b(function);
    const ValueId n = b.input("N", floatType(3));
    const ValueId l = b.input("L", floatType(3));
    const ValueId sum = b.binary(Op::Add, b.binary(Op::Mul, n, l), n);
    const auto region = b.beginIf(b.binary(Op::Lt, b.swizzle(n, {0}), b.constant(0.0f)));
    b.setBlock(region.thenBlock);
    const ValueId one = b.binary(Op::Add, b.swizzle(l, {1}), b.constant(1.0f));
    b.setBlock(region.elseBlock);
    const ValueId two = b.binary(Op::Mul, b.swizzle(l, {2}), b.constant(2.0f));
    b.setBlock(0);
    b.output("o", b.binary(Op::Mul, sum, b.phi(region.region, one, two)));
    return function;
}

std::string problems(const Function& function) {
    std::string all;
    for (const std::string& problem : verifyFunction(function))
        all += problem + "\n";
    return all;
}

// The id of the first instruction of `op` in the function's values.
ValueId first(const Function& function, Op op) {
    for (std::size_t i = 0; i < function.values.size(); ++i)
        if (function.values[i].op == op)
            return static_cast<ValueId>(i);
    FAIL("no " << opName(op));
    return kNoValue;
}

} // namespace

TEST_CASE("a well-formed function verifies", "[compiler][ir][verify]") {
    const Function function = wellFormed();
    INFO(print(function));
    CHECK(problems(function).empty());
    CHECK_NOTHROW(verify(function, "the test"));
}

TEST_CASE("the verifier names each broken invariant", "[compiler][ir][verify]") {
    SECTION("an operand count") {
        Function f = wellFormed();
        f[first(f, Op::Mul)].operands.pop_back();
        CHECK_THAT(problems(f), Catch::Contains("Mul has 1 operands, Mul takes 2"));
    }
    SECTION("a use before the definition") {
        Function f = wellFormed();
        auto& body = f.blocks[0].instructions;
        std::swap(body[2], body[3]); // the Add before the Mul it adds
        CHECK_THAT(problems(f), Catch::Contains("where it is not defined"));
    }
    SECTION("a then-block's value used after the If without a Phi") {
        Function f = wellFormed();
        const ValueId phi = first(f, Op::Phi);
        for (Instruction& in : f.values)
            if (in.op == Op::Mul && !in.operands.empty() && in.operands.back() == phi)
                in.operands.back() = f[phi].operands[0];
        CHECK_THAT(problems(f), Catch::Contains("where it is not defined"));
    }
    SECTION("a Phi before its If") {
        Function f = wellFormed();
        auto& body = f.blocks[0].instructions;
        const auto phi = std::find(body.begin(), body.end(), first(f, Op::Phi));
        const ValueId moved = *phi;
        body.erase(phi);
        body.insert(body.begin(), moved);
        CHECK_THAT(problems(f), Catch::Contains("is not an If before it in its block"));
    }
    SECTION("a Phi whose operands differ in type") {
        Function f = wellFormed();
        f[first(f, Op::Phi)].type = floatType(2);
        CHECK_THAT(problems(f), Catch::Contains("phi of type float2 has an operand of type float"));
    }
    SECTION("widths that do not broadcast") {
        Function f = wellFormed();
        f[first(f, Op::Input)].type = floatType(2); // N: float2 * float3
        CHECK_THAT(problems(f), Catch::Contains("Mul takes widths 2 and 3"));
    }
    SECTION("a bool in arithmetic") {
        Function f = wellFormed();
        f[first(f, Op::Add)].operands[1] = first(f, Op::Lt);
        CHECK_THAT(problems(f), Catch::Contains("Add takes floats, operand 1 is bool"));
    }
    SECTION("a swizzle past its operand") {
        Function f = wellFormed();
        f[first(f, Op::Swizzle)].swizzle[0] = 3; // .w of a float3
        CHECK_THAT(problems(f), Catch::Contains("swizzle reads component 3 of a float3"));
    }
    SECTION("an If on a float") {
        Function f = wellFormed();
        f[first(f, Op::If)].operands[0] = first(f, Op::Add);
        CHECK_THAT(problems(f), Catch::Contains("if tests a float3, not a bool"));
    }
    SECTION("a value listed twice") {
        Function f = wellFormed();
        f.blocks[0].instructions.push_back(f.blocks[0].instructions.front());
        CHECK_THAT(problems(f), Catch::Contains("is listed twice"));
    }
    SECTION("a type wider than four") {
        Function f = wellFormed();
        f[first(f, Op::Input)].type = floatType(5);
        CHECK_THAT(problems(f), Catch::Contains("has type float5"));
    }
}

TEST_CASE("verify names the stage after which the IR broke", "[compiler][ir][verify]") {
    Function f = wellFormed();
    f[first(f, Op::Mul)].operands.pop_back();
    CHECK_THROWS_WITH(verify(f, "simplify"),
                      Catch::StartsWith("internal compiler error: the IR after simplify is "
                                        "malformed:"));
}
