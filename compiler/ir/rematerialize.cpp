// Rematerialisation: one walk over the blocks, rebuilding each block's list with copies inserted
// before the instructions that use them.
#include "compiler/ir/rematerialize.h"

#include "compiler/ir/optimize.h"
#include "compiler/ir/verify.h"

#include <map>

namespace compiler::ir {

namespace {

class Rematerializer {
public:
    Rematerializer(Function& function, int limit)
        : function_(function), size_(function.values.size(), 0) {
        // Sizes in value order: operands are defined before their users.
        for (std::size_t id = 0; id < function.values.size(); ++id) {
            const Instruction& in = function.values[id];
            if (!hasTrait(in.op, kRematerializable))
                continue;
            int size = 1;
            for (const ValueId operand : in.operands) {
                const Op op = function[operand].op;
                if (op == Op::Input || op == Op::Constant)
                    continue;
                const int operandSize = size_[static_cast<std::size_t>(operand)];
                size = operandSize == 0 || size + operandSize > limit ? 0 : size + operandSize;
                if (size == 0)
                    break;
            }
            size_[id] = size;
        }
    }

    bool run() {
        for (std::size_t block = 0; block < function_.blocks.size(); ++block)
            rebuild(static_cast<BlockId>(block));
        return copied_;
    }

private:
    bool worthCopying(ValueId id) const { return size_[static_cast<std::size_t>(id)] > 0; }

    void rebuild(BlockId block) {
        std::vector<ValueId> rebuilt;
        const std::vector<ValueId> original =
            function_.blocks[static_cast<std::size_t>(block)].instructions;
        for (const ValueId id : original) {
            if (function_[id].op != Op::Phi) {
                std::map<ValueId, ValueId> copies; // within this use only
                for (std::size_t i = 0; i < function_[id].operands.size(); ++i) {
                    const ValueId operand = function_[id].operands[i];
                    if (worthCopying(operand))
                        function_[id].operands[i] = copy(operand, copies, rebuilt);
                }
            }
            rebuilt.push_back(id);
        }
        function_.blocks[static_cast<std::size_t>(block)].instructions = std::move(rebuilt);
    }

    ValueId copy(ValueId id, std::map<ValueId, ValueId>& copies, std::vector<ValueId>& out) {
        if (const auto found = copies.find(id); found != copies.end())
            return found->second;
        Instruction instruction = function_[id];
        for (ValueId& operand : instruction.operands)
            if (worthCopying(operand))
                operand = copy(operand, copies, out);
        function_.values.push_back(std::move(instruction));
        size_.push_back(0); // a copy is not copied again
        const auto copied = static_cast<ValueId>(function_.values.size() - 1);
        out.push_back(copied);
        copies.emplace(id, copied);
        copied_ = true;
        return copied;
    }

    Function& function_;
    std::vector<int> size_; // 0: not copied
    bool copied_ = false;
};

} // namespace

bool rematerialize(Function& function, int limit) {
    const bool copied = Rematerializer(function, limit).run();
    if (copied)
        eliminateDeadCode(function);
    verify(function, "rematerialize");
    return copied;
}

} // namespace compiler::ir
