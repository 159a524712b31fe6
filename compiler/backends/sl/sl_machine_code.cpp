// Printing SL machine code.
#include "compiler/backends/sl/sl_machine_code.h"

#include "slvm/common/source_line_note.h"

#include <fmt/format.h>

namespace compiler::backends::sl_code {

std::string printProgram(const std::vector<MachineInstruction>& code) {
    std::string text = "sl 1.0\n# compiled by lrt cg (profile sl)\n";
    int lastLine = -1;
    std::string_view lastFile;
    for (const MachineInstruction& in : code) {
        if (in.label >= 0) {
            text += fmt::format("L{}:\n", in.label);
            continue;
        }
        // A plain move onto itself is what allocation made of a copy: nothing to run.
        if (in.mnemonic == "mov" && in.operands[0].physical == in.operands[1].physical)
            continue;
        if (in.where.line > 0 && (in.where.line != lastLine || in.where.file != lastFile)) {
            text += "# " + slvm::sourceLineNote(in.where) + "\n";
            lastLine = in.where.line;
            lastFile = in.where.file;
        }
        std::string line = in.mnemonic;
        if (!in.component.empty())
            line += " " + in.component;
        for (std::size_t i = 0; i < in.operands.size(); ++i)
            line += (i ? ", " : " ") + in.operands[i].physical;
        if (!in.immediate.empty())
            line += (in.operands.empty() ? " " : ", ") + in.immediate;
        text += line + "\n";
    }
    return text;
}

} // namespace compiler::backends::sl_code
