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

// The operations, with their operand counts (-1: any number). Componentwise binary operations
// take operands of equal width, or one of width 1 that applies to every component (a broadcast).
// clang-format off
#define LRT_IR_OPS(X)                                                                            \
    /* values from outside */                                                                   \
    X(Constant, 0)    /* value: `constant` */                                                   \
    X(Input, 0)       /* a register of the target, named by `binding` (read-only) */            \
    X(Indexed, 1)     /* register `binding` + `unit` x floor(operand 0): an array element */     \
    /* arithmetic, componentwise */                                                              \
    X(Neg, 1) X(Add, 2) X(Sub, 2) X(Mul, 2) X(Div, 2) X(Min, 2) X(Max, 2)                        \
    X(Abs, 1) X(Sign, 1) X(Floor, 1) X(Ceil, 1) X(Frac, 1) X(Sqrt, 1) X(Rsqrt, 1) X(Rcp, 1)      \
    X(Exp, 1) X(Exp2, 1) X(Log, 1) X(Log2, 1) X(Pow, 2) X(Sin, 1) X(Cos, 1)                      \
    /* geometry */                                                                               \
    X(Dot, 2) X(Cross, 2) X(Normalize, 1)                                                       \
    /* comparisons give bools; logic takes bools */                                              \
    X(Lt, 2) X(Le, 2) X(Gt, 2) X(Ge, 2) X(Eq, 2) X(Ne, 2) X(And, 2) X(Or, 2) X(Not, 1)            \
    X(Select, 3)      /* operand 0 (bool, width 1 or equal) ? operand 1 : operand 2 */          \
    X(BoolToFloat, 1) /* true 1, false 0 */                                                     \
    /* shape */                                                                                  \
    X(Swizzle, 1)     /* components `swizzle[0..width)` of operand 0 */                         \
    X(Construct, -1)  /* the operands' components, in order */                                  \
    /* the host */                                                                               \
    X(Texture, 1)     /* texture unit `unit` at (s, t) = operand 0: float3 RGB */              \
    X(Trace, 2)       /* radiance along the ray (origin, direction): float3 */                  \
    X(Random, 0)      /* uniform in [0, 1) from the sample's stream: float */                   \
    X(Turbulence, 1)  /* lrt's turbulence of a float or float3: float */                        \
    /* effects and control */                                                                    \
    X(Output, 1)      /* writes operand 0 to the target register `binding` */                   \
    X(Discard, 0)     /* ends the program with no result */                                     \
    X(If, 1)          /* runs block `thenBlock` when operand 0 (bool) holds, else `elseBlock` */ \
    X(Phi, 2)         /* after an If: operand 0 if the then-block ran, else operand 1 */
// clang-format on

#define LRT_IR_ENUMERATOR(name, arity) name,
enum class Op : std::uint8_t { LRT_IR_OPS(LRT_IR_ENUMERATOR) };
#undef LRT_IR_ENUMERATOR

std::string_view opName(Op op);
int opArity(Op op); // -1 for Construct
// Whether an instruction of this op may be removed when unused, merged with an equal one, or
// moved: everything but the host's random stream, trace (it recurses into the renderer), the
// effects and control.
bool isPure(Op op);
bool isComparison(Op op);

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
