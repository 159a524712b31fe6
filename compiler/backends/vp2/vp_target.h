// The `vp1.1` and `vp2` profiles (Cg's historical vp20 and vp30): vertex programs for
// NV_vertex_program1_1 and NV_vertex_program2. Varying inputs bind to v[] attributes by semantic
// (POSITION, NORMAL, COLOR0, TEXCOORD0-7, ATTR0-15), outputs to o[] results (POSITION, COLOR0,
// BCOL0, TEXCOORD0-7, CLP0-5, PSIZE, FOG); uniforms and literals get c[] slots, which the
// compiler lists beside the program. Neither profile branches: `if` is flattened into selects.
#pragma once

#include "compiler/target.h"

namespace compiler::backends {

class VpTarget final : public Target {
public:
    explicit VpTarget(bool vp2);
    std::string_view name() const override { return vp2_ ? "vp2" : "vp1.1"; }
    bool isVertexProgram() const override { return true; }
    std::optional<Binding> bind(std::string_view semantic, Direction direction) const override;
    std::vector<std::string_view> semantics(Direction direction) const override;
    std::string_view defaultResultSemantic() const override { return "POSITION"; }
    const ir::OpSupport& support() const override { return support_; }
    bool hasBranches() const override { return false; }
    std::string refuses(ir::Op op) const override;
    int constantRegisters() const override { return vp2_ ? 256 : 96; }
    int temporaries() const { return vp2_ ? 16 : 12; }
    int instructionLimit() const { return vp2_ ? 256 : 128; }
    bool isVp2() const { return vp2_; }
    Generated generate(const ir::Function& function,
                       std::vector<ConstantSlot> uniformSlots) const override;

private:
    bool vp2_;
    ir::OpSupport support_;
};

} // namespace compiler::backends
