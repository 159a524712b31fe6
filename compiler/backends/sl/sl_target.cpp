// The sl profile's bindings and operations; the code generator is sl_codegen.cpp.
#include "compiler/backends/sl/sl_target.h"

#include <fmt/format.h>

namespace compiler::backends {

namespace {

struct Semantic {
    std::string_view semantic;
    std::string_view reg;
    int width;
};

// Inputs: SL's read-only registers under their own names, then Cg's conventional names.
constexpr Semantic kInputs[] = {
    {"N", "N", 4},       {"L", "L", 4},          {"V", "V", 4},        {"dE", "dE", 4},
    {"C0", "C0", 4},     {"C1", "C1", 4},        {"P", "P", 4},        {"Pw", "Pw", 4},
    {"uv", "uv", 4},     {"ds", "ds", 4},        {"dt", "dt", 4},      {"du", "du", 4},
    {"dv", "dv", 4},     {"Kd", "Kd", 1},        {"Ks", "Ks", 1},      {"S", "S", 1},
    {"Kr", "Kr", 1},     {"Kt", "Kt", 1},        {"Ka", "Ka", 1},      {"I", "I", 1},
    {"NORMAL", "N", 4},  {"POSITION", "P", 4},   {"COLOR", "C0", 4},   {"COLOR0", "C0", 4},
    {"COLOR1", "C1", 4}, {"TEXCOORD0", "uv", 4}, {"TANGENT", "ds", 4}, {"BINORMAL", "dt", 4}};
constexpr Semantic kOutputs[] = {
    {"COLOR", "v0", 4}, {"COLOR0", "v0", 4}, {"v0", "v0", 4}, {"v1", "v1", 1}};

std::string whyMissing(ir::Op op) {
    switch (op) {
    case ir::Op::Log:
    case ir::Op::Log2:
        return "SL 1.0 has exp and pow but no logarithm, and no series it could run would be exact";
    default:
        return "SL 1.0 has no instruction for it";
    }
}

// dp3 and norm work on xyz: a float3's dot product and normalisation are one instruction each
// (a float2's z, and a float4's w, would be wrong there).
bool nativeFor(const ir::Instruction& instruction, ir::Type operand) {
    return (instruction.op == ir::Op::Dot || instruction.op == ir::Op::Normalize) &&
           operand.width == 3;
}

} // namespace

SlTarget::SlTarget() {
    using enum ir::Op;
    support_.native = {Add, Sub,    Mul,         Div,     Neg,   Min,    Max,
                       Abs, Floor,  Ceil,        Exp,     Pow,   Cross,  Lt,
                       Le,  Gt,     Ge,          Eq,      Ne,    And,    Or,
                       Not, Select, BoolToFloat, Texture, Trace, Random, Turbulence};
    support_.targetName = "sl";
    support_.whyMissing = whyMissing;
    support_.nativeFor = nativeFor;
}

std::optional<Binding> SlTarget::bind(std::string_view semantic, Direction direction) const {
    if (direction == Direction::In) {
        // t0-t7 (or TEXUNIT0-7): a texture unit for a sampler2D, the unit's sample at the point
        // for a vector.
        for (const std::string_view prefix : {"t", "TEXUNIT"})
            if (semantic.size() == prefix.size() + 1 && semantic.starts_with(prefix) &&
                semantic.back() >= '0' && semantic.back() <= '7')
                return Binding{fmt::format("t{}", semantic.back()), 4, true, semantic.back() - '0'};
        for (const Semantic& input : kInputs)
            if (input.semantic == semantic)
                return Binding{std::string(input.reg), input.width};
        return std::nullopt;
    }
    for (const Semantic& output : kOutputs)
        if (output.semantic == semantic)
            return Binding{std::string(output.reg), output.width};
    return std::nullopt;
}

std::vector<std::string_view> SlTarget::semantics(Direction direction) const {
    std::vector<std::string_view> names;
    if (direction == Direction::In) {
        for (const Semantic& input : kInputs)
            names.push_back(input.semantic);
        names.insert(names.end(), {"t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"});
    } else {
        for (const Semantic& output : kOutputs)
            names.push_back(output.semantic);
    }
    return names;
}

} // namespace compiler::backends
