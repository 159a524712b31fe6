// The `card` profile: signed-distance functions for the punch-card VM. The entry function (sdf
// by default) takes the point (POSITION, the semantic of every parameter that names none) and
// returns the distance (DISTANCE: rf0 when the card exits). Uniforms are folded into the card.
#pragma once

#include "compiler/target.h"

namespace compiler::backends {

class CardTarget final : public Target {
public:
    CardTarget();
    std::string_view name() const override { return "card"; }
    bool isVertexProgram() const override { return false; }
    std::optional<Binding> bind(std::string_view semantic, Direction direction) const override;
    std::vector<std::string_view> semantics(Direction direction) const override;
    std::string_view defaultResultSemantic() const override { return "DISTANCE"; }
    std::string_view defaultInputSemantic() const override { return "POSITION"; }
    // sdf, as cards name their function; else Cg's (and cgc's) usual main.
    std::vector<std::string_view> entryNames() const override { return {"sdf", "main"}; }
    const ir::OpSupport& support() const override { return support_; }
    bool hasBranches() const override { return false; }
    std::string refuses(ir::Op op) const override;
    int constantRegisters() const override { return 0; }
    Generated generate(const ir::Function& function,
                       std::vector<ConstantSlot> uniformSlots) const override;

private:
    ir::OpSupport support_;
};

} // namespace compiler::backends
