// Backward liveness over the card's instructions, float by float (liveness.h). Each opcode's
// reads are those of the floats it writes that are live: an operation lane for lane reads only
// its live lanes' operands, so work on dead lanes may be left out or done on anything.
#include "slvm/card/liveness.h"

#include "slvm/card/vm.h"
#include "slvm/jit/block_leaders.h"

namespace slvm::card {

namespace {

constexpr int kR1 = 16; // rm1's first float; rm0's is 0

FloatSet range(int first, int count) {
    FloatSet set;
    for (int f = first; f < first + count; ++f)
        set.set(static_cast<std::size_t>(f));
    return set;
}

} // namespace

bool isJump(const Instruction& in) {
    return in.opcode == Opcode::Mov && in.to < 0;
}

// A jump (mov pos, ...) goes to its target when it is a constant that names one; exit ends the run.
std::vector<bool> blockLeaders(const VerifiedProgram& program) {
    const std::vector<Instruction>& code = program.instructions();
    return jit::blockLeaders(code.size(), 0, [&](std::size_t i) {
        const Instruction& in = code[i];
        const int target =
            isJump(in) && in.hasImmediate ? jumpTarget(program, in.immediate[0]) : -1;
        return jit::ControlFlow{in.opcode == Opcode::Exit || isJump(in),
                                target >= 0 ? std::optional(static_cast<std::size_t>(target))
                                            : std::nullopt};
    });
}

bool isDead(const Instruction& in, const FloatSet& liveAfter) {
    return in.opcode != Opcode::Exit && !isJump(in) && (writtenBy(in) & liveAfter).none();
}

FloatSet writtenBy(const Instruction& in) {
    switch (in.opcode) {
    case Opcode::Exit:
        return {};
    case Opcode::Mov:
        return in.to < 0 ? FloatSet{}
                         : range(in.to, in.from < 0 && !in.hasImmediate ? 1 : in.width);
    case Opcode::In:
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Div:
    case Opcode::MulMM:
    case Opcode::MulMF:
        return range(0, 16);
    case Opcode::MulFF:
    case Opcode::Dot:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Sqrt:
        return range(0, 1);
    case Opcode::MulMV:
    case Opcode::MulVM:
    case Opcode::MulVV:
    case Opcode::MulVF:
    case Opcode::Crs:
    case Opcode::Nor:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Abs:
    case Opcode::Floor:
    case Opcode::Slt:
        return range(0, 4);
    }
    return {}; // not reached: every opcode has its case
}

namespace {

// The floats `in` reads to compute the `wanted` floats it writes.
FloatSet read(const Instruction& in, const FloatSet& wanted) {
    FloatSet used;
    const auto use = [&](int f) { used.set(static_cast<std::size_t>(f)); };
    const auto isWanted = [&](int f) { return wanted.test(static_cast<std::size_t>(f)); };
    switch (in.opcode) {
    case Opcode::Exit:
    case Opcode::In:
        break;
    case Opcode::Mov:
        if (in.to < 0 && !in.hasImmediate && in.from >= 0)
            use(in.from); // a jump to a pixel held in a register
        else if (in.to >= 0 && in.from >= 0 && !in.hasImmediate)
            for (int k = 0; k < in.width; ++k)
                if (isWanted(in.to + k))
                    use(in.from + k);
        break;
    case Opcode::MulMM: // column j, lane i: rm0 column k lane i times rm1 column j float k
        for (int j = 0; j < 4; ++j)
            for (int i = 0; i < 4; ++i)
                if (isWanted(4 * j + i))
                    for (int k = 0; k < 4; ++k)
                        use(4 * k + i), use(kR1 + 4 * j + k);
        break;
    case Opcode::MulMV: // lane i: rm0 column k lane i times rv4 float k
        for (int i = 0; i < 4; ++i)
            if (isWanted(i))
                for (int k = 0; k < 4; ++k)
                    use(4 * k + i), use(kR1 + k);
        break;
    case Opcode::MulVM: // lane j: rv0 float k times rm1 column j float k
        for (int j = 0; j < 4; ++j)
            if (isWanted(j))
                for (int k = 0; k < 4; ++k)
                    use(k), use(kR1 + 4 * j + k);
        break;
    case Opcode::MulMF:
    case Opcode::MulVF:
        for (int i = 0; i < 16; ++i)
            if (isWanted(i))
                use(i), use(kR1);
        break;
    case Opcode::MulFF:
        if (isWanted(0))
            use(0), use(1);
        break;
    case Opcode::Dot:
        if (isWanted(0))
            for (int f = 0; f < 8; ++f)
                use(f);
        break;
    case Opcode::Crs:
    case Opcode::Nor:
        if (isWanted(0) || isWanted(1) || isWanted(2) || isWanted(3))
            for (int f = 0; f < 8; ++f)
                use(f);
        break;
    case Opcode::Abs:
    case Opcode::Floor:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Sqrt:
        for (int i = 0; i < 4; ++i)
            if (isWanted(i))
                use(i);
        break;
    case Opcode::Add: // lane for lane on rm0 and rm1
    case Opcode::Sub:
    case Opcode::Div:
    case Opcode::MulVV:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Slt:
        for (int i = 0; i < 16; ++i)
            if (isWanted(i))
                use(i), use(kR1 + i);
        break;
    }
    return used;
}

} // namespace

namespace {

// The floats live before `in`, given those live after it.
FloatSet liveBefore(const Instruction& in, const FloatSet& after) {
    return (after & ~writtenBy(in)) | read(in, after & writtenBy(in));
}

} // namespace

Liveness liveness(const VerifiedProgram& program, const FloatSet& liveAtEnd) {
    const std::vector<Instruction>& code = program.instructions();
    const std::size_t end = code.size();
    std::vector<FloatSet> after(code.size()), before(code.size() + 1);
    before[end] = liveAtEnd;
    // The live floats where each instruction goes next: the end for an exit, the target of a
    // jump (none where it faults or is held in a register), else the next instruction.
    const auto successorsLive = [&](std::size_t i) -> FloatSet {
        const Instruction& in = code[i];
        if (in.opcode == Opcode::Exit)
            return before[end];
        if (isJump(in)) {
            const int target = in.hasImmediate ? jumpTarget(program, in.immediate[0]) : -1;
            return target < 0 ? FloatSet{} : before[static_cast<std::size_t>(target)];
        }
        return before[i + 1];
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = end; i-- > 0;) {
            after[i] = successorsLive(i);
            const FloatSet live = liveBefore(code[i], after[i]);
            if (live != before[i]) {
                before[i] = live;
                changed = true;
            }
        }
    }
    return {after, before[0]};
}

} // namespace slvm::card
