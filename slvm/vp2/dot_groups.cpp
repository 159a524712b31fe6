// Finding the matrix transforms of a decoded vertex program (dot_groups.h).
#include "slvm/vp2/dot_groups.h"

#include <bit>

namespace slvm::vp2 {

bool sameOperand(const DecodedOperand& a, const DecodedOperand& b) {
    return a.index == b.index && a.swizzle == b.swizzle && a.andMask == b.andMask &&
           a.xorMask == b.xorMask && a.relative == b.relative &&
           (!a.relative || (a.addressRegister == b.addressRegister &&
                            a.addressComponent == b.addressComponent && a.offset == b.offset));
}

namespace {

// Whether step s may join a group: a dot product written to one component, and nothing else.
bool joinable(const DecodedStep& s) {
    return (s.opcode == Opcode::DP3 || s.opcode == Opcode::DP4) && s.plainWrite &&
           std::popcount(s.writeMask) == 1 &&
           (s.destinationFile == RegisterFile::Temporary ||
            s.destinationFile == RegisterFile::Result);
}

bool reads(const DecodedStep& s, std::uint16_t slot) {
    for (std::size_t i = 0; i < s.sourceCount; ++i)
        if (!s.sources[i].relative && s.sources[i].index == slot)
            return true;
    return false;
}

// How many steps from `first` form a group with `vectorOperand` as the shared vector.
std::size_t groupLength(const std::vector<DecodedStep>& steps, const std::vector<bool>& leaders,
                        std::size_t first, int vectorOperand) {
    const DecodedStep& head = steps[first];
    std::uint8_t lanes = 0;
    std::size_t count = 0;
    for (std::size_t i = first; i < steps.size() && count < 4; ++i, ++count) {
        const DecodedStep& s = steps[i];
        if ((i > first && leaders[i]) || !joinable(s) || s.opcode != head.opcode ||
            s.destination != head.destination || (s.writeMask & lanes) != 0 ||
            !sameOperand(s.sources[static_cast<std::size_t>(vectorOperand)],
                         head.sources[static_cast<std::size_t>(vectorOperand)]) ||
            reads(s, head.destination))
            break;
        lanes |= s.writeMask;
    }
    return count;
}

} // namespace

std::vector<DotGroup> findDotGroups(const std::vector<DecodedStep>& steps,
                                    const std::vector<bool>& leaders) {
    std::vector<DotGroup> groups;
    for (std::size_t i = 0; i < steps.size();) {
        DotGroup best{i, 0, 1};
        for (const int vectorOperand : {1, 0}) {
            const std::size_t count = groupLength(steps, leaders, i, vectorOperand);
            if (count > best.count)
                best = {i, count, vectorOperand};
        }
        if (best.count >= 2) {
            groups.push_back(best);
            i += best.count;
        } else {
            ++i;
        }
    }
    return groups;
}

} // namespace slvm::vp2
