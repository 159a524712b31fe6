// Structural and type checks of SL instructions.
#include "slvm/sl/verifier.h"

#include "slvm/common/diagnostic.h"
#include "slvm/sl/registers.h"

#include <cmath>
#include <fmt/format.h>
#include <optional>
#include <string>

namespace slvm::sl {

namespace {

std::string_view kindName(OperandKind kind) {
    switch (kind) {
    case OperandKind::Vector:
        return "a vector register";
    case OperandKind::Scalar:
        return "a scalar register";
    case OperandKind::Float:
        return "a float";
    case OperandKind::Offset:
        return "a jump offset";
    case OperandKind::TextureUnit:
        return "a texture unit";
    case OperandKind::None:
        break;
    }
    return "nothing";
}

bool fieldMatches(std::uint32_t field, OperandKind kind) {
    switch (kind) {
    case OperandKind::Vector:
        return field < kRegisterCount &&
               registerInfo(static_cast<int>(field)).kind == RegisterKind::Vector;
    case OperandKind::Scalar:
        return field < kRegisterCount &&
               registerInfo(static_cast<int>(field)).kind == RegisterKind::Scalar;
    case OperandKind::TextureUnit:
        return field < kTextureUnitCount;
    case OperandKind::Float:
        return std::isfinite(Instruction::asFloat(field));
    case OperandKind::Offset: {
        const std::int32_t offset = Instruction::asOffset(field);
        return offset >= INT16_MIN && offset <= INT16_MAX;
    }
    case OperandKind::None:
        break;
    }
    return false;
}

// Why `in` fits none of its opcode's forms, or nullopt when `form` fits it.
std::optional<std::string> mismatch(const Instruction& in, const OpcodeInfo& info,
                                    const Form& form) {
    bool used[3] = {false, false, false};
    for (int slot = 0; slot < info.arity; ++slot) {
        const OperandKind kind = form.operands[static_cast<std::size_t>(slot)];
        const std::uint32_t field = operandField(in, kind, slot);
        used[fieldIndex(kind, slot)] = true;
        if (!fieldMatches(field, kind))
            return fmt::format("operand {} of '{}' must be {}, found {}", slot + 1, info.mnemonic,
                               kindName(kind), field);
    }
    // Unused fields must be zero, so that every program has exactly one encoding.
    const std::uint32_t fields[3] = {in.a, in.b, in.c};
    for (int field = 0; field < 3; ++field)
        if (!used[field] && fields[field] != 0)
            return fmt::format("unused field {} of '{}' is {} (must be 0)", "abc"[field],
                               info.mnemonic, fields[field]);
    if (!info.takesComponent && in.component != 0)
        return fmt::format("'{}' takes no component but the component field is {}", info.mnemonic,
                           in.component);
    if (info.takesComponent && in.component > 3)
        return fmt::format("component {} of '{}' is not 0..3", in.component, info.mnemonic);
    if (info.firstIsDestination && !registerInfo(in.a).writeable)
        return fmt::format("'{}' writes read-only register '{}'", info.mnemonic,
                           registerInfo(in.a).name);
    return std::nullopt;
}

} // namespace

VerifiedProgram verify(Program program) {
    std::vector<Diagnostic> errors;
    auto report = [&](std::size_t index, std::string message) {
        errors.push_back(
            fileDiagnostic(program.name, fmt::format("instruction {}: {}", index, message)));
    };
    if (program.code.empty() || program.code.size() > kMaxProgramLength)
        errors.push_back(
            fileDiagnostic(program.name, fmt::format("program length {} is outside 1..{}",
                                                     program.code.size(), kMaxProgramLength)));

    VerifiedProgram verified;
    verified.code_.reserve(program.code.size());
    verified.forms_.reserve(program.code.size());
    for (std::size_t i = 0; i < program.code.size() && errors.size() < 50; ++i) {
        const Instruction& in = program.code[i];
        if (in.opcode >= kOpcodeCount) {
            report(i, fmt::format("unknown opcode {}", in.opcode));
            continue;
        }
        const OpcodeInfo& info = opcodeInfo(static_cast<Opcode>(in.opcode));
        const Form* match = nullptr;
        std::string firstProblem;
        for (const Form& form : info.forms) {
            const auto problem = mismatch(in, info, form);
            if (!problem) {
                match = &form;
                break;
            }
            if (firstProblem.empty())
                firstProblem = *problem;
        }
        if (!match) {
            report(i, firstProblem);
            continue;
        }

        ExecInstruction exec;
        exec.operation = match->operation;
        exec.component = in.component;
        exec.a = in.a;
        exec.b = in.b;
        exec.c = static_cast<std::uint8_t>(in.c);
        if (match->operation == Operation::Li || match->operation == Operation::Liv) {
            exec.immediate = Instruction::asFloat(in.c);
        } else if (match->operation == Operation::Jmp || match->operation == Operation::Blt) {
            const std::int64_t target =
                static_cast<std::int64_t>(i) + 1 + Instruction::asOffset(in.c);
            if (target < 0 || target > static_cast<std::int64_t>(program.code.size())) {
                report(i, fmt::format("jump target {} is outside the program (0..{})", target,
                                      program.code.size()));
                continue;
            }
            exec.target = static_cast<std::uint32_t>(target);
        }
        verified.code_.push_back(exec);
        verified.forms_.push_back(match);
    }
    if (!errors.empty())
        throw ProgramError(std::move(errors));
    verified.program_ = std::move(program);
    return verified;
}

} // namespace slvm::sl
