// Disassembly: one instruction per line with its pixel; jump targets become labels, and the exits
// that pad the card after the last instruction collapse into one comment.
#include "slvm/card/disassembler.h"

#include <fmt/format.h>
#include <set>

namespace slvm::card {

namespace {

std::string label(int pixel) {
    return fmt::format("L{}", pixel);
}

} // namespace

std::string disassemble(const VerifiedProgram& program) {
    const auto& code = program.instructions();
    const Card& card = program.card();
    std::set<int> targets;
    for (const Instruction& instruction : code)
        if (instruction.opcode == Opcode::Mov && instruction.hasImmediate &&
            instruction.destination.file == RegisterFile::Pos)
            targets.insert(static_cast<int>(instruction.immediate[0]));
    // The padding: the exits after the last instruction that is not one and no jump reaches.
    const bool jumpsToEnd = targets.contains(static_cast<int>(card.pixels.size()));
    std::size_t end = code.size();
    while (!jumpsToEnd && end > 0 && code[end - 1].opcode == Opcode::Exit &&
           !targets.contains(code[end - 1].pixel))
        --end;
    if (end < code.size())
        ++end; // keep one exit: the program's own
    std::string text = fmt::format(
        "; {}: a {} x {} card, {} instructions{}\n.width {}\n.height {}\n", card.name, card.width,
        card.height, code.size(), program.usesExtensions() ? " (uses lrt's extension opcodes)" : "",
        card.width, card.height);
    for (std::size_t i = 0; i < end; ++i) {
        const Instruction& instruction = code[i];
        if (targets.contains(instruction.pixel))
            text += label(instruction.pixel) + ":\n";
        std::string line = fmt::format("    {}", mnemonic(instruction.opcode));
        if (instruction.opcode == Opcode::In) {
            line += fmt::format(" {}", instruction.input);
        } else if (instruction.opcode == Opcode::Mov) {
            line += fmt::format(" {}, ", registerName(instruction.destination));
            if (!instruction.hasImmediate)
                line += registerName(instruction.source);
            else if (instruction.destination.file == RegisterFile::Pos)
                line += label(static_cast<int>(instruction.immediate[0]));
            else
                for (int c = 0; c < instruction.destination.width(); ++c)
                    line += fmt::format("{}{}", c ? " " : "",
                                        instruction.immediate[static_cast<std::size_t>(c)]);
        }
        const std::size_t pad = line.size() < 36 ? 36 - line.size() : 1;
        text += fmt::format("{}{}; pixel {}\n", line, std::string(pad, ' '), instruction.pixel);
    }
    if (jumpsToEnd)
        text += label(static_cast<int>(card.pixels.size())) + ":\n";
    if (end < code.size())
        text += fmt::format("    ; pixels {}-{}: exit (padding)\n", code[end].pixel,
                            card.pixels.size() - 1);
    return text;
}

} // namespace slvm::card
