// The card subcommands, with the conventions of `lrt sl`: diagnostics on stderr, exit 1 for a bad
// card, 2 for bad flags.
#include "cli/card_command.h"

#include "cli/exit_status.h"
#include "cli/flag_values.h"
#include "cli/json_number.h"
#include "compiler/driver/program_loader.h"
#include "slvm/card/assembler.h"
#include "slvm/card/card_file.h"
#include "slvm/card/card_image.h"
#include "slvm/card/disassembler.h"
#include "slvm/card/executor.h"
#include "slvm/common/file_contents.h"

#include <fmt/format.h>
#include <iostream>
#include <memory>

namespace lrt::cli {

namespace card = slvm::card;

namespace {

struct AsmFlags {
    std::string input;
    std::string output;
};

struct RunFlags {
    std::string card;
    std::string point;
    std::uint64_t budget = slvm::kDefaultBudget;
    slvm::jit::VmKind vm = slvm::jit::defaultVm();
};

int assembleCard(const AsmFlags& flags) {
    const std::filesystem::path output =
        flags.output.empty() ? std::filesystem::path(flags.input).replace_extension(".exr")
                             : std::filesystem::path(flags.output);
    if (!card::isWritableCardImagePath(output))
        throw UsageError(
            fmt::format("-o {}: a card is written as .exr, .tif or .tiff", output.string()));
    const auto text = slvm::readFileContents(flags.input);
    if (!text)
        throw slvm::ProgramError({slvm::fileDiagnostic(flags.input, "cannot read the card file")});
    // Verified before it is written, so that no file is left for a card the machine refuses.
    const card::VerifiedProgram program = card::verify(card::assemble(*text, flags.input));
    card::writeCardImage(output, program.card());
    return kExitOk;
}

} // namespace

int runCard(const std::string& pointFlag, std::uint64_t budget, slvm::jit::VmKind vm,
            const std::function<card::VerifiedProgram()>& load) {
    const auto point = parseFloatList(pointFlag);
    if (!point || point->size() != 3)
        throw UsageError(
            fmt::format("--point '{}': expected x,y,z (three comma-separated numbers)", pointFlag));
    const card::VerifiedProgram program = load();
    const card::Executor executor(program, vm);
    card::CardMachine machine = executor.machine(budget);
    const slvm::ExecutionResult result = machine.run((*point)[0], (*point)[1], (*point)[2]);
    std::string registers;
    const auto& floats = machine.registers();
    for (int m = 0; m < card::kMatrixRegisters; ++m) {
        registers += fmt::format("{}\"rm{}\": [", m ? ", " : "", m);
        for (int i = 0; i < 16; ++i)
            registers += fmt::format("{}{}", i ? ", " : "",
                                     jsonNumber(floats[static_cast<std::size_t>(16 * m + i)]));
        registers += "]";
    }
    std::cout << fmt::format("{{\"status\": \"{}\", \"steps\": {}, \"distance\": {}, "
                             "\"registers\": {{{}}}}}\n",
                             card::statusName(result.status), result.executed,
                             jsonNumber(machine.distance()), registers);
    return kExitOk;
}

void addCardCommand(CLI::App& app, int& exitStatus) {
    CLI::App* cardCommand = app.add_subcommand(
        "card", "Punch cards (signed-distance programs): assemble, disassemble, test-run");

    auto assembleFlags = std::make_shared<AsmFlags>();
    auto* asmCommand =
        cardCommand->add_subcommand("asm", "Assemble card text (.pc) into a card image");
    asmCommand->add_option("INPUT", assembleFlags->input, "Card text (.pc)")->required();
    asmCommand->add_option("-o,--output", assembleFlags->output,
                           "Card image: .exr, .tif or .tiff (default INPUT with .exr)");
    asmCommand->callback([&exitStatus, assembleFlags] {
        exitStatus = guarded([&] { return assembleCard(*assembleFlags); });
    });

    auto disInput = std::make_shared<std::string>();
    auto* disCommand =
        cardCommand->add_subcommand("dis", "Print a card as text the assembler reads");
    disCommand->add_option("CARD", *disInput, "Card image (or card text)")->required();
    disCommand->callback([&exitStatus, disInput] {
        exitStatus = guarded([&] {
            std::cout << card::disassemble(card::loadCardFile(*disInput));
            return kExitOk;
        });
    });

    auto runFlags = std::make_shared<RunFlags>();
    auto* runCommand =
        cardCommand->add_subcommand("run", "Evaluate a card at one point; prints JSON");
    runCommand
        ->add_option("CARD", runFlags->card,
                     "Card image (or card text, or a .cg or .t source compiled for card)")
        ->required();
    runCommand->add_option("--point", runFlags->point, "The sample point x,y,z")->required();
    runCommand
        ->add_option("--budget", runFlags->budget,
                     "Instructions one evaluation may execute (default 65536)")
        ->check(CLI::PositiveNumber);
    addVmOption(*runCommand, runFlags->vm);
    runCommand->callback([&exitStatus, runFlags] {
        exitStatus = guarded([&] {
            return runCard(runFlags->point, runFlags->budget, runFlags->vm, [&] {
                compiler::CompileOptions options;
                options.profile = compiler::ProfileId::Card;
                return *compiler::loadProgram(runFlags->card, options).card();
            });
        });
    });
}

} // namespace lrt::cli
