// Rewrites the operations a target lacks in terms of those it has (sin as a polynomial, sqrt as a
// power, log2 from log, ...), so that back ends only see what they can emit. Which operations a
// target has is its OpSupport; an operation with no rewrite on a target is an error there.
#pragma once

#include "compiler/ir/ir.h"
#include "slvm/common/diagnostic.h"

#include <set>
#include <string>
#include <vector>

namespace compiler::ir {

struct OpSupport {
    std::set<Op> native;    // emitted directly by the back end, at any width
    std::string targetName; // for messages: "sl"
    // Instructions the back end emits although their op is not in `native` (SL's norm of a
    // float3, but not of a float4), given the type of their first operand; or nullptr.
    bool (*nativeFor)(const Instruction& instruction, Type operand) = nullptr;
    // Why each missing operation without a rewrite is missing, for its error message.
    std::string (*whyMissing)(Op op) = nullptr;
};

// Expands what `support` lacks; returns one error per operation that cannot be expressed at all.
std::vector<slvm::Diagnostic> expandForTarget(Function& function, const OpSupport& support);

} // namespace compiler::ir
