// Legalising, allocating and printing vertex-program machine code.
#include "compiler/backends/vp2/vp_machine_code.h"

#include "slvm/common/source_line_note.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <fmt/format.h>

namespace compiler::backends {

void legalizeOperands(MachineProgram& program) {
    std::vector<MachineInstruction> out;
    for (MachineInstruction& in : program.code) {
        std::string parameter, attribute;
        for (Source& s : in.sources) {
            if (s.named.empty())
                continue;
            std::string& seen = s.named[0] == 'c' ? parameter : attribute;
            if (seen.empty() || seen == s.named) {
                seen = s.named;
                continue;
            }
            const int t = program.newTemporary();
            Source whole;
            whole.named = s.named;
            MachineInstruction move;
            move.opcode = "MOV";
            move.destination.temporary = t;
            move.sources = {whole};
            move.where = in.where;
            out.push_back(std::move(move));
            s.named.clear();
            s.temporary = t;
        }
        out.push_back(std::move(in));
    }
    program.code = std::move(out);
}

Allocation allocateTemporaries(const MachineProgram& program, const VpTarget& target) {
    const auto count = static_cast<std::size_t>(program.temporaries);
    std::vector<int> first(count, -1), last(count, -1);
    const auto mention = [&](int t, int i) {
        if (t < 0)
            return;
        if (first[static_cast<std::size_t>(t)] < 0)
            first[static_cast<std::size_t>(t)] = i;
        last[static_cast<std::size_t>(t)] = i;
    };
    for (std::size_t i = 0; i < program.code.size(); ++i) {
        for (const Source& s : program.code[i].sources)
            mention(s.temporary, static_cast<int>(i));
        mention(program.code[i].destination.temporary, static_cast<int>(i));
    }
    std::vector<int> order;
    for (int t = 0; t < program.temporaries; ++t)
        if (first[static_cast<std::size_t>(t)] >= 0)
            order.push_back(t);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return first[static_cast<std::size_t>(a)] < first[static_cast<std::size_t>(b)];
    });
    std::vector<int> busyUntil(static_cast<std::size_t>(target.temporaries()), -1);
    Allocation allocation;
    allocation.physical.assign(count, -1);
    for (const int t : order) {
        const int start = first[static_cast<std::size_t>(t)];
        int chosen = -1;
        for (int r = 0; r < target.temporaries() && chosen < 0; ++r)
            if (busyUntil[static_cast<std::size_t>(r)] <= start)
                chosen = r;
        if (chosen < 0) {
            allocation.errors.emplace_back(
                slvm::Severity::Error, program.code[static_cast<std::size_t>(start)].where,
                fmt::format("this needs more temporaries than profile {} has ({}): too many "
                            "values are live here",
                            target.name(), target.temporaries()));
            allocation.physical.clear();
            return allocation;
        }
        busyUntil[static_cast<std::size_t>(chosen)] = last[static_cast<std::size_t>(t)];
        allocation.physical[static_cast<std::size_t>(t)] = chosen;
    }
    return allocation;
}

namespace {

std::string registerText(int temporary, const std::string& named,
                         const std::vector<int>& physical) {
    return temporary >= 0 ? fmt::format("R{}", physical[static_cast<std::size_t>(temporary)])
                          : named;
}

std::string sourceText(const Source& s, const std::vector<int>& physical) {
    std::string text = s.negate ? "-" : "";
    text += s.absolute ? "|" : "";
    text += registerText(s.temporary, s.named, physical);
    if (s.swizzle != std::array<std::uint8_t, 4>{0, 1, 2, 3}) {
        text += ".";
        const bool replicated = s.swizzle[1] == s.swizzle[0] && s.swizzle[2] == s.swizzle[0] &&
                                s.swizzle[3] == s.swizzle[0];
        for (int c = 0; c < (replicated ? 1 : 4); ++c)
            text += "xyzw"[s.swizzle[static_cast<std::size_t>(c)]];
    }
    text += s.absolute ? "|" : "";
    return text;
}

// Each register's initial value as cgc declares it (#const c[N] = x y z w), which lrt's VP reader
// loads, so that the program runs without its binding; tracked matrices are the binding's to
// fill. A value the numeric contract cannot spell (a folded infinity or denormal) is only
// described, and the scene's binding provides it.
std::string constantDeclarations(const std::vector<ConstantSlot>& slots) {
    std::string text;
    for (const ConstantSlot& slot : slots) {
        if (!slot.name.empty())
            text += fmt::format("# c[{}]: uniform {}{}{}\n", slot.index, slot.name,
                                slot.semantic.empty() ? "" : " : " + slot.semantic,
                                slot.row > 0 ? fmt::format(" (row {})", slot.row) : "");
        if (!slot.semantic.empty())
            continue;
        const bool spellable = std::ranges::all_of(slot.value, [](float v) {
            return v == 0 || (std::isfinite(v) && std::fabs(v) >= FLT_MIN);
        });
        text += fmt::format("{} c[{}] = {} {} {} {}\n", spellable ? "#const" : "# value of",
                            slot.index, slot.value[0], slot.value[1], slot.value[2], slot.value[3]);
    }
    return text;
}

} // namespace

std::string printProgram(const MachineProgram& program, const std::vector<int>& physical,
                         const VpTarget& target, const std::vector<ConstantSlot>& slots) {
    std::string text = target.isVp2() ? "!!VP2.0\n" : "!!VP1.1\n";
    text += fmt::format("# compiled by lrt cg (profile {})\n", target.name());
    text += constantDeclarations(slots);
    int lastLine = -1;
    for (const MachineInstruction& in : program.code) {
        if (in.where.line > 0 && in.where.line != lastLine) {
            text += "# " + slvm::sourceLineNote(in.where) + "\n";
            lastLine = in.where.line;
        }
        const Destination& d = in.destination;
        std::string dest = registerText(d.temporary, d.named, physical);
        if (d.mask != 0xF) {
            dest += ".";
            for (int c = 0; c < 4; ++c)
                if (d.mask & (1u << c))
                    dest += "xyzw"[c];
        }
        std::string line = in.opcode + " " + dest;
        for (const Source& s : in.sources)
            line += ", " + sourceText(s, physical);
        text += line + ";\n";
    }
    return text + "END\n";
}

} // namespace compiler::backends
