// The SL code generator's state and operand access: where each IR value lives (virtual registers,
// inputs' own registers), the SL code written so far, and how a value is read as a scalar or as a
// vector and built component by component. Instruction selection (sl_codegen.cpp) derives from it.
#pragma once

#include "compiler/backends/sl/sl_machine_code.h"
#include "compiler/ir/ir.h"
#include "slvm/common/diagnostic.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace compiler::backends::sl_code {

// Where an IR value lives: a value of width 1 in a scalar, of width 2 or 3 in a vector's xyz, of
// width 4 in a vector (xyz) and a scalar (w), as SL's vector instructions never touch w.
struct Location {
    Operand vector;         // xyz (width 2-4)
    Operand scalar;         // width 1, or w of width 4
    bool wInVector = false; // an input register: w is the vector's own
    int width = 0;
};

inline constexpr const char* kComponents = "xyzw";

class Emitter {
protected:
    // frugal: spend instructions to save registers (sl_codegen.cpp's generate tries it when a
    // program does not fit without).
    Emitter(const ir::Function& function, bool frugal) : function_(function), frugal_(frugal) {}

    Operand newRegister(RegisterClass kind);
    static Operand physical(const std::string& name, bool isVector) {
        return Operand{name, -1, isVector};
    }
    void emit(std::string mnemonic, std::vector<Operand> operands, std::string component = {},
              std::string immediate = {});
    int newLabel() { return labels_++; }
    void place(int label);
    void jump(const std::string& mnemonic, std::vector<Operand> operands, int label);
    static std::string number(float value);

    const ir::Instruction& at(ir::ValueId id) const { return function_[id]; }
    int widthOf(ir::ValueId id) const { return at(id).type.width; }

    // Component c of value id as a scalar operand (loading a constant or extracting with movc).
    Operand component(ir::ValueId id, int c);
    Operand scalar(ir::ValueId id) { return component(id, 0); }
    // The xyz of value id as a vector operand. What has no vector register of its own (a
    // constant, a scalar replicated, a value read where it is used) is built in `spare` when it
    // is set (the destination of the instruction that reads the operand, which reads before it
    // writes), which it then clears, else in a new register.
    Operand vector(ir::ValueId id, std::optional<Operand>& spare);
    Operand vector(ir::ValueId id) {
        std::optional<Operand> none;
        return vector(id, none);
    }
    Location newLocation(int width);

    // Builds value id from one scalar operand per component, each written as soon as it is
    // computed. When `inPlace` names an operand read here for the last time, its register becomes
    // id's, so that the result takes no vector besides its operands' (what the scheduler counts):
    // componentOf(c) must then read nothing of it but component c, and the components `kept`
    // already hold the result's.
    void assemble(ir::ValueId id, const std::function<Operand(int)>& componentOf,
                  ir::ValueId inPlace = ir::kNoValue, const std::vector<bool>& kept = {});
    // A swizzle or constructor, built in the register of a source read here for the last time
    // where there is one.
    void gather(ir::ValueId id);

    // setTo(a < b) as branches: blt a, b, T; setTo(false); jmp E; T: setTo(true); E:
    void lessThanSelect(Operand a, Operand b, const std::function<void(bool)>& setTo);
    // Copies value id into `location` (a constant is loaded straight into it).
    void copyInto(const Location& location, ir::ValueId id);

    // Whether value id is read where it is used, as inputs and constants are (frugal): a swizzle
    // or constructor of those, which would otherwise hold a register from its definition on (a
    // prefix of an input is the input's register), at the cost of building it at each use.
    bool readWhereUsed(ir::ValueId id) const;
    // Which value's component component c of swizzle or constructor id is.
    std::pair<ir::ValueId, int> sourceOf(ir::ValueId id, int c) const;
    // Whether swizzle id is a prefix of its operand (.xy of a float3, .xyz of a float4), which
    // lives in the same register.
    bool aliasesOperand(ir::ValueId id) const;
    // Counts the reads of each register before generation: every operand of the instructions
    // of block `id` and the blocks inside it, the comparisons only branches use (`fused`) aside.
    void countReads(ir::BlockId id, const std::function<bool(ir::ValueId)>& fused);
    // The reads of value id's register by one instruction, done as its code is generated.
    void read(ir::ValueId id) { --readsLeft_[registerOf(id)]; }
    // An operand (among `candidates`) whose vector register nothing reads after this instruction
    // and the instruction may overwrite, or kNoValue.
    ir::ValueId lastReadVector(const std::vector<ir::ValueId>& candidates) const;

    const ir::Function& function_;
    const bool frugal_;
    std::vector<MachineInstruction> code_;
    std::vector<RegisterClass> classes_;
    std::map<ir::ValueId, Location> locations_;
    std::vector<slvm::Diagnostic> errors_;
    slvm::SourceLocation where_;

private:
    // The value whose register value id shares (its own, or a swizzle prefix's operand's).
    ir::ValueId registerOf(ir::ValueId id) const;

    std::map<ir::ValueId, int> readsLeft_;
    int labels_ = 0;
};

} // namespace compiler::backends::sl_code
