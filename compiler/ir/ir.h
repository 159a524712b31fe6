// The compiler's intermediate representation: typed values in SSA form, in structured blocks.
//
// A Function is one program after inlining and unrolling: a tree of Blocks whose instructions
// each define at most one value. Every value has a Type (float or bool, 1 to 4 components), is
// defined once and never changes. Control flow is structured: an If instruction owns a then-block
// and an else-block, and the Phi instructions that follow it pick a value from each. There are no
// loops (front ends unroll them) and no calls (front ends inline them), because none of lrt's
// targets has a stack and two have no backward jumps worth using. Front ends build it with
// Builder; passes (optimize.h, expand.h) rewrite it; back ends read it. docs/compiler-ir.md is
// the reference.
#pragma once

#include "slvm/common/source_text.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace compiler::ir {

enum class Scalar : std::uint8_t { Float, Bool };

struct Type {
    Scalar scalar = Scalar::Float;
    int width = 1; // 1 to 4 components; 0 for instructions that define no value
    bool operator==(const Type&) const = default;
    bool isVoid() const { return width == 0; }
};
constexpr Type kVoid{Scalar::Float, 0};
constexpr Type floatType(int width) {
    return {Scalar::Float, width};
}
constexpr Type boolType(int width) {
    return {Scalar::Bool, width};
}
std::string typeName(Type type); // "float3", "bool", "void"

// What the passes and the verifier may assume of an operation: the third column of LRT_IR_OPS,
// flags or-ed together. The one place each operation's traits are decided (tests/compiler/ir/
// op_traits_test.cpp pins them).
enum OpTrait : std::uint8_t {
    // May be removed when unused, merged with an equal instruction, or moved: everything but the
    // host's random stream, trace (it recurses into the renderer), the effects and control. The
    // host's texture and turbulence are functions of their operands, so they are pure.
    kPure = 1 << 0,
    // Computed by the compiler when its operands are constants (fold.h): neither a register of the
    // target nor the host is needed.
    kFolds = 1 << 1,
    // Computed again before each use when registers run out (rematerialize.h): not the values from
    // outside, which cost nothing to read, nor texture and turbulence, which cost a host call.
    kRematerializable = 1 << 2,
    // The verifier's componentwise rules: floats to floats, floats to bools, bools to bools, each
    // result as wide as the widest operand (a width-1 operand broadcasts).
    kArithmetic = 1 << 3,
    kComparison = 1 << 4,
    kLogic = 1 << 5,
    kDefinesNothing = 1 << 6, // an effect or control: no value
    // A value the compiler computes from its operands alone: most operations.
    kComputed = kPure | kFolds | kRematerializable,
};

// The operations: X(name, operand count (-1: any number), traits). Componentwise binary
// operations take operands of equal width, or one of width 1 that applies to every component (a
// broadcast). The back ends' switches over Op list every operation (no default), so a new one is
// a compile error (-Werror=switch) in each of them until it decides what to do with it.
// clang-format off
#define LRT_IR_OPS(X)                                                                              \
    /* values from outside */                                                                      \
    X(Constant, 0, kPure | kFolds)           /* value: `constant` */                               \
    X(Input, 0, kPure)                       /* a register of the target, named by `binding` */    \
    X(Indexed, 1, kPure | kRematerializable) /* register `binding` + `unit` x floor(operand 0) */  \
    /* arithmetic, componentwise */                                                                \
    X(Neg, 1, kComputed | kArithmetic)   X(Add, 2, kComputed | kArithmetic)                        \
    X(Sub, 2, kComputed | kArithmetic)   X(Mul, 2, kComputed | kArithmetic)                        \
    X(Div, 2, kComputed | kArithmetic)   X(Min, 2, kComputed | kArithmetic)                        \
    X(Max, 2, kComputed | kArithmetic)   X(Abs, 1, kComputed | kArithmetic)                        \
    X(Sign, 1, kComputed | kArithmetic)  X(Floor, 1, kComputed | kArithmetic)                      \
    X(Ceil, 1, kComputed | kArithmetic)  X(Frac, 1, kComputed | kArithmetic)                       \
    X(Sqrt, 1, kComputed | kArithmetic)  X(Rsqrt, 1, kComputed | kArithmetic)                      \
    X(Rcp, 1, kComputed | kArithmetic)   X(Exp, 1, kComputed | kArithmetic)                        \
    X(Exp2, 1, kComputed | kArithmetic)  X(Log, 1, kComputed | kArithmetic)                        \
    X(Log2, 1, kComputed | kArithmetic)  X(Pow, 2, kComputed | kArithmetic)                        \
    X(Sin, 1, kComputed | kArithmetic)   X(Cos, 1, kComputed | kArithmetic)                        \
    /* geometry (Normalize keeps its operand's width: the arithmetic rule) */                      \
    X(Dot, 2, kComputed) X(Cross, 2, kComputed) X(Normalize, 1, kComputed | kArithmetic)           \
    /* comparisons give bools; logic takes bools */                                                \
    X(Lt, 2, kComputed | kComparison)    X(Le, 2, kComputed | kComparison)                         \
    X(Gt, 2, kComputed | kComparison)    X(Ge, 2, kComputed | kComparison)                         \
    X(Eq, 2, kComputed | kComparison)    X(Ne, 2, kComputed | kComparison)                         \
    X(And, 2, kComputed | kLogic)        X(Or, 2, kComputed | kLogic)                              \
    X(Not, 1, kComputed | kLogic)                                                                  \
    X(Select, 3, kComputed)        /* operand 0 (bool, width 1 or equal) ? operand 1 : 2 */        \
    X(BoolToFloat, 1, kComputed)   /* true 1, false 0 */                                           \
    /* shape */                                                                                    \
    X(Swizzle, 1, kComputed)       /* components `swizzle[0..width)` of operand 0 */               \
    X(Construct, -1, kComputed)    /* the operands' components, in order */                        \
    /* the host */                                                                                 \
    X(Texture, 1, kPure)           /* texture unit `unit` at (s, t) = operand 0: float3 RGB */     \
    X(Trace, 2, 0)                 /* radiance along the ray (origin, direction): float3 */        \
    X(Random, 0, 0)                /* uniform in [0, 1) from the sample's stream: float */         \
    X(Turbulence, 1, kPure)        /* lrt's turbulence of a float or float3: float */              \
    /* effects and control */                                                                      \
    X(Output, 1, kDefinesNothing)  /* writes operand 0 to the target register `binding` */         \
    X(Discard, 0, kDefinesNothing) /* ends the program with no result */                           \
    X(If, 1, kDefinesNothing)      /* runs `thenBlock` if operand 0 holds, else `elseBlock` */     \
    X(Phi, 2, 0)                   /* after an If: operand 0 if the then-block ran, else 1 */
// clang-format on

#define LRT_IR_ENUMERATOR(name, arity, traits) name,
enum class Op : std::uint8_t { LRT_IR_OPS(LRT_IR_ENUMERATOR) };
#undef LRT_IR_ENUMERATOR

#define LRT_IR_COUNT(...) +1
inline constexpr std::size_t kOpCount = 0 LRT_IR_OPS(LRT_IR_COUNT);
#undef LRT_IR_COUNT

std::string_view opName(Op op);
int opArity(Op op); // -1 for Construct
// Whether op has `trait`, by its row of LRT_IR_OPS.
bool hasTrait(Op op, OpTrait trait);
bool isComparison(Op op); // hasTrait(op, kComparison), as the Cg front end asks it

using ValueId = std::int32_t;
constexpr ValueId kNoValue = -1;
using BlockId = std::int32_t;

struct Instruction {
    Op op = Op::Constant;
    Type type = kVoid;
    std::vector<ValueId> operands{};
    std::array<float, 4> constant{};        // Constant
    std::array<std::uint8_t, 4> swizzle{};  // Swizzle
    std::string binding{};                  // Input, Output: the target's register name
    int unit = 0;                           // Texture: the unit; Indexed: registers per element
    BlockId thenBlock = -1, elseBlock = -1; // If
    ValueId region = kNoValue;              // Phi: its If
    slvm::SourceLocation where{};           // the source that asked for it
};

struct Block {
    std::vector<ValueId> instructions; // in execution order
};

// One program: instructions live in `values` (a ValueId indexes it), blocks in `blocks`; block 0
// is the body. Passes rewrite blocks' instruction lists; unreachable entries of `values` are
// simply no longer listed.
struct Function {
    std::vector<Instruction> values;
    std::vector<Block> blocks{1};
    // The files the locations point into, kept alive with the function.
    std::vector<std::shared_ptr<const slvm::SourceText>> sources;

    const Instruction& operator[](ValueId id) const { return values[static_cast<std::size_t>(id)]; }
    Instruction& operator[](ValueId id) { return values[static_cast<std::size_t>(id)]; }
};

// Appends instructions to a current block. A pure instruction whose operands are all constants
// becomes a constant at once, so front ends can test loop conditions as they unroll.
class Builder {
public:
    explicit Builder(Function& function) : function_(function) {}

    Function& function() { return function_; }
    BlockId currentBlock() const { return block_; }
    void setBlock(BlockId block) { block_ = block; }
    BlockId newBlock();
    void setLocation(const slvm::SourceLocation& where) { where_ = where; }
    const slvm::SourceLocation& location() const { return where_; }

    ValueId add(Instruction instruction); // sets `where` when the instruction has none
    ValueId constant(std::array<float, 4> value, int width);
    ValueId constant(float value) { return constant({value, value, value, value}, 1); }
    ValueId input(const std::string& binding, Type type);
    ValueId unary(Op op, ValueId a);
    ValueId binary(Op op, ValueId a, ValueId b);
    ValueId select(ValueId condition, ValueId a, ValueId b);
    ValueId swizzle(ValueId a, std::initializer_list<int> components);
    ValueId swizzle(ValueId a, const std::vector<int>& components);
    ValueId construct(const std::vector<ValueId>& parts, Scalar scalar);
    ValueId splat(ValueId scalar, int width); // width copies of a one-component value
    ValueId call(Op op, std::vector<ValueId> operands, Type type); // host operations
    void output(const std::string& binding, ValueId value);
    // An If on `test` with two new blocks for its sides, appended to the current block.
    struct IfRegion {
        ValueId region;
        BlockId thenBlock, elseBlock;
    };
    IfRegion beginIf(ValueId test);
    // After If `region`: thenValue if its then-block ran, else elseValue.
    ValueId phi(ValueId region, ValueId thenValue, ValueId elseValue);
    // A variable after If `region` on `test`, as a front end joins the two sides' values: the
    // value itself when both sides agree, the test (or its negation) for a one-wide boolean flag
    // set on one side only (a return inside a then-block), else a Phi.
    ValueId merge(ValueId region, ValueId test, ValueId thenValue, ValueId elseValue);

    Type typeOf(ValueId id) const { return function_[id].type; }

private:
    Function& function_;
    BlockId block_ = 0;
    slvm::SourceLocation where_;
};

// The result type of a componentwise operation on a and b: the wider width, float or bool.
Type broadcastType(Type a, Type b, Scalar scalar);

// A readable listing of the function (`lrt cg compile --emit ir`), one instruction per line:
//   %7 = mul float3 %3, %6            # shader.cg:12:9
std::string print(const Function& function);

} // namespace compiler::ir
