// The vertex-program code generator's state and operand access: the code written so far, where
// each IR value is read from (a view of a register, a literal packed into c[], a temporary) and
// where it is written to (a temporary, its o[] register, its part of a construct), and which
// multiplies fold into a MAD. Instruction selection (vp_codegen.cpp) derives from it.
#pragma once

#include "compiler/backends/vp2/vp_machine_code.h"
#include "compiler/backends/vp2/vp_target.h"
#include "compiler/ir/ir.h"
#include "slvm/common/diagnostic.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace compiler::backends::vp_code {

class VpEmitter {
protected:
    VpEmitter(const VpTarget& target, const ir::Function& function,
              std::vector<ConstantSlot> slots);

    void error(const slvm::SourceLocation& where, std::string message);
    const ir::Instruction& at(ir::ValueId id) const;
    void countUses();
    int newTemporary();
    void emit(std::string opcode, Destination destination, std::vector<Source> sources);
    static unsigned maskOf(int width);
    // d writing only the components of `mask` (before its shift).
    static Destination masked(Destination d, unsigned mask);
    // A slot component holding `value`: literals are shared and packed four to a register.
    Source literal(float value);
    static Source scalarSource(int slot, int component);
    // The operand that reads value id: a view (a constant, an input, a swizzle, a negation, a
    // bool as a float, and |x| on VP2) is expressed where it is read; every other value is read
    // where instruction() computed it.
    Source source(ir::ValueId id);
    Source constantSource(const ir::Instruction& in);
    // A source read as `width` components: a scalar is replicated.
    Source widened(Source s, int width);
    static Source component(Source s, int c);
    // Where value id goes: its o[] register when an output is its only use, else a temporary.
    Destination destinationFor(ir::ValueId id);
    // A construct's destination, chosen when its first part is computed.
    Destination constructDestination(ir::ValueId construct);
    // The parts that can be computed in place: used once, by a construct, and computed by an
    // instruction of their own (not views, not a product folded into a MAD).
    void findConstructParts();
    void noteOutput(const std::string& binding);
    // A multiply whose only use is an add or subtract is folded into it as a MAD (the first such
    // operand, when both are).
    bool singleUseProduct(ir::ValueId id, ir::ValueId user) const;
    // Which operand of add-or-subtract `id` becomes the MAD's product, or -1.
    int madProduct(ir::ValueId id) const;
    bool foldsIntoMad(ir::ValueId id) const;

    const VpTarget& target_;
    const ir::Function& function_;
    std::vector<ConstantSlot> slots_;
    std::map<int, int> literalsIn_;
    int openSlot_ = -1;
    int firstFreeSlot_ = 0;
    std::map<ir::ValueId, std::vector<ir::ValueId>> uses_;
    std::map<ir::ValueId, Source> computed_;
    std::map<ir::ValueId, bool> outputsWritten_;
    std::map<ir::ValueId, std::pair<ir::ValueId, int>> partOf_; // part -> its construct, offset
    std::map<ir::ValueId, Destination> constructDestinations_;
    ir::ValueId addressIndex_ = ir::kNoValue; // what A0.x holds: floor(index * stride)
    int addressStride_ = 0;
    MachineProgram program_;
    std::vector<slvm::Diagnostic> errors_;
    slvm::SourceLocation where_;
    bool writesPosition_ = false;
};

} // namespace compiler::backends::vp_code
