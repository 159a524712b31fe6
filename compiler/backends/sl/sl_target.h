// The `sl` profile: surface shaders for the SL 1.0 VM. Entry parameters bind to SL's read-only
// registers by semantic (N, L, V, dE, C0, Kd, t0..., or Cg's NORMAL, COLOR0, TEXCOORD0...); the
// result (COLOR) is v0, and a float4's w is v1. Uniforms are folded into the program.
#pragma once

#include "compiler/target.h"

namespace compiler::backends {

class SlTarget final : public Target {
public:
    SlTarget();
    std::string_view name() const override { return "sl"; }
    bool isVertexProgram() const override { return false; }
    std::optional<Binding> bind(std::string_view semantic, Direction direction) const override;
    std::vector<std::string_view> semantics(Direction direction) const override;
    std::string_view defaultResultSemantic() const override { return "COLOR"; }
    const ir::OpSupport& support() const override { return support_; }
    bool hasBranches() const override { return true; }
    std::string refuses(ir::Op) const override { return {}; }
    int constantRegisters() const override { return 0; }
    Generated generate(const ir::Function& function,
                       std::vector<ConstantSlot> uniformSlots) const override;

private:
    ir::OpSupport support_;
};

} // namespace compiler::backends
