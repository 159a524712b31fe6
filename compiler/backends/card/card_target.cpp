// The card profile's bindings and operations; the code generator is card_codegen.cpp.
#include "compiler/backends/card/card_target.h"

namespace compiler::backends {

namespace {

std::string whyMissing(ir::Op op) {
    switch (op) {
    case ir::Op::Exp:
    case ir::Op::Exp2:
    case ir::Op::Log:
    case ir::Op::Log2:
    case ir::Op::Pow:
        return "the card machine has no exponential or logarithm (use a polynomial, as the "
               "smooth union smin(a, b, k) of docs/sdf.md does)";
    default:
        return "the card machine has no instruction for it";
    }
}

} // namespace

CardTarget::CardTarget() {
    using enum ir::Op;
    // Not Normalize: the card's nor gives NaN for the zero vector, lrt's normalize gives 0.
    support_.native = {Add,  Sub, Mul, Div, Neg,   Min,    Max,        Abs, Floor,
                       Sqrt, Sin, Cos, Dot, Cross, Lt,     Le,         Gt,  Ge,
                       Eq,   Ne,  And, Or,  Not,   Select, BoolToFloat};
    support_.targetName = "card";
    support_.whyMissing = whyMissing;
}

std::optional<Binding> CardTarget::bind(std::string_view semantic, Direction direction) const {
    if (direction == Direction::In)
        return semantic == "POSITION" || semantic == "P" ? std::optional(Binding{"p", 3})
                                                         : std::nullopt;
    return semantic == "DISTANCE" ? std::optional(Binding{"rf0", 1}) : std::nullopt;
}

std::vector<std::string_view> CardTarget::semantics(Direction direction) const {
    if (direction == Direction::In)
        return {"POSITION", "P"};
    return {"DISTANCE"};
}

std::string CardTarget::refuses(ir::Op op) const {
    switch (op) {
    case ir::Op::Texture:
    case ir::Op::Trace:
    case ir::Op::Random:
    case ir::Op::Turbulence:
        return "a signed-distance function is a function of the point alone: the card machine "
               "has no textures, rays, random numbers or noise";
    case ir::Op::Discard:
        return "a signed-distance function always returns a distance";
    default:
        return {};
    }
}

} // namespace compiler::backends
