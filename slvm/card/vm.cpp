// The card executor. The arithmetic instructions work on two fixed registers, as the
// specification's table writes them: register[0] is rm0 (floats 0-15), register[1] is rm1
// (floats 16-31); register[i][j] is column j of matrix i and register[i][j][k] its component k.
#include "slvm/card/vm.h"

#include "slvm/card/jit.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace slvm::card {

namespace {

constexpr int kR0 = 0;  // register[0]: rm0
constexpr int kR1 = 16; // register[1]: rm1

using Floats = std::array<float, kRegisterFloats>;

// GLSL's column-major products: m[j][i] is float 4j + i of a matrix.
void multiplyMatrices(Floats& r) {
    float product[16];
    for (int j = 0; j < 4; ++j)
        for (int i = 0; i < 4; ++i) {
            float sum = 0;
            for (int k = 0; k < 4; ++k)
                sum += r[kR0 + 4 * k + i] * r[kR1 + 4 * j + k];
            product[4 * j + i] = sum;
        }
    std::copy(std::begin(product), std::end(product), r.begin() + kR0);
}

void multiplyMatrixVector(Floats& r) { // register[0][0] = register[0] * register[1][0]
    float product[4];
    for (int i = 0; i < 4; ++i) {
        float sum = 0;
        for (int k = 0; k < 4; ++k)
            sum += r[kR0 + 4 * k + i] * r[kR1 + k];
        product[i] = sum;
    }
    std::copy(std::begin(product), std::end(product), r.begin() + kR0);
}

void multiplyVectorMatrix(Floats& r) { // register[0][0] = register[0][0] * register[1]
    float product[4];
    for (int j = 0; j < 4; ++j) {
        float sum = 0;
        for (int k = 0; k < 4; ++k)
            sum += r[kR0 + k] * r[kR1 + 4 * j + k];
        product[j] = sum;
    }
    std::copy(std::begin(product), std::end(product), r.begin() + kR0);
}

template <typename F>
void eachOf(Floats& r, int count, F f) {
    for (int i = 0; i < count; ++i)
        r[kR0 + i] = f(r[kR0 + i], r[kR1 + i]);
}

void crossProduct(Floats& r) { // register[0][0] = (cross(register[0][0], register[0][1]), 0)
    const float ax = r[0], ay = r[1], az = r[2], bx = r[4], by = r[5], bz = r[6];
    r[0] = ay * bz - az * by;
    r[1] = az * bx - ax * bz;
    r[2] = ax * by - ay * bx;
    r[3] = 0;
}

void normalizeVector(Floats& r) { // GLSL's normalize of a vec4: NaN for the zero vector
    const float length = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
    for (int i = 0; i < 4; ++i)
        r[i] /= length;
}

} // namespace

int jumpTarget(const VerifiedProgram& program, float target) {
    return target >= 0 && target <= 1e9f && target == std::floor(target)
               ? program.instructionAt(static_cast<int>(target))
               : -1;
}

ExecutionResult CardMachine::run(float x, float y, float z) {
    input_.fill(0.0f);
    input_[0] = x, input_[1] = y, input_[2] = z;
    if (native_) {
        // Compiled code writes every register the program writes and the others stay zero, so
        // the registers need no clearing.
        const NativeCard::Outcome outcome = native_->run(registers_, x, y, z, budget_);
        if (outcome.resumeAt < 0)
            return outcome.result;
        return interpret(static_cast<std::size_t>(outcome.resumeAt), outcome.result.executed);
    }
    registers_.fill(0.0f);
    return interpret(0, 0);
}

[[gnu::noinline]] float interpretedDistance(const VerifiedProgram& program, float x, float y,
                                            float z, std::uint64_t budget) {
    CardMachine machine(program, budget);
    return machine.run(x, y, z).status == ExecutionStatus::Ok
               ? machine.distance()
               : std::numeric_limits<float>::quiet_NaN();
}

ExecutionResult CardMachine::interpret(std::size_t at, std::uint64_t executed) {
    Floats& r = registers_;
    const std::vector<Instruction>& code = program_->instructions();
    while (at < code.size()) {
        if (executed == budget_)
            return {ExecutionStatus::Budget, executed};
        ++executed;
        const Instruction& instruction = code[at++];
        switch (instruction.opcode) {
        case Opcode::Exit:
            return {ExecutionStatus::Ok, executed};
        case Opcode::Mov: {
            if (instruction.to < 0) { // to pos: a jump
                const float target = instruction.hasImmediate
                                         ? instruction.immediate[0]
                                         : r[static_cast<std::size_t>(instruction.from)];
                const int index = jumpTarget(*program_, target);
                if (index < 0)
                    return {ExecutionStatus::Fault, executed};
                at = static_cast<std::size_t>(index);
                break;
            }
            float* to = r.data() + instruction.to;
            if (instruction.from < 0) { // from pos: the pixel of the next instruction
                *to = static_cast<float>(instruction.next);
                break;
            }
            // The source slice is read whole before the destination is written: slices of the
            // shared array may overlap (mov rm0, rm1 is fine, and so is mov rv1, rv0).
            float buffer[16];
            const float* from = instruction.hasImmediate ? instruction.immediate.data()
                                                         : r.data() + instruction.from;
            if (instruction.width == 1) {
                *to = *from;
                break;
            }
            const auto width = static_cast<std::size_t>(instruction.width); // 4 or 16
            std::copy_n(from, width, buffer);
            std::copy_n(buffer, width, to);
            break;
        }
        case Opcode::In:
            std::copy(input_.begin(), input_.end(), r.begin() + kR0);
            break;
        case Opcode::Add:
            eachOf(r, 16, [](float a, float b) { return a + b; });
            break;
        case Opcode::Sub:
            eachOf(r, 16, [](float a, float b) { return a - b; });
            break;
        case Opcode::MulMM:
            multiplyMatrices(r);
            break;
        case Opcode::MulMV:
            multiplyMatrixVector(r);
            break;
        case Opcode::MulVM:
            multiplyVectorMatrix(r);
            break;
        case Opcode::MulVV:
            eachOf(r, 4, [](float a, float b) { return a * b; });
            break;
        case Opcode::MulMF:
            for (int i = 0; i < 16; ++i)
                r[kR0 + i] *= r[kR1];
            break;
        case Opcode::MulVF:
            for (int i = 0; i < 4; ++i)
                r[kR0 + i] *= r[kR1];
            break;
        case Opcode::MulFF: // register[0][0][0] * register[0][0][1], as the table says
            r[0] *= r[1];
            break;
        case Opcode::Div:
            eachOf(r, 16, [](float a, float b) { return a / b; });
            break;
        case Opcode::Dot:
            r[0] = r[0] * r[4] + r[1] * r[5] + r[2] * r[6] + r[3] * r[7];
            break;
        case Opcode::Crs:
            crossProduct(r);
            break;
        case Opcode::Nor:
            normalizeVector(r);
            break;
        case Opcode::Sin:
            r[0] = std::sin(r[0]);
            break;
        case Opcode::Cos:
            r[0] = std::cos(r[0]);
            break;
        case Opcode::Sqrt:
            r[0] = std::sqrt(r[0]);
            break;
        case Opcode::Min:
            eachOf(r, 4, [](float a, float b) { return b < a ? b : a; });
            break;
        case Opcode::Max:
            eachOf(r, 4, [](float a, float b) { return a < b ? b : a; });
            break;
        case Opcode::Abs:
            eachOf(r, 4, [](float a, float) { return std::fabs(a); });
            break;
        case Opcode::Floor:
            eachOf(r, 4, [](float a, float) { return std::floor(a); });
            break;
        case Opcode::Slt:
            eachOf(r, 4, [](float a, float b) { return a < b ? 1.0f : 0.0f; });
            break;
        }
    }
    return {ExecutionStatus::Ok, executed}; // off the end of the card: an implicit exit
}

} // namespace slvm::card
